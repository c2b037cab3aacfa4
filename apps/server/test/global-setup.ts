/**
 * Once per test run: build a migrated database template that every test file clones, so no
 * file pays for initdb + migrations and no two files share data.
 * - PGlite (default): migrate an in-memory PGlite and dump its data directory to a file.
 * - PostgreSQL (DATABASE_URL set): migrate a template database; each file creates its own
 *   database from it and drops it afterwards.
 * - Through PgBouncer (DATABASE_URL and TEST_PGBOUNCER=1): as above, and a transaction-mode
 *   PgBouncer of the run's own (test/pgbouncer.ts) in front of the same server; each file's app
 *   reaches its database through it with DATABASE_POOL_MODE=transaction, while databases are
 *   created and migrated over DATABASE_URL directly (test/support.ts). TEST_PGBOUNCER_URL names a
 *   pooler that is already running instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { startPgbouncer } from './pgbouncer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    /** a transaction-mode PgBouncer in front of DATABASE_URL's server ('' when the suite runs without) */
    pgBouncerUrl: string;
  }
}

export function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `moim_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const db = await openDatabase({ url: adminUrl(url, name), poolMax: 1 });
    await migrate(db);
    await db.close();
    await admin.query(`alter database ${name} is_template true`);
    await admin.end();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    const bouncer = !process.env.TEST_PGBOUNCER_URL && process.env.TEST_PGBOUNCER === '1' ? await startPgbouncer(url) : undefined;
    project.provide('pgBouncerUrl', process.env.TEST_PGBOUNCER_URL ?? bouncer?.url('postgres') ?? '');
    if (bouncer) console.log(`[server tests] through PgBouncer (transaction mode) on port ${bouncer.port}`);
    return async () => {
      await bouncer?.stop();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`alter database ${name} is_template false`);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'moim-test-'));
  const db = await openDatabase({ dataDir: join(dir, 'pg') });
  await migrate(db);
  await db.close();
  const { dumpPglite } = await import('../src/db/client.ts');
  const blob = await dumpPglite(join(dir, 'pg'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  project.provide('pgBouncerUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
