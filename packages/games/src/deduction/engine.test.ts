import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { aiGuess, aiMove } from './ai.ts';
import { dealDeduction } from './deal.ts';
import { DeductionGame, DeductionMoveError, replayDeduction, revealLimits } from './engine.ts';
import {
  checkDeductionSetup,
  DEDUCTION_CUSTOM_LIMITS,
  isRankedSetup,
  presetSettings,
  type DeductionSettings,
  type SeatSpec,
} from './settings.ts';
import { easy, hard, HUMAN, medium, playAsHard, preset } from './test-helpers.ts';
import { DEDUCTION_THEMES, DEDUCTION_WORDS, themeWords } from './words.ts';

const setupArb = fc
  .record({
    poolSize: fc.integer({ min: 20, max: 100 }),
    answerCount: fc.integer({ min: 2, max: 15 }),
    hintCount: fc.integer({ min: 2, max: 20 }),
    players: fc.integer({ min: 2, max: 6 }),
    theme: fc.constantFrom(...DEDUCTION_THEMES, 'MIXED' as const),
    seed: fc.string({ minLength: 1, maxLength: 12 }),
  })
  .filter((s) => s.answerCount * 2 <= s.poolSize && s.poolSize - s.answerCount >= s.hintCount * s.players);

function custom(s: { poolSize: number; answerCount: number; hintCount: number; theme: DeductionSettings['theme'] }): DeductionSettings {
  return {
    preset: 'CUSTOM',
    theme: s.theme,
    globalHint: true,
    poolSize: s.poolSize,
    answerCount: s.answerCount,
    hintCount: s.hintCount,
    turnSeconds: 60,
    maxRounds: 10,
  };
}

describe('word lists', () => {
  it('has at least 100 distinct Korean keywords with English glosses per theme', () => {
    for (const t of DEDUCTION_THEMES) {
      const words = DEDUCTION_WORDS[t];
      expect(words.length).toBeGreaterThanOrEqual(100);
      expect(new Set(words.map((w) => w.ko)).size).toBe(words.length);
      for (const w of words) expect(w.ko.length > 0 && w.en.length > 0).toBe(true);
    }
    const mixed = themeWords('MIXED');
    expect(new Set(mixed.map((w) => w.ko)).size).toBe(mixed.length);
  });
});

describe('setup', () => {
  it('accepts the presets and refuses settings outside the custom bounds', () => {
    expect(checkDeductionSetup(presetSettings('ADVANCED'), [HUMAN, hard])).toEqual({ ok: true });
    const s = { ...presetSettings('BEGINNER'), preset: 'CUSTOM' as const };
    for (const [key, [min, max]] of Object.entries(DEDUCTION_CUSTOM_LIMITS)) {
      expect(checkDeductionSetup({ ...s, [key]: min - 1 }, [HUMAN, easy]).ok).toBe(false);
      expect(checkDeductionSetup({ ...s, [key]: max + 1 }, [HUMAN, easy]).ok).toBe(false);
    }
    expect(checkDeductionSetup({ ...s, maxRounds: null }, [HUMAN, easy])).toEqual({ ok: true });
    // a preset's figures are fixed
    expect(checkDeductionSetup({ ...presetSettings('BEGINNER'), turnSeconds: 30 }, [HUMAN, easy])).toEqual({
      ok: false,
      field: 'settings.turnSeconds',
      reason: 'PRESET_VALUE',
      params: { value: 90 },
    });
    expect(checkDeductionSetup({ ...s, poolSize: 20, answerCount: 11 }, [HUMAN, easy])).toEqual({
      ok: false,
      field: 'settings.answerCount',
      reason: 'TOO_MANY_ANSWERS',
    });
    expect(checkDeductionSetup({ ...s, answerCount: 1 }, [HUMAN, easy])).toEqual({
      ok: false,
      field: 'settings.answerCount',
      reason: 'OUT_OF_RANGE',
      params: { min: 2, max: 15 },
    });
    expect(checkDeductionSetup(presetSettings('BEGINNER'), [HUMAN])).toEqual({
      ok: false,
      field: 'seats',
      reason: 'SEAT_COUNT',
      params: { min: 2, max: 6 },
    });
    expect(
      checkDeductionSetup(
        presetSettings('BEGINNER'),
        Array.from({ length: 7 }, () => HUMAN),
      ),
    ).toMatchObject({ ok: false });
    // hints must fit: 6 seats × 20 hints do not fit a pool of 100
    expect(
      checkDeductionSetup(
        { ...s, poolSize: 100, hintCount: 20 },
        Array.from({ length: 6 }, () => easy),
      ),
    ).toEqual({ ok: false, field: 'settings.hintCount', reason: 'POOL_TOO_SMALL' });
  });

  it('ranks only presets with the global hint, one person and built-in AIs', () => {
    expect(isRankedSetup(presetSettings('BEGINNER'), [HUMAN, easy, hard])).toBe(true);
    expect(isRankedSetup({ ...presetSettings('BEGINNER'), globalHint: false }, [HUMAN, easy])).toBe(false);
    expect(isRankedSetup(presetSettings('BEGINNER'), [HUMAN, HUMAN])).toBe(false);
    expect(isRankedSetup(presetSettings('BEGINNER'), [HUMAN, { kind: 'BOT', botId: 'b', name: 'b' }])).toBe(false);
    expect(isRankedSetup({ ...presetSettings('BEGINNER'), preset: 'CUSTOM' }, [HUMAN, easy])).toBe(false);
  });
});

describe('deal', () => {
  it('is deterministic, with disjoint private hints that are never answers', () => {
    fc.assert(
      fc.property(setupArb, (s) => {
        const settings = custom(s);
        const a = dealDeduction(s.seed, settings, s.players);
        expect(dealDeduction(s.seed, settings, s.players)).toEqual(a);
        expect(a.keywords).toHaveLength(s.poolSize);
        expect(new Set(a.keywords.map((k) => k.ko)).size).toBe(s.poolSize);
        expect(new Set(a.answers).size).toBe(s.answerCount);
        const seen = new Set<number>(a.answers);
        for (const hints of a.hints) {
          expect(hints).toHaveLength(s.hintCount);
          for (const h of hints) {
            expect(seen.has(h)).toBe(false); // not an answer, not another seat's hint
            seen.add(h);
          }
        }
        expect(a.firstSeat).toBeGreaterThanOrEqual(0);
        expect(a.firstSeat).toBeLessThan(s.players);
      }),
      { numRuns: 150 },
    );
  });

  it('gives another game on another seed', () => {
    const s = preset('INTERMEDIATE');
    expect(dealDeduction('a', s, 2).answers).not.toEqual(dealDeduction('b', s, 2).answers);
  });
});

describe('turns', () => {
  const settings = preset('BEGINNER');

  it('goes round the seats from the first seat and answers how many were right', () => {
    const game = new DeductionGame('turns-1', settings, [HUMAN, easy, medium]);
    const first = game.deal.firstSeat;
    expect(game.activeSeat).toBe(first);
    const guess = [0, 1, 2];
    const r = game.apply({ type: 'guess', seat: first, guess });
    expect(r.correct).toBe(guess.filter((i) => game.deal.answers.includes(i)).length);
    expect(game.activeSeat).toBe((first + 1) % 3);
    expect(() => game.apply({ type: 'guess', seat: first, guess })).toThrow(DeductionMoveError);
  });

  it('refuses malformed guesses with a reason code', () => {
    const game = new DeductionGame('turns-2', settings, [HUMAN, easy]);
    const seat = game.activeSeat!;
    const cases: Array<[number[], string]> = [
      [[0, 1], 'GUESS_SIZE'],
      [[0, 1, 1], 'REPEATED_KEYWORD'],
      [[0, 1, 30], 'KEYWORD_NOT_IN_POOL'],
      [[0, 1, -1], 'KEYWORD_NOT_IN_POOL'],
      [[0, 1, 2.5], 'KEYWORD_NOT_IN_POOL'],
      [[0, 1, 2, 3], 'GUESS_SIZE'],
    ];
    for (const [guess, code] of cases) {
      const err = (() => {
        try {
          game.apply({ type: 'guess', seat, guess });
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(DeductionMoveError);
      expect(err).toMatchObject({ code, message: code, params: { answerCount: 3, poolSize: 30 } });
    }
    expect(game.turn).toBe(0);
  });

  it('marks a guess with no answer wrong for everyone, and keeps counts private otherwise', () => {
    const game = new DeductionGame('turns-3', settings, [HUMAN, easy]);
    const wrong = Array.from({ length: 30 }, (_, i) => i)
      .filter((i) => !game.deal.answers.includes(i))
      .slice(0, 3);
    const seat = game.activeSeat!;
    const r = game.apply({ type: 'guess', seat, guess: wrong });
    expect(r).toMatchObject({ correct: 0, revealed: wrong });
    expect(game.globalWrong).toEqual(wrong);
    for (const i of wrong) expect(game.knownWrong((seat + 1) % 2)[i]).toBe(1);
    const off = new DeductionGame('turns-3', { ...settings, globalHint: false }, [HUMAN, easy]);
    off.apply({ type: 'guess', seat, guess: wrong });
    expect(off.globalWrong).toEqual([]);
    expect(wrong.some((i) => off.knownWrong((seat + 1) % 2)[i] === 0)).toBe(true);
  });

  it('plays a time-out as a random guess that avoids what the player knows is wrong', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), (seed) => {
        const game = new DeductionGame(seed, settings, [HUMAN, easy]);
        // a few turns first, so there are global wrong keywords to avoid
        for (let t = 0; t < 3 && !game.outcome; t++)
          game.apply({
            type: 'guess',
            seat: game.activeSeat!,
            guess: aiGuess('EASY', game.knowledge(game.activeSeat!), new Rng(seed + t)),
          });
        if (game.outcome) return;
        const seat = game.activeSeat!;
        const wrong = game.knownWrong(seat);
        const t = game.timeoutGuess();
        expect(t).toHaveLength(settings.answerCount);
        for (const i of t) expect(wrong[i]).toBe(0);
        expect(game.timeoutGuess()).toEqual(t); // the same turn always times out the same way
        const other = Array.from({ length: 30 }, (_, i) => i)
          .filter((i) => !t.includes(i) && !wrong[i])
          .slice(0, 3);
        expect(() => game.apply({ type: 'guess', seat, guess: other, timeout: true })).toThrow('NOT_TIMEOUT_GUESS');
        game.apply({ type: 'guess', seat, guess: t, timeout: true });
        expect(game.seatStates[seat]!.guesses.at(-1)!.timeout).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('sells reveals only during the own turn, within the limits, never the same keyword twice', () => {
    const game = new DeductionGame('reveals', settings, [HUMAN, easy]);
    const seat = game.activeSeat!;
    expect(() => game.apply({ type: 'reveal', seat: (seat + 1) % 2, kind: 'ANSWER' })).toThrow('NOT_YOUR_TURN');
    const shown = new Set<number>();
    for (let i = 0; i < revealLimits(settings).ANSWER; i++) {
      const r = game.apply({ type: 'reveal', seat, kind: 'ANSWER' });
      expect(game.deal.answers).toContain(r.keyword);
      expect(shown.has(r.keyword!)).toBe(false);
      shown.add(r.keyword!);
    }
    expect(() => game.apply({ type: 'reveal', seat, kind: 'ANSWER' })).toThrow('NO_REVEALS_LEFT');
    const w = game.apply({ type: 'reveal', seat, kind: 'WRONG' });
    expect(game.deal.answers).not.toContain(w.keyword);
    expect(game.deal.hints[seat]).not.toContain(w.keyword);
    expect(game.activeSeat).toBe(seat); // a reveal does not end the turn
  });

  it('lets only a bot lose its turn', () => {
    const bot: SeatSpec = { kind: 'BOT', botId: 'b1', name: '봇' };
    const game = new DeductionGame('skips', settings, [HUMAN, bot]);
    if (game.activeSeat === 0) game.apply({ type: 'guess', seat: 0, guess: [0, 1, 2] });
    expect(game.activeSeat).toBe(1);
    game.apply({ type: 'skip', seat: 1, reason: 'BOT_TIMEOUT' });
    expect(game.activeSeat).toBe(0);
    expect(() => game.apply({ type: 'skip', seat: 0, reason: 'BOT_TIMEOUT' })).toThrow('SKIP_NOT_BOT');
  });

  it('ends at the first exact guess', () => {
    const game = new DeductionGame('solve', settings, [HUMAN, easy]);
    const seat = game.activeSeat!;
    const r = game.apply({ type: 'guess', seat, guess: game.deal.answers });
    expect(r).toMatchObject({ correct: 3, over: true });
    expect(game.outcome).toMatchObject({ reason: 'SOLVED', winners: [seat] });
    expect(game.standing(seat)).toBe('WON');
    expect(game.standing((seat + 1) % 2)).toBe('LOST');
    expect(() => game.apply({ type: 'guess', seat: (seat + 1) % 2, guess: [0, 1, 2] })).toThrow('GAME_OVER');
  });
});

describe('the round cap', () => {
  const settings: DeductionSettings = { ...preset('BEGINNER'), preset: 'CUSTOM', maxRounds: 5 };

  it('gives the win to the seat with the fewest consistent answer sets, a tie being a draw', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), fc.boolean(), (seed, mirror) => {
        // Both seats play the same non-winning guesses, so their knowledge differs only by hints.
        const game = new DeductionGame(seed, settings, [HUMAN, { kind: 'HUMAN', name: '둘' }]);
        const rng = new Rng(seed);
        let guesses: number[][] = [];
        while (!game.outcome) {
          const seat = game.activeSeat!;
          let g: number[];
          do
            g = rng
              .shuffle(Array.from({ length: 30 }, (_, i) => i))
              .slice(0, 3)
              .sort((a, b) => a - b);
          while (g.join() === game.deal.answers.join());
          if (mirror && guesses.length % 2 === 1) g = guesses[guesses.length - 1]!;
          guesses = [...guesses, g];
          game.apply({ type: 'guess', seat, guess: g });
        }
        expect(game.turn).toBe(10);
        expect(game.outcome!.reason).toBe('CAP');
        const counts = game.outcome!.candidateCounts!;
        expect(counts).toEqual([game.model(0).total, game.model(1).total]);
        const min = Math.min(...counts);
        expect(game.outcome!.winners).toEqual([0, 1].filter((s) => counts[s] === min));
        expect(game.standing(0)).toBe(counts[0] === min ? (counts[1] === min ? 'DRAW' : 'WON') : 'LOST');
      }),
      { numRuns: 40 },
    );
  });
});

describe('built-in AIs', () => {
  it('EASY avoids known wrong keywords; MEDIUM plays a consistent set', () => {
    const game = playAsHard('ai-consistency', preset('INTERMEDIATE'), [HUMAN, easy]);
    expect(game.outcome).not.toBeNull();
    const probe = new DeductionGame('ai-probe', preset('INTERMEDIATE'), [easy, medium]);
    for (let t = 0; t < 12 && !probe.outcome; t++) {
      const seat = probe.activeSeat!;
      const kn = probe.knowledge(seat);
      const guess = aiMove(probe);
      if (seat === 0) for (const i of guess) expect(kn.wrong[i]).toBe(0);
      else expect(probe.model(seat).isConsistent(guess)).toBe(true);
      probe.apply({ type: 'guess', seat, guess });
    }
  });

  it('never looks at what it cannot know: the same knowledge gives the same move whatever the answers', () => {
    const a = new DeductionGame('same-1', preset('BEGINNER'), [hard, easy]);
    const kn = a.knowledge(0);
    const other = { ...kn, wrong: kn.wrong.slice(), answer: kn.answer.slice() };
    expect(aiGuess('HARD', kn, new Rng('x'))).toEqual(aiGuess('HARD', other, new Rng('x')));
  });

  it('HARD beats EASY in most seeded games', () => {
    let hardWins = 0;
    const games = 8;
    for (let g = 0; g < games; g++) {
      const game = new DeductionGame(`hard-vs-easy-${g}`, preset('BEGINNER'), g % 2 ? [hard, easy] : [easy, hard]);
      while (!game.outcome) game.apply({ type: 'guess', seat: game.activeSeat!, guess: aiMove(game) });
      if (game.standing(g % 2 ? 0 : 1) === 'WON') hardWins++;
    }
    expect(hardWins).toBeGreaterThanOrEqual(6);
  });

  it('replays to the same game from its events', () => {
    const game = playAsHard('replay', preset('BEGINNER'), [HUMAN, medium, hard], { msPerTurn: 1500 });
    const again = replayDeduction('replay', game.settings, game.seats, game.events);
    expect(again.outcome).toEqual(game.outcome);
    expect(again.seatStates).toEqual(game.seatStates);
  });
});
