import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { difficultyFactor, LOSS_MAX, opponentFactor, scoreDeduction, WIN_BASE, type ScoreInput } from './score.ts';
import { AI_LEVELS, DEDUCTION_PRESET_IDS, presetSettings, type DeductionSettings, type SeatSpec } from './settings.ts';

const settingsArb: fc.Arbitrary<DeductionSettings> = fc.oneof(
  fc.constantFrom(...DEDUCTION_PRESET_IDS).map((p) => presetSettings(p)),
  fc
    .record({
      poolSize: fc.integer({ min: 20, max: 100 }),
      answerCount: fc.integer({ min: 2, max: 10 }),
      hintCount: fc.integer({ min: 2, max: 8 }),
      turnSeconds: fc.integer({ min: 15, max: 180 }),
      maxRounds: fc.option(fc.integer({ min: 5, max: 50 }), { nil: null }),
    })
    .filter((s) => s.answerCount * 2 <= s.poolSize)
    .map((s) => ({ ...s, preset: 'CUSTOM' as const, theme: 'MIXED' as const, globalHint: true })),
);
const opponentsArb: fc.Arbitrary<SeatSpec[]> = fc.array(
  fc.oneof(
    fc.constantFrom(...AI_LEVELS).map((level): SeatSpec => ({ kind: 'AI', level })),
    fc.constant<SeatSpec>({ kind: 'HUMAN', name: '친구' }),
    fc.constant<SeatSpec>({ kind: 'BOT', botId: 'b', name: '봇' }),
  ),
  { minLength: 1, maxLength: 5 },
);
const inputArb: fc.Arbitrary<ScoreInput> = fc.record({
  standing: fc.constantFrom('WON' as const, 'DRAW' as const, 'LOST' as const),
  guesses: fc.integer({ min: 1, max: 60 }),
  seconds: fc.integer({ min: 0, max: 20_000 }),
  settings: settingsArb,
  opponents: opponentsArb,
  answerReveals: fc.integer({ min: 0, max: 14 }),
  wrongReveals: fc.integer({ min: 0, max: 20 }),
  progress: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('deduction score', () => {
  it('never rises with more guesses or more time (wins)', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 500 }), (i, dg, ds) => {
        const won = { ...i, standing: 'WON' as const };
        const base = scoreDeduction(won).score;
        expect(scoreDeduction({ ...won, guesses: won.guesses + dg }).score).toBeLessThanOrEqual(base);
        expect(scoreDeduction({ ...won, seconds: won.seconds + ds }).score).toBeLessThanOrEqual(base);
        expect(scoreDeduction({ ...won, answerReveals: won.answerReveals + 1 }).score).toBeLessThanOrEqual(base);
      }),
      { numRuns: 500 },
    );
  });

  it('pays every loss and draw less than the smallest win', () => {
    fc.assert(
      fc.property(inputArb, inputArb, (a, b) => {
        const win = scoreDeduction({ ...a, standing: 'WON' }).score;
        expect(win).toBeGreaterThanOrEqual(WIN_BASE);
        expect(scoreDeduction({ ...b, standing: 'LOST' }).score).toBeLessThan(win);
        expect(scoreDeduction({ ...b, standing: 'DRAW' }).score).toBeLessThan(win);
        expect(scoreDeduction({ ...b, standing: 'LOST' }).score).toBeLessThanOrEqual(LOSS_MAX);
      }),
      { numRuns: 500 },
    );
  });

  it('rewards a quick win, stronger opponents and harder presets', () => {
    const s = presetSettings('INTERMEDIATE');
    const input: ScoreInput = {
      standing: 'WON',
      guesses: 3,
      seconds: 60,
      settings: s,
      opponents: [{ kind: 'AI', level: 'EASY' }],
      answerReveals: 0,
      wrongReveals: 0,
      progress: 1,
    };
    const easyWin = scoreDeduction(input).score;
    expect(scoreDeduction({ ...input, opponents: [{ kind: 'AI', level: 'HARD' }] }).score).toBeGreaterThan(easyWin);
    expect(scoreDeduction({ ...input, settings: presetSettings('ADVANCED') }).score).toBeGreaterThan(easyWin);
    expect(scoreDeduction({ ...input, guesses: 10 }).score).toBeLessThan(easyWin);
    expect(difficultyFactor(presetSettings('BEGINNER'))).toBeLessThan(difficultyFactor(presetSettings('ADVANCED')));
    expect(
      opponentFactor([
        { kind: 'AI', level: 'HARD' },
        { kind: 'AI', level: 'EASY' },
      ]),
    ).toBe(160);
  });
});
