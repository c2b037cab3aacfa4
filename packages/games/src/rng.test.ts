import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashSeed, mulberry32Advance, mulberry32Output, Rng } from './rng.ts';
import { GAME_TYPE_CODES, GAME_TYPES, isGameTypeCode } from './game-types.ts';

describe('rng', () => {
  it('matches the reference mulberry32 output', () => {
    // Reference implementation from the original gist, state seeded with 1.
    function reference(a: number) {
      return () => {
        a |= 0;
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return (t ^ (t >>> 14)) >>> 0;
      };
    }
    const ref = reference(1);
    const rng = new Rng(1);
    for (let i = 0; i < 100; i++) expect(rng.nextUint32()).toBe(ref());
    expect(mulberry32Output(mulberry32Advance(1))).toBe(reference(1)());
  });

  it('is determined by the seed string', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(hashSeed(seed)).toBe(hashSeed(seed));
        const a = new Rng(seed);
        const b = new Rng(seed);
        for (let i = 0; i < 5; i++) expect(a.nextUint32()).toBe(b.nextUint32());
      }),
      { numRuns: 50 },
    );
    expect(hashSeed('a')).not.toBe(hashSeed('b'));
    expect(hashSeed('')).not.toBe(hashSeed('\u0000'));
  });

  it('gives integers in range, roughly uniform', () => {
    const rng = new Rng('uniform');
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) {
      counts[rng.nextInt(7)]!++;
    }
    expect(counts).toHaveLength(7); // nothing fell outside 0..6
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('shuffles into a permutation', () => {
    const rng = new Rng('shuffle');
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = rng.clone().shuffle(items.slice());
    expect(shuffled.slice().sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    expect(rng.shuffle(items.slice())).toEqual(shuffled);
  });
});

describe('game types', () => {
  it('lists TETRIS and DEDUCTION with the SPEC result fields', () => {
    expect(GAME_TYPE_CODES).toEqual(['TETRIS', 'DEDUCTION']);
    expect(GAME_TYPES.TETRIS.resultFields).toEqual(['score', 'level', 'linesCleared', 'timeElapsedSeconds', 'maxCombo', 'gameData']);
    expect(GAME_TYPES.DEDUCTION.resultFields).toContain('opponentDifficulty');
    for (const code of GAME_TYPE_CODES) expect(GAME_TYPES[code].code).toBe(code);
    expect(isGameTypeCode('TETRIS')).toBe(true);
    expect(isGameTypeCode('toString')).toBe(false);
  });
});
