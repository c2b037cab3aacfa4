// The recurring sweep that abandons sessions left in progress for 24 hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, start } from './games-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setActivity(sessionId: string, hoursAgo: number) {
  await t.ctx.database.exec(
    `update game_sessions set started_at = now() - ($2 || ' hours')::interval, last_activity_at = now() - ($2 || ' hours')::interval where id = $1`,
    [sessionId, String(hoursAgo)],
  );
}

describe('24 h abandon sweep', () => {
  it('abandons sessions idle for 24 h, keeps recent ones and ones with a recent checkpoint', async () => {
    const u = await makeUser(t);
    const stale = await start(t, u, 'TETRIS');
    const fresh = await start(t, u, 'DEDUCTION');
    const v = await makeUser(t);
    const resumed = await start(t, v, 'TETRIS');
    await setActivity(stale.sessionId, 25);
    await setActivity(fresh.sessionId, 23);
    await setActivity(resumed.sessionId, 30);
    await t.call({
      method: 'POST',
      url: '/api/games/states/save',
      headers: u.headers,
      payload: { sessionId: stale.sessionId, stateData: { x: 1 } },
    });
    await setActivity(stale.sessionId, 25); // the save touched it; make it stale again
    // A checkpoint an hour ago keeps the 30-hour-old session alive.
    await t.call({
      method: 'POST',
      url: '/api/games/states/save',
      headers: v.headers,
      payload: { sessionId: resumed.sessionId, stateData: { x: 2 } },
    });

    await t.ctx.jobs.runRecurring(true);

    const s1 = await t.call({ method: 'GET', url: `/api/games/sessions/${stale.sessionId}`, headers: u.headers });
    expect(s1.body.data).toMatchObject({ status: 'ABANDONED', endReason: 'TIMEOUT' });
    const states = await t.call({ method: 'GET', url: `/api/games/states/${stale.sessionId}`, headers: u.headers });
    expect(states.body.data).toBeNull();
    const s2 = await t.call({ method: 'GET', url: `/api/games/sessions/${fresh.sessionId}`, headers: u.headers });
    expect(s2.body.data.status).toBe('IN_PROGRESS');
    const s3 = await t.call({ method: 'GET', url: `/api/games/sessions/${resumed.sessionId}`, headers: v.headers });
    expect(s3.body.data.status).toBe('IN_PROGRESS');

    // Running it again changes nothing.
    expect(await t.api.games.sweepStale()).toBe(0);
  });
});
