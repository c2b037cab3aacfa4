import { describe, expect, it } from 'vitest';
import { checkBotAnswer } from './bot-protocol.ts';
import { ladderSettings } from './ladder.ts';
import { playDeductionMatch, type BotReply, type MatchTurn } from './match.ts';
import { DeductionGame } from './engine.ts';
import { parseDeductionLog } from './log.ts';
import { deductionResult } from './result.ts';
import { easy, hard, HUMAN, playAsHard, preset } from './test-helpers.ts';
import { verifyDeductionResult } from './verify.ts';
import { deductionView } from './view.ts';

function claimOf(game: DeductionGame) {
  const { fields } = deductionResult(game);
  return { ...fields, gameData: { v: 1, settings: game.settings, seats: game.seats, events: game.events } };
}

describe('verifyDeductionResult', () => {
  const game = playAsHard('verify-1', preset('INTERMEDIATE'), [HUMAN, easy], {
    msPerTurn: 4200,
    beforeGuess: (g) => {
      if (g.seatStates[0]!.wrongReveals.length === 0) g.apply({ type: 'reveal', seat: 0, kind: 'WRONG' });
    },
  });
  const claim = claimOf(game);
  const expected = { settings: game.settings, seats: game.seats, events: game.events };

  it('accepts an honest game and recomputes the SPEC payload', () => {
    const v = verifyDeductionResult(claim, 'verify-1', expected);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.fields).toMatchObject({
      won: true,
      difficulty: 'INTERMEDIATE',
      playersCount: 2,
      opponentType: 'AI',
      opponentDifficulty: 'EASY',
      opponentId: null,
      wrongAnswerHintsUsed: 1,
      hintsUsed: 1,
    });
    expect(v.fields.timeElapsedSeconds).toBe(Math.floor((4200 * v.fields.guessesCount) / 1000));
    // the JSON text of the log verifies the same
    expect(verifyDeductionResult({ ...claim, gameData: JSON.stringify(claim.gameData) }, 'verify-1', expected).ok).toBe(true);
  });

  it('refuses a claimed figure the replay does not give', () => {
    expect(verifyDeductionResult({ ...claim, score: claim.score + 1 }, 'verify-1', expected)).toMatchObject({
      ok: false,
      reason: 'FIELD_MISMATCH',
      field: 'score',
    });
    expect(verifyDeductionResult({ ...claim, hintsUsed: 0 }, 'verify-1', expected)).toMatchObject({
      ok: false,
      reason: 'FIELD_MISMATCH',
      field: 'hintsUsed',
    });
  });

  it('refuses a log that is not what the server refereed, or another setup, or another seed', () => {
    const events = [...game.events];
    const i = events.findIndex((e) => e.type === 'guess' && e.seat === 0);
    const e = events[i]!;
    if (e.type === 'guess') events[i] = { ...e, ms: 1 };
    expect(verifyDeductionResult({ ...claim, gameData: { ...claim.gameData, events } }, 'verify-1', expected)).toMatchObject({
      reason: 'LOG_MISMATCH',
    });
    expect(verifyDeductionResult({ ...claim, gameData: { ...claim.gameData, seats: [HUMAN, hard] } }, 'verify-1', expected)).toMatchObject({
      reason: 'SETUP_MISMATCH',
    });
    const other = verifyDeductionResult(claim, 'another-seed', { settings: game.settings, seats: game.seats });
    expect(other.ok).toBe(false);
  });

  it('refuses an unfinished game and malformed logs', () => {
    const half = { ...claim.gameData, events: game.events.slice(0, 2) };
    expect(verifyDeductionResult({ ...claim, gameData: half }, 'verify-1', { settings: game.settings, seats: game.seats })).toMatchObject({
      reason: 'GAME_NOT_OVER',
    });
    for (const bad of [
      null,
      'nope',
      { v: 2 },
      { ...claim.gameData, extra: 1 },
      { ...claim.gameData, events: [{ type: 'guess', seat: 0, guess: [1], ms: -1 }] },
    ]) {
      expect(parseDeductionLog(bad).ok).toBe(false);
    }
  });
});

describe('views and bots', () => {
  it("shows a device only its own seats' counts, and the answers only at the end", () => {
    const g = new DeductionGame('view-1', preset('BEGINNER'), [HUMAN, easy]);
    while (g.turn < 4) g.apply({ type: 'guess', seat: g.activeSeat!, guess: [g.turn, g.turn + 5, g.turn + 10] });
    const view = deductionView(g, [0]);
    expect(view.mine.map((m) => m.seat)).toEqual([0]);
    expect(view.outcome).toBeNull();
    for (const h of view.history) {
      if (h.seat === 0) expect(h.correct).not.toBeNull();
      else expect(h.correct === null || h.correct === 0).toBe(true);
    }
    expect(JSON.stringify(view)).not.toContain('"answers"');
  });

  it('checks what a bot answers', () => {
    const state = { answerCount: 3, keywords: Array.from({ length: 30 }, (_, i) => String(i)) };
    expect(checkBotAnswer([2, 1, 0], state)).toEqual({ ok: true, guess: [0, 1, 2] });
    const faults: Array<[unknown, unknown]> = [
      [null, { code: 'NOT_AN_ARRAY' }],
      ['x', { code: 'NOT_AN_ARRAY' }],
      [[1, 2], { code: 'WRONG_COUNT', params: { answerCount: 3 } }],
      [[1, 1, 2], { code: 'REPEATED_INDEX' }],
      [[1, 2, 30], { code: 'INDEX_OUT_OF_RANGE', params: { max: 29 } }],
      [[1, 2, '3'], { code: 'INDEX_OUT_OF_RANGE', params: { max: 29 } }],
    ];
    for (const [bad, fault] of faults) expect(checkBotAnswer(bad, state)).toEqual({ ok: false, fault });
  });

  it('plays a match in which a faulty bot loses its turns, each with a fault code (never a sentence)', async () => {
    const turns: MatchTurn[] = [];
    const replies: BotReply[] = [{ guess: [1, 2] }, { skip: 'BOT_ERROR', message: 'TypeError: boom' }, { guess: 'x' }];
    let i = 0;
    const game = await playDeductionMatch(
      'bot-faults',
      { ...ladderSettings(), maxRounds: 5 },
      [
        { kind: 'BOT', botId: 'b', name: 'b' },
        { kind: 'AI', level: 'EASY' },
      ],
      async () => {
        const r = replies[i++ % replies.length]!;
        if ('guess' in r && r.guess === 'x') throw new Error('define a function move(state)');
        return r;
      },
      (turn) => void turns.push(turn),
    );
    const skips = turns.filter((t) => t.seat === 0);
    expect(skips.length).toBeGreaterThan(0);
    expect(skips[0]).toEqual({ seat: 0, kind: 'skip', reason: 'BOT_INVALID', fault: { code: 'WRONG_COUNT', params: { answerCount: 5 } } });
    expect(skips).toContainEqual({ seat: 0, kind: 'skip', reason: 'BOT_ERROR', message: 'TypeError: boom' });
    expect(skips).toContainEqual({ seat: 0, kind: 'skip', reason: 'BOT_ERROR', fault: { code: 'NO_MOVE_FUNCTION' } });
    expect(game.seatStates[0]!.skips).toBe(skips.length);
  });
});
