/**
 * Spotlight Arena: who presents next. Picks at random among the names not picked yet in this
 * round (no repeats until everyone had a turn), and plans the spotlight's path: a few laps
 * that slow down and stop on the pick.
 */
export interface SpotlightPick {
  name: string;
  round: number;
  at: string;
}

export interface SpotlightState {
  names: string[];
  /** Picked in the current round. */
  picked: string[];
  round: number;
  history: SpotlightPick[];
}

export const emptySpotlight = (): SpotlightState => ({ names: [], picked: [], round: 1, history: [] });

export function setNames(state: SpotlightState, names: string[]): SpotlightState {
  return { ...state, names, picked: state.picked.filter((n) => names.includes(n)) };
}

export function remaining(state: SpotlightState): string[] {
  return state.names.filter((n) => !state.picked.includes(n));
}

/** The next pick (random in [0,1) from `random`); a new round starts when everyone was picked. */
export function pickNext(state: SpotlightState, random: () => number, now = new Date()): { name: string; state: SpotlightState } | null {
  if (state.names.length === 0) return null;
  let pool = remaining(state);
  let round = state.round;
  let picked = state.picked;
  if (pool.length === 0) {
    round += 1;
    picked = [];
    pool = [...state.names];
  }
  const name = pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!;
  return {
    name,
    state: {
      ...state,
      round,
      picked: [...picked, name],
      history: [{ name, round, at: now.toISOString() }, ...state.history].slice(0, 100),
    },
  };
}

/**
 * The indexes the spotlight visits and how long it stays on each: `laps` full turns, then on
 * to the target, each step a little slower (ease-out).
 */
export function spotlightPath(count: number, target: number, laps = 2, fastMs = 45, slowMs = 420): { index: number; ms: number }[] {
  if (count <= 0) return [];
  const steps = laps * count + target + 1;
  const out: { index: number; ms: number }[] = [];
  for (let i = 0; i < steps; i++) {
    const p = steps === 1 ? 1 : i / (steps - 1);
    out.push({ index: i % count, ms: Math.round(fastMs + (slowMs - fastMs) * p * p * p) });
  }
  return out;
}

export function cryptoRandom(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]! / 2 ** 32;
}
