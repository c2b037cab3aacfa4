import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chacha20Block, SeededCsprng } from './chacha20.ts';
import { chiSquareTest, gammaQ } from './chi-square.ts';
import { checkDrawInput, drawWinners, DrawInputError, heatsOf, statedChances, type DrawEntry } from './fair-draw.ts';
import { sha256, toHex, utf8Bytes } from './sha256.ts';

const names = (n: number): DrawEntry[] => Array.from({ length: n }, (_, i) => ({ name: `참가자${i + 1}` }));

describe('seeded cryptographic source', () => {
  it('SHA-256 matches the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8Bytes('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8Bytes('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(utf8Bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(sha256(utf8Bytes('모임')))).toBe(toHex(sha256(Uint8Array.from([0xeb, 0xaa, 0xa8, 0xec, 0x9e, 0x84]))));
  });

  it('ChaCha20 matches the RFC 8439 §2.3.2 block', () => {
    const key = Uint32Array.from({ length: 8 }, (_, i) => (((4 * i + 3) << 24) | ((4 * i + 2) << 16) | ((4 * i + 1) << 8) | (4 * i)) >>> 0);
    const block = chacha20Block(key, 1, Uint32Array.of(0x09000000, 0x4a000000, 0));
    expect(Array.from(block, (w) => w.toString(16).padStart(8, '0'))).toEqual(
      'e4e7f110 15593bd1 1fdd0f50 c47120a3 c7f4d1c7 0368c033 9aaa2204 4e6cd4c3 466482d2 09aa9f07 05d7c214 a2028bd9 d19c12b5 b94e16de e883d0cb 4e3c50a2'.split(
        ' ',
      ),
    );
  });

  it('is reproducible from its seed, separate per purpose, and exact in its ranges', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const a = new SeededCsprng(seed);
        const b = new SeededCsprng(seed);
        const c = new SeededCsprng(seed, 'check');
        const xs = Array.from({ length: 20 }, () => a.nextInt(n));
        expect(Array.from({ length: 20 }, () => b.nextInt(n))).toEqual(xs);
        for (const x of xs) expect(x >= 0 && x < n).toBe(true);
        if (n > 100) expect(Array.from({ length: 20 }, () => c.nextInt(n))).not.toEqual(xs);
      }),
    );
  });
});

describe('drawWinners', () => {
  it('picks the asked number, in range, distinct unless repeats are allowed, the same for the same seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        fc.string({ minLength: 1, maxLength: 64 }),
        (n, k, repeat, seed) => {
          const count = repeat ? k : Math.min(k, n);
          const input = { seed, entries: names(n), count, allowRepeat: repeat };
          const picks = drawWinners(input);
          expect(picks).toHaveLength(count);
          for (const p of picks) expect(p >= 0 && p < n).toBe(true);
          if (!repeat) expect(new Set(picks).size).toBe(count);
          expect(drawWinners({ ...input, entries: [...input.entries] })).toEqual(picks);
        },
      ),
    );
  });

  it('refuses what it cannot draw fairly', () => {
    const bad = (patch: object) => () => checkDrawInput({ seed: 's', entries: names(3), count: 1, allowRepeat: false, ...patch });
    expect(bad({ entries: [] })).toThrow(DrawInputError);
    expect(bad({ entries: names(101) })).toThrow(/TOO_MANY/);
    expect(bad({ count: 4 })).toThrow(/COUNT/);
    expect(bad({ count: 4, allowRepeat: true })).not.toThrow();
    expect(bad({ count: 11, allowRepeat: true })).toThrow(/COUNT/);
    expect(bad({ entries: [{ name: 'a', weight: 0 }] })).toThrow(/WEIGHT/);
    expect(bad({ entries: [{ name: 'a', weight: 1.5 }] })).toThrow(/WEIGHT/);
    expect(bad({ seed: '' })).toThrow(/SEED/);
  });

  it('gives every participant the same chance at every pick (chi-square over 30,000 fixed seeds)', () => {
    const n = 30;
    const runs = 30_000;
    const byPick = [0, 1, 2].map(() => new Array<number>(n).fill(0));
    for (let s = 0; s < runs; s++) {
      const picks = drawWinners({ seed: `fair-${s}`, entries: names(n), count: 3, allowRepeat: false });
      picks.forEach((p, k) => byPick[k]![p]!++);
    }
    for (const counts of byPick) expect(chiSquareTest(counts, new Array<number>(n).fill(runs / n)).pValue).toBeGreaterThan(0.001 / 3);
  });

  it('follows the weights (chi-square)', () => {
    const entries = [1, 2, 3, 4, 10].map((weight, i) => ({ name: `w${i}`, weight }));
    const runs = 20_000;
    const counts = new Array<number>(5).fill(0);
    for (let s = 0; s < runs; s++) counts[drawWinners({ seed: `weighted-${s}`, entries, count: 1, allowRepeat: false })[0]!]!++;
    const expected = [1, 2, 3, 4, 10].map((w) => (w / 20) * runs);
    expect(chiSquareTest(counts, expected).pValue).toBeGreaterThan(0.001);
  });

  it('is not fooled: the same test rejects a draw that favours the first name slightly', () => {
    const n = 30;
    const runs = 30_000;
    const counts = new Array<number>(n).fill(0);
    for (let s = 0; s < runs; s++) {
      const [p] = drawWinners({ seed: `fair-${s}`, entries: names(n), count: 1, allowRepeat: false });
      counts[s % 40 === 0 ? 0 : p!]!++; // 2.5 % of draws moved to the first name
    }
    expect(chiSquareTest(counts, new Array<number>(n).fill(runs / n)).pValue).toBeLessThan(0.001);
  });
});

describe('chances and heats', () => {
  it('states exact chances where they exist and a close estimate otherwise', () => {
    expect(statedChances(names(30), 3, false)).toMatchObject({ exact: true, anyPick: new Array(30).fill(0.1) });
    const withRepeat = statedChances(names(4), 2, true);
    expect(withRepeat.exact).toBe(true);
    expect(withRepeat.anyPick[0]).toBeCloseTo(1 - 0.75 ** 2);
    const entries = [1, 1, 2, 6].map((weight, i) => ({ name: `w${i}`, weight }));
    const stated = statedChances(entries, 2, false);
    expect(stated.exact).toBe(false);
    expect(stated.firstPick).toEqual([0.1, 0.1, 0.2, 0.6]);
    const runs = 8000;
    const hits = new Array<number>(4).fill(0);
    for (let s = 0; s < runs; s++) for (const p of drawWinners({ seed: `est-${s}`, entries, count: 2, allowRepeat: false })) hits[p]!++;
    hits.forEach((h, i) => expect(Math.abs(h / runs - stated.anyPick[i]!)).toBeLessThan(0.03));
  });

  it('splits repeated picks into heats in which nobody appears twice', () => {
    expect(heatsOf([3, 1, 4])).toEqual([[3, 1, 4]]);
    expect(heatsOf([3, 1, 3, 3, 2])).toEqual([[3, 1], [3], [3, 2]]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 10 }), (picks) => {
        const heats = heatsOf(picks);
        expect(heats.flat()).toEqual(picks);
        for (const h of heats) expect(new Set(h).size).toBe(h.length);
      }),
    );
  });

  it('computes chi-square p-values', () => {
    expect(gammaQ(1, 2)).toBeCloseTo(Math.exp(-2), 10); // df 2: p = e^(−x/2)
    expect(chiSquareTest([10, 10], [10, 10]).pValue).toBeCloseTo(1, 10);
    expect(chiSquareTest([50, 50, 50, 50, 90], [58, 58, 58, 58, 58]).pValue).toBeLessThan(0.01);
    // critical value of chi-square with 29 df at 0.001 is 58.30
    expect(gammaQ(29 / 2, 58.3 / 2)).toBeCloseTo(0.001, 4);
  });
});
