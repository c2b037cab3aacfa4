#!/usr/bin/env node
// `npm run backup [-- <archive.tar>]`: one archive of the deployment's database and the secrets
// generated into DATA_DIR, taken while the server runs (docs/operations.md "Back up and restore").
//
// - PostgreSQL (DATABASE_URL; DATABASE_DIRECT_URL when set, as pg_dump needs a session):
//   `pg_dump -Fc`, one consistent snapshot of the database.
// - PGlite (no DATABASE_URL): the running server owns DATA_DIR/pglite, so it is asked for the copy
//   (SIGUSR2 to the process in DATA_DIR/moim.pid; apps/server/src/db/backup-signal.ts) and makes
//   it between transactions after a checkpoint. With no server running the folder is opened here.
//
// Uploaded images (avatars, study covers) are rows of the database, so the dump carries them.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { FORMAT, SECRET_FILES, fail, run, settings } from './backup-common.mjs';

const PID_FILE = 'moim.pid';
const SNAPSHOT_FILE = 'pglite-snapshot.tar.gz';
const SNAPSHOT_ERROR_FILE = 'pglite-snapshot.error';

const { dataDir, databaseUrl } = settings();
const driver = databaseUrl ? 'postgres' : 'pglite';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(process.argv[2] ?? join('backups', `moim-${driver}-${stamp}.tar`));
const staging = mkdtempSync(join(tmpdir(), 'moim-backup-'));
const t0 = performance.now();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The running server's snapshot of its PGlite folder, or undefined when no server runs. */
async function askServer() {
  const pidFile = join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  const snapshot = join(dataDir, SNAPSHOT_FILE);
  const errorFile = join(dataDir, SNAPSHOT_ERROR_FILE);
  rmSync(snapshot, { force: true });
  rmSync(errorFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (existsSync(snapshot)) return snapshot;
    if (existsSync(errorFile)) fail(`the server could not make the snapshot: ${readFileSync(errorFile, 'utf8')}`);
    if (!alive(pid)) fail('the server stopped while making the snapshot');
    await sleep(100);
  }
  fail('the server did not make the snapshot within 10 minutes');
}

/** No server holds the folder: open it here (PGlite runs recovery if it was not shut down cleanly). */
async function dumpHere(target) {
  const folder = join(dataDir, 'pglite');
  if (!existsSync(join(folder, 'PG_VERSION'))) fail(`no embedded database in ${folder} (DATA_DIR=${dataDir})`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
  try {
    await db.exec('checkpoint');
    writeFileSync(target, new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer()));
  } finally {
    await db.close();
  }
}

try {
  let databaseFile;
  let how;
  if (driver === 'postgres') {
    databaseFile = 'database.pgdump';
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${join(staging, databaseFile)}`,
      `--dbname=${databaseUrl}`,
    ]);
    how = 'pg_dump';
  } else {
    databaseFile = 'pglite.tar.gz';
    const snapshot = await askServer();
    if (snapshot) {
      renameSync(snapshot, join(staging, databaseFile));
      how = 'the running server';
    } else {
      await dumpHere(join(staging, databaseFile));
      how = 'the data folder (no server running)';
    }
  }
  const files = [];
  mkdirSync(join(staging, 'files'));
  for (const f of SECRET_FILES) {
    if (!existsSync(join(dataDir, f))) continue;
    copyFileSync(join(dataDir, f), join(staging, 'files', f));
    files.push(f);
  }
  const manifest = { format: FORMAT, driver, createdAt: new Date().toISOString(), database: databaseFile, files };
  writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(dirname(out), { recursive: true });
  run('tar', ['-cf', `${out}.tmp`, '-C', staging, '.']);
  renameSync(`${out}.tmp`, out);
  const size = statSync(out).size;
  console.log(
    `moim: backup of the ${driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database (from ${how})` +
      `${files.length ? ` and ${files.join(', ')}` : ''} → ${out} (${(size / 1024).toFixed(0)} KiB, ${Math.round(performance.now() - t0)} ms)`,
  );
} catch (err) {
  fail(`backup failed: ${err.message}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
