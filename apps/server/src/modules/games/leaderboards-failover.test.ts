// Leaderboards while Redis is configured but away: ranks come from the database
// (DatabaseRankIndex), in the same order the rank index keeps, with no error and no wait.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, playTetris, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let players: TestUser[];
/** The three scored players, best first (each game's seed is the server's, so scores are read, not assumed). */
let byScore: TestUser[];
beforeAll(async () => {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  players = [await makeUser(t, 'a'), await makeUser(t, 'b'), await makeUser(t, 'c'), await makeUser(t, 'd')];
  const best = new Map<string, number>();
  for (const [i, ticks] of [300, 1200, 700].entries()) {
    const p = players[i]!;
    // Distinct best scores keep the expected order free of the tie rule (tested in leaderboards.test.ts).
    for (let more = 0; !best.has(p.id) || [...best].some(([id, s]) => id !== p.id && s === best.get(p.id)); more += 300) {
      if (more > 3000) throw new Error('could not reach a distinct score');
      const { record } = await playTetris(t, p, ticks + more);
      best.set(p.id, Math.max(best.get(p.id) ?? 0, (record as { score: number }).score));
    }
  }
  byScore = players.slice(0, 3).sort((a, b) => best.get(b.id)! - best.get(a.id)!);
});
afterAll(() => t.close());

describe('leaderboards with Redis unreachable', () => {
  it('rank players from the database: board, around-me, a player with no score', async () => {
    const t0 = performance.now();
    const board = await t.call({
      method: 'GET',
      url: '/api/games/leaderboards/global?gameType=TETRIS&limit=10',
      headers: players[2]!.headers,
    });
    expect(board.status).toBe(200);
    const scores = board.body.data.entries.map((e: { score: number }) => e.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(board.body.data.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3]);
    expect(board.body.data.entries.map((e: { userId: string }) => e.userId)).toEqual(byScore.map((p) => p.id));
    expect(board.body.data.userRank).toEqual({ rank: byScore.indexOf(players[2]!) + 1, totalPlayers: 3 });

    const last = byScore[2]!;
    const around = await t.call({ method: 'GET', url: '/api/games/leaderboards/TETRIS/around-me?range=1', headers: last.headers });
    expect(around.status).toBe(200);
    expect(around.body.data.userRank).toEqual({ rank: 3, totalPlayers: 3 });
    expect(around.body.data.entries.map((e: { userId: string }) => e.userId)).toEqual([byScore[1]!.id, last.id]);

    const none = await t.call({ method: 'GET', url: '/api/games/leaderboards/TETRIS/around-me', headers: players[3]!.headers });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ entries: [], userRank: null });
    expect(performance.now() - t0).toBeLessThan(3_000);
  });
});
