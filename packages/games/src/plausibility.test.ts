import { describe, expect, it } from 'vitest';
import { deductionResult } from './deduction/result.ts';
import { easy, hard, HUMAN, medium, playAsHard, preset } from './deduction/test-helpers.ts';
import { checkDeductionPlausibility, checkTetrisPlausibility, claimsReplayLog, maxTetrisScore } from './plausibility.ts';
import { playTetrisBot } from './tetris-bot.ts';

const tetris = (o: Partial<Record<'score' | 'level' | 'linesCleared' | 'timeElapsedSeconds' | 'maxCombo', number>> = {}) => ({
  score: 1200,
  level: 1,
  linesCleared: 8,
  timeElapsedSeconds: 120,
  maxCombo: 2,
  ...o,
});

describe('claimsReplayLog', () => {
  it('tells moim logs (object or JSON text with a version) from anything else', () => {
    expect(claimsReplayLog({ v: 1, seed: 's', ticks: 0, inputs: [] })).toBe(true);
    expect(claimsReplayLog('{"v":1,"seed":"s"}')).toBe(true);
    expect(claimsReplayLog({ v: 2 })).toBe(true); // a log of another version is still refused by the replay
    expect(claimsReplayLog(undefined)).toBe(false);
    expect(claimsReplayLog('my-client:abc')).toBe(false);
    expect(claimsReplayLog({ moves: [1, 2, 3] })).toBe(false);
    expect(claimsReplayLog('{not json')).toBe(false);
    expect(claimsReplayLog([1, 2])).toBe(false);
  });
});

describe('checkTetrisPlausibility', () => {
  it('accepts every game played at human speed (bot games from 5 to 1 pieces a second, several start levels)', () => {
    const games = [
      { seed: 'p1', thinkTicks: [6, 12] as const, maxActiveTicks: 6000 },
      { seed: 'p2', thinkTicks: [8, 10] as const, maxActiveTicks: 6000, startLevel: 5 },
      { seed: 'p3', thinkTicks: [40, 110] as const, maxActiveTicks: 6000 },
      { seed: 'p4', thinkTicks: [2, 6] as const, maxActiveTicks: 6000, startLevel: 12, softDropShare: 1 },
    ];
    for (const g of games) {
      const { summary } = playTetrisBot(g.seed, g);
      const verdict = checkTetrisPlausibility(summary, g.startLevel ?? 1);
      expect(verdict, `${g.seed}: ${JSON.stringify(summary)}`).toEqual({ ok: true });
      expect(summary.score).toBeLessThanOrEqual(
        maxTetrisScore(summary.level, summary.linesCleared, summary.maxCombo, summary.timeElapsedSeconds),
      );
    }
  });

  it('refuses a machine placing pieces faster than 10 a second (such a client must send the replay log)', () => {
    const { summary } = playTetrisBot('fast', { thinkTicks: [0, 1], maxActiveTicks: 6000 });
    expect(checkTetrisPlausibility(summary).ok).toBe(false);
  });

  it('accepts a plausible claim from another client', () => {
    expect(checkTetrisPlausibility(tetris())).toEqual({ ok: true });
    expect(checkTetrisPlausibility(tetris({ level: 2, linesCleared: 12 }))).toEqual({ ok: true });
    // a client that does not raise the level
    expect(checkTetrisPlausibility(tetris({ level: 1, linesCleared: 40, timeElapsedSeconds: 600, score: 20_000 }))).toEqual({ ok: true });
  });

  it('refuses a score not reachable with the claimed lines, level and time', () => {
    expect(checkTetrisPlausibility(tetris({ score: 99_999_999 }))).toMatchObject({ ok: false, field: 'score' });
    expect(checkTetrisPlausibility(tetris({ score: 10_000, linesCleared: 0, maxCombo: 0, timeElapsedSeconds: 1 }))).toMatchObject({
      ok: false,
      field: 'score',
    });
  });

  it('refuses a level the lines do not reach, or below the start level', () => {
    expect(checkTetrisPlausibility(tetris({ level: 9, linesCleared: 8 }))).toMatchObject({ ok: false, field: 'level' });
    expect(checkTetrisPlausibility(tetris({ level: 1 }), 5)).toMatchObject({ ok: false, field: 'level' });
    expect(checkTetrisPlausibility(tetris({ level: 5, linesCleared: 8 }), 5)).toEqual({ ok: true });
  });

  it('refuses lines that need more pieces than the time allows, a combo above the lines, an over-long game', () => {
    expect(checkTetrisPlausibility(tetris({ linesCleared: 400, level: 1, timeElapsedSeconds: 30 }))).toMatchObject({
      ok: false,
      field: 'linesCleared',
    });
    expect(checkTetrisPlausibility(tetris({ maxCombo: 8, linesCleared: 8 }))).toMatchObject({ ok: false, field: 'maxCombo' });
    expect(checkTetrisPlausibility(tetris({ timeElapsedSeconds: 7201 }))).toMatchObject({ ok: false, field: 'timeElapsedSeconds' });
    expect(checkTetrisPlausibility({ ...tetris(), score: -1 })).toMatchObject({ ok: false, field: 'score' });
    expect(checkTetrisPlausibility({ ...tetris(), level: 1.5 })).toMatchObject({ ok: false, field: 'level' });
  });
});

describe('checkDeductionPlausibility', () => {
  const claim = (o: Record<string, unknown> = {}) => ({
    score: 1800,
    won: true,
    guessesCount: 4,
    hintsUsed: 0,
    wrongAnswerHintsUsed: 0,
    correctAnswerHintsUsed: 0,
    timeElapsedSeconds: 90,
    playersCount: 2,
    ...o,
  });

  it('accepts the results of games moim plays (wins and losses, every preset, several opponents)', () => {
    const setups = [
      { seed: 'd1', p: 'BEGINNER' as const, seats: [HUMAN, easy] },
      { seed: 'd2', p: 'INTERMEDIATE' as const, seats: [HUMAN, medium] },
      { seed: 'd3', p: 'ADVANCED' as const, seats: [HUMAN, hard, hard] },
      { seed: 'd4', p: 'ADVANCED' as const, seats: [HUMAN, hard, hard, hard] },
    ];
    for (const s of setups) {
      const game = playAsHard(s.seed, preset(s.p), s.seats, { msPerTurn: 1000 });
      const { fields } = deductionResult(game);
      expect(checkDeductionPlausibility(fields), `${s.seed}: ${JSON.stringify(fields)}`).toEqual({ ok: true });
    }
  });

  it('refuses scores outside what the scoring gives', () => {
    expect(checkDeductionPlausibility(claim())).toEqual({ ok: true });
    expect(checkDeductionPlausibility(claim({ score: 999 }))).toMatchObject({ ok: false, field: 'score' });
    expect(checkDeductionPlausibility(claim({ score: 50_000 }))).toMatchObject({ ok: false, field: 'score' });
    expect(checkDeductionPlausibility(claim({ won: false, score: 801 }))).toMatchObject({ ok: false, field: 'score' });
    expect(checkDeductionPlausibility(claim({ won: false, score: 300 }))).toEqual({ ok: true });
    expect(checkDeductionPlausibility(claim({ guessesCount: 0 }))).toMatchObject({ ok: false, field: 'guessesCount' });
    expect(checkDeductionPlausibility(claim({ hintsUsed: 1, correctAnswerHintsUsed: 2 }))).toMatchObject({ ok: false, field: 'hintsUsed' });
    expect(checkDeductionPlausibility(claim({ playersCount: 9 }))).toMatchObject({ ok: false, field: 'playersCount' });
    // reveals lower the ceiling of a win
    expect(checkDeductionPlausibility(claim({ score: 9000, hintsUsed: 5, correctAnswerHintsUsed: 5 }))).toMatchObject({
      ok: false,
      field: 'score',
    });
  });
});
