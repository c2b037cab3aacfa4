/**
 * kill -9 under write load: every write the server acknowledged (a 200 with the new row's id)
 * is there after a restart, on the embedded PGlite and on PostgreSQL.
 */
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
  type ServerProcess,
} from './harness.ts';
import { waitFor } from '../wait-for.ts';

const WRITERS = 6;
/** the kill comes once this many writes are acknowledged, with the writers still writing */
const ACKNOWLEDGED_BEFORE_KILL = 50;
/** a writer whose request failed (the server is gone) pauses before its next: the client's pace, not a wait */
const WRITER_RETRY_PAUSE_MS = 20;

async function killUnderLoad(label: string, env: Record<string, string>) {
  let server: ServerProcess = await startServer(env);
  await server.ready();
  // A few players; each session start is one acknowledged write (a game_sessions row).
  const players = await Promise.all(Array.from({ length: WRITERS }, (_, i) => register(server.url, `kill${i}`)));
  const acknowledged: { id: string; token: string }[] = [];
  const stats = newStats();
  const load = loop(WRITERS, async (i) => {
    const p = players[i]!;
    const r = await request(server.url, 'POST', '/api/games/sessions/start', { gameTypeCode: 'TETRIS' }, p.token, 5_000).catch(() => null);
    if (!r) return void (await sleep(WRITER_RETRY_PAUSE_MS));
    record(stats, r);
    if (r.status === 200) acknowledged.push({ id: r.body.data.sessionId, token: p.token });
  });
  await waitFor(() => acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL, Boolean, {
    timeoutMs: 60_000,
    what: `${ACKNOWLEDGED_BEFORE_KILL} acknowledged writes`,
  });
  const t0 = performance.now();
  await server.kill('SIGKILL');
  const killedAfter = acknowledged.length;
  await load.stop();
  server = await startServer(env, server.port);
  await server.ready();
  const restartMs = performance.now() - t0;
  let missing = 0;
  for (let i = 0; i < acknowledged.length; i += 20) {
    const batch = acknowledged.slice(i, i + 20);
    const found = await Promise.all(batch.map((a) => request(server.url, 'GET', `/api/games/sessions/${a.id}`, undefined, a.token)));
    missing += found.filter((f) => f.status !== 200).length;
  }
  console.log(
    `[faults] kill -9 on ${label}: ${killedAfter} writes acknowledged before the kill (${summary(stats)}); ` +
      `restart to ready ${restartMs.toFixed(0)} ms; missing after restart: ${missing}`,
  );
  await server.kill();
  return { acknowledged: killedAfter, missing };
}

describe('kill -9 under write load', () => {
  const dir = tempDir('moim-faults-kill-');
  afterAll(() => dir.remove());

  it('PGlite: every acknowledged write survives', async () => {
    const r = await killUnderLoad('PGlite', { DATA_DIR: dir.path, RATE_LIMITS_ENABLED: 'false' });
    expect(r.acknowledged).toBeGreaterThan(10);
    expect(r.missing).toBe(0);
  });

  it('PostgreSQL: every acknowledged write survives', async (t) => {
    if (!(await postgresAvailable())) return t.skip('PostgreSQL is not reachable');
    const db = await freshDatabase('kill');
    try {
      const r = await killUnderLoad('PostgreSQL', { DATABASE_URL: db.url, DATA_DIR: dir.path, RATE_LIMITS_ENABLED: 'false' });
      expect(r.acknowledged).toBeGreaterThan(10);
      expect(r.missing).toBe(0);
    } finally {
      await db.drop();
    }
  });
});
