/**
 * The Tetris input log: what a client sends as `gameData` with its result, and what the
 * server replays to check it.
 *
 *   {
 *     "v": 1,                       // format version
 *     "seed": "…",                  // the seed the server issued for this session
 *     "ticks": 36000,               // ticks played (1 tick = 1/60 s), paused ones included
 *     "inputs": [[0, "R"], [0, "R"], [45, "CW"], [45, "HD"], …],
 *     "startLevel": 1,              // optional, default 1
 *     "softDropFactor": 20          // optional, default 20 (the player's soft-drop speed; 0 = instant)
 *   }
 *
 * Each input is [tick, action]: the action was pressed in the tick with that index (the
 * first tick is 0). Several actions may share a tick and then apply in array order.
 * Ticks never decrease and are < `ticks`. Action codes (see TETRIS_ACTIONS):
 *
 *   L / R      shift one column          CW / CCW   rotate (SRS)
 *   SD         soft-drop one row         HD         hard drop
 *   SDON/SDOFF soft-drop key down / up   HOLD       hold
 *   P          pause / resume
 *
 * Auto-repeat (DAS/ARR, the player's settings) happens in the client, which logs each resulting
 * shift as its own 'L'/'R' on the tick it was applied (an "instant" ARR logs as many as the piece
 * moved), so the replay needs nothing of those settings. A log that goes on after the game
 * ended is refused.
 */

import {
  advanceTetris,
  applyTetrisAction,
  cloneTetrisState,
  createTetrisState,
  finishTetrisTick,
  isSoftDropFactor,
  isTetrisAction,
  MAX_SOFT_DROP_FACTOR,
  MAX_START_LEVEL,
  SOFT_DROP_FACTOR,
  type TetrisAction,
  type TetrisOptions,
  type TetrisState,
} from './tetris-engine.ts';

export type TetrisInput = [tick: number, action: TetrisAction];

export interface TetrisLog {
  v: 1;
  seed: string;
  ticks: number;
  inputs: TetrisInput[];
  startLevel?: number;
  softDropFactor?: number;
}

/** Two hours of play, pauses included. */
export const MAX_LOG_TICKS = 2 * 60 * 60 * 60;
/** Far above human play (a fast player presses ~5 keys a second). */
export const MAX_LOG_INPUTS = 200_000;
export const MAX_INPUTS_PER_TICK = 32;
export const MAX_SEED_LENGTH = 128;
/** Upper bound on a JSON-encoded log accepted by `parseTetrisLog`. */
export const MAX_LOG_JSON_LENGTH = 4_000_000;

export type TetrisLogParseResult = { ok: true; log: TetrisLog } | { ok: false; reason: string };

const LOG_KEYS: ReadonlySet<string> = new Set(['v', 'seed', 'ticks', 'inputs', 'startLevel', 'softDropFactor']);

function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Checks that `raw` (an object, or its JSON text) is a well-formed, bounded v1 log.
 * Returns the same object, typed, without copying.
 */
export function parseTetrisLog(raw: unknown): TetrisLogParseResult {
  let value = raw;
  if (typeof value === 'string') {
    if (value.length > MAX_LOG_JSON_LENGTH) return { ok: false, reason: 'log JSON too large' };
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { ok: false, reason: 'log is not valid JSON' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'log must be an object' };
  }
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!LOG_KEYS.has(key)) return { ok: false, reason: `unknown log field "${key}"` };
  }
  if (o.v !== 1) return { ok: false, reason: 'unsupported log version' };
  if (typeof o.seed !== 'string' || o.seed.length === 0 || o.seed.length > MAX_SEED_LENGTH) {
    return { ok: false, reason: 'seed must be a string of 1..128 characters' };
  }
  if (!isNonNegativeInt(o.ticks) || o.ticks > MAX_LOG_TICKS) {
    return { ok: false, reason: `ticks must be an integer in 0..${MAX_LOG_TICKS}` };
  }
  if (o.startLevel !== undefined) {
    if (!isNonNegativeInt(o.startLevel) || o.startLevel < 1 || o.startLevel > MAX_START_LEVEL) {
      return { ok: false, reason: `startLevel must be an integer in 1..${MAX_START_LEVEL}` };
    }
  }
  if (o.softDropFactor !== undefined && !isSoftDropFactor(o.softDropFactor)) {
    return { ok: false, reason: `softDropFactor must be 0 or an integer in 2..${MAX_SOFT_DROP_FACTOR}` };
  }
  const inputs = o.inputs;
  if (!Array.isArray(inputs)) return { ok: false, reason: 'inputs must be an array' };
  if (inputs.length > MAX_LOG_INPUTS) return { ok: false, reason: 'too many inputs' };
  const ticks = o.ticks;
  let lastTick = -1;
  let sameTick = 0;
  for (let i = 0; i < inputs.length; i++) {
    const entry: unknown = inputs[i];
    if (!Array.isArray(entry) || entry.length !== 2) {
      return { ok: false, reason: `input ${i} must be [tick, action]` };
    }
    const tick: unknown = entry[0];
    if (!isNonNegativeInt(tick) || tick >= ticks) {
      return { ok: false, reason: `input ${i}: tick must be an integer in 0..ticks-1` };
    }
    if (tick < lastTick) return { ok: false, reason: `input ${i}: ticks out of order` };
    sameTick = tick === lastTick ? sameTick + 1 : 1;
    if (sameTick > MAX_INPUTS_PER_TICK) {
      return { ok: false, reason: `input ${i}: more than ${MAX_INPUTS_PER_TICK} inputs in one tick` };
    }
    lastTick = tick;
    if (!isTetrisAction(entry[1])) return { ok: false, reason: `input ${i}: unknown action` };
  }
  return { ok: true, log: o as unknown as TetrisLog };
}

/** Compact JSON text of a log (what a client may send as a string gameData). */
export function encodeTetrisLog(log: TetrisLog): string {
  return JSON.stringify(log);
}

/** Inverse of `encodeTetrisLog`, with full validation. */
export function decodeTetrisLog(text: string): TetrisLogParseResult {
  return parseTetrisLog(text);
}

/**
 * Replays a (well-formed) log and returns the final state. Stops early if the game ends
 * before `log.ticks` (then `state.ticks < log.ticks`; `verifyTetrisResult` refuses that).
 * One mutable state, no per-tick allocation.
 */
export function replayTetris(log: TetrisLog): TetrisState {
  const s = createTetrisState(log.seed, tetrisOptionsOfLog(log));
  const inputs = log.inputs;
  const n = inputs.length;
  let k = 0;
  for (let tick = 0; tick < log.ticks; tick++) {
    if (s.gameOver) break;
    while (k < n) {
      const input = inputs[k] as TetrisInput;
      if (input[0] !== tick) break;
      applyTetrisAction(s, input[1]);
      k++;
    }
    finishTetrisTick(s);
  }
  return s;
}

/** The options a log was played with (what its optional header fields say). */
export function tetrisOptionsOfLog(log: Pick<TetrisLog, 'startLevel' | 'softDropFactor'>): TetrisOptions {
  const options: TetrisOptions = {};
  if (log.startLevel !== undefined) options.startLevel = log.startLevel;
  if (log.softDropFactor !== undefined) options.softDropFactor = log.softDropFactor;
  return options;
}

/**
 * A live game that records its own log: what the browser (and the bot) drive. `state` is
 * mutated in place each tick; take `snapshot()` when an immutable copy is needed (React).
 */
export class TetrisGame {
  readonly state: TetrisState;
  private readonly inputs: TetrisInput[] = [];

  constructor(seed: string, options: TetrisOptions = {}) {
    this.state = createTetrisState(seed, options);
  }

  /** Plays one tick with the actions pressed during it. No-op once the game is over. */
  step(actions: readonly TetrisAction[] = []): TetrisState {
    const s = this.state;
    if (s.gameOver) return s;
    for (const action of actions) this.inputs.push([s.ticks, action]);
    advanceTetris(s, actions);
    return s;
  }

  snapshot(): TetrisState {
    return cloneTetrisState(this.state);
  }

  /** The log so far, ready to send as gameData (a copy). */
  log(): TetrisLog {
    const log: TetrisLog = {
      v: 1,
      seed: this.state.seed,
      ticks: this.state.ticks,
      inputs: this.inputs.map(([t, a]): TetrisInput => [t, a]),
    };
    if (this.state.startLevel !== 1) log.startLevel = this.state.startLevel;
    if (this.state.softDropFactor !== SOFT_DROP_FACTOR) log.softDropFactor = this.state.softDropFactor;
    return log;
  }
}
