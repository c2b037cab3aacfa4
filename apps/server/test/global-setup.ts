/**
 * Once per test run: build a migrated database template that every test file clones, so no
 * file pays for initdb + migrations and no two files share data.
 * - PGlite (default): migrate an in-memory PGlite and dump its data directory to a file.
 * - PostgreSQL (DATABASE_URL set): migrate a template database; each file creates its own
 *   database from it and drops it afterwards.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
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
    return async () => {
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
  return () => rmSync(dir, { recursive: true, force: true });
}
