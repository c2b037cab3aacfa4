import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { binom } from './combinatorics.ts';
import { CandidateModel, type Knowledge } from './solver.ts';

function* subsets(n: number, k: number, start = 0, acc: number[] = []): Generator<number[]> {
  if (acc.length === k) {
    yield [...acc];
    return;
  }
  for (let i = start; i <= n - (k - acc.length); i++) {
    acc.push(i);
    yield* subsets(n, k, i + 1, acc);
    acc.pop();
  }
}

/** A random small game's knowledge: true counts for random guesses, hints and reveals drawn from the truth. */
const knowledgeArb = fc
  .record({
    n: fc.integer({ min: 6, max: 13 }),
    k: fc.integer({ min: 1, max: 4 }),
    seed: fc.integer(),
    guesses: fc.integer({ min: 0, max: 7 }),
    hints: fc.integer({ min: 0, max: 4 }),
    reveals: fc.integer({ min: 0, max: 1 }),
  })
  .filter((p) => p.k < p.n - p.hints)
  .map((p) => {
    const rng = new Rng(p.seed);
    const order = rng.shuffle(Array.from({ length: p.n }, (_, i) => i));
    const answers = new Set(order.slice(0, p.k));
    const wrong = new Uint8Array(p.n);
    for (const i of order.slice(p.k, p.k + p.hints)) wrong[i] = 1;
    const answer = new Uint8Array(p.n);
    if (p.reveals) answer[order[0]!] = 1;
    const constraints = Array.from({ length: p.guesses }, () => {
      const items = rng.shuffle(Array.from({ length: p.n }, (_, i) => i)).slice(0, p.k);
      return { items, correct: items.filter((i) => answers.has(i)).length };
    });
    const kn: Knowledge = { n: p.n, k: p.k, wrong, answer, constraints };
    return { kn, answers: [...answers].sort((a, b) => a - b) };
  });

function brute(kn: Knowledge): string[] {
  const out: string[] = [];
  const m = new CandidateModel(kn);
  for (const s of subsets(kn.n, kn.k)) if (m.isConsistent(s)) out.push(s.join(','));
  return out;
}

describe('CandidateModel', () => {
  it('counts and lists exactly the answer sets a brute force finds', () => {
    fc.assert(
      fc.property(knowledgeArb, ({ kn, answers }) => {
        const expected = brute(kn);
        const m = new CandidateModel(kn);
        expect(m.total).toBe(expected.length);
        expect(expected).toContain(answers.join(','));
        expect((m.enumerate(1e6) ?? []).map((s) => s.join(',')).sort()).toEqual([...expected].sort());
        const rng = new Rng(7);
        for (let i = 0; i < 5; i++) expect(expected).toContain(m.sample(rng)!.join(','));
      }),
      { numRuns: 300 },
    );
  });

  it('samples uniformly', () => {
    // 6 keywords, 2 answers, one clue: {0,1,2} holds exactly one → 3 × 3 = 9 sets
    const kn: Knowledge = {
      n: 6,
      k: 2,
      wrong: new Uint8Array(6),
      answer: new Uint8Array(6),
      constraints: [{ items: [0, 1, 2], correct: 1 }],
    };
    const m = new CandidateModel(kn);
    expect(m.total).toBe(9);
    const rng = new Rng('uniform');
    const hits = new Map<string, number>();
    for (let i = 0; i < 9000; i++) {
      const k = m.sample(rng)!.join(',');
      hits.set(k, (hits.get(k) ?? 0) + 1);
    }
    expect(hits.size).toBe(9);
    for (const v of hits.values()) expect(Math.abs(v - 1000)).toBeLessThan(150);
  });

  it('counts nothing for contradictory clues, and everything without clues', () => {
    const contradiction: Knowledge = {
      n: 8,
      k: 2,
      wrong: new Uint8Array(8),
      answer: new Uint8Array(8),
      constraints: [
        { items: [0, 1], correct: 2 },
        { items: [0, 1], correct: 0 },
      ],
    };
    expect(new CandidateModel(contradiction).total).toBe(0);
    expect(new CandidateModel(contradiction).sample(new Rng(1))).toBeNull();
    const open: Knowledge = { n: 80, k: 7, wrong: new Uint8Array(80), answer: new Uint8Array(80), constraints: [] };
    expect(new CandidateModel(open).total).toBe(binom(80, 7));
  });
});
