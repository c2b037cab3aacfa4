import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.ts';
import { binom } from './combinatorics.ts';
import { DeductionGame } from './engine.ts';
import type { DeductionSettings, SeatSpec } from './settings.ts';
import { presetSettings } from './settings.ts';
import { aiMove } from './ai.ts';
import { CandidateModel, MODEL_WORK_BUDGET, type Knowledge } from './solver.ts';

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

  it('keeps within its budget: a smaller one gives an upper bound and sets that meet the clues when it can', () => {
    fc.assert(
      fc.property(knowledgeArb, ({ kn, answers }) => {
        const exact = brute(kn).length;
        const m = CandidateModel.within(kn, 5);
        expect(m.total).toBeGreaterThanOrEqual(exact);
        if (m.exact) expect(m.total).toBe(exact);
        const set = m.sampleClosest(new Rng(3))!;
        expect(new Set(set).size).toBe(kn.k);
        for (const i of set) expect(kn.wrong[i]).toBe(0);
        expect(exact).toBeGreaterThan(0);
        expect(answers).toHaveLength(kn.k);
      }),
      { numRuns: 200 },
    );
  });
});

/** Plays a game where seat 0 guesses at random among keywords not known wrong; stops before `turn` when given. */
function randomGame(seed: string, settings: DeductionSettings, seats: SeatSpec[], stopAt?: number): DeductionGame {
  const rng = new Rng(`${seed}x`);
  const game = new DeductionGame(seed, settings, seats);
  while (!game.outcome && game.turn !== stopAt) {
    const seat = game.activeSeat!;
    if (seats[seat]!.kind === 'AI') {
      game.apply({ type: 'guess', seat, guess: aiMove(game) });
      continue;
    }
    const wrong = game.knownWrong(seat);
    const open = Array.from({ length: settings.poolSize }, (_, i) => i).filter((i) => !wrong[i]);
    game.apply({
      type: 'guess',
      seat,
      guess: rng
        .shuffle(open)
        .slice(0, settings.answerCount)
        .sort((a, b) => a - b),
    });
  }
  return game;
}

describe('late games', () => {
  it('counts an ADVANCED position whose 24 clues overlap (21 open at once) exactly, in a few hundred states', () => {
    // Found by playing random games: before bounds propagation this position took 955,233 DP
    // states and 6 s of one core (so an AI turn ran past the request time-out on a busy machine).
    const seats: SeatSpec[] = [
      { kind: 'HUMAN', name: 'a' },
      { kind: 'AI', level: 'MEDIUM' },
    ];
    const game = randomGame('s59-0.003453556138774072', presetSettings('ADVANCED', 'ANIMALS'), seats, 49);
    const m = new CandidateModel(game.knowledge(1), MODEL_WORK_BUDGET);
    expect(m.exact).toBe(true);
    expect(m.states).toBeLessThan(1_000);
    const sets = m.enumerate(100)!;
    expect(sets).toHaveLength(m.total);
    for (const set of sets) expect(m.isConsistent(set)).toBe(true);
    expect(sets.map((s) => s.join(','))).toContain([...game.deal.answers].sort((a, b) => a - b).join(','));
  });

  it('plays the largest custom game to its end: every AI move is a legal guess, the tangled positions from recent clues', () => {
    const settings: DeductionSettings = {
      preset: 'CUSTOM',
      theme: 'MIXED',
      globalHint: true,
      poolSize: 100,
      answerCount: 15,
      hintCount: 2,
      turnSeconds: 60,
      maxRounds: 50,
    };
    const seats: SeatSpec[] = [
      { kind: 'HUMAN', name: 'a' },
      { kind: 'AI', level: 'MEDIUM' },
    ];
    const game = randomGame('largest-custom', settings, seats);
    expect(game.outcome).not.toBeNull();
    let relaxed = 0;
    const probe = new DeductionGame('largest-custom', settings, seats);
    for (const e of game.events) {
      if (e.type === 'guess' && seats[e.seat]!.kind === 'AI') {
        expect(new Set(e.guess).size).toBe(15);
        if (!CandidateModel.within(probe.knowledge(e.seat)).exact) relaxed++;
      }
      probe.apply(e);
    }
    // the budget is what keeps such a game playable: some of its positions do not fit it
    expect(relaxed).toBeGreaterThan(0);
  }, 120_000);
});
