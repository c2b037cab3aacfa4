/**
 * The database client: embedded PGlite in a data folder by default, or a real PostgreSQL
 * server when DATABASE_URL is set. Both are reached the same way, through node-postgres and
 * Drizzle's node-postgres driver: the embedded database runs in a worker thread that speaks the
 * PostgreSQL protocol (db/pglite-worker.ts). `driver` says which one it is (embedded or server),
 * not which code runs. A PostgreSQL server's pool is guarded (db/guard.ts): a circuit breaker and
 * each request's database time budget.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { type BreakerState, CircuitBreaker } from './breaker.ts';
import { guardPool } from './guard.ts';
import { preparePgReads } from './prepared.ts';
import { DbProbe, instrumentPool } from './probe.ts';
import { startPgliteWorker } from './pglite-worker.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers expose the same Drizzle API; PGlite's type stands for both. */
export type Db = PgliteDatabase<Schema>;
/** A Drizzle transaction handle, accepted wherever a repo takes `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * PostgreSQL: the circuit breaker every connection and statement goes through (db/guard.ts);
   * absent for the embedded database, which has no network to fail.
   */
  breaker?: CircuitBreaker;
  /** checkouts and statements as they happen, for observers (metrics, traces: db/probe.ts) */
  probe: DbProbe;
  /** the connection pool's state now: connections open, idle, and callers waiting for one */
  poolState(): { max: number; total: number; idle: number; waiting: number };
  /** Raw SQL with positional parameters, for migrations and health checks. */
  exec(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Run multi-statement SQL (no parameters). */
  execScript(text: string): Promise<void>;
  /**
   * The embedded database only: its data folder as a gzipped tar, consistent while the server
   * runs (taken between transactions, after a checkpoint: db/pglite-worker.ts). `npm run backup`.
   */
  dumpDataDir?: () => Promise<Uint8Array<ArrayBuffer>>;
  /** Run `fn` on one dedicated connection (session-level locks, scripts with BEGIN/COMMIT). */
  session<T>(fn: (s: Pick<Database, 'exec' | 'execScript'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** For tests: start PGlite from a dumped data directory (a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolMax?: number;
  /** PostgreSQL: give up opening a connection after this long (a refusing or hanging server) */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the server cancels a statement running longer than this, and the client stops
   * waiting for an answer a second later (a server or network that hangs mid-query).
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL behind a transaction-pooling PgBouncer ('transaction'): every statement runs
   * unnamed (a named prepared statement would live on one server connection, and the next
   * transaction may get another), no startup parameters are sent (PgBouncer refuses unknown ones:
   * no `statement_timeout`, set it on the role instead), and `session()` (migrations, their
   * advisory lock) goes over `directUrl`. Default 'session': a plain PostgreSQL connection.
   */
  poolMode?: 'session' | 'transaction';
  /** PostgreSQL itself, bypassing the pooler: required with poolMode 'transaction'. */
  directUrl?: string | undefined;
  /** PostgreSQL: the circuit breaker (db/breaker.ts; defaults: 5 unanswered calls, open 1 s) */
  breaker?: { failures?: number; openMs?: number; onChange?: (state: BreakerState, previous: BreakerState) => void };
}

/** Defaults match config.ts (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
/** Sessions (migrations waiting on their advisory lock, scripts) run without the time-outs. */
const SESSION_QUERY_TIMEOUT_MS = 3_600_000;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const statementTimeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const connectTimeout = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const pooled = opts.poolMode === 'transaction';
    if (pooled && !opts.directUrl) throw new Error('poolMode "transaction" needs directUrl (migrations bypass the pooler)');
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: connectTimeout,
      // a startup parameter: PgBouncer refuses the connection with it
      ...(pooled ? { Client: UnnamedStatementsClient } : { statement_timeout: statementTimeout }),
      query_timeout: statementTimeout + 1_000,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
    });
    // Every connection and statement through the breaker and the request's time budget.
    const breaker = new CircuitBreaker(opts.breaker);
    const probe = new DbProbe();
    guardPool(pool, { breaker, probe, probeMs: connectTimeout, queryTimeoutMs: statementTimeout + 1_000 });
    const direct = pooled ? { url: opts.directUrl!, connectTimeout } : undefined;
    return { ...poolDatabase(pool, 'postgres', probe, () => pool.end(), direct), breaker };
  }
  // The embedded database: PGlite in a worker thread, reached through node-postgres like a
  // server (db/pglite-worker.ts). One session, so one connection: a transaction holds it and
  // everything else queues, without time-outs (nothing else can reach the engine meanwhile).
  let dataDir = opts.dataDir;
  if (dataDir === ':memory:') dataDir = undefined;
  if (dataDir && !opts.loadDataDir) mkdirSync(dataDir, { recursive: true });
  const worker = await startPgliteWorker(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : { dataDir });
  const pool = new pg.Pool({ max: 1, stream: worker.stream as never, idleTimeoutMillis: 0, connectionTimeoutMillis: 0 });
  const probe = new DbProbe();
  instrumentPool(pool, probe);
  const database = poolDatabase(pool, 'pglite', probe, async () => {
    await pool.end();
    await worker.close();
  });
  return { ...database, dumpDataDir: () => worker.dump() };
}

/**
 * A node-postgres client that runs every statement unnamed, for a transaction-pooling PgBouncer
 * (1.18 has no prepared statements in transaction mode): the repos' named statements
 * (raw-statements.ts, Drizzle's `.prepare(name)`) are parsed and planned on every call instead.
 */
class UnnamedStatementsClient extends pg.Client {}
{
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (UnnamedStatementsClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: pg.Client,
    config: unknown,
    ...rest: unknown[]
  ) {
    if (
      config &&
      typeof config === 'object' &&
      (config as { name?: string }).name &&
      typeof (config as { submit?: unknown }).submit !== 'function'
    ) {
      const { name: _name, ...unnamed } = config as { name?: string };
      return query.call(this, unnamed, ...rest);
    }
    return query.call(this, config, ...rest);
  };
}

/** A Database over a node-postgres pool (a PostgreSQL server, or the embedded database's worker). */
function poolDatabase(
  rawPool: pg.Pool,
  driver: Database['driver'],
  probe: DbProbe,
  close: () => Promise<void>,
  direct?: { url: string; connectTimeout: number },
): Database {
  // reads run as named (prepared) statements: parsed and planned once per connection (not
  // through a transaction pooler, where the next statement may land on another connection)
  const pool = direct ? rawPool : preparePgReads(rawPool);
  pool.on('error', () => {
    /* idle client errors are surfaced on the next query */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver,
    probe,
    poolState: () => ({ max: rawPool.options.max, total: rawPool.totalCount, idle: rawPool.idleCount, waiting: rawPool.waitingCount }),
    exec: async (text, params) => {
      const r = await pool.query(text, params as unknown[]);
      return { rows: r.rows };
    },
    execScript: async (text) => {
      await pool.query(text);
    },
    session: async (fn) => {
      if (direct) return directSession(direct, fn);
      const c = await pool.connect();
      let broken: Error | undefined;
      const q = async (text: string, params?: unknown[]) => {
        try {
          return await c.query({ text, values: params, query_timeout: SESSION_QUERY_TIMEOUT_MS } as pg.QueryConfig);
        } catch (err) {
          if (!(err as { code?: string }).code) broken = err as Error; // not a SQL error: drop the connection
          throw err;
        }
      };
      try {
        await q('set statement_timeout = 0');
        const out = await fn({
          exec: async (text, params) => ({ rows: (await q(text, params)).rows }),
          execScript: async (text) => {
            await q(text);
          },
        });
        return out;
      } finally {
        if (!broken) await q('reset statement_timeout').catch((err: Error) => (broken = err));
        c.release(broken);
      }
    },
    close,
  };
}

/**
 * `session()` past a transaction pooler: one connection of its own to PostgreSQL itself, so a
 * session-level advisory lock (migrations) and `SET`s hold for the whole session.
 */
async function directSession<T>(
  direct: { url: string; connectTimeout: number },
  fn: (s: Pick<Database, 'exec' | 'execScript'>) => Promise<T>,
): Promise<T> {
  const c = new pg.Client({ connectionString: direct.url, connectionTimeoutMillis: direct.connectTimeout, keepAlive: true });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.query('set statement_timeout = 0');
    return await fn({
      exec: async (text, params) => ({ rows: (await c.query(text, params as unknown[])).rows }),
      execScript: async (text) => {
        await c.query(text);
      },
    });
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function pingDatabase(database: Database): Promise<number> {
  const t0 = performance.now();
  await database.db.execute(sql`select 1`);
  return performance.now() - t0;
}

/**
 * Waits for a database that is not reachable yet (PostgreSQL starting, a network blip) with
 * exponential back-off up to `forMs`, then gives up with the last error.
 */
export async function waitForDatabase(
  database: Database,
  forMs: number,
  onRetry: (attempt: number, delayMs: number, err: unknown) => void = () => undefined,
): Promise<void> {
  const deadline = Date.now() + forMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await pingDatabase(database);
      return;
    } catch (err) {
      const delayMs = Math.min(250 * 2 ** (attempt - 1), 5_000);
      if (Date.now() + delayMs > deadline) throw err;
      onRetry(attempt, delayMs, err);
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

/** Dump a PGlite database's data directory (used to clone a migrated template per test file). */
export async function dumpPglite(dataDir: string): Promise<Blob> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const blob = await client.dumpDataDir('none');
  await client.close();
  return blob;
}
