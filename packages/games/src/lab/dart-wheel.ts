/**
 * Dart wheel: darts at a spinning wheel of twenty numbered sectors (a dartboard's order), in
 * four modes:
 * - highest: three darts each, the highest totals win;
 * - survival: one dart each per round, the lowest half (of those above the winner count) are
 *   out, until the winners remain; a final dart orders them;
 * - team: teams as large as the winner count, three darts each, the best team total wins and
 *   its members are the winners (ordered by their own totals);
 * - target: one dart each at a marker on the wheel, the closest (in tenths of a degree) win.
 * Every result is reached by handing the draw's picks the best performances (show-support.ts).
 */
import { Rng } from '../rng.ts';
import { assignPerformances, between, checkHeat, rankedPerformances } from './show-support.ts';

export const WHEEL_VALUES = [20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5] as const;
export const DART_MODES = ['highest', 'survival', 'team', 'target'] as const;
export type DartMode = (typeof DART_MODES)[number];

export interface Dart {
  by: number;
  /** the sector's number (target mode: the distance to the marker in tenths of a degree) */
  value: number;
  /** where it landed: degrees clockwise from the top, and 0–1 from the centre */
  angle: number;
  radius: number;
}

export interface DartVolley {
  kind: 'throw' | 'round' | 'final' | 'target';
  darts: Dart[];
  /** survival: who is out after this round */
  eliminated: number[];
}

export interface DartPlan {
  mode: DartMode;
  volleys: DartVolley[];
  /** total of each participant's darts (target: distance in tenths of a degree; survival: 0) */
  scores: number[];
  teams: number[][] | null;
  targetAngle: number | null;
  winners: number[];
}

const SECTOR = 360 / WHEEL_VALUES.length;

function dart(rng: Rng, by: number, sector: number): Dart {
  return {
    by,
    value: WHEEL_VALUES[sector]!,
    angle: Math.round((sector * SECTOR + between(rng, 1.5, SECTOR - 1.5)) * 100) / 100,
    radius: between(rng, 0.3, 0.92),
  };
}
const threeDarts = (rng: Rng) => [rng.nextInt(20), rng.nextInt(20), rng.nextInt(20)];
const sum = (sectors: readonly number[]) => sectors.reduce((s, x) => s + WHEEL_VALUES[x]!, 0);

function volleysOf(rng: Rng, sectors: readonly (readonly number[])[]): DartVolley[] {
  return [0, 1, 2].map((j) => ({ kind: 'throw', darts: sectors.map((s, by) => dart(rng, by, s[j]!)), eliminated: [] }));
}

function highest(rng: Rng, n: number, heat: readonly number[]): DartPlan {
  const ranked = rankedPerformances(
    n,
    heat.length,
    () => threeDarts(rng),
    (a, b) => sum(b) - sum(a),
  );
  const sectors = assignPerformances(n, heat, ranked, rng);
  return {
    mode: 'highest',
    volleys: volleysOf(rng, sectors),
    scores: sectors.map(sum),
    teams: null,
    targetAngle: null,
    winners: [...heat],
  };
}

function team(rng: Rng, n: number, heat: readonly number[]): DartPlan {
  const k = heat.length;
  const sizes = Array.from({ length: Math.ceil(n / k) }, (_, t) => Math.min(k, n - t * k));
  for (let guard = 0; guard < 100_000; guard++) {
    const slots = sizes.map((size) => Array.from({ length: size }, () => threeDarts(rng)));
    const totals = slots.map((members) => members.reduce((s, m) => s + sum(m), 0));
    const top = Math.max(...totals);
    const best = totals.indexOf(top);
    if (sizes[best] !== k || totals.filter((t) => t === top).length > 1) continue;
    const own = slots[best]!.map(sum);
    if (new Set(own).size !== k) continue;
    // the best team's members, best first, go to the picks; the other slots to everyone else
    const bestMembers = slots[best]!.slice().sort((a, b) => sum(b) - sum(a));
    const others = Array.from({ length: n }, (_, i) => i).filter((i) => !heat.includes(i));
    rng.shuffle(others);
    const sectors = new Array<number[]>(n);
    const teams: number[][] = [];
    let next = 0;
    slots.forEach((members, t) => {
      if (t === best) {
        heat.forEach((p, i) => (sectors[p] = bestMembers[i]!));
        teams.push([...heat]);
      } else {
        const who = others.slice(next, next + members.length);
        next += members.length;
        who.forEach((p, i) => (sectors[p] = members[i]!));
        teams.push(who);
      }
    });
    rng.shuffle(teams);
    return { mode: 'team', volleys: volleysOf(rng, sectors), scores: sectors.map(sum), teams, targetAngle: null, winners: [...heat] };
  }
  throw new Error('team: no arrangement found'); // unreachable in practice
}

function survival(rng: Rng, n: number, heat: readonly number[]): DartPlan {
  const k = heat.length;
  const volleys: DartVolley[] = [];
  let alive = Array.from({ length: n }, (_, i) => i);
  while (alive.length > k) {
    const out = Math.max(1, Math.ceil((alive.length - k) / 2));
    const losers = rng.shuffle(alive.filter((p) => !heat.includes(p))).slice(0, out);
    // the `out` lowest darts, with a clear gap to the rest, go to the losers
    let ranked: number[];
    do ranked = alive.map(() => rng.nextInt(20)).sort((a, b) => WHEEL_VALUES[a]! - WHEEL_VALUES[b]!);
    while (WHEEL_VALUES[ranked[out - 1]!] === WHEEL_VALUES[ranked[out]!]);
    const stay = alive.filter((p) => !losers.includes(p));
    const low = rng.shuffle(ranked.slice(0, out));
    const high = rng.shuffle(ranked.slice(out));
    const darts: Dart[] = [];
    losers.forEach((p, i) => darts.push(dart(rng, p, low[i]!)));
    stay.forEach((p, i) => darts.push(dart(rng, p, high[i]!)));
    darts.sort((a, b) => a.by - b.by);
    volleys.push({ kind: 'round', darts, eliminated: losers.sort((a, b) => a - b) });
    alive = stay;
  }
  if (k > 1) {
    const ranked = rankedPerformances(
      k,
      k,
      () => rng.nextInt(20),
      (a, b) => WHEEL_VALUES[b]! - WHEEL_VALUES[a]!,
    );
    volleys.push({ kind: 'final', darts: heat.map((p, i) => dart(rng, p, ranked[i]!)), eliminated: [] });
  }
  return { mode: 'survival', volleys, scores: new Array<number>(n).fill(0), teams: null, targetAngle: null, winners: [...heat] };
}

function target(rng: Rng, n: number, heat: readonly number[]): DartPlan {
  const marker = between(rng, 0, 360);
  const used = new Set<number>();
  const ranked = rankedPerformances(
    n,
    heat.length,
    () => {
      let d: number;
      do d = rng.nextInt(1800);
      while (used.has(d));
      used.add(d);
      return d;
    },
    (a, b) => a - b,
  );
  const dist = assignPerformances(n, heat, ranked, rng);
  const darts = dist.map((d, by) => ({
    by,
    value: d,
    angle: Math.round(((((marker + (rng.nextInt(2) ? d : -d) / 10) % 360) + 360) % 360) * 100) / 100,
    radius: between(rng, 0.3, 0.92),
  }));
  return {
    mode: 'target',
    volleys: [{ kind: 'target', darts, eliminated: [] }],
    scores: dist,
    teams: null,
    targetAngle: marker,
    winners: [...heat],
  };
}

export function planDartWheel(seed: string, mode: DartMode, n: number, heat: readonly number[]): DartPlan {
  checkHeat(n, heat);
  const rng = new Rng(`dart-wheel:${mode}:${seed}:${heat.join(',')}`);
  if (mode === 'highest') return highest(rng, n, heat);
  if (mode === 'team') return team(rng, n, heat);
  if (mode === 'survival') return survival(rng, n, heat);
  return target(rng, n, heat);
}

/** The winners as a viewer reads them off the darts. */
export function dartWinners(plan: DartPlan, count: number): number[] {
  const darts = plan.volleys.flatMap((v) => v.darts);
  const n = plan.scores.length;
  if (plan.mode === 'survival') {
    const out = new Set(plan.volleys.flatMap((v) => v.eliminated));
    const alive = Array.from({ length: n }, (_, i) => i).filter((p) => !out.has(p));
    const final = plan.volleys.find((v) => v.kind === 'final');
    if (!final) return alive;
    const value = new Map(final.darts.map((d) => [d.by, d.value]));
    return alive.sort((a, b) => value.get(b)! - value.get(a)!);
  }
  const total = new Array<number>(n).fill(0);
  for (const d of darts) total[d.by]! += d.value;
  if (plan.mode === 'target')
    return Array.from({ length: n }, (_, i) => i)
      .sort((a, b) => total[a]! - total[b]!)
      .slice(0, count);
  if (plan.mode === 'team') {
    const teams = plan.teams!;
    const teamTotal = teams.map((t) => t.reduce((s, p) => s + total[p]!, 0));
    const best = teams[teamTotal.indexOf(Math.max(...teamTotal))]!;
    return best.slice().sort((a, b) => total[b]! - total[a]!);
  }
  return Array.from({ length: n }, (_, i) => i)
    .sort((a, b) => total[b]! - total[a]!)
    .slice(0, count);
}
