// The in-process rank index against a brute-force oracle (a sorted array), with fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRankEntries, RankSkipList, type RankEntry } from './rank-skip-list.ts';

type Op =
  | { kind: 'set'; id: string; score: number; time: number }
  | { kind: 'offer'; id: string; score: number; time: number }
  | { kind: 'delete'; id: string }
  | { kind: 'load'; entries: { id: string; score: number; time: number }[] };

// Few ids, scores and times so that collisions (ties, moves, re-inserts) are frequent.
const idArb = fc.integer({ min: 0, max: 40 }).map((n) => `u${String(n).padStart(2, '0')}`);
const scoreArb = fc.integer({ min: 0, max: 12 }).map((n) => n * 100);
const timeArb = fc.integer({ min: 0, max: 6 });
const entryArb = fc.record({ id: idArb, score: scoreArb, time: timeArb });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: entryArb.map((e) => ({ kind: 'set' as const, ...e })) },
  { weight: 4, arbitrary: entryArb.map((e) => ({ kind: 'offer' as const, ...e })) },
  { weight: 2, arbitrary: idArb.map((id) => ({ kind: 'delete' as const, id })) },
  {
    weight: 1,
    arbitrary: fc.uniqueArray(entryArb, { selector: (e) => e.id, maxLength: 30 }).map((entries) => ({ kind: 'load' as const, entries })),
  },
);

class Oracle {
  map = new Map<string, RankEntry>();
  sorted(): RankEntry[] {
    return [...this.map.values()].sort(compareRankEntries);
  }
  apply(op: Op) {
    switch (op.kind) {
      case 'set':
        this.map.set(op.id, { id: op.id, score: op.score, time: op.time });
        break;
      case 'offer': {
        const old = this.map.get(op.id);
        const e = { id: op.id, score: op.score, time: op.time };
        if (!old || compareRankEntries(e, old) < 0) this.map.set(op.id, e);
        break;
      }
      case 'delete':
        this.map.delete(op.id);
        break;
      case 'load':
        this.map = new Map(op.entries.map((e) => [e.id, { ...e }]));
        break;
    }
  }
}

function applyTo(list: RankSkipList, op: Op) {
  switch (op.kind) {
    case 'set':
      list.set(op.id, op.score, op.time);
      break;
    case 'offer':
      list.offer(op.id, op.score, op.time);
      break;
    case 'delete':
      list.delete(op.id);
      break;
    case 'load':
      list.loadSorted([...op.entries].sort(compareRankEntries));
      break;
  }
}

function check(list: RankSkipList, oracle: Oracle) {
  const expected = oracle.sorted();
  expect(list.size).toBe(expected.length);
  expect(list.toArray()).toEqual(expected);
  expected.forEach((e, rank) => {
    expect(list.rankOf(e.id)).toBe(rank);
    expect(list.at(rank)).toEqual(e);
  });
  expect(list.at(expected.length)).toBeUndefined();
  expect(list.rankOf('nobody')).toBe(-1);
  // Windows anywhere, including ones that run off either end.
  for (const start of [0, 3, expected.length - 2, expected.length]) {
    if (start < 0) continue;
    expect(list.range(start, 5)).toEqual(expected.slice(start, start + 5));
  }
}

describe('RankSkipList (order-statistic skip list)', () => {
  it('matches a sorted-array oracle for any sequence of set/offer/delete/load', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const list = new RankSkipList();
        const oracle = new Oracle();
        for (const op of ops) {
          applyTo(list, op);
          oracle.apply(op);
        }
        check(list, oracle);
      }),
      { numRuns: 300 },
    );
  });

  it('stays consistent after every single operation', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const list = new RankSkipList();
        const oracle = new Oracle();
        for (const op of ops) {
          applyTo(list, op);
          oracle.apply(op);
          check(list, oracle);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('orders ties by the earlier time, then by id', () => {
    const list = new RankSkipList();
    list.set('late', 500, 2000);
    list.set('early', 500, 1000);
    list.set('top', 900, 3000);
    list.set('b', 100, 5);
    list.set('a', 100, 5);
    expect(list.toArray().map((e) => e.id)).toEqual(['top', 'early', 'late', 'a', 'b']);
    // An equal score reached later does not displace the earlier one.
    expect(list.offer('early', 500, 4000)).toBe(false);
    expect(list.rankOf('early')).toBe(1);
    expect(list.offer('late', 901, 4000)).toBe(true);
    expect(list.rankOf('late')).toBe(0);
  });

  it('refuses unsorted or duplicate bulk loads', () => {
    const list = new RankSkipList();
    expect(() =>
      list.loadSorted([
        { id: 'a', score: 1, time: 0 },
        { id: 'b', score: 2, time: 0 },
      ]),
    ).toThrow(/board order/);
    expect(() =>
      list.loadSorted([
        { id: 'a', score: 2, time: 0 },
        { id: 'a', score: 1, time: 0 },
      ]),
    ).toThrow(/duplicate/);
  });

  it('answers ranks at 200,000 members in well under a millisecond each', () => {
    const n = 200_000;
    const entries: RankEntry[] = [];
    for (let i = 0; i < n; i++) entries.push({ id: `u${i}`, score: (n - i) * 3, time: i });
    const list = new RankSkipList();
    list.loadSorted(entries);
    for (let i = 0; i < 1000; i++) list.offer(`x${i}`, Math.floor(Math.random() * n * 3), n + i);
    const t0 = performance.now();
    for (let i = 0; i < 10_000; i++) {
      const id = `u${(i * 7919) % n}`;
      const r = list.rankOf(id);
      list.range(Math.max(0, r - 5), 11);
    }
    const perOp = (performance.now() - t0) / 10_000;
    expect(perOp).toBeLessThan(0.5);
    expect(list.size).toBe(n + 1000);
    expect(list.rankOf('u0')).toBeLessThan(1001);
  });
});
