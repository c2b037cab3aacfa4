/**
 * Spotlight Arena's draw: who wins, decided before any animation starts, from the seeded
 * cryptographic source (chacha20.ts). The mini-games only choreograph a show that ends in
 * this result, so fairness rests on this file alone: every pick is an exactly uniform integer
 * (rejection sampling) scaled by integer weights.
 */
import { SeededCsprng } from './chacha20.ts';
import { Rng } from '../rng.ts';

export const ARENA_LIMITS = {
  maxParticipants: 100,
  maxWinners: 10,
  maxWeight: 100,
  maxNameLength: 40,
  maxSeedLength: 64,
} as const;

export interface DrawEntry {
  name: string;
  /** integer 1–100; 1 when absent */
  weight?: number;
}

export interface DrawInput {
  seed: string;
  entries: readonly DrawEntry[];
  /** how many picks */
  count: number;
  /** the same entry may be picked again within this draw */
  allowRepeat: boolean;
}

export class DrawInputError extends Error {
  constructor(readonly reason: 'EMPTY' | 'TOO_MANY' | 'COUNT' | 'WEIGHT' | 'SEED') {
    super(`invalid draw input: ${reason}`);
    this.name = 'DrawInputError';
  }
}

const weightOf = (e: DrawEntry) => e.weight ?? 1;

export function checkDrawInput(input: DrawInput): void {
  const n = input.entries.length;
  if (n === 0) throw new DrawInputError('EMPTY');
  if (n > ARENA_LIMITS.maxParticipants) throw new DrawInputError('TOO_MANY');
  if (!input.seed || input.seed.length > ARENA_LIMITS.maxSeedLength) throw new DrawInputError('SEED');
  const c = input.count;
  if (!Number.isInteger(c) || c < 1 || c > ARENA_LIMITS.maxWinners || (!input.allowRepeat && c > n)) throw new DrawInputError('COUNT');
  for (const e of input.entries) {
    const w = weightOf(e);
    if (!Number.isInteger(w) || w < 1 || w > ARENA_LIMITS.maxWeight) throw new DrawInputError('WEIGHT');
  }
}

/** One weighted pick among the indexes in `pool` (exact: an integer in [0, total weight)). */
function pickWeighted(rng: SeededCsprng, entries: readonly DrawEntry[], pool: readonly number[]): number {
  let total = 0;
  for (const i of pool) total += weightOf(entries[i]!);
  let r = rng.nextInt(total);
  for (let k = 0; k < pool.length; k++) {
    r -= weightOf(entries[pool[k]!]!);
    if (r < 0) return k;
  }
  return pool.length - 1; // unreachable: r < total
}

/**
 * The picks, in order (indexes into `entries`). Without repeats: weighted sampling without
 * replacement, one pick at a time among those not yet picked. With repeats: independent picks.
 */
export function drawWinners(input: DrawInput): number[] {
  checkDrawInput(input);
  const rng = new SeededCsprng(input.seed, 'draw');
  const pool = input.entries.map((_, i) => i);
  const picks: number[] = [];
  for (let p = 0; p < input.count; p++) {
    const k = pickWeighted(rng, input.entries, pool);
    picks.push(pool[k]!);
    if (!input.allowRepeat) pool.splice(k, 1);
  }
  return picks;
}

/**
 * Splits the picks into heats: runs in which nobody appears twice, so that one show (one race,
 * one round of darts) can present each heat. Without repeats this is a single heat.
 */
export function heatsOf(picks: readonly number[]): number[][] {
  const heats: number[][] = [];
  let current: number[] = [];
  for (const p of picks) {
    if (current.includes(p)) {
      heats.push(current);
      current = [];
    }
    current.push(p);
  }
  if (current.length) heats.push(current);
  return heats;
}

export interface StatedChances {
  /** chance of being the first pick: weight / total weight (exact) */
  firstPick: number[];
  /** chance of being among the picks at least once */
  anyPick: number[];
  /** false when anyPick is an estimate (weighted picks without repeats, more than one pick) */
  exact: boolean;
}

/**
 * What the lobby states on screen. Equal weights without repeats: count / n exactly. With
 * repeats: 1 − (1 − w/W)^count exactly. Weighted without repeats has no closed form; it is
 * estimated from 4,000 simulated draws (a fixed seed, so the figure does not flicker).
 */
export function statedChances(entries: readonly DrawEntry[], count: number, allowRepeat: boolean): StatedChances {
  const n = entries.length;
  const total = entries.reduce((s, e) => s + weightOf(e), 0);
  const firstPick = entries.map((e) => (total ? weightOf(e) / total : 0));
  if (n === 0) return { firstPick, anyPick: [], exact: true };
  const k = Math.min(count, allowRepeat ? count : n);
  if (allowRepeat) return { firstPick, anyPick: firstPick.map((p) => 1 - (1 - p) ** k), exact: true };
  const equal = entries.every((e) => weightOf(e) === weightOf(entries[0]!));
  if (equal || k === 1) return { firstPick, anyPick: equal ? entries.map(() => k / n) : firstPick, exact: true };
  if (k >= n) return { firstPick, anyPick: entries.map(() => 1), exact: true };
  const runs = 4000;
  const hits = new Array<number>(n).fill(0);
  const rng = new Rng(`stated-chances:${n}:${k}:${total}`);
  for (let r = 0; r < runs; r++) {
    const pool = entries.map((_, i) => i);
    for (let p = 0; p < k; p++) {
      let w = 0;
      for (const i of pool) w += weightOf(entries[i]!);
      let x = rng.nextInt(w);
      let at = 0;
      for (; at < pool.length; at++) {
        x -= weightOf(entries[pool[at]!]!);
        if (x < 0) break;
      }
      hits[pool[at]!]!++;
      pool.splice(at, 1);
    }
  }
  return { firstPick, anyPick: hits.map((h) => h / runs), exact: false };
}
