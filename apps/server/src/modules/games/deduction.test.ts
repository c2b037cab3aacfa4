// The DEDUCTION referee: the answers stay on the server, per-device views, owner-only moves,
// the turn timer, reveals, bot seats, and one move at a time (races).
import { presetSettings, type SeatSpec } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import {
  deductionPlayOf,
  deductionReveal,
  deductionTurn,
  makeUser,
  nearMiss,
  sessionSeed,
  start,
  type TestUser,
} from './games-test-helpers.ts';
import { aiMove, DeductionGame } from '@moim/games';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
});
afterAll(() => t.close());

const settings = presetSettings('BEGINNER', 'FOODS');
const vsAi: SeatSpec[] = [
  { kind: 'HUMAN', name: '앨리스' },
  { kind: 'AI', level: 'HARD' },
];

/** Whether a built-in AI opens the game and names the answers at once (the engine plays its move as the server does). */
function solvedAtOnce(seed: string, seats: SeatSpec[]): boolean {
  const game = new DeductionGame(seed, settings, seats);
  const seat = game.activeSeat!;
  if (seats[seat]!.kind !== 'AI') return false;
  game.apply({ type: 'guess', seat, guess: aiMove(game) });
  return game.outcome !== null;
}

/**
 * A new game that is still running when seat 0 first moves. The first seat is dealt at random and
 * an AI that opens names the answers at once about 1 game in 4,500 (HARD and EASY alike): such a
 * session is replaced by a new one, as every test here moves after the opening.
 */
async function newGame(user: TestUser, seats: SeatSpec[] = vsAi) {
  for (let attempt = 1; ; attempt++) {
    const s = await start(t, user, 'DEDUCTION', { settings, seats });
    const seed = await sessionSeed(t, s.sessionId);
    if (attempt < 10 && solvedAtOnce(seed, seats)) continue;
    const game = new DeductionGame(seed, settings, seats);
    return { s, seed, game };
  }
}

/** Plays AI turns until it is seat 0's turn (or the game ends). */
async function toMyTurn(user: TestUser, sessionId: string) {
  let p = (await deductionPlayOf(t, user, sessionId)).body.data;
  while (p.view.activeSeat !== 0 && !p.final) p = (await deductionTurn(t, user, sessionId, { turn: p.view.turn })).body.data;
  return p;
}

describe('starting a DEDUCTION session', () => {
  it('keeps the seed and the answers off the wire: a commitment, my hints, never the AI’s', async () => {
    const { s, seed, game } = await newGame(alice);
    expect(s.seed).toMatch(/^sha256:[0-9a-f]{64}$/);
    const r = await deductionPlayOf(t, alice, s.sessionId);
    expect(r.status).toBe(200);
    const text = JSON.stringify(r.body) + JSON.stringify(s);
    expect(text).not.toContain(seed);
    expect(r.body.data.view.outcome).toBeNull();
    expect(r.body.data.final).toBeNull();
    expect(r.body.data.commitment).toBe(s.seed);
    expect(r.body.data.view.mine).toEqual([{ seat: 0, hints: game.deal.hints[0], answerReveals: [], wrongReveals: [], ms: 0 }]);
    expect(r.body.data.view.keywords).toEqual(game.deal.keywords);
    const session = await t.call({ method: 'GET', url: `/api/games/sessions/${s.sessionId}`, headers: alice.headers });
    expect(session.body.data.seed).toBe(s.seed);
  });

  it('refuses a setup that is not a playable game (VAL-2001), and one where I am not seat 0', async () => {
    const bad = [
      { settings: { ...settings, poolSize: 10 }, seats: vsAi },
      { settings: { ...settings, turnSeconds: 30 }, seats: vsAi }, // a preset's figures are fixed
      { settings, seats: [vsAi[0]] },
      { settings, seats: [{ kind: 'AI', level: 'EASY' }, vsAi[0]] },
      { settings, seats: [{ kind: 'HUMAN', name: '' }, vsAi[1]] },
      { settings: { ...settings, preset: 'CUSTOM', poolSize: 20, answerCount: 2, hintCount: 20 }, seats: vsAi },
    ];
    for (const metadata of bad) {
      const r = await t.call({
        method: 'POST',
        url: '/api/games/sessions/start',
        headers: alice.headers,
        payload: { gameTypeCode: 'DEDUCTION', metadata },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VAL-2001');
    }
  });
});

describe('moves', () => {
  it('answers my guess with its count only, and plays the AI itself', async () => {
    const { s, game } = await newGame(alice);
    const p = await toMyTurn(alice, s.sessionId);
    expect(
      p.view.history
        .filter((h: { seat: number }) => h.seat === 1)
        .every((h: { correct: number | null }) => h.correct === null || h.correct === 0),
    ).toBe(true);
    const guess = nearMiss(game.deal.answers, settings.poolSize);
    const r = await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, guess });
    expect(r.status).toBe(200);
    expect(r.body.data.last).toMatchObject({ kind: 'guess', seat: 0, correct: settings.answerCount - 1, timeout: false });
    // on the AI's turn a guess is refused (the turn's state: 409); a call without one lets the server play
    const aiTurn = r.body.data.view.turn;
    const refused = await deductionTurn(t, alice, s.sessionId, { turn: aiTurn, guess });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'AI_TURN', turn: aiTurn } });
    const ai = await deductionTurn(t, alice, s.sessionId, { turn: aiTurn });
    expect(ai.body.data.last.seat).toBe(1);
    expect(ai.body.data.view.history.at(-1).guess).toHaveLength(settings.answerCount);
  });

  it('refuses a stale turn (BIZ-3002), a guess against the rules (BIZ-3003) and two moves at once (VAL-2001)', async () => {
    const { s } = await newGame(alice);
    const p = await toMyTurn(alice, s.sessionId);
    const stale = await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn + 1, guess: [0, 1, 2] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('BIZ-3002');
    for (const [guess, reason] of [
      [[0, 1], 'GUESS_SIZE'],
      [[0, 0, 1], 'REPEATED_KEYWORD'],
      [[0, 1, 99], 'KEYWORD_NOT_IN_POOL'],
    ] as const) {
      const r = await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, guess: [...guess] });
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'BIZ-3003', details: { reason } });
    }
    const two = await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, guess: [0, 1, 2], timeout: true });
    expect(two.status).toBe(400);
    expect(two.body.error.code).toBe('VAL-2001');
    // nothing was played
    expect((await deductionPlayOf(t, alice, s.sessionId)).body.data.view.turn).toBe(p.view.turn);
  });

  it('plays the time-out guess on a time-out, and on a guess that comes after the turn ran out', async () => {
    const { s, game } = await newGame(alice);
    const p = await toMyTurn(alice, s.sessionId);
    for (const e of p.view.history)
      game.apply(e.kind === 'guess' ? { type: 'guess', seat: e.seat, guess: e.guess } : { type: 'skip', seat: e.seat, reason: e.reason });
    const expected = game.timeoutGuess();
    const r = await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, timeout: true });
    expect(r.body.data.last.timeout).toBe(true);
    expect(r.body.data.view.history.at(-1).guess).toEqual(expected);
    const mine = r.body.data.view.mine[0];
    expect(mine.ms).toBeLessThan(5000);

    const p2 = await toMyTurn(alice, s.sessionId);
    if (p2.final) return;
    await t.ctx.database.exec(`update deduction_session_logs set turn_started_at = now() - interval '200 seconds' where session_id = $1`, [
      s.sessionId,
    ]);
    const late = await deductionTurn(t, alice, s.sessionId, { turn: p2.view.turn, guess: [0, 1, 2] });
    expect(late.body.data.last.timeout).toBe(true);
    expect(late.body.data.view.mine[0].ms - mine.ms).toBe(settings.turnSeconds * 1000);
  });

  it('sells reveals during my turn: an answer is an answer, and it shows in my view only', async () => {
    const { s, game } = await newGame(alice);
    const p = await toMyTurn(alice, s.sessionId);
    const r = await deductionReveal(t, alice, s.sessionId, { turn: p.view.turn, kind: 'ANSWER' });
    expect(r.status).toBe(200);
    expect(game.deal.answers).toContain(r.body.data.last.keyword);
    expect(r.body.data.view.mine[0].answerReveals).toEqual([r.body.data.last.keyword]);
    expect(r.body.data.view.activeSeat).toBe(0);
    await deductionReveal(t, alice, s.sessionId, { turn: p.view.turn, kind: 'ANSWER' });
    const third = await deductionReveal(t, alice, s.sessionId, { turn: p.view.turn, kind: 'ANSWER' });
    expect(third.status).toBe(422); // never all the answers
    expect(third.body.error).toMatchObject({ code: 'BIZ-3003', details: { reason: 'NO_REVEALS_LEFT' } });
  });

  it('lets the browser play a custom bot seat: a guess or a lost turn', async () => {
    const seats: SeatSpec[] = [vsAi[0]!, { kind: 'BOT', botId: 'bot-1', name: '내 봇' }];
    const { s, game } = await newGame(alice, seats);
    let p = (await deductionPlayOf(t, alice, s.sessionId)).body.data;
    expect(p.view.mine.map((m: { seat: number }) => m.seat)).toEqual([0, 1]);
    // a near miss: a fixed guess such as [0, 1, 2] is the answer about 1 game in 4,000 and would end it
    const guess = nearMiss(game.deal.answers, settings.poolSize);
    if (p.view.activeSeat === 0) p = (await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, guess })).body.data;
    const skip = await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, skip: 'BOT_TIMEOUT' });
    expect(skip.body.data.last).toMatchObject({ kind: 'skip', seat: 1 });
    expect(skip.body.data.view.history.at(-1)).toMatchObject({ kind: 'skip', reason: 'BOT_TIMEOUT' });
  });
});

describe('who may call', () => {
  it('answers only the owner: someone else’s session is answered as a missing one; guests need to log in', async () => {
    const { s } = await newGame(alice);
    const missing = '7f1c3a8e-0000-4000-8000-000000000000';
    const calls = (id: string) => [
      deductionPlayOf(t, bob, id),
      deductionTurn(t, bob, id, { turn: 0 }),
      deductionReveal(t, bob, id, { turn: 0, kind: 'WRONG' }),
    ];
    const [absent, theirs] = await Promise.all([Promise.all(calls(missing)), Promise.all(calls(s.sessionId))]);
    for (const [i, r] of theirs.entries()) {
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual(absent[i]!.body.error);
      expect(r.body.error.code).toBe('BIZ-3001');
    }
    const guest = await t.call({ method: 'GET', url: `/api/games/deduction/sessions/${s.sessionId}` });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'AUTH-1007']);
    // a session of another game is no DEDUCTION session
    const tetris = await start(t, alice, 'TETRIS');
    expect((await deductionPlayOf(t, alice, tetris.sessionId)).status).toBe(404);
    expect((await deductionPlayOf(t, alice, missing)).status).toBe(404);
  });

  it('refuses moves once the session is abandoned', async () => {
    const { s } = await newGame(alice);
    await t.call({ method: 'POST', url: '/api/games/sessions/abandon', headers: alice.headers, payload: { sessionId: s.sessionId } });
    const r = await deductionTurn(t, alice, s.sessionId, { turn: 0 });
    expect([r.status, r.body.error.code]).toEqual([409, 'BIZ-3002']);
  });
});

describe('one move at a time', () => {
  it('plays two identical concurrent moves once', async () => {
    const { s, game } = await newGame(alice, [vsAi[0]!, { kind: 'AI', level: 'EASY' }]);
    let p = (await deductionPlayOf(t, alice, s.sessionId)).body.data;
    const guess = nearMiss(game.deal.answers, settings.poolSize); // never the answer: the game goes on
    if (p.view.activeSeat === 0) p = (await deductionTurn(t, alice, s.sessionId, { turn: p.view.turn, guess })).body.data;
    const turn = p.view.turn;
    const answers = await Promise.all(Array.from({ length: 4 }, () => deductionTurn(t, alice, s.sessionId, { turn })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(3);
    const after = (await deductionPlayOf(t, alice, s.sessionId)).body.data;
    expect(after.view.turn).toBe(turn + 1);
  });
});
