/**
 * Team Shuffle's last step: swaps of two single people between teams (sizes never change),
 * accepted only when they improve (apart breaks, tag imbalance, repeated pairs) compared in
 * that order. Deterministic: every choice comes from the seeded generator and the work is
 * bounded by passes and tries, never by time.
 */
import type { Rng } from '../rng.ts';

export interface SearchState {
  n: number;
  T: number;
  rng: Rng;
  teamOf: Int32Array;
  members: number[][];
  /** keep-apart partners of each person */
  conflicts: number[][];
  valueOf: Int32Array;
  valueCount: number;
  /** team × value counts */
  cnt: Int32Array;
  /** people each person shared a team with in the recent results */
  pastOf: number[][];
  /** 1: a single person who may be swapped (not part of a together block) */
  movable: Uint8Array;
}

const MAX_PASSES = 12;
const TRIES = 24;

function countIn(s: SearchState, list: readonly number[], team: number, except: number): number {
  let c = 0;
  for (const z of list) if (z !== except && s.teamOf[z] === team) c++;
  return c;
}

export function improveBySwaps(s: SearchState, opts: { balance: boolean; spread: boolean }): void {
  const apart = s.conflicts.some((c) => c.length > 0);
  if (!apart && !opts.balance && !opts.spread) return;
  const { T, rng, cnt, valueOf, valueCount: V } = s;
  const minCnt = new Int32Array(V);
  const refreshMin = () => {
    for (let v = 0; v < V; v++) {
      let m = Infinity;
      for (let t = 0; t < T; t++) m = Math.min(m, cnt[t * V + v]!);
      minCnt[v] = m;
    }
  };
  const apartBad = (x: number) => countIn(s, s.conflicts[x]!, s.teamOf[x]!, x) > 0;
  const balanceBad = (x: number) => opts.balance && cnt[s.teamOf[x]! * V + valueOf[x]!]! > minCnt[valueOf[x]!]! + 1;
  const spreadBad = (x: number) => opts.spread && countIn(s, s.pastOf[x]!, s.teamOf[x]!, x) > 0;

  const delta = (x: number, y: number): [number, number, number] => {
    const a = s.teamOf[x]!;
    const b = s.teamOf[y]!;
    const dA = apart
      ? countIn(s, s.conflicts[x]!, b, y) -
        countIn(s, s.conflicts[x]!, a, x) +
        countIn(s, s.conflicts[y]!, a, x) -
        countIn(s, s.conflicts[y]!, b, y)
      : 0;
    let dB = 0;
    if (opts.balance && valueOf[x] !== valueOf[y]) {
      const vx = valueOf[x]!;
      const vy = valueOf[y]!;
      dB = 2 * (cnt[b * V + vx]! - cnt[a * V + vx]! + cnt[a * V + vy]! - cnt[b * V + vy]!) + 4;
    }
    const dC = opts.spread
      ? countIn(s, s.pastOf[x]!, b, y) - countIn(s, s.pastOf[x]!, a, x) + countIn(s, s.pastOf[y]!, a, x) - countIn(s, s.pastOf[y]!, b, y)
      : 0;
    return [dA, dB, dC];
  };
  const swap = (x: number, y: number) => {
    const a = s.teamOf[x]!;
    const b = s.teamOf[y]!;
    const ma = s.members[a]!;
    const mb = s.members[b]!;
    ma[ma.indexOf(x)] = y;
    mb[mb.indexOf(y)] = x;
    s.teamOf[x] = b;
    s.teamOf[y] = a;
    cnt[a * V + valueOf[x]!]!--;
    cnt[b * V + valueOf[x]!]!++;
    cnt[b * V + valueOf[y]!]!--;
    cnt[a * V + valueOf[y]!]!++;
  };

  const movable: number[] = [];
  for (let p = 0; p < s.n; p++) if (s.movable[p]) movable.push(p);
  if (movable.length < 2 || T < 2) return;

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    refreshMin();
    const troubled = movable.filter((x) => apartBad(x) || balanceBad(x) || spreadBad(x));
    if (troubled.length === 0) return;
    let improved = false;
    for (const x of rng.shuffle(troubled)) {
      const accept = (y: number) => {
        const [dA, dB, dC] = delta(x, y);
        if (!(dA < 0 || (dA === 0 && (dB < 0 || (dB === 0 && dC < 0))))) return false;
        swap(x, y);
        if (opts.balance) refreshMin();
        improved = true;
        return true;
      };
      if (balanceBad(x)) {
        // every member of the teams short of x's value (a few dozen swaps to look at)
        const v = valueOf[x]!;
        let found = false;
        for (let t = 0, seen = 0; t < T && !found && seen < 64; t++) {
          if (cnt[t * V + v] !== minCnt[v]) continue;
          seen++;
          for (const y of s.members[t]!)
            if (s.movable[y] && accept(y)) {
              found = true;
              break;
            }
        }
        if (found) continue;
      }
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const b = rng.nextInt(T);
        const team = s.members[b]!;
        if (b === s.teamOf[x] || team.length === 0) continue;
        const y = team[rng.nextInt(team.length)]!;
        if (s.movable[y] && accept(y)) break;
      }
    }
    if (!improved) return;
  }
}
