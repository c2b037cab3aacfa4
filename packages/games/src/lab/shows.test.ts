import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareTest } from './chi-square.ts';
import { DART_MODES, dartWinners, planDartWheel } from './dart-wheel.ts';
import { drawWinners, heatsOf } from './fair-draw.ts';
import { planSlotCascade, slotMatches, slotWinners, SLOT_COLS, SLOT_ROWS } from './slot-cascade.ts';
import { planSnailRace, SNAIL_TRACK, snailCommentary, snailFinishers } from './snail-race.ts';

/** n participants and a heat: up to 10 distinct picks in draw order. */
const heatArb = fc.integer({ min: 1, max: 60 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    heat: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: Math.min(10, n) }),
    seed: fc.string({ minLength: 1, maxLength: 20 }),
  }),
);

describe('the shows end in the draw', () => {
  it('snail race: the first snails across the line are the picks, in order', () => {
    fc.assert(
      fc.property(heatArb, ({ n, heat, seed }) => {
        const plan = planSnailRace(seed, n, heat);
        expect(snailFinishers(plan.positions).slice(0, heat.length)).toEqual(heat);
        expect(plan.positions).toHaveLength(n);
        for (const trail of plan.positions) expect(trail).toHaveLength(plan.ticks + 1);
        for (const e of plan.events) expect(e.tick).toBeLessThanOrEqual(plan.ticks);
        const finishes = snailCommentary(plan).filter((c) => c.kind === 'finish');
        expect(finishes.map((c) => c.snail)).toEqual(heat);
      }),
      { numRuns: 60 },
    );
  });

  it('dart wheel: every mode reads back the picks, in order', () => {
    fc.assert(
      fc.property(heatArb, fc.constantFrom(...DART_MODES), ({ n, heat, seed }, mode) => {
        const plan = planDartWheel(seed, mode, n, heat);
        expect(dartWinners(plan, heat.length)).toEqual(heat);
        for (const v of plan.volleys) for (const d of v.darts) expect(d.angle >= 0 && d.angle < 360).toBe(true);
        if (mode === 'team') {
          expect(plan.teams!.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
          for (const t of plan.teams!) expect(t.length).toBeLessThanOrEqual(heat.length);
        }
        if (mode === 'survival') {
          const out = plan.volleys.flatMap((v) => v.eliminated);
          expect(out.some((p) => heat.includes(p))).toBe(false);
          expect(out.length).toBe(n - heat.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('slot cascade: the highest grids are the picks, and every cascade follows the rules', () => {
    fc.assert(
      fc.property(heatArb, ({ n, heat, seed }) => {
        const plan = planSlotCascade(seed, n, heat);
        expect(slotWinners(plan, heat.length)).toEqual(heat);
        for (const reel of plan.reels) {
          let grid = reel.start;
          for (const step of reel.steps) {
            expect(step.cleared).toEqual(slotMatches(grid));
            grid = step.grid;
            expect(grid).toHaveLength(SLOT_COLS * SLOT_ROWS);
          }
          expect(slotMatches(grid).length === 0 || reel.steps.length === 8).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is the same show for the same seed', () => {
    const heat = [4, 1];
    expect(planSnailRace('s', 8, heat)).toEqual(planSnailRace('s', 8, heat));
    expect(planDartWheel('s', 'survival', 8, heat)).toEqual(planDartWheel('s', 'survival', 8, heat));
    expect(planSlotCascade('s', 8, heat)).toEqual(planSlotCascade('s', 8, heat));
    const trail = planSnailRace('s', 8, heat).positions[0]!;
    expect(trail[0]).toBe(0);
    expect(Math.max(...trail)).toBeLessThan(SNAIL_TRACK + 5);
  });

  it('leaves each name the same chance to be seen winning (draw + show, chi-square over fixed seeds)', () => {
    const n = 8;
    const entries = Array.from({ length: n }, (_, i) => ({ name: `n${i}` }));
    const runs = 1600;
    const seen = { snail: new Array<number>(n).fill(0), darts: new Array<number>(n).fill(0), slots: new Array<number>(n).fill(0) };
    for (let s = 0; s < runs; s++) {
      const seed = `show-${s}`;
      const picks = drawWinners({ seed, entries, count: 1, allowRepeat: false });
      const [heat] = heatsOf(picks);
      seen.snail[snailFinishers(planSnailRace(seed, n, heat!).positions)[0]!]!++;
      seen.darts[dartWinners(planDartWheel(seed, DART_MODES[s % 4]!, n, heat!), 1)[0]!]!++;
      seen.slots[slotWinners(planSlotCascade(seed, n, heat!), 1)[0]!]!++;
    }
    for (const counts of Object.values(seen))
      expect(chiSquareTest(counts, new Array<number>(n).fill(runs / n)).pValue).toBeGreaterThan(0.001 / 3);
  });
});
