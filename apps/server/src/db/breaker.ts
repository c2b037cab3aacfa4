/**
 * A circuit breaker around the database (docs/operations.md "Degraded modes"). Closed: every
 * call goes through, and consecutive calls the database did not answer (a connection refused or
 * timed out, a statement the client stopped waiting for) are counted; at `failures` of them it
 * opens. Open: calls are refused at once (the caller answers 503 with Retry-After) for `openMs`.
 * Then half-open: the next call is the one trial (the others are still refused); an answer closes
 * the breaker, no answer opens it again. Any answer from the database, to any call, closes it.
 *
 * The clock is injected, so the state machine is tested without waiting.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

/** What `admit` decided: go ahead, go ahead as the half-open trial, or refused. */
export type Admission = 'pass' | 'trial' | 'refuse';

export interface BreakerOptions {
  /** consecutive unanswered calls that open the breaker (default 5) */
  failures?: number;
  /** how long it stays open before a trial (default 1000 ms) */
  openMs?: number;
  now?: () => number;
  onChange?: (state: BreakerState, previous: BreakerState) => void;
}

export class CircuitBreaker {
  readonly failures: number;
  readonly openMs: number;
  private readonly now: () => number;
  private readonly onChange: (state: BreakerState, previous: BreakerState) => void;
  private consecutive = 0;
  private openUntil = 0;
  private opened = false;
  private trialRunning = false;

  constructor(opts: BreakerOptions = {}) {
    this.failures = opts.failures ?? 5;
    this.openMs = opts.openMs ?? 1_000;
    this.now = opts.now ?? Date.now;
    this.onChange = opts.onChange ?? (() => undefined);
  }

  state(): BreakerState {
    if (!this.opened) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half-open';
  }

  /** May a call go to the database now? A `trial` must be reported with `succeeded`, `failed` or `abandoned`. */
  admit(): Admission {
    const state = this.state();
    if (state === 'closed') return 'pass';
    if (state === 'open' || this.trialRunning) return 'refuse';
    this.trialRunning = true;
    return 'trial';
  }

  /** The database answered (any call; a SQL error is an answer too). */
  succeeded(): void {
    const before = this.state();
    this.consecutive = 0;
    this.trialRunning = false;
    if (this.opened) {
      this.opened = false;
      this.onChange('closed', before);
    }
  }

  /** The database did not answer `call` (a trial, or a call admitted as `pass`). */
  failed(call: Exclude<Admission, 'refuse'>): void {
    if (call === 'trial') {
      this.trialRunning = false;
      this.open();
      return;
    }
    if (this.opened) return; // a call that started before the breaker opened: already counted out
    if (++this.consecutive >= this.failures) this.open();
  }

  /** The trial ended before it reached the database (no verdict): the next call is the trial. */
  abandoned(): void {
    this.trialRunning = false;
  }

  /** How long until a call may be tried (0 when closed, or when a trial may start now). */
  retryAfterMs(): number {
    const state = this.state();
    if (state === 'closed') return 0;
    if (state === 'open') return this.openUntil - this.now();
    return this.trialRunning ? this.openMs : 0;
  }

  private open(): void {
    const before = this.state();
    this.opened = true;
    this.consecutive = 0;
    this.openUntil = this.now() + this.openMs;
    if (before !== 'open') this.onChange('open', before);
  }
}
