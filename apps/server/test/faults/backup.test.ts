/**
 * `npm run backup` while the server takes writes, then `npm run restore` into an empty database
 * and a server started on it (migrations run): every write acknowledged before the backup began
 * is there, read with a token signed before the backup (the generated secret came back too, on
 * PGlite), on the embedded PGlite and on PostgreSQL (docs/operations.md "Back up and restore").
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  loop,
  newStats,
  postgresAvailable,
  record,
  register,
  request,
  sleep,
  startServer,
  summary,
  tempDir,
} from './harness.ts';
import { waitFor } from '../wait-for.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const WRITERS = 4;
/** the backup begins once this many writes are acknowledged, with the writers still writing */
const ACKNOWLEDGED_BEFORE_BACKUP = 20;
/** a writer whose request failed pauses before its next: the client's pace, not a wait */
const WRITER_RETRY_PAUSE_MS = 20;

/** `node scripts/<name>.mjs …` from the repository root, as `npm run backup/restore` runs it. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', `${name}.mjs`), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function backupAndRestore(label: string, source: Record<string, string>, target: Record<string, string>, archive: string) {
  const server = await startServer(source);
  await server.ready();
  const players = await Promise.all(Array.from({ length: WRITERS }, (_, i) => register(server.url, `backup${i}`)));
  const acknowledged: { id: string; token: string }[] = [];
  const stats = newStats();
  const load = loop(WRITERS, async (i) => {
    const p = players[i]!;
    const r = await request(server.url, 'POST', '/api/games/sessions/start', { gameTypeCode: 'TETRIS' }, p.token, 5_000).catch(() => null);
    if (!r) return void (await sleep(WRITER_RETRY_PAUSE_MS));
    record(stats, r);
    if (r.status === 200) acknowledged.push({ id: r.body.data.sessionId, token: p.token });
  });
  await waitFor(() => acknowledged.length >= ACKNOWLEDGED_BEFORE_BACKUP, Boolean, {
    timeoutMs: 60_000,
    what: `${ACKNOWLEDGED_BEFORE_BACKUP} acknowledged writes`,
  });
  // the writes go on during the backup; those acknowledged before it began must all be in it
  const before = acknowledged.length;
  const backup = await script('backup', [archive], source);
  const during = acknowledged.length - before;
  await load.stop();
  await server.kill();
  expect(backup.code, backup.out).toBe(0);

  const restore = await script('restore', [archive], target);
  expect(restore.code, restore.out).toBe(0);
  // the generated web-push keys came back with the rest: members' push subscriptions are bound to them
  const vapid = (dir: string) => readFileSync(join(dir, 'vapid-keys.json'), 'utf8');
  expect(vapid(target.DATA_DIR!)).toBe(vapid(source.DATA_DIR!));
  const restored = await startServer(target);
  try {
    await restored.ready(); // readiness: the migrations of this build are applied
    let missing = 0;
    for (let i = 0; i < before; i += 20) {
      const batch = acknowledged.slice(i, Math.min(i + 20, before));
      const found = await Promise.all(batch.map((a) => request(restored.url, 'GET', `/api/games/sessions/${a.id}`, undefined, a.token)));
      missing += found.filter((f) => f.status !== 200).length;
    }
    console.log(
      `[faults] backup → restore on ${label}: ${before} writes acknowledged before the backup, ${during} during it ` +
        `(${summary(stats)}); ${backup.out.trim()}; ${restore.out.trim()}; missing after restore: ${missing}`,
    );
    expect(missing).toBe(0);
    // a restore never overwrites: the same archive into the now non-empty target is refused
    const again = await script('restore', [archive], target);
    expect(again.code).not.toBe(0);
    expect(again.out).toMatch(/not empty/);
  } finally {
    await restored.kill();
  }
}

describe('backup while serving, restore into an empty database', () => {
  const dirs = ['a', 'b', 'files', 'pg-a', 'pg-b'].map((d) => tempDir(`moim-faults-backup-${d}-`));
  afterAll(() => dirs.forEach((d) => d.remove()));

  it('PGlite: every write acknowledged before the backup is restored, with the generated signing secret', async () => {
    // no JWT_SECRET: the server generates one into DATA_DIR, and the archive carries it
    const common = { RATE_LIMITS_ENABLED: 'false', JWT_SECRET: '' };
    await backupAndRestore(
      'PGlite',
      { ...common, DATA_DIR: dirs[0]!.path },
      { ...common, DATA_DIR: dirs[1]!.path },
      join(dirs[2]!.path, 'pglite.tar'),
    );
  });

  it('PostgreSQL: every write acknowledged before the backup is restored', async (t) => {
    if (!(await postgresAvailable())) return t.skip('PostgreSQL is not reachable');
    const [a, b] = [await freshDatabase('backup'), await freshDatabase('restore')];
    try {
      await backupAndRestore(
        'PostgreSQL',
        { DATABASE_URL: a.url, DATA_DIR: dirs[3]!.path, RATE_LIMITS_ENABLED: 'false' },
        { DATABASE_URL: b.url, DATA_DIR: dirs[4]!.path, RATE_LIMITS_ENABLED: 'false' },
        join(dirs[2]!.path, 'postgres.tar'),
      );
    } finally {
      await a.drop();
      await b.drop();
    }
  });
});
