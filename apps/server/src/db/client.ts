/**
 * The database client: embedded PGlite in a data folder by default, or a real PostgreSQL
 * server when DATABASE_URL is set. Both speak the PostgreSQL dialect through Drizzle.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { preparePgReads, preparePgliteReads } from './prepared.ts';
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
  /** Raw SQL with positional parameters, for migrations and health checks. */
  exec(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Run multi-statement SQL (no parameters). */
  execScript(text: string): Promise<void>;
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
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // reads run as named (prepared) statements: parsed and planned once per connection
    const pool = preparePgReads(new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 }));
    // Parse BIGINT/NUMERIC as JS numbers where safe; timestamps stay Date.
    pool.on('error', () => {
      /* idle client errors are surfaced on the next query */
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      exec: async (text, params) => {
        const r = await pool.query(text, params as unknown[]);
        return { rows: r.rows };
      },
      execScript: async (text) => {
        await pool.query(text);
      },
      session: async (fn) => {
        const c = await pool.connect();
        try {
          return await fn({
            exec: async (text, params) => ({ rows: (await c.query(text, params as unknown[])).rows }),
            execScript: async (text) => {
              await c.query(text);
            },
          });
        } finally {
          c.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // pg_trgm backs the Korean search indexes (search/korean-search.ts); PostgreSQL ships it too.
  const extensions = { pg_trgm };
  if (opts.loadDataDir) {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir, extensions });
  } else if (opts.dataDir && opts.dataDir !== ':memory:') {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: opts.dataDir, extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  // reads outside transactions run as prepared statements in one call (db/prepared.ts)
  preparePgliteReads(client);
  const db = drizzlePglite({ client, schema });
  const exec: Database['exec'] = async (text, params) => {
    const r = await client.query<Record<string, unknown>>(text, params as unknown[]);
    return { rows: r.rows };
  };
  const execScript: Database['execScript'] = async (text) => {
    await client.exec(text);
  };
  return {
    db,
    driver: 'pglite',
    exec,
    execScript,
    session: (fn) => fn({ exec, execScript }),
    close: () => client.close(),
  };
}

export async function pingDatabase(database: Database): Promise<number> {
  const t0 = performance.now();
  await database.db.execute(sql`select 1`);
  return performance.now() - t0;
}

/** Dump a PGlite database's data directory (used to clone a migrated template per test file). */
export async function dumpPglite(dataDir: string): Promise<Blob> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const blob = await client.dumpDataDir('none');
  await client.close();
  return blob;
}
