/**
 * Versioned SQL migrations: `src/migrations/NNNN_name.sql`, applied in order at start-up, each in
 * its own transaction, recorded in `schema_migrations` with a checksum. An advisory lock keeps
 * several server instances from migrating at once. A migration that was changed after it was
 * applied stops start-up: migrations are append-only.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client.ts';
import { serverRoot } from '../paths.ts';

export const MIGRATIONS_DIR = join(serverRoot, 'src', 'migrations');
const LOCK_ID = 7_246_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

const cache = new Map<string, Migration[]>();

/** The migration files shipped with this build (read once per process). */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const hit = cache.get(dir);
  if (hit) return hit;
  const list = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(join(dir, file), 'utf8');
      return {
        version: file.slice(0, 4),
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
  cache.set(dir, list);
  return list;
}

export async function appliedMigrations(database: Pick<Database, 'exec'>): Promise<Map<string, string>> {
  const exists = await database.exec(
    `select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'schema_migrations'`,
  );
  if (exists.rows.length === 0) return new Map();
  const r = await database.exec(`select name, checksum from schema_migrations order by name`);
  return new Map(r.rows.map((row) => [String(row.name), String(row.checksum)]));
}

export async function migrate(database: Database, log?: (msg: string) => void): Promise<string[]> {
  const migrations = listMigrations();
  return database.session(async (conn) => {
    const ran: string[] = [];
    await conn.exec(`select pg_advisory_lock($1)`, [LOCK_ID]);
    try {
      await conn.execScript(`create table if not exists schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
      const applied = await appliedMigrations(conn);
      for (const m of migrations) {
        const prior = applied.get(m.name);
        if (prior !== undefined) {
          if (prior !== m.checksum) {
            throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead`);
          }
          continue;
        }
        try {
          await conn.execScript(
            `begin;\n${m.sql}\n;insert into schema_migrations (name, checksum) values ('${m.name}', '${m.checksum}');\ncommit;`,
          );
        } catch (err) {
          await conn.execScript('rollback').catch(() => undefined);
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        ran.push(m.name);
        log?.(`migration applied: ${m.name}`);
      }
    } finally {
      await conn.exec(`select pg_advisory_unlock($1)`, [LOCK_ID]).catch(() => undefined);
    }
    return ran;
  });
}

const upToDate = new WeakSet<Database>();

/** Readiness: are all of this build's migrations applied? Once true it stays true for the process. */
export async function migrationStatus(database: Database) {
  const n = listMigrations().length;
  if (upToDate.has(database)) return { applied: n, expected: n, upToDate: true };
  const expected = listMigrations();
  const applied = await appliedMigrations(database);
  const count = expected.filter((m) => applied.get(m.name) === m.checksum).length;
  const ok = count === expected.length;
  if (ok) upToDate.add(database);
  return { applied: applied.size, expected: expected.length, upToDate: ok };
}
