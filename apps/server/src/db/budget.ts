/**
 * One database time budget per request (docs/operations.md "Time-outs"): every statement of the
 * request draws on it, so a request that runs five statements against a hung database waits for
 * the budget once, not for five statement time-outs. The budget counts the time the request spends
 * waiting on the database (for a connection or an answer; statements that overlap count once),
 * not the time it spends elsewhere (hashing a password, calling a payment provider), so slow work
 * outside the database does not eat it.
 *
 * The request's budget travels with its async context (AsyncLocalStorage, entered by the HTTP
 * layer: http/db-budget.ts); code outside a request (jobs, start-up, scripts) has none and is
 * bounded by the statement time-out alone. Once the request is answered its budget is closed:
 * work it left running is not cut short by it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class DbBudget {
  private spent = 0;
  private inFlight = 0;
  private busySince = 0;
  private closed = false;

  constructor(
    readonly totalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Milliseconds left (Infinity once the request is answered). */
  left(): number {
    if (this.closed) return Infinity;
    const busy = this.inFlight > 0 ? this.now() - this.busySince : 0;
    return this.totalMs - this.spent - busy;
  }

  /** Starts waiting on the database; call the returned function when the wait is over (idempotent). */
  begin(): () => void {
    if (this.inFlight++ === 0) this.busySince = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.inFlight === 0) this.spent += this.now() - this.busySince;
    };
  }

  close(): void {
    this.closed = true;
  }
}

const storage = new AsyncLocalStorage<DbBudget>();

/** The budget of the request this code runs for, if any. */
export function currentDbBudget(): DbBudget | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it starts) under `budget`. */
export function withDbBudget<T>(budget: DbBudget, fn: () => T): T {
  return storage.run(budget, fn);
}

/** Runs `fn` outside any request's budget (timers of background work started from a request). */
export function outsideRequests<T>(fn: () => T): T {
  return storage.exit(fn);
}
