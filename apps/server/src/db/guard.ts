/**
 * Fast, clear failure for a PostgreSQL pool (docs/operations.md "Degraded modes"): every
 * connection and statement goes through the circuit breaker (db/breaker.ts) and draws on the
 * request's time budget (db/budget.ts).
 *
 * - Taking a connection (`pool.connect`, and `pool.query`, which takes one per statement): refused
 *   at once while the breaker is open or the budget is spent; otherwise it waits at most the time
 *   left. When the breaker is half-open the caller first probes the database (`select 1` within
 *   the probe time) on the connection it got: an answer closes the breaker, none opens it again.
 * - Each statement on a connection waits at most the time left (`query_timeout`), and is refused
 *   at once when none is left.
 * - Outcomes feed the breaker: an answer (a SQL error too) closes it, no answer counts towards
 *   opening it. A connection whose statement got no answer, or that was refused mid-checkout, is
 *   discarded at once (`discard`), so a transaction cut short is rolled back by the server.
 */
import type pg from 'pg';
import type { CircuitBreaker } from './breaker.ts';
import { currentDbBudget } from './budget.ts';
import { DatabaseUnavailableError, isDatabaseUnreachable } from './errors.ts';
import { type DbProbe, statementOutcome } from './probe.ts';

export interface GuardOptions {
  breaker: CircuitBreaker;
  /** the longest a half-open probe waits for a connection and its answer */
  probeMs: number;
  /** the pool's own `query_timeout` (a statement that sets none waits at most this) */
  queryTimeoutMs: number;
  /** told each checkout's wait and each statement's time and outcome (metrics, traces) */
  probe?: DbProbe;
}

type QueryConfig = pg.QueryConfig & { query_timeout?: number };

interface Checkout {
  /** why the connection must not go back to the pool */
  broken?: Error;
  released: boolean;
  /** pg-pool's release for this checkout */
  release: (err?: Error | boolean) => void;
}

/**
 * A connection that got no answer (or was refused mid-checkout) is discarded at once, whatever its
 * holder does next: Drizzle's transaction runs `begin` outside its try/finally, so a `begin` that
 * fails would otherwise keep the connection checked out for good (a hang would drain the pool).
 * Later statements on it are refused; a later release is a no-op.
 */
function discard(checkout: Checkout | undefined, why: unknown) {
  if (!checkout) return;
  checkout.broken ??= why instanceof Error ? why : new Error(String(why));
  if (checkout.released) return;
  checkout.released = true;
  checkout.release(checkout.broken);
}

const checkouts = new WeakMap<pg.PoolClient, Checkout>();
/** each client's own `query`, before the guard */
const originals = new WeakMap<pg.PoolClient, pg.PoolClient['query']>();

/** Wraps `pool.connect` and `pool.query` in place (Drizzle checks `instanceof Pool`, so the object stays). */
export function guardPool(pool: pg.Pool, opts: GuardOptions): pg.Pool {
  const { breaker, probe } = opts;
  const rawConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;

  const refused = () => {
    const ms = breaker.retryAfterMs();
    return new DatabaseUnavailableError(`database circuit open; retry in ${Math.ceil(ms)} ms`, Math.max(1, Math.ceil(ms / 1000)));
  };
  const noTimeLeft = () => new DatabaseUnavailableError("the request's database time is spent");

  /** `rawConnect()`, or a DatabaseUnavailableError after `ms` (a connection that comes later goes back to the pool). */
  function connectWithin(ms: number): Promise<pg.PoolClient> {
    if (!Number.isFinite(ms)) return rawConnect();
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        reject(new DatabaseUnavailableError(`no database connection within ${Math.round(ms)} ms`));
      }, ms);
      rawConnect().then(
        (client) => {
          if (!settled) {
            settled = true;
            clearTimeout(timer);
            resolve(client);
          } else client.release();
        },
        (err: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  /** A statement on a checked-out connection, within the time left. */
  function statement(client: pg.PoolClient, config: QueryConfig, values: unknown, capMs = Infinity): Promise<pg.QueryResult> {
    const checkout = checkouts.get(client);
    if (checkout?.broken) return Promise.reject(new DatabaseUnavailableError('the connection was lost', undefined, checkout.broken));
    const budget = currentDbBudget();
    const left = Math.min(budget?.left() ?? Infinity, capMs);
    if (left <= 0) {
      discard(checkout, noTimeLeft()); // mid-transaction: the server rolls back when the connection closes
      return Promise.reject(noTimeLeft());
    }
    const usual = config.query_timeout ?? opts.queryTimeoutMs;
    const cfg = left < usual ? { ...config, query_timeout: Math.max(1, Math.ceil(left)) } : config;
    const end = budget?.begin();
    const t0 = probe?.active ? performance.now() : 0;
    const report = (outcome: 'ok' | 'timeout' | 'error', error?: unknown) =>
      probe?.statement({ text: config.text, startedAt: performance.timeOrigin + t0, durationMs: performance.now() - t0, outcome, error });
    const run: Promise<pg.QueryResult> = Reflect.apply(originals.get(client)!, client, [cfg, values]);
    return run.then(
      (result) => {
        end?.();
        if (t0) report('ok');
        breaker.succeeded();
        return result;
      },
      (err: unknown) => {
        end?.();
        if (t0) report(statementOutcome(err), err);
        if (isDatabaseUnreachable(err)) {
          discard(checkout, err);
          breaker.failed('pass');
        } else if (typeof (err as { code?: unknown }).code === 'string') {
          breaker.succeeded(); // a SQL error is an answer
        }
        throw err;
      },
    );
  }

  /** Patches a client's `query` once, and its `release` per checkout. */
  function prepare(client: pg.PoolClient): pg.PoolClient {
    if (!originals.has(client)) {
      const original = client.query;
      originals.set(client, original);
      Object.assign(client, {
        query: (config: string | QueryConfig | { submit: unknown }, values?: unknown, callback?: unknown) => {
          // callbacks and Query objects (pg-cursor) are not ours to time: straight through
          if (typeof values === 'function' || callback !== undefined || (typeof config === 'object' && 'submit' in config)) {
            return Reflect.apply(original, client, [config, values, callback]);
          }
          return statement(client, typeof config === 'string' ? { text: config } : config, values);
        },
      });
    }
    const poolRelease = client.release;
    // the connection died while checked out (pg emits 'error', and nobody else listens then)
    const onError = (err: Error) => discard(checkout, err);
    const checkout: Checkout = {
      released: false,
      release: (err) => {
        client.removeListener('error', onError);
        poolRelease(err);
      },
    };
    checkouts.set(client, checkout);
    client.on('error', onError);
    client.release = (err?: Error | boolean) => {
      if (checkout.released && checkout.broken) return; // the guard discarded it already
      checkout.released = true;
      checkout.release(err || checkout.broken); // (a second release still throws, as pg-pool's does)
    };
    return client;
  }

  async function connect(): Promise<pg.PoolClient> {
    const admission = breaker.admit();
    if (admission === 'refuse') {
      probe?.checkout(0, 'refused');
      throw refused();
    }
    const budget = currentDbBudget();
    const limit = Math.min(budget?.left() ?? Infinity, admission === 'trial' ? opts.probeMs : Infinity);
    if (limit <= 0) {
      probe?.checkout(0, 'refused');
      if (admission === 'trial') breaker.abandoned();
      throw noTimeLeft();
    }
    const started = performance.now();
    const end = budget?.begin();
    let client: pg.PoolClient | undefined;
    try {
      client = prepare(await connectWithin(limit));
      if (admission === 'trial') await statement(client, { text: 'select 1' }, undefined, limit - (performance.now() - started));
      probe?.checkout(performance.now() - started, 'ok');
      return client;
    } catch (err) {
      probe?.checkout(performance.now() - started, 'refused');
      if (client) client.release(err instanceof Error ? err : true);
      if (isDatabaseUnreachable(err)) breaker.failed(admission);
      else if (admission === 'trial') breaker.abandoned();
      throw err;
    } finally {
      end?.();
    }
  }

  async function query(config: string | QueryConfig, values?: unknown): Promise<pg.QueryResult> {
    const client = await connect();
    try {
      const result = await client.query(typeof config === 'string' ? { text: config } : config, values as unknown[]);
      client.release();
      return result;
    } catch (err) {
      client.release(err instanceof Error ? err : true); // as pg-pool's own query does
      throw err;
    }
  }

  Object.assign(pool, {
    connect: (callback?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => {
      const p = connect();
      if (!callback) return p;
      p.then(
        (c) => callback(undefined, c, (e) => c.release(e as Error | undefined)),
        (e: Error) => callback(e),
      );
      return undefined;
    },
    query: (config: string | QueryConfig, values?: unknown, callback?: (err: Error | null, res?: pg.QueryResult) => void) => {
      const cb = typeof values === 'function' ? (values as typeof callback) : callback;
      const p = query(config, typeof values === 'function' ? undefined : values);
      if (!cb) return p;
      p.then(
        (r) => cb(null, r),
        (e: Error) => cb(e),
      );
      return undefined;
    },
  });
  return pool;
}
