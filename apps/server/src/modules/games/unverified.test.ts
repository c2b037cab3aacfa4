// Results without a moim replay log (another client, issue 12 item 13): plausible ones become
// unverified personal records (stored, in the statistics, never ranked); implausible ones and
// replay logs that do not reproduce their figures are refused with VAL-2004.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { backdate, end, makeUser, start, tetrisResult, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const plausibleTetris = { score: 4_200, level: 2, linesCleared: 14, timeElapsedSeconds: 180, maxCombo: 3 };
const plausibleDeduction = {
  score: 1_900,
  won: true,
  difficulty: 'INTERMEDIATE',
  guessesCount: 5,
  hintsUsed: 1,
  wrongAnswerHintsUsed: 1,
  correctAnswerHintsUsed: 0,
  timeElapsedSeconds: 240,
  playersCount: 2,
  opponentType: 'AI',
  opponentDifficulty: 'MEDIUM',
  opponentId: null,
};

async function onBoard(userId: string, gameType = 'TETRIS') {
  const r = await t.call({ method: 'GET', url: `/api/games/leaderboards/user?gameType=${gameType}&userId=${userId}` });
  return r.body.data.entries.length > 0;
}
async function stats(u: TestUser, gameType = 'TETRIS') {
  const r = await t.call({ method: 'GET', url: `/api/games/statistics/my/${gameType}`, headers: u.headers });
  expect(r.status).toBe(200);
  return r.body.data as {
    gamesPlayed: number;
    bestScore: number | null;
    history: { recordId: string; verified: boolean; ranked: boolean; score: number }[];
  };
}
async function sessionStatus(u: TestUser, sessionId: string) {
  return (await t.call({ method: 'GET', url: `/api/games/sessions/${sessionId}`, headers: u.headers })).body.data.status as string;
}

describe('TETRIS results without a replay log', () => {
  it('records a plausible result without gameData as an unverified, unranked personal record', async () => {
    const u = await makeUser(t);
    const s = await start(t, u);
    await backdate(t, s.sessionId, 200);
    const r = await end(t, u, s.sessionId, plausibleTetris);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      sessionId: s.sessionId,
      gameType: 'TETRIS',
      score: 4_200,
      verified: false,
      ranked: false,
      isPersonalBest: false,
      rank: null,
    });
    expect(await sessionStatus(u, s.sessionId)).toBe('COMPLETED');
    expect(await onBoard(u.id)).toBe(false);
    const st = await stats(u);
    expect(st.gamesPlayed).toBe(1);
    expect(st.history).toEqual([expect.objectContaining({ recordId: r.body.data.recordId, score: 4_200, verified: false, ranked: false })]);
    // the same end again answers the same record
    const again = await end(t, u, s.sessionId, plausibleTetris);
    expect(again.status).toBe(200);
    expect(again.body.data.recordId).toBe(r.body.data.recordId);
  });

  it("accepts another client's own gameData (text or object) the same way", async () => {
    const u = await makeUser(t);
    for (const gameData of ['my-client/1.2:abcdef', { client: 'other', moves: [1, 2, 3] }]) {
      const s = await start(t, u);
      await backdate(t, s.sessionId, 200);
      const r = await end(t, u, s.sessionId, { ...plausibleTetris, gameData });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ verified: false, ranked: false, rank: null });
    }
    expect((await stats(u)).gamesPlayed).toBe(2);
    expect(await onBoard(u.id)).toBe(false);
  });

  it('refuses an implausible result with VAL-2004 and records nothing', async () => {
    const u = await makeUser(t);
    const cases = [
      { ...plausibleTetris, score: 9_000_000 }, // not reachable with 14 lines at level 2
      { ...plausibleTetris, level: 12 }, // 14 lines do not reach level 12
      { ...plausibleTetris, linesCleared: 900, level: 2, maxCombo: 3 }, // too many lines for 180 s
    ];
    for (const result of cases) {
      const s = await start(t, u);
      await backdate(t, s.sessionId, 200);
      const r = await end(t, u, s.sessionId, result);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VAL-2004');
      expect(r.body.error.details).toMatchObject({ reason: 'IMPLAUSIBLE' });
      expect(await sessionStatus(u, s.sessionId)).toBe('REJECTED');
    }
    expect((await stats(u)).gamesPlayed).toBe(0);
  });

  it('refuses a game longer than its session', async () => {
    const u = await makeUser(t);
    const s = await start(t, u); // started just now: 180 s of play cannot have happened
    const r = await end(t, u, s.sessionId, plausibleTetris);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VAL-2004', details: { reason: 'DURATION_IMPLAUSIBLE' } });
  });

  it('still refuses a moim replay log that does not reproduce its claimed result', async () => {
    const u = await makeUser(t);
    const s = await start(t, u);
    const honest = tetrisResult(s.seed, 900);
    await backdate(t, s.sessionId, 30);
    // a plausible score, but not the one the log replays to
    const r = await end(t, u, s.sessionId, { ...honest, score: honest.score + 100 });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VAL-2004', details: { reason: 'FIELD_MISMATCH', field: 'score' } });
    // and a malformed moim log (it has the version marker) is not taken for another client's data
    const s2 = await start(t, u);
    await backdate(t, s2.sessionId, 200);
    const r2 = await end(t, u, s2.sessionId, { ...plausibleTetris, gameData: { v: 1, seed: s2.seed, ticks: 'many' } });
    expect(r2.status).toBe(400);
    expect(r2.body.error.details).toMatchObject({ reason: 'MALFORMED_LOG' });
    expect((await stats(u)).gamesPlayed).toBe(0);
  });

  it('keeps a verified replay verified and ranked, next to an unverified record', async () => {
    const u = await makeUser(t);
    const s = await start(t, u);
    const honest = tetrisResult(s.seed, 900);
    await backdate(t, s.sessionId, 30);
    const r = await end(t, u, s.sessionId, honest);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ verified: true, ranked: true, isPersonalBest: true });
    const s2 = await start(t, u);
    await backdate(t, s2.sessionId, 200);
    // higher than the verified best, yet it changes no board
    const r2 = await end(t, u, s2.sessionId, { ...plausibleTetris, score: honest.score + 1_000 });
    expect(r2.status).toBe(200);
    expect(r2.body.data).toMatchObject({ verified: false, ranked: false, isPersonalBest: false, rank: null });
    const board = await t.call({ method: 'GET', url: `/api/games/leaderboards/user?gameType=TETRIS&userId=${u.id}` });
    expect(board.body.data.entries[0].score).toBe(honest.score);
    expect((await stats(u)).gamesPlayed).toBe(2);
  });
});

describe('DEDUCTION results without a replay log', () => {
  it('records a plausible result as an unverified personal record', async () => {
    const u = await makeUser(t);
    const s = await start(t, u, 'DEDUCTION');
    await backdate(t, s.sessionId, 300);
    const r = await end(t, u, s.sessionId, plausibleDeduction);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ gameType: 'DEDUCTION', score: 1_900, verified: false, ranked: false, rank: null });
    expect(await onBoard(u.id, 'DEDUCTION')).toBe(false);
    expect((await stats(u, 'DEDUCTION')).gamesPlayed).toBe(1);
  });

  it('refuses an implausible one (a loss above 800, a win below 1000)', async () => {
    const u = await makeUser(t);
    for (const result of [
      { ...plausibleDeduction, won: false, score: 1_500 },
      { ...plausibleDeduction, score: 600 },
    ]) {
      const s = await start(t, u, 'DEDUCTION');
      await backdate(t, s.sessionId, 300);
      const r = await end(t, u, s.sessionId, result);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'VAL-2004', details: { reason: 'IMPLAUSIBLE', field: 'score' } });
    }
  });
});
