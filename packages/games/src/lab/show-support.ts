/**
 * How a mini-game reaches a draw that was made before it started: it generates as many
 * anonymous performances as there are participants (from a cosmetic generator seeded by the
 * draw's seed), ranks them, and hands the best to the first pick, the second best to the
 * second pick, and the rest at random to everyone else. Who gets which performance is decided
 * by the draw alone, so the show cannot change anyone's chance.
 */
import type { Rng } from '../rng.ts';

/**
 * Performances ranked best first, with no tie where it matters: between any two of the first
 * `strict + 1` places (a tie there is re-rolled: the lower performance is generated again).
 */
export function rankedPerformances<P>(n: number, strict: number, generate: () => P, better: (a: P, b: P) => number): P[] {
  const perfs = Array.from({ length: n }, generate);
  for (let guard = 0; guard < 100_000; guard++) {
    perfs.sort(better);
    let tie = -1;
    for (let p = 0; p < Math.min(strict, n - 1); p++) {
      if (better(perfs[p]!, perfs[p + 1]!) === 0) {
        tie = p + 1;
        break;
      }
    }
    if (tie < 0) return perfs;
    perfs[tie] = generate();
  }
  throw new Error('rankedPerformances: ties could not be resolved'); // unreachable in practice
}

/**
 * Performance of each participant: `ranked[i]` goes to `picks[i]`; the others get the rest in
 * a random order.
 */
export function assignPerformances<P>(n: number, picks: readonly number[], ranked: readonly P[], rng: Rng): P[] {
  const out = new Array<P>(n);
  picks.forEach((p, i) => (out[p] = ranked[i]!));
  const others = Array.from({ length: n }, (_, i) => i).filter((i) => !picks.includes(i));
  const rest = rng.shuffle(ranked.slice(picks.length));
  others.forEach((p, i) => (out[p] = rest[i]!));
  return out;
}

/** A float in [lo, hi) with two decimals (keeps plans small and exact to compare). */
export function between(rng: Rng, lo: number, hi: number): number {
  return Math.round((lo + rng.nextFloat() * (hi - lo)) * 100) / 100;
}

export function checkHeat(n: number, heat: readonly number[]): void {
  if (n < 1 || heat.length < 1 || heat.length > n || new Set(heat).size !== heat.length || heat.some((p) => !(p >= 0 && p < n))) {
    throw new RangeError('a heat is one or more distinct participants');
  }
}
