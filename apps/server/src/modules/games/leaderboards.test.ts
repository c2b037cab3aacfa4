// Leaderboards: best score per player, ties to the earlier score, weekly versus all-time,
// around-me, a player's entry, and the rank index rebuilt from the database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { systemClock } from '../../clock.ts';
import { AccessTokens } from '../../http/auth-guard.ts';
import type { AiLevel, DeductionPresetId } from '@moim/games';
import { makeUser, playDeductionGame, playDeductionWin, playTetris, winScore, type TestUser } from './games-test-helpers.ts';
import { LeaderboardService } from './leaderboard-service.ts';
import { weekKey } from './periods.ts';
import { MemoryRankIndex } from './rank-index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The week (Monday 00:00 Asia/Seoul) this file started in. Weekly boards hold the games of the
 * current week: a week that turns while the file runs (its games take a minute or two) would
 * leave earlier games on last week's board. A weekly check made after the turn is skipped.
 */
const fileWeek = weekKey(Date.now());
const weekTurned = () => weekKey(Date.now()) !== fileWeek;

/** An honest DEDUCTION win at the given own guess count: its score is winScore(preset, level, guesses). */
async function win(u: TestUser, guesses: number, preset: DeductionPresetId = 'BEGINNER', level: AiLevel = 'EASY') {
  const g = await playDeductionWin(t, u, { guesses, preset, level });
  expect(g.record!.score).toBe(winScore(preset, level, guesses));
  return g.record!;
}

async function board(query: string, user?: TestUser) {
  const r = await t.call({ method: 'GET', url: `/api/games/leaderboards/global?${query}`, headers: user?.headers ?? {} });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function aroundMe(user: TestUser | null, query = '') {
  return t.call({ method: 'GET', url: `/api/games/leaderboards/DEDUCTION/around-me?${query}`, headers: user?.headers ?? {} });
}

describe('global leaderboard', () => {
  let players: TestUser[];
  beforeAll(async () => {
    players = [];
    for (let i = 0; i < 12; i++) {
      const u = await makeUser(t, `Player ${i}`);
      players.push(u);
      // Wins in 14, 13, … 3 guesses, and a worse later game (15 guesses) that must not replace the best.
      await win(u, 14 - i);
      await win(u, 15);
    }
  }, 600_000); // dozens of honest games through HTTP: slow on a busy machine

  it('ranks each player once by their best score, top 10 by default, for guests too', async () => {
    const b = await board('gameType=DEDUCTION');
    expect(b).toMatchObject({ gameType: 'DEDUCTION', period: 'ALL_TIME', periodStart: null, userRank: null });
    expect(b.entries).toHaveLength(10);
    expect(b.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(b.entries[0]).toMatchObject({
      userId: players[11]!.id,
      name: 'Player 11',
      profileImage: null,
      score: winScore('BEGINNER', 'EASY', 3),
    });
    expect(b.entries[9].score).toBe(winScore('BEGINNER', 'EASY', 12));
    const ids = b.entries.map((e: { userId: string }) => e.userId);
    expect(new Set(ids).size).toBe(10);
    expect(Date.parse(b.entries[0].playedAt)).toBeGreaterThan(0);
  });

  it('honours limit and tells a signed-in player their rank of the total', async () => {
    const b = await board('gameType=DEDUCTION&limit=3', players[0]);
    expect(b.entries).toHaveLength(3);
    expect(b.userRank).toEqual({ rank: 12, totalPlayers: 12 });
    expect((await t.call({ method: 'GET', url: '/api/games/leaderboards/global?gameType=DEDUCTION&limit=500' })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/games/leaderboards/global?gameType=NOPE' })).status).toBe(400);
  });

  it('keeps separate boards per game', async () => {
    const u = await makeUser(t, 'Tetris fan');
    await playTetris(t, u, 600);
    const tetris = await board('gameType=TETRIS', u);
    expect(tetris.entries.map((e: { userId: string }) => e.userId)).toEqual([u.id]);
    expect(tetris.userRank).toEqual({ rank: 1, totalPlayers: 1 });
  });

  it('orders equal scores by who reached them first, and a later equal score keeps the earlier time', async () => {
    const first = await makeUser(t, 'First');
    const second = await makeUser(t, 'Second');
    // the module's clock reads Date: faked alone (timers and I/O run as usual), it stands still
    // between the wins unless the test moves it, so "first" and "later" are the test's own steps
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await win(first, 2);
      vi.advanceTimersByTime(5);
      await win(second, 2);
      vi.advanceTimersByTime(5);
      const again = await win(first, 2);
      expect(again.isPersonalBest).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    const b = await board('gameType=DEDUCTION&limit=2');
    expect(b.entries.map((e: { name: string }) => e.name)).toEqual(['First', 'Second']);
    // The board is rebuilt from the database with the same order.
    await t.api.games.boards.rebuild();
    const rebuilt = await board('gameType=DEDUCTION&limit=2');
    expect(rebuilt.entries).toEqual(b.entries);
    // Beating the tie moves the second player up.
    await win(second, 1);
    const after = await board('gameType=DEDUCTION&limit=2');
    expect(after.entries.map((e: { name: string }) => e.name)).toEqual(['Second', 'First']);
  });
});

describe('around-me', () => {
  let ladder: TestUser[];
  beforeAll(async () => {
    ladder = [];
    for (let i = 0; i < 20; i++) {
      const u = await makeUser(t, `Ladder ${i}`);
      ladder.push(u);
      await win(u, 21 - i, 'ADVANCED'); // above everyone else in this file
    }
  }, 600_000);

  it('answers the caller with 5 above and 5 below', async () => {
    const me = ladder[10]!; // rank 10 of the ladder (the ladder is ranks 1..20)
    const r = await aroundMe(me);
    expect(r.status).toBe(200);
    const { entries, userRank } = r.body.data;
    expect(userRank.rank).toBe(10);
    expect(entries).toHaveLength(11);
    expect(entries.map((e: { rank: number }) => e.rank)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(entries[5]).toMatchObject({ userId: me.id, name: 'Ladder 10', score: winScore('ADVANCED', 'EASY', 11) });
    for (let i = 1; i < entries.length; i++) expect(entries[i - 1].score).toBeGreaterThanOrEqual(entries[i].score);
  });

  it('clips at the top of the board and honours range', async () => {
    const top = ladder[19]!;
    const r = await aroundMe(top);
    expect(r.body.data.userRank.rank).toBe(1);
    expect(r.body.data.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const narrow = await aroundMe(ladder[10]!, 'range=2');
    expect(narrow.body.data.entries.map((e: { rank: number }) => e.rank)).toEqual([8, 9, 10, 11, 12]);
  });

  it('refuses an expired or forged token even after the valid one was seen', async () => {
    const me = ladder[3]!;
    expect((await aroundMe(me)).status).toBe(200);
    expect((await aroundMe(me)).status).toBe(200); // a token verified before is remembered by the shared verifier
    const expired = await new AccessTokens(t.ctx.config.jwtSecret, -60).sign({ id: me.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
    const r1 = await t.call({
      method: 'GET',
      url: '/api/games/leaderboards/DEDUCTION/around-me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(r1.status).toBe(401);
    expect(r1.body.error.code).toBe('AUTH-1002');
    const forged = `${me.token.slice(0, -4)}AAAA`;
    const r2 = await t.call({
      method: 'GET',
      url: '/api/games/leaderboards/DEDUCTION/around-me',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(r2.status).toBe(401);
    const other = await t.ctx.tokens.sign({ id: ladder[4]!.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
    const r3 = await t.call({
      method: 'GET',
      url: '/api/games/leaderboards/DEDUCTION/around-me',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(r3.body.data.userRank.rank).not.toBe((await aroundMe(me)).body.data.userRank.rank);
    // A forged token on the public board is treated as a guest, as by the shared guard.
    const g = await t.call({
      method: 'GET',
      url: '/api/games/leaderboards/global?gameType=DEDUCTION',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(g.status).toBe(200);
    expect(g.body.data.userRank).toBeNull();
  });

  it('answers an empty window for a player with no score, and needs login', async () => {
    const newcomer = await makeUser(t);
    const r = await aroundMe(newcomer);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ entries: [], userRank: null });
    expect((await aroundMe(null)).status).toBe(401);
  });
});

describe('a player on a board (leaderboards/user)', () => {
  it("answers the player's entry and rank without login; nothing for an unranked player", async () => {
    const u = await makeUser(t, 'Solo');
    await win(u, 5);
    const r = await t.call({ method: 'GET', url: `/api/games/leaderboards/user?gameType=DEDUCTION&userId=${u.id}` });
    expect(r.status).toBe(200);
    expect(r.body.data.entries).toHaveLength(1);
    expect(r.body.data.entries[0]).toMatchObject({ userId: u.id, name: 'Solo', score: winScore('BEGINNER', 'EASY', 5) });
    expect(r.body.data.userRank.rank).toBe(r.body.data.entries[0].rank);
    expect(r.body.data.userRank.totalPlayers).toBeGreaterThan(30);
    const none = await t.call({ method: 'GET', url: `/api/games/leaderboards/user?gameType=TETRIS&userId=${u.id}` });
    expect(none.body.data).toMatchObject({ entries: [], userRank: null });
    expect((await t.call({ method: 'GET', url: `/api/games/leaderboards/user?gameType=TETRIS&userId=nope` })).status).toBe(400);
  });
});

describe('weekly versus all-time', () => {
  it('keeps last week’s best on the all-time board only; weeks start Monday 00:00 Asia/Seoul', async ({ skip }) => {
    const veteran = await makeUser(t, 'Veteran');
    const rookie = await makeUser(t, 'Rookie');
    await win(veteran, 1, 'ADVANCED', 'HARD');
    await win(rookie, 2, 'ADVANCED', 'HARD');
    // Move the veteran's game two weeks back, as if played then, and rebuild the boards.
    const twoWeeksAgo = Date.now() - 14 * 86_400_000;
    await t.ctx.database.exec(`update game_records set played_at = played_at - interval '14 days' where user_id = $1`, [veteran.id]);
    await t.ctx.database.exec(`delete from game_best_scores where user_id = $1 and period like 'W%'`, [veteran.id]);
    await t.ctx.database.exec(
      `insert into game_best_scores (game_type, period, user_id, score, achieved_at, record_id)
       select game_type, $2 || substr(period, 4), user_id, score, achieved_at - interval '14 days', record_id
       from game_best_scores where user_id = $1 and period like 'ALL%'`,
      [veteran.id, weekKey(twoWeeksAgo)],
    );
    await t.ctx.database.exec(
      `update game_best_scores set achieved_at = achieved_at - interval '14 days' where user_id = $1 and period like 'ALL%'`,
      [veteran.id],
    );
    await t.api.games.boards.rebuild();

    const all = await board('gameType=DEDUCTION&limit=2&period=ALL_TIME', veteran);
    expect(all.entries.map((e: { name: string }) => e.name)).toEqual(['Veteran', 'Rookie']);
    expect(all.userRank.rank).toBe(1);

    const weekly = await board('gameType=DEDUCTION&limit=100&period=WEEKLY', veteran);
    skip(weekTurned(), 'the week turned while the file ran');
    expect(weekly.period).toBe('WEEKLY');
    expect(weekly.periodStart).toMatch(/T00:00:00\+09:00$/);
    const start = new Date(Date.parse(weekly.periodStart) + 9 * 3_600_000);
    expect(start.getUTCDay()).toBe(1); // a Monday in Seoul
    expect(weekly.entries[0].name).toBe('Rookie');
    expect(weekly.entries.some((e: { userId: string }) => e.userId === veteran.id)).toBe(false);
    expect(weekly.userRank).toBeNull();

    // A new game this week puts the veteran on the weekly board without changing all-time.
    await win(veteran, 14);
    const weekly2 = await board('gameType=DEDUCTION&limit=100&period=WEEKLY', veteran);
    expect(weekly2.userRank).not.toBeNull();
    expect(weekly2.entries.find((e: { userId: string }) => e.userId === veteran.id).score).toBe(winScore('BEGINNER', 'EASY', 14));
    const all2 = await board('gameType=DEDUCTION&limit=1', veteran);
    expect(all2.entries[0]).toMatchObject({ name: 'Veteran', score: winScore('ADVANCED', 'HARD', 1) });
    const around = await aroundMe(veteran, 'period=WEEKLY&range=1');
    skip(weekTurned(), 'the week turned while the file ran');
    expect(around.body.data.userRank.rank).toBe(weekly2.userRank.rank);
  });
});

describe('rank index and database agree', () => {
  it('loads a board page by page (keyset cursor) into the same order, ties included', async () => {
    const small = new LeaderboardService(t.ctx, t.api.users, new MemoryRankIndex(), systemClock, 3);
    const paged = await small.global('DEDUCTION', 'ALL_TIME', 100, null);
    const served = await board('gameType=DEDUCTION&limit=100');
    expect(paged.entries.map((e) => [e.userId, e.score, e.rank])).toEqual(
      served.entries.map((e: { userId: string; score: number; rank: number }) => [e.userId, e.score, e.rank]),
    );
    expect(paged.entries.length).toBeGreaterThan(30);
  });

  it('matches the best-score rows in board order after every change', async () => {
    const rows = await t.ctx.database.exec(
      `select user_id from game_best_scores where game_type = 'DEDUCTION' and period = 'ALL' order by score desc, achieved_at, user_id`,
    );
    const b = await board(`gameType=DEDUCTION&limit=100`);
    expect(b.entries.map((e: { userId: string }) => e.userId)).toEqual(rows.rows.map((r) => r.user_id).slice(0, 100));
  });
});

describe('boards per difficulty', () => {
  it('ranks each difficulty on its own board (all-time and weekly), and the overall board holds them all', async ({ skip }) => {
    const b = await board('gameType=DEDUCTION&difficulty=BEGINNER&limit=100');
    expect(b.difficulty).toBe('BEGINNER');
    const adv = await board('gameType=DEDUCTION&difficulty=ADVANCED&limit=100');
    // 20 ladder players + veteran and rookie played ADVANCED; the rest BEGINNER.
    expect(adv.entries).toHaveLength(22);
    expect(adv.entries[0].name).toBe('Veteran');
    const advIds = new Set(adv.entries.map((e: { userId: string }) => e.userId));
    for (const e of b.entries) if (e.name !== 'Veteran' && e.name !== 'Rookie') expect(advIds.has(e.userId)).toBe(false);
    const inter = await board('gameType=DEDUCTION&difficulty=INTERMEDIATE');
    expect(inter.entries).toEqual([]);
    const all = await board('gameType=DEDUCTION&limit=100');
    expect(all.difficulty).toBeNull();
    expect(all.entries.length).toBeGreaterThan(adv.entries.length);
    expect((await t.call({ method: 'GET', url: '/api/games/leaderboards/global?gameType=DEDUCTION&difficulty=EXPERT' })).status).toBe(400);
    const me = adv.entries[3];
    const r = await t.call({
      method: 'GET',
      url: `/api/games/leaderboards/user?gameType=DEDUCTION&difficulty=ADVANCED&userId=${me.userId}`,
    });
    expect(r.body.data.userRank.rank).toBe(4);
    const weekly = await board('gameType=DEDUCTION&difficulty=ADVANCED&period=WEEKLY&limit=100');
    skip(weekTurned(), 'the week turned while the file ran');
    expect(weekly.entries.length).toBe(21); // the veteran's advanced game was moved two weeks back
  });

  it('does not rank custom, hot-seat or bot games', async () => {
    const u = await makeUser(t, 'Hot seat');
    const g = await playDeductionGame(t, u, {
      seats: [
        { kind: 'HUMAN', name: 'A' },
        { kind: 'HUMAN', name: 'B' },
      ],
      guesses: 1,
    });
    expect(g.record!.rank).toBeNull();
    const r = await t.call({ method: 'GET', url: `/api/games/leaderboards/user?gameType=DEDUCTION&userId=${u.id}` });
    expect(r.body.data.entries).toEqual([]);
    const stats = await t.call({ method: 'GET', url: '/api/games/statistics/my/DEDUCTION', headers: u.headers });
    expect(stats.body.data.gamesPlayed).toBe(1); // still in the player's statistics
  });
});
