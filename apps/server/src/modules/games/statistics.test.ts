// Statistics (mine, a player's public ones, a game's) and the guest-history import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, playDeductionWin, playTetris, winScore, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const aliceGames: { score: number; linesCleared: number; maxCombo: number; level: number; timeElapsedSeconds: number }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
  for (const ticks of [900, 2400, 1500]) aliceGames.push((await playTetris(t, alice, ticks)).result);
  await playDeductionWin(t, alice, { guesses: 2 });
  await playDeductionWin(t, bob, { guesses: 6 });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url, headers: user?.headers ?? {} });

describe('GET /api/games/statistics/my', () => {
  it('sums up my games per game type', async () => {
    const r = await get('/api/games/statistics/my', alice);
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s.gamesPlayed).toBe(4);
    const tetris = s.games.find((g: { gameType: string }) => g.gameType === 'TETRIS');
    const scores = aliceGames.map((g) => g.score);
    expect(tetris).toMatchObject({
      gamesPlayed: 3,
      bestScore: Math.max(...scores),
      totalTimeSeconds: aliceGames.reduce((n, g) => n + g.timeElapsedSeconds, 0),
      rank: { rank: 1, totalPlayers: 1 },
      tetris: {
        totalLines: aliceGames.reduce((n, g) => n + g.linesCleared, 0),
        maxCombo: Math.max(...aliceGames.map((g) => g.maxCombo)),
        bestLevel: Math.max(...aliceGames.map((g) => g.level)),
      },
    });
    expect(tetris.averageScore).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / 3, 0);
    const ded = s.games.find((g: { gameType: string }) => g.gameType === 'DEDUCTION');
    expect(ded).toMatchObject({
      gamesPlayed: 1,
      bestScore: winScore('BEGINNER', 'EASY', 2),
      deduction: { wins: 1, losses: 0, winRate: 1 },
    });
    expect(s.totalTimeSeconds).toBe(tetris.totalTimeSeconds + ded.totalTimeSeconds);
    expect(Date.parse(s.lastPlayedAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  it('answers zeros for a player with no games, and needs login', async () => {
    const u = await makeUser(t);
    const r = await get('/api/games/statistics/my', u);
    expect(r.body.data).toMatchObject({ gamesPlayed: 0, totalTimeSeconds: 0, lastPlayedAt: null });
    expect(r.body.data.games[0]).toMatchObject({ gameType: 'TETRIS', gamesPlayed: 0, bestScore: null, averageScore: null, rank: null });
    expect((await get('/api/games/statistics/my')).status).toBe(401);
  });
});

describe('GET /api/games/statistics/my/{gameType}', () => {
  it('adds my score history, newest first', async () => {
    const r = await get('/api/games/statistics/my/TETRIS', alice);
    expect(r.status).toBe(200);
    expect(r.body.data.gameType).toBe('TETRIS');
    expect(r.body.data.history.map((h: { score: number }) => h.score)).toEqual(aliceGames.map((g) => g.score).reverse());
    expect(r.body.data.history[0]).toMatchObject({ verified: true, ranked: true, source: 'SESSION' });
    const limited = await get('/api/games/statistics/my/TETRIS?limit=2', alice);
    expect(limited.body.data.history).toHaveLength(2);
    expect((await get('/api/games/statistics/my/CHESS', alice)).status).toBe(400);
    expect((await get('/api/games/statistics/my/TETRIS')).status).toBe(401);
  });
});

describe('GET /api/games/statistics/user/{id}', () => {
  it("shows a player's public statistics to anyone, without time played", async () => {
    const r = await get(`/api/games/statistics/user/${alice.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ userId: alice.id, name: 'Alice', profileImage: null });
    const tetris = r.body.data.games.find((g: { gameType: string }) => g.gameType === 'TETRIS');
    expect(tetris.gamesPlayed).toBe(3);
    expect(tetris).not.toHaveProperty('totalTimeSeconds');
    expect((await get('/api/games/statistics/user/7f1c3a8e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/games/statistics/user/xyz')).status).toBe(400);
  });
});

describe('GET /api/games/statistics/game/{type}', () => {
  it('sums up a game for everyone', async () => {
    const r = await get('/api/games/statistics/game/DEDUCTION');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      gameType: 'DEDUCTION',
      totalGames: 2,
      totalPlayers: 2,
      rankedPlayers: 2,
      highestScore: winScore('BEGINNER', 'EASY', 2),
    });
    expect(r.body.data.averageScore).toBeCloseTo((winScore('BEGINNER', 'EASY', 2) + winScore('BEGINNER', 'EASY', 6)) / 2, 0);
    const tetris = await get('/api/games/statistics/game/TETRIS');
    expect(tetris.body.data).toMatchObject({ totalGames: 3, totalPlayers: 1, rankedPlayers: 1 });
  });
});

describe('POST /api/games/guest-history/import', () => {
  const entries = [
    { guestId: 'guest-aaa', gameType: 'TETRIS', score: 999_999, playedAt: '2026-11-20T10:00:00+09:00', level: 9, linesCleared: 80 },
    { guestId: 'guest-bbb', gameType: 'TETRIS', score: 1234, playedAt: '2026-11-21T10:00:00+09:00' },
  ];
  const post = (user: TestUser | null, body: unknown) =>
    t.call({ method: 'POST', url: '/api/games/guest-history/import', headers: user?.headers ?? {}, payload: body as object });

  it('imports guest results once, as unranked history that counts in statistics but not on boards', async () => {
    const u = await makeUser(t, 'Former guest');
    const r = await post(u, { entries });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ imported: ['guest-aaa', 'guest-bbb'], alreadyImported: [] });
    const again = await post(u, { entries: [...entries, { ...entries[0], guestId: 'guest-ccc', score: 5 }] });
    expect(again.body.data).toEqual({ imported: ['guest-ccc'], alreadyImported: ['guest-aaa', 'guest-bbb'] });

    const stats = await get('/api/games/statistics/my/TETRIS', u);
    expect(stats.body.data).toMatchObject({ gamesPlayed: 3, bestScore: 999_999, rank: null });
    const history = stats.body.data.history;
    expect(history.filter((h: { score: number }) => h.score === 999_999)).toHaveLength(1);
    expect(history[0]).toMatchObject({ source: 'GUEST_IMPORT', verified: false, ranked: false });

    const b = await get('/api/games/leaderboards/global?gameType=TETRIS&limit=100', u);
    expect(b.body.data.entries.some((e: { userId: string }) => e.userId === u.id)).toBe(false);
    expect(b.body.data.userRank).toBeNull();
  });

  it('lets another account import the same guest ids separately (per user) and needs login', async () => {
    const other = await makeUser(t);
    const r = await post(other, { entries: [entries[1]] });
    expect(r.body.data.imported).toEqual(['guest-bbb']);
    expect((await post(null, { entries })).status).toBe(401);
  });

  it('refuses bad entries with 400', async () => {
    const u = await makeUser(t);
    expect((await post(u, { entries: [] })).status).toBe(400);
    expect((await post(u, { entries: [{ ...entries[0], score: -1 }] })).status).toBe(400);
    expect((await post(u, { entries: [{ ...entries[0], guestId: 'has spaces' }] })).status).toBe(400);
    expect((await post(u, { entries: [{ ...entries[0], playedAt: 'yesterday' }] })).status).toBe(400);
    expect((await post(u, { entries: Array.from({ length: 101 }, (_, i) => ({ ...entries[1], guestId: `g-${i}` })) })).status).toBe(400);
  });

  it('clamps a played time in the future to now', async () => {
    const u = await makeUser(t);
    await post(u, { entries: [{ guestId: 'guest-future', gameType: 'TETRIS', score: 1, playedAt: '2099-01-01T00:00:00Z' }] });
    const stats = await get('/api/games/statistics/my/TETRIS', u);
    expect(Date.parse(stats.body.data.history[0].playedAt)).toBeLessThanOrEqual(Date.now());
  });
});
