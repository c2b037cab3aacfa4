import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chacha20Keystream, SeededCsprng } from './chacha20.ts';
import { chiSquareTest, gammaQ } from './chi-square.ts';
import { checkDrawInput, drawWinners, DrawInputError, heatsOf, statedChances, type DrawEntry } from './fair-draw.ts';

const names = (n: number): DrawEntry[] => Array.from({ length: n }, (_, i) => ({ name: `참가자${i + 1}` }));

describe('seeded cryptographic source', () => {
  it("draws from every seed what it drew before (recorded with the lab's first, hand-written implementation)", () => {
    const recorded: Record<string, { draw: number[]; check: number[] }> = {
      a3f1c2d4e5b60718293a4b5c6d7e8f90: {
        draw: [
          4094620672, 1124452580, 2670458562, 3078420134, 2440311659, 3072116954, 30848727, 383419460, 910981742, 2999237541, 2424938941,
          252601125, 2146061204, 1807676484, 3916585406, 552630741, 714544945, 2814740165, 3191490837, 3293535011, 4130912525, 1581810760,
          860943327, 1974780497, 2782770327, 1346041391, 2412431566, 2925728412, 4054585072, 2243800218, 3432409866, 1104603780, 848566849,
          1263064633, 1684959701, 3296713541, 2068393934, 1014693933, 3100430783, 2862983415,
        ],
        check: [
          3358653181, 1745218709, 1488839792, 2249259594, 510567354, 4090492836, 3727413801, 3950383157, 3974729980, 3406999695, 2413425133,
          1726216287, 432817285, 2915784113, 4144718818, 1757465636, 32087816, 599927429, 324149598, 824610940,
        ],
      },
      '모임-추첨-2026': {
        draw: [
          2161931025, 793616159, 743679130, 1631500969, 3152419577, 2289675951, 2967944649, 550291594, 992154983, 4292663036, 1242716393,
          2535320891, 1199488764, 3473386693, 840504904, 1001895192, 2517158653, 2246061938, 3640145087, 4133291826, 1950951754, 2232766503,
          707437297, 1833543025, 2699103942, 3591155470, 4151796390, 3602262758, 3402744814, 27688200, 2354225677, 1067974648, 3686577758,
          2161243670, 1183573303, 1956323105, 898392594, 263009189, 183766059, 2055460562,
        ],
        check: [
          3297398579, 1861614439, 648176916, 518745744, 3320916680, 1158027388, 2459575160, 1992953961, 2624640389, 435295804, 3242321963,
          2622952344, 1105354380, 573618422, 3641568952, 14785959, 3071277648, 3687083769, 2976186902, 16385201,
        ],
      },
      x: {
        draw: [
          2162698838, 1945708948, 3397908608, 2177814014, 1138605575, 1177061179, 328073973, 4027841246, 3655325794, 1228412502, 1841601396,
          3435322234, 3962831688, 747011715, 1412224957, 2334894155, 4159629552, 2100004712, 3350597663, 3608688508, 3732478475, 611128983,
          2380469548, 3135400441, 3295748683, 4189424245, 2127395740, 3332050227, 1832682080, 2850207704, 2795162903, 4163312853,
          1171620647, 633942363, 337742868, 3839157222, 2438612265, 1248282487, 65630619, 3697798642,
        ],
        check: [
          3975866198, 2569766167, 1456767048, 2450634308, 4178260034, 3149910568, 2820758435, 786353138, 1931507732, 4102426554, 3126996614,
          4217744552, 3653249903, 4107393610, 1138964645, 2577110298, 2718946509, 2573602563, 1828228859, 2014936609,
        ],
      },
    };
    for (const [seed, words] of Object.entries(recorded)) {
      const draw = new SeededCsprng(seed);
      const check = new SeededCsprng(seed, 'check');
      expect(
        Array.from({ length: words.draw.length }, () => draw.nextUint32()),
        seed,
      ).toEqual(words.draw);
      expect(
        Array.from({ length: words.check.length }, () => check.nextUint32()),
        seed,
      ).toEqual(words.check);
    }
    const entries = Array.from({ length: 12 }, (_, i) => ({ name: `참가자${i + 1}`, weight: (i % 4) + 1 }));
    expect(drawWinners({ seed: 'a3f1c2d4e5b60718293a4b5c6d7e8f90', entries, count: 5, allowRepeat: false })).toEqual([9, 8, 7, 6, 11]);
    expect(drawWinners({ seed: '모임-추첨-2026', entries, count: 8, allowRepeat: true })).toEqual([6, 11, 4, 7, 7, 9, 3, 2]);
  });

  it('reads past a refill as one stream (words 0–2000 equal the keystream read in one piece)', () => {
    const a = new SeededCsprng('refill');
    const words = Array.from({ length: 2000 }, () => a.nextUint32());
    const b = new SeededCsprng('refill');
    expect(Array.from({ length: 2000 }, () => b.nextUint32())).toEqual(words);
    expect(new Set(words).size).toBeGreaterThan(1990);
  });

  it('ChaCha20 matches the RFC 8439 §2.4.2 keystream (key 00..1f, nonce 00 00 00 00 00 00 00 4a 00 00 00 00, counter 1)', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i);
    const nonce = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0);
    const plain = new TextEncoder().encode(
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
    );
    const stream = chacha20Keystream(key, 1, 2, nonce);
    const cipher = plain.map((b, i) => b ^ stream[i]!);
    expect(Buffer.from(cipher.slice(0, 16)).toString('hex')).toBe('6e2e359a2568f98041ba0728dd0d6981');
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
