import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareTest } from './chi-square.ts';
import { checkTeams, planTeams, shuffleTeams, type ShuffleInput, type ShufflePerson } from './team-shuffle.ts';

const people = (n: number, tag?: (i: number) => Record<string, string>): ShufflePerson[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, ...(tag ? { tags: tag(i) } : {}) }));

const splitArb = fc.record({
  by: fc.constantFrom<'count' | 'size'>('count', 'size'),
  value: fc.integer({ min: 1, max: 12 }),
  allowSingles: fc.boolean(),
});

/** A random input whose together/apart constraints hold in a planted assignment. */
const plantedArb = fc
  .record({
    n: fc.integer({ min: 2, max: 40 }),
    split: splitArb,
    seed: fc.string({ maxLength: 12 }),
    g: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  })
  .map(({ n, split, seed, g }) => {
    const plan = planTeams(n, split);
    // a planted assignment with the plan's sizes: person i → team of position perm(i)
    let x = g || 1;
    const next = (k: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x % k;
    };
    const perm = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = next(i + 1);
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
    const teamOf: number[] = [];
    let pos = 0;
    for (let t = 0; t < plan.count; t++) {
      const size = plan.base + (t < plan.extra ? 1 : 0);
      for (let k = 0; k < size; k++) teamOf[perm[pos++]!] = t;
    }
    const together: string[][] = [];
    const apart: string[][] = [];
    for (let c = 0; c < 4; c++) {
      const a = next(n);
      const mates = Array.from({ length: n }, (_, i) => i).filter((i) => i !== a && teamOf[i] === teamOf[a]);
      if (mates.length) together.push([`p${a}`, `p${mates[next(mates.length)]}`]);
      const others = Array.from({ length: n }, (_, i) => i).filter((i) => teamOf[i] !== teamOf[a]);
      if (others.length) apart.push([`p${a}`, `p${others[next(others.length)]}`]);
    }
    return { people: people(n), split, seed, together, apart } satisfies ShuffleInput;
  });

describe('planTeams', () => {
  it('splits by count or size into sizes that differ by at most one, never a team of one unless asked', () => {
    expect(planTeams(10, { by: 'count', value: 3 })).toMatchObject({ count: 3, base: 3, extra: 1, relaxed: null });
    expect(planTeams(7, { by: 'size', value: 3 })).toMatchObject({ count: 3, base: 2, extra: 1 });
    expect(planTeams(7, { by: 'size', value: 2 })).toMatchObject({ count: 3, relaxed: { kind: 'split', reason: 'singles' } });
    expect(planTeams(7, { by: 'size', value: 2, allowSingles: true })).toMatchObject({ count: 4, relaxed: null });
    expect(planTeams(5, { by: 'count', value: 4 })).toMatchObject({ count: 2, relaxed: { kind: 'split', reason: 'singles', teams: 2 } });
    expect(planTeams(3, { by: 'count', value: 5 })).toMatchObject({ count: 3, relaxed: { kind: 'split', reason: 'fewPeople' } });
    expect(planTeams(4, { by: 'size', value: 1 })).toMatchObject({ count: 4, base: 1, relaxed: null });
  });
});

describe('shuffleTeams', () => {
  it('places everyone once, in teams whose sizes differ by at most one, with no team of one unless asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), splitArb, fc.string(), (n, split, seed) => {
        const r = shuffleTeams({ people: people(n), split, seed });
        const all = r.teams.flat();
        expect(all.sort()).toEqual(
          people(n)
            .map((p) => p.id)
            .sort(),
        );
        const sizes = r.teams.map((t) => t.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        const asked = split.allowSingles || (split.by === 'size' && split.value === 1) || (split.by === 'count' && split.value >= n);
        if (n >= 2 && !asked) expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
      }),
    );
  });

  it('gives the same teams for the same seed and roster', () => {
    fc.assert(
      fc.property(plantedArb, (input) => {
        const withTags = { ...input, people: input.people.map((p, i) => ({ ...p, tags: { lvl: String(i % 3) } })), balanceBy: 'lvl' };
        expect(shuffleTeams(withTags)).toEqual(shuffleTeams(structuredClone(withTags)));
      }),
    );
  });

  it('satisfies every keep-together and keep-apart constraint when they can all hold', () => {
    fc.assert(
      fc.property(plantedArb, (input) => {
        const r = shuffleTeams(input);
        const c = checkTeams(input, r.teams);
        expect(c.brokenTogether).toEqual([]);
        expect([...c.brokenApart.keys()]).toEqual([]);
        expect(r.relaxed.filter((x) => x.kind !== 'split')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('spreads every tag value over the teams to within one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        splitArb,
        fc.array(fc.constantFrom('초급', '중급', '고급', ''), { minLength: 60, maxLength: 60 }),
        fc.string(),
        (n, split, levels, seed) => {
          const input: ShuffleInput = { people: people(n, (i) => ({ level: levels[i]! })), split, balanceBy: 'level', seed };
          const r = shuffleTeams(input);
          for (const spread of checkTeams(input, r.teams).balanceSpread.values()) expect(spread).toBeLessThanOrEqual(1);
          expect(r.relaxed.filter((x) => x.kind === 'balance')).toEqual([]);
        },
      ),
    );
  });

  it('reports exactly the constraints it could not keep', () => {
    const groupArb = fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 2, maxLength: 6 }).map((g) => g.map((i) => `p${i}`));
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        splitArb,
        fc.array(groupArb, { maxLength: 4 }),
        fc.array(groupArb, { maxLength: 4 }),
        fc.boolean(),
        fc.string(),
        (n, split, together, apart, balance, seed) => {
          const input: ShuffleInput = {
            people: people(n, (i) => ({ role: i % 4 === 0 ? 'FE' : 'BE' })),
            split,
            together,
            apart,
            seed,
            ...(balance ? { balanceBy: 'role' } : {}),
          };
          const r = shuffleTeams(input);
          const c = checkTeams(input, r.teams);
          const reported = (kind: string) => r.relaxed.filter((x) => x.kind === kind).map((x) => (x as { group: number }).group);
          expect(reported('together').sort()).toEqual([...c.brokenTogether].sort());
          expect(reported('apart').sort()).toEqual([...c.brokenApart.keys()].sort());
          const worst = Math.max(0, ...c.balanceSpread.values());
          expect(r.relaxed.some((x) => x.kind === 'balance')).toBe(worst > 1);
          expect(c.sizesBalanced).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('avoids the pairs of the last shuffles when that is possible', () => {
    // 4 teams of 4: each new team can take one person from each old team (a Latin square exists)
    const roster = people(16);
    let past: string[][][] = [];
    for (let round = 0; round < 3; round++) {
      const r = shuffleTeams({ people: roster, split: { by: 'count', value: 4 }, past, spreadLast: 3, seed: `spread-${round}` });
      if (round < 2) {
        expect(r.repeatedPairs).toBe(0);
        expect(r.relaxed).toEqual([]);
      }
      past = [r.teams, ...past];
    }
    // 2 teams of 2 can never avoid the pairs of the last three: said, with the count
    const four = people(4);
    const first = shuffleTeams({ people: four, split: { by: 'count', value: 2 }, seed: 'a' });
    const second = shuffleTeams({ people: four, split: { by: 'count', value: 2 }, seed: 'b', past: [first.teams], spreadLast: 1 });
    expect(second.repeatedPairs).toBe(0);
    const third = shuffleTeams({
      people: four,
      split: { by: 'count', value: 2 },
      seed: 'c',
      past: [second.teams, first.teams],
      spreadLast: 2,
    });
    expect(third.repeatedPairs).toBe(0);
    const fourth = shuffleTeams({
      people: four,
      split: { by: 'count', value: 2 },
      seed: 'd',
      past: [third.teams, second.teams, first.teams],
      spreadLast: 3,
    });
    expect(fourth.repeatedPairs).toBeGreaterThan(0);
    expect(fourth.relaxed).toEqual([{ kind: 'spread', repeatedPairs: fourth.repeatedPairs }]);
  });

  it('says which constraint gave way when they contradict', () => {
    const roster = people(6);
    const r = shuffleTeams({
      people: roster,
      split: { by: 'count', value: 2 },
      together: [['p0', 'p1']],
      apart: [['p0', 'p1']],
      seed: 's',
    });
    expect(r.relaxed).toEqual([{ kind: 'apart', group: 0, reason: 'sameTogether', pairs: 1 }]);
    const crowd = shuffleTeams({ people: roster, split: { by: 'count', value: 2 }, apart: [['p0', 'p1', 'p2']], seed: 's' });
    expect(crowd.relaxed).toEqual([{ kind: 'apart', group: 0, reason: 'tooManyForTeams', pairs: 1 }]);
    const big = shuffleTeams({ people: roster, split: { by: 'count', value: 3 }, together: [['p0', 'p1', 'p2', 'p3']], seed: 's' });
    expect(big.relaxed).toEqual([{ kind: 'together', group: 0, reason: 'tooLarge' }]);
  });

  it('puts each person in each team equally often over many seeds (chi-square, fixed seeds)', () => {
    const n = 12;
    const T = 3;
    const runs = 3000;
    const variants: Omit<ShuffleInput, 'seed'>[] = [
      { people: people(n), split: { by: 'count', value: T } },
      {
        people: people(n, (i) => ({ lvl: i < 6 ? 'A' : 'B' })),
        split: { by: 'count', value: T },
        balanceBy: 'lvl',
        apart: [['p0', 'p1']],
        together: [['p2', 'p3']],
      },
    ];
    for (const variant of variants) {
      const counts = Array.from({ length: n }, () => new Array<number>(T).fill(0));
      for (let s = 0; s < runs; s++) {
        const r = shuffleTeams({ ...variant, seed: `chi-${s}` });
        r.teams.forEach((team, t) => team.forEach((id) => counts[Number(id.slice(1))]![t]!++));
      }
      // one test per person (each person's counts are multinomial over independent seeds), Bonferroni
      for (const row of counts) {
        const { pValue } = chiSquareTest(row, new Array<number>(T).fill(runs / T));
        expect(pValue).toBeGreaterThan(0.001 / n);
      }
    }
  });

  it('is not fooled: the same test rejects a shuffle that favours the first team', () => {
    const counts = [0, 0, 0];
    for (let s = 0; s < 3000; s++) {
      const r = shuffleTeams({ people: people(12), split: { by: 'count', value: 3 }, seed: `chi-${s}` });
      const t = r.teams.findIndex((team) => team.includes('p0'));
      counts[s % 10 === 0 ? 0 : t]!++; // a 10 % nudge toward team 0
    }
    expect(chiSquareTest(counts, [1000, 1000, 1000]).pValue).toBeLessThan(0.001 / 12);
  });
});
