#!/usr/bin/env node
// `npm run restore -- <archive.tar>`: puts a `npm run backup` archive into an EMPTY target, the
// one the environment names like the server's (docs/operations.md "Back up and restore"):
//
// - PostgreSQL (DATABASE_URL; DATABASE_DIRECT_URL when set): `pg_restore` into a database
//   without tables, in one transaction (all or nothing);
// - PGlite (no DATABASE_URL): the data folder DATA_DIR/pglite, which must not exist or be empty.
//
// The generated secrets (jwt-secret, vapid-keys.json) go back into DATA_DIR unless one is there already. Start
// the server afterwards: it applies the migrations this build has and the archive lacks.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { Blob } from 'node:buffer';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FORMAT, SECRET_FILES, fail, run, settings } from './backup-common.mjs';

const archive = process.argv[2];
if (!archive) fail('usage: npm run restore -- <archive.tar>');
if (!existsSync(archive)) fail(`${archive}: no such file`);
const { dataDir, databaseUrl } = settings();
const target = databaseUrl ? 'postgres' : 'pglite';
const staging = mkdtempSync(join(tmpdir(), 'moim-restore-'));
const t0 = performance.now();

try {
  run('tar', ['-xf', resolve(archive), '-C', staging]);
  const manifest = JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8'));
  if (manifest.format !== FORMAT) fail(`archive format ${manifest.format}, this build reads ${FORMAT}`);
  if (manifest.driver !== target) {
    fail(
      `the archive holds a ${manifest.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} database; ` +
        `the environment names ${target === 'postgres' ? 'a PostgreSQL one (DATABASE_URL)' : 'the embedded one (no DATABASE_URL)'}`,
    );
  }
  const dump = join(staging, manifest.database);
  if (target === 'postgres') {
    const tables = run('psql', [
      '-XAtq',
      `--dbname=${databaseUrl}`,
      '-c',
      "select count(*) from pg_tables where schemaname = 'public'",
    ]).trim();
    if (tables !== '0') fail(`the target database is not empty (${tables} tables): restore into a new database`);
    run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, dump]);
  } else {
    const folder = join(dataDir, 'pglite');
    if (existsSync(folder) && readdirSync(folder).length > 0) fail(`${folder} is not empty: restore into a new DATA_DIR`);
    mkdirSync(folder, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([readFileSync(dump)]), extensions: { pg_trgm } });
    await db.query('select 1');
    await db.close();
  }
  const restored = [];
  mkdirSync(dataDir, { recursive: true });
  for (const f of manifest.files ?? []) {
    if (!SECRET_FILES.includes(f)) {
      console.warn(`moim: the archive lists ${JSON.stringify(f)}, which is not a file moim keeps in DATA_DIR; skipped`);
      continue;
    }
    if (existsSync(join(dataDir, f))) {
      console.warn(`moim: ${join(dataDir, f)} exists; kept (the archive's copy is not restored)`);
      continue;
    }
    copyFileSync(join(staging, 'files', f), join(dataDir, f));
    restored.push(f);
  }
  console.log(
    `moim: restored the ${target === 'postgres' ? 'PostgreSQL' : 'embedded'} database of ${manifest.createdAt}` +
      `${restored.length ? ` and ${restored.join(', ')}` : ''} from ${archive} (${Math.round(performance.now() - t0)} ms); start the server to apply newer migrations`,
  );
} catch (err) {
  fail(`restore failed: ${err.message}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
