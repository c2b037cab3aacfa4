/**
 * What the database layer tells observers (metrics, traces: apps/server/src/telemetry): how long a
 * caller waited for a connection, and how each statement ended and how long it took. The guard
 * (db/guard.ts, PostgreSQL) and `instrumentPool` (the embedded database) report here; with no
 * observer attached a report is one empty loop.
 *
 * An observer is called synchronously in the caller's async context, at the statement's end, so a
 * tracer finds the request's span as the active one there.
 */
import type pg from 'pg';
import { isDatabaseUnavailable, isDatabaseUnreachable } from './errors.ts';

/** ok: answered; timeout: cancelled by statement_timeout or no answer in time; error: a SQL error or a refusal */
export type StatementOutcome = 'ok' | 'timeout' | 'error';

export interface StatementReport {
  /** the SQL text (parameters are never reported) */
  text: string;
  /** `performance.timeOrigin + performance.now()` when it was sent */
  startedAt: number;
  durationMs: number;
  outcome: StatementOutcome;
  error?: unknown;
}

export interface DbObserver {
  /** a connection was handed out (`ok`) or not (`refused`: breaker, budget, time-out) after `waitMs` */
  checkout?(waitMs: number, outcome: 'ok' | 'refused'): void;
  statement?(report: StatementReport): void;
}

export class DbProbe {
  private readonly observers = new Set<DbObserver>();

  /** Attach an observer; returns its detach. */
  observe(observer: DbObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  get active(): boolean {
    return this.observers.size > 0;
  }

  checkout(waitMs: number, outcome: 'ok' | 'refused'): void {
    for (const o of this.observers) o.checkout?.(waitMs, outcome);
  }

  statement(report: StatementReport): void {
    for (const o of this.observers) o.statement?.(report);
  }

  /** Times `run` (started now) and reports it when it settles. */
  track<T>(text: string, run: () => Promise<T>): Promise<T> {
    if (!this.active) return run();
    const t0 = performance.now();
    const startedAt = performance.timeOrigin + t0;
    return run().then(
      (result) => {
        this.statement({ text, startedAt, durationMs: performance.now() - t0, outcome: 'ok' });
        return result;
      },
      (err: unknown) => {
        this.statement({ text, startedAt, durationMs: performance.now() - t0, outcome: statementOutcome(err), error: err });
        throw err;
      },
    );
  }
}

/** How a failed statement ended: a time-out (cancelled, or no answer in time) or an error. */
export function statementOutcome(err: unknown): StatementOutcome {
  if (isDatabaseUnavailable(err) && (isTimeout(err) || !isDatabaseUnreachable(err))) return 'timeout';
  return 'error';
}

function isTimeout(err: unknown): boolean {
  const message = (err as { message?: unknown })?.message;
  return typeof message === 'string' && /timeout|timed out|no database connection within|time is spent/i.test(message);
}

type QueryConfig = { text?: string };

/**
 * The embedded database's pool (no guard): times checkouts and promise-style statements, on the
 * pool and on checked-out connections (a transaction's). Callback-style calls (pg-pool's own
 * query, cursors) go straight through, so nothing is counted twice.
 */
export function instrumentPool(pool: pg.Pool, probe: DbProbe): pg.Pool {
  const rawConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const rawQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const patched = new WeakSet<pg.PoolClient>();
  const textOf = (config: unknown) => (typeof config === 'string' ? config : ((config as QueryConfig)?.text ?? ''));
  const patch = (client: pg.PoolClient) => {
    if (patched.has(client)) return client;
    patched.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        if (
          !probe.active ||
          args.some((a) => typeof a === 'function') ||
          (typeof args[0] === 'object' && args[0] !== null && 'submit' in args[0])
        ) {
          return original(...args);
        }
        return probe.track(textOf(args[0]), () => original(...args) as Promise<unknown>);
      },
    });
    return client;
  };
  Object.assign(pool, {
    connect: (callback?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => {
      const t0 = performance.now();
      const p = rawConnect().then(
        (c) => {
          probe.checkout(performance.now() - t0, 'ok');
          return patch(c);
        },
        (err: unknown) => {
          probe.checkout(performance.now() - t0, 'refused');
          throw err;
        },
      );
      if (!callback) return p;
      p.then(
        (c) => callback(undefined, c, (e) => c.release(e as Error | undefined)),
        (e: Error) => callback(e),
      );
      return undefined;
    },
    query: (...args: unknown[]) => {
      if (!probe.active || args.some((a) => typeof a === 'function')) return rawQuery(...args);
      return probe.track(textOf(args[0]), () => rawQuery(...args) as Promise<unknown>);
    },
  });
  return pool;
}
