import { describe, expect, it } from 'vitest';
import { checkDeductionResult, type DeductionClaim } from './deduction-bounds.ts';

const base: DeductionClaim = {
  score: 1200,
  won: true,
  difficulty: 'NORMAL',
  guessesCount: 4,
  hintsUsed: 2,
  wrongAnswerHintsUsed: 1,
  correctAnswerHintsUsed: 1,
  timeElapsedSeconds: 95,
  playersCount: 1,
  opponentType: null,
  opponentDifficulty: null,
  opponentId: null,
  gameData: { guesses: ['a', 'b'] },
};

describe('checkDeductionResult', () => {
  it('accepts a plausible solo win and a game against an AI', () => {
    expect(checkDeductionResult(base)).toEqual({ ok: true });
    expect(checkDeductionResult({ ...base, opponentType: 'AI', opponentDifficulty: 'HARD', playersCount: 2 })).toEqual({ ok: true });
  });

  it.each<[Partial<DeductionClaim>, string]>([
    [{ score: -1 }, 'score'],
    [{ score: 100_001 }, 'score'],
    [{ score: 1.5 }, 'score'],
    [{ difficulty: 'IMPOSSIBLE' }, 'difficulty'],
    [{ wrongAnswerHintsUsed: 2, correctAnswerHintsUsed: 1 }, 'hintsUsed'],
    [{ guessesCount: 0 }, 'guessesCount'],
    [{ won: false, guessesCount: 0, score: 10 }, 'score'],
    [{ playersCount: 0 }, 'playersCount'],
    [{ playersCount: 3 }, 'playersCount'],
    [{ opponentType: 'AI', playersCount: 1 }, 'playersCount'],
    [{ opponentType: 'ROBOT' }, 'opponentType'],
    [{ opponentDifficulty: 'X' }, 'opponentDifficulty'],
    [{ gameData: 'x'.repeat(70_000) }, 'gameData'],
  ])('refuses %o (field %s)', (patch, field) => {
    const r = checkDeductionResult({ ...base, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.field).toBe(field);
  });

  it('refuses a time longer than the session lasted', () => {
    const r = checkDeductionResult(base, { maxElapsedSeconds: 60 });
    expect(r).toMatchObject({ ok: false, field: 'timeElapsedSeconds' });
  });
});
