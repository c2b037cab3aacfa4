/**
 * Snail race: everyone's snail crawls a 100-unit track at ten ticks a second; random events
 * speed snails up (dew, rocket), stop them (nap, dance) or move them (a leaf slide forward, a
 * gust of wind back). The first to cross win, in the order of the draw (show-support.ts).
 */
import { Rng } from '../rng.ts';
import { assignPerformances, between, checkHeat, rankedPerformances } from './show-support.ts';

export const SNAIL_TRACK = 100;
export const SNAIL_TICKS_PER_SECOND = 10;
const MAX_TICKS = 600;
const AFTER_FINISH_TICKS = 20;

export type SnailEventKind = 'dew' | 'rocket' | 'nap' | 'dance' | 'leaf' | 'wind';

/** Effect of each event: a speed factor for some ticks, or an instant move. */
export const SNAIL_EVENTS: Record<SnailEventKind, { weight: number; factor?: number; ticks?: number; move?: number }> = {
  dew: { weight: 25, factor: 2, ticks: 20 },
  rocket: { weight: 8, factor: 3, ticks: 8 },
  nap: { weight: 22, factor: 0, ticks: 15 },
  dance: { weight: 10, factor: 0, ticks: 8 },
  leaf: { weight: 15, move: 5 },
  wind: { weight: 20, move: -4 },
};
const EVENT_KINDS = Object.keys(SNAIL_EVENTS) as SnailEventKind[];
const EVENT_WEIGHT = EVENT_KINDS.reduce((s, k) => s + SNAIL_EVENTS[k].weight, 0);

export interface SnailEvent {
  tick: number;
  snail: number;
  kind: SnailEventKind;
}

interface Trail {
  positions: number[];
  finish: number;
  events: { tick: number; kind: SnailEventKind }[];
}

export interface SnailRacePlan {
  /** ticks of the show (the last finisher among the picks + two seconds) */
  ticks: number;
  /** position of each snail at each tick 0…ticks */
  positions: number[][];
  events: SnailEvent[];
  /** fractional tick at which each snail crosses the line (Infinity: not within the show) */
  finish: number[];
  winners: number[];
}

function crawl(rng: Rng): Trail {
  const base = between(rng, 0.45, 0.62);
  const positions = [0];
  const events: Trail['events'] = [];
  let pos = 0;
  let finish = Infinity;
  let factor = 1;
  let effectLeft = 0;
  for (let tick = 1; tick <= MAX_TICKS; tick++) {
    if (pos >= SNAIL_TRACK) {
      positions.push(pos); // resting just past the line
      continue;
    }
    if (effectLeft > 0) effectLeft--;
    else factor = 1;
    if (effectLeft === 0 && tick > 5 && rng.nextInt(1000) < 22) {
      let r = rng.nextInt(EVENT_WEIGHT);
      const kind = EVENT_KINDS.find((k) => (r -= SNAIL_EVENTS[k].weight) < 0)!;
      const e = SNAIL_EVENTS[kind];
      events.push({ tick, kind });
      if (e.move !== undefined) pos = Math.max(0, pos + e.move);
      else [factor, effectLeft] = [e.factor!, e.ticks!];
    }
    const next = Math.round((pos + base * (0.7 + 0.6 * rng.nextFloat()) * factor) * 100) / 100;
    const prev = positions[tick - 1]!; // what viewers saw last (before any leaf or wind this tick)
    if (next >= SNAIL_TRACK) finish = tick - 1 + (SNAIL_TRACK - prev) / (next - prev);
    pos = next;
    positions.push(pos);
  }
  return { positions, finish, events };
}

/** The race of one heat: `heat` (distinct participant indexes, in the draw's order) finish first. */
export function planSnailRace(seed: string, n: number, heat: readonly number[]): SnailRacePlan {
  checkHeat(n, heat);
  const rng = new Rng(`snail-race:${seed}:${heat.join(',')}`);
  const generate = () => {
    for (;;) {
      const t = crawl(rng);
      if (t.finish < MAX_TICKS - AFTER_FINISH_TICKS) return t;
    }
  };
  const ranked = rankedPerformances(n, heat.length, generate, (a, b) => a.finish - b.finish);
  const trails = assignPerformances(n, heat, ranked, rng);
  const ticks = Math.min(MAX_TICKS, Math.ceil(ranked[heat.length - 1]!.finish) + AFTER_FINISH_TICKS);
  const events: SnailEvent[] = [];
  trails.forEach((t, snail) => t.events.forEach((e) => e.tick <= ticks && events.push({ ...e, snail })));
  events.sort((a, b) => a.tick - b.tick || a.snail - b.snail);
  return {
    ticks,
    positions: trails.map((t) => t.positions.slice(0, ticks + 1)),
    events,
    finish: trails.map((t) => (t.finish <= ticks ? t.finish : Infinity)),
    winners: [...heat],
  };
}

/** Who crossed the line, first to last, as seen in the positions (what viewers see). */
export function snailFinishers(positions: readonly (readonly number[])[]): number[] {
  const crossed: { snail: number; at: number }[] = [];
  positions.forEach((trail, snail) => {
    for (let t = 1; t < trail.length; t++) {
      if (trail[t]! >= SNAIL_TRACK) {
        const prev = trail[t - 1]!;
        crossed.push({ snail, at: t - 1 + (SNAIL_TRACK - prev) / (trail[t]! - prev) });
        break;
      }
    }
  });
  return crossed.sort((a, b) => a.at - b.at).map((c) => c.snail);
}

export type SnailCommentKind = 'start' | 'event' | 'lead' | 'half' | 'final-stretch' | 'finish' | 'photo';
export interface SnailComment {
  tick: number;
  kind: SnailCommentKind;
  snail?: number;
  event?: SnailEventKind;
  place?: number;
}

/** Live commentary: the start, lead changes, events (throttled), half way, the finishes. */
export function snailCommentary(plan: SnailRacePlan): SnailComment[] {
  const out: SnailComment[] = [{ tick: 0, kind: 'start' }];
  const n = plan.positions.length;
  let leader = -1;
  let lastLead = -100;
  let lastEvent = -100;
  let half = false;
  let stretch = false;
  const eventsAt = new Map<number, SnailEvent[]>();
  for (const e of plan.events) eventsAt.set(e.tick, [...(eventsAt.get(e.tick) ?? []), e]);
  const firstFinish = Math.min(...plan.finish);
  for (let t = 1; t <= plan.ticks && t <= firstFinish; t++) {
    let best = 0;
    for (let s = 1; s < n; s++) if (plan.positions[s]![t]! > plan.positions[best]![t]!) best = s;
    const front = plan.positions[best]![t]!;
    if (best !== leader && t - lastLead >= 15) {
      out.push({ tick: t, kind: 'lead', snail: best });
      [leader, lastLead] = [best, t];
    }
    if (!half && front >= SNAIL_TRACK / 2) {
      out.push({ tick: t, kind: 'half', snail: best });
      half = true;
    }
    if (!stretch && front >= SNAIL_TRACK * 0.85) {
      out.push({ tick: t, kind: 'final-stretch', snail: best });
      stretch = true;
    }
    for (const e of eventsAt.get(t) ?? []) {
      if (t - lastEvent < 6) break;
      out.push({ tick: t, kind: 'event', snail: e.snail, event: e.kind });
      lastEvent = t;
    }
  }
  plan.winners.forEach((w, i) => out.push({ tick: Math.ceil(plan.finish[w]!), kind: 'finish', snail: w, place: i + 1 }));
  const k = plan.winners.length;
  const next = plan.finish.filter((f, s) => !plan.winners.includes(s) && f !== Infinity).sort((a, b) => a - b)[0];
  if (next !== undefined && next - plan.finish[plan.winners[k - 1]!]! < 1) {
    out.push({ tick: Math.ceil(plan.finish[plan.winners[k - 1]!]!), kind: 'photo', snail: plan.winners[k - 1]!, place: k });
  }
  return out.sort((a, b) => a.tick - b.tick);
}
