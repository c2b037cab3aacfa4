/**
 * Deterministic Tetris engine (modern guideline rules), one call per 1/60 s tick.
 *
 * The browser calls `stepTetris` (or `TetrisGame.step`) 60 times a second with the
 * actions pressed during that tick; the server replays the recorded input log through the
 * very same code (`advanceTetris`, mutable, allocation-light) to verify a claimed result.
 * Only integer arithmetic is used (gravity is fixed-point), so every JavaScript engine
 * computes the same game.
 *
 * One tick, in order:
 *   1. if the game was already over nothing happens (the tick counter does not move);
 *   2. actions are applied in the order given. 'P' toggles pause; any other action is
 *      ignored while paused. After 'HD' (or a 'HOLD') the following actions of the same
 *      tick act on the newly spawned piece;
 *   3. `ticks` += 1 (also when an action of this tick ended the game, so its inputs stay
 *      inside the log); if the game is paused at this point, that is all;
 *   4. otherwise `activeTicks` += 1, gravity moves the piece (× the soft-drop factor, 20 by
 *      default, while soft drop is held; factor 0 = 20 rows a tick),
 *      and the lock-delay timer runs: a piece resting on the stack for 30 ticks locks,
 *      or locks at once if it has used up its 15 move/rotate resets. A shift or rotation
 *      made while resting restarts the timer and uses one reset; reaching a new lowest
 *      row gives all 15 back (guideline "extended placement").
 *
 * Rules: 10×40 board (20 visible rows below 20 hidden rows), 7-bag from the seed, SRS
 * with guideline kicks (O does not rotate), hold once per piece, 5 visible next pieces,
 * no entry delay and no line-clear delay. Spawn in the hidden rows just above the field,
 * then one row down at once if free. Game over on block-out (a spawning piece overlaps
 * the stack) or lock-out (a piece locks entirely inside the hidden rows).
 *
 * Scoring (× level at the time of the lock): single 100, double 300, triple 500,
 * tetris 800; T-spin (3-corner rule) 400 / 800 / 1200 / 1600 for 0–3 lines, T-spin mini
 * 100 / 200 / 400 for 0–2 lines; back-to-back tetris or line-clearing T-spin ×1.5;
 * combo bonus 50 × combo × level; soft drop 1 per cell, hard drop 2 per cell.
 * Level = startLevel + floor(lines / 10).
 */

import { hashSeed, mulberry32Advance, mulberry32Output, uint32ToInt } from './rng.ts';
import {
  CELLS as PIECE_CELLS,
  I_KICKS as PIECE_I_KICKS,
  JLSTZ_KICKS as PIECE_JLSTZ_KICKS,
  KICK_TESTS,
  PIECE_I,
  PIECE_O,
  PIECE_T,
  type PieceKind,
  type Rotation,
} from './tetris-pieces.ts';

// Module-local copies of the hot tables: transpilers that turn ESM into CommonJS (tsx,
// vitest's module runner) read imported bindings through a getter on every access,
// which made the inner loops several times slower.
const CELLS = PIECE_CELLS;
const I_KICKS = PIECE_I_KICKS;
const JLSTZ_KICKS = PIECE_JLSTZ_KICKS;

export const BOARD_WIDTH = 10;
export const BOARD_HEIGHT = 40;
export const HIDDEN_ROWS = 20;
export const VISIBLE_ROWS = 20;
export const TICKS_PER_SECOND = 60;
export const NEXT_QUEUE_SIZE = 5;
export const LOCK_DELAY_TICKS = 30;
export const MAX_LOCK_RESETS = 15;
export const SOFT_DROP_FACTOR = 20;
export const LINES_PER_LEVEL = 10;
export const MAX_START_LEVEL = 15;

/** Top-left of the spawn bounding box (before the immediate one-row drop). */
export const SPAWN_X = 3;
export const SPAWN_Y = 18;

/** Fixed-point gravity: one row = 60 × 2^16 units, so level 1 (1 row/s) is exactly 2^16 per tick. */
export const GRAVITY_UNITS_PER_ROW = 60 * 65536;

/**
 * Units per tick for levels 1..20 = round(2^16 / secondsPerRow), secondsPerRow =
 * (0.8 − (level − 1)·0.007)^(level − 1), capped at 20 rows per tick (20G). Baked in as
 * integers because Math.pow may differ between JavaScript engines in the last bit.
 * Levels above 20 use the level-20 value. (The formula is checked in the tests.)
 */
export const GRAVITY_TABLE: readonly number[] = [
  65536, 82643, 106080, 138633, 184506, 250134, 345513, 486408, 698066, 1021580, 1524935, 2322516, 3610137, 5729001, 9284539, 15371203,
  26005483, 44975814, 78643200, 78643200,
];
const MAX_GRAVITY = 20 * GRAVITY_UNITS_PER_ROW;

/** Action codes, as they appear in the input log. */
export const TETRIS_ACTIONS = [
  'L', // shift left one column
  'R', // shift right one column
  'SD', // soft-drop step: one row down now (+1 point)
  'SDON', // soft-drop key pressed: gravity × the soft-drop factor until SDOFF (+1 point per row fallen)
  'SDOFF', // soft-drop key released
  'HD', // hard drop: to the ghost position and lock (+2 points per row)
  'CW', // rotate clockwise
  'CCW', // rotate counter-clockwise
  'HOLD', // swap with the hold slot (once per piece)
  'P', // pause / resume
] as const;
export type TetrisAction = (typeof TETRIS_ACTIONS)[number];

const ACTION_SET: ReadonlySet<string> = new Set(TETRIS_ACTIONS);
export function isTetrisAction(value: unknown): value is TetrisAction {
  return typeof value === 'string' && ACTION_SET.has(value);
}

export interface ActivePiece {
  kind: PieceKind;
  rotation: Rotation;
  /** Top-left of the bounding box; see tetris-pieces.ts. */
  x: number;
  y: number;
}

export type TSpinKind = 'none' | 'mini' | 'full';

/** What the last lock scored, for the UI's "TETRIS / T-SPIN / COMBO" flashes. */
export interface TetrisClearEvent {
  tick: number;
  lines: number;
  tSpin: TSpinKind;
  /** Points from this lock's clear, B2B and combo (drop points excluded). */
  points: number;
  combo: number;
  backToBack: boolean;
}

export interface TetrisOptions {
  /** 1..15, default 1. The server decides it (like the seed); it is part of the log. */
  startLevel?: number;
  /**
   * Gravity × this while soft drop is held: 0 (instant, 20 rows a tick) or 2..40, default 20.
   * The player chooses it (a setting); it is part of the log, so a replay falls the same way.
   */
  softDropFactor?: number;
}

export const MAX_SOFT_DROP_FACTOR = 40;

/** Whether a soft-drop factor is one the engine plays: 0 (instant) or 2..40. */
export function isSoftDropFactor(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && (value === 0 || (value >= 2 && value <= MAX_SOFT_DROP_FACTOR));
}

/**
 * The whole game. Plain data: clone it with `cloneTetrisState`, compare it with deep
 * equality. `stepTetris` never mutates the state it is given; `advanceTetris` does.
 */
export interface TetrisState {
  seed: string;
  startLevel: number;
  softDropFactor: number;
  /** BOARD_WIDTH × BOARD_HEIGHT cells, row-major, index y * 10 + x; 0 = empty, else PieceKind. */
  board: Uint8Array;
  /** null only once the game is over. */
  piece: ActivePiece | null;
  hold: PieceKind | null;
  canHold: boolean;
  /** Exactly NEXT_QUEUE_SIZE upcoming pieces, first = next to spawn. */
  next: PieceKind[];
  /** Rest of the current 7-bag, not yet shown in `next`. */
  bag: PieceKind[];
  /** mulberry32 state. */
  rng: number;
  score: number;
  level: number;
  linesCleared: number;
  /** Consecutive line-clearing locks minus one; −1 when the last lock cleared nothing. */
  combo: number;
  maxCombo: number;
  /** The last line clear was a tetris or a T-spin clear (next such clear gets ×1.5). */
  backToBack: boolean;
  gameOver: boolean;
  paused: boolean;
  /** All ticks played, paused ones included. */
  ticks: number;
  /** Unpaused ticks; timeElapsedSeconds = floor(activeTicks / 60). */
  activeTicks: number;
  piecesPlaced: number;
  /** Soft-drop key held (SDON … SDOFF). */
  softDrop: boolean;
  /** Fixed-point gravity accumulated towards the next row. */
  gravityAcc: number;
  /** Ticks the piece has rested on the stack since its last reset. */
  lockTimer: number;
  /** Move/rotate resets used since the piece last reached a new lowest row. */
  lockResets: number;
  lowestY: number;
  /** The last successful manoeuvre was a rotation (T-spin rule), and which kick test it used. */
  lastRotate: boolean;
  lastKick: number;
  lastClear: TetrisClearEvent | null;
}

export interface TetrisSummary {
  score: number;
  level: number;
  linesCleared: number;
  timeElapsedSeconds: number;
  maxCombo: number;
}

const LINE_POINTS = [0, 100, 300, 500, 800];
const TSPIN_POINTS = [400, 800, 1200, 1600];
const TSPIN_MINI_POINTS = [100, 200, 400];

/* ------------------------------------------------------------------------------------ */
/* Geometry                                                                             */
/* ------------------------------------------------------------------------------------ */

/** True when the piece fits: inside the 10×40 field and on empty cells only. */
export function pieceFits(board: Uint8Array, kind: PieceKind, rotation: Rotation, x: number, y: number): boolean {
  const base = (kind * 4 + rotation) * 8;
  for (let i = 0; i < 8; i += 2) {
    const cx = x + (CELLS[base + i] as number);
    const cy = y + (CELLS[base + i + 1] as number);
    if (cx < 0 || cx >= BOARD_WIDTH || cy < 0 || cy >= BOARD_HEIGHT) return false;
    if (board[cy * BOARD_WIDTH + cx] !== 0) return false;
  }
  return true;
}

/** The four board cells a piece covers, as [x0, y0, x1, y1, …]. */
export function pieceCells(piece: ActivePiece): number[] {
  const base = (piece.kind * 4 + piece.rotation) * 8;
  const out: number[] = [];
  for (let i = 0; i < 8; i += 2) {
    out.push(piece.x + (CELLS[base + i] as number), piece.y + (CELLS[base + i + 1] as number));
  }
  return out;
}

function dropDistance(board: Uint8Array, p: ActivePiece): number {
  let d = 0;
  while (pieceFits(board, p.kind, p.rotation, p.x, p.y + d + 1)) d++;
  return d;
}

/** Row (y) where the active piece would land: the ghost piece. Null when there is no piece. */
export function ghostY(state: TetrisState): number | null {
  const p = state.piece;
  return p ? p.y + dropDistance(state.board, p) : null;
}

/** Gravity in fixed-point units per tick for a level (see GRAVITY_TABLE). */
export function gravityForLevel(level: number): number {
  const index = Math.min(Math.max(level, 1), GRAVITY_TABLE.length) - 1;
  return GRAVITY_TABLE[index] as number;
}

/** Cell at column x, row y (0 = top of the hidden rows); 0 outside the field. */
export function cellAt(state: TetrisState, x: number, y: number): number {
  if (x < 0 || x >= BOARD_WIDTH || y < 0 || y >= BOARD_HEIGHT) return 0;
  return state.board[y * BOARD_WIDTH + x] as number;
}

/* ------------------------------------------------------------------------------------ */
/* State                                                                                */
/* ------------------------------------------------------------------------------------ */

export function createTetrisState(seed: string, options: TetrisOptions = {}): TetrisState {
  const startLevel = options.startLevel ?? 1;
  if (!Number.isInteger(startLevel) || startLevel < 1 || startLevel > MAX_START_LEVEL) {
    throw new RangeError(`startLevel must be an integer in 1..${MAX_START_LEVEL}`);
  }
  const softDropFactor = options.softDropFactor ?? SOFT_DROP_FACTOR;
  if (!isSoftDropFactor(softDropFactor)) throw new RangeError(`softDropFactor must be 0 or an integer in 2..${MAX_SOFT_DROP_FACTOR}`);
  const s: TetrisState = {
    seed,
    startLevel,
    softDropFactor,
    board: new Uint8Array(BOARD_WIDTH * BOARD_HEIGHT),
    piece: null,
    hold: null,
    canHold: true,
    next: [],
    bag: [],
    rng: hashSeed(seed),
    score: 0,
    level: startLevel,
    linesCleared: 0,
    combo: -1,
    maxCombo: 0,
    backToBack: false,
    gameOver: false,
    paused: false,
    ticks: 0,
    activeTicks: 0,
    piecesPlaced: 0,
    softDrop: false,
    gravityAcc: 0,
    lockTimer: 0,
    lockResets: 0,
    lowestY: 0,
    lastRotate: false,
    lastKick: -1,
    lastClear: null,
  };
  while (s.next.length < NEXT_QUEUE_SIZE) s.next.push(takeFromBag(s));
  spawn(s, popNext(s));
  return s;
}

export function cloneTetrisState(s: TetrisState): TetrisState {
  // Spelled out (not `{ ...s }`): a literal with a fixed shape copies several times faster.
  const p = s.piece;
  return {
    seed: s.seed,
    startLevel: s.startLevel,
    softDropFactor: s.softDropFactor,
    board: s.board.slice(),
    piece: p ? { kind: p.kind, rotation: p.rotation, x: p.x, y: p.y } : null,
    hold: s.hold,
    canHold: s.canHold,
    next: s.next.slice(),
    bag: s.bag.slice(),
    rng: s.rng,
    score: s.score,
    level: s.level,
    linesCleared: s.linesCleared,
    combo: s.combo,
    maxCombo: s.maxCombo,
    backToBack: s.backToBack,
    gameOver: s.gameOver,
    paused: s.paused,
    ticks: s.ticks,
    activeTicks: s.activeTicks,
    piecesPlaced: s.piecesPlaced,
    softDrop: s.softDrop,
    gravityAcc: s.gravityAcc,
    lockTimer: s.lockTimer,
    lockResets: s.lockResets,
    lowestY: s.lowestY,
    lastRotate: s.lastRotate,
    lastKick: s.lastKick,
    lastClear: s.lastClear,
  };
}

function takeFromBag(s: TetrisState): PieceKind {
  if (s.bag.length === 0) {
    const bag: PieceKind[] = [1, 2, 3, 4, 5, 6, 7];
    for (let i = bag.length - 1; i > 0; i--) {
      s.rng = mulberry32Advance(s.rng);
      const j = uint32ToInt(mulberry32Output(s.rng), i + 1);
      const tmp = bag[i] as PieceKind;
      bag[i] = bag[j] as PieceKind;
      bag[j] = tmp;
    }
    s.bag = bag;
  }
  return s.bag.shift() as PieceKind;
}

function popNext(s: TetrisState): PieceKind {
  const kind = s.next.shift() as PieceKind;
  s.next.push(takeFromBag(s));
  return kind;
}

function spawn(s: TetrisState, kind: PieceKind): void {
  s.gravityAcc = 0;
  s.lockTimer = 0;
  s.lockResets = 0;
  s.lastRotate = false;
  s.lastKick = -1;
  if (!pieceFits(s.board, kind, 0, SPAWN_X, SPAWN_Y)) {
    // Block out.
    s.piece = null;
    s.gameOver = true;
    return;
  }
  const y = pieceFits(s.board, kind, 0, SPAWN_X, SPAWN_Y + 1) ? SPAWN_Y + 1 : SPAWN_Y;
  if (s.piece) {
    // Reused in place: advanceTetris owns its state, and stepTetris works on a clone.
    s.piece.kind = kind;
    s.piece.rotation = 0;
    s.piece.x = SPAWN_X;
    s.piece.y = y;
  } else {
    s.piece = { kind, rotation: 0, x: SPAWN_X, y };
  }
  s.lowestY = y;
}

/* ------------------------------------------------------------------------------------ */
/* Moves                                                                                */
/* ------------------------------------------------------------------------------------ */

function grounded(s: TetrisState, p: ActivePiece): boolean {
  return !pieceFits(s.board, p.kind, p.rotation, p.x, p.y + 1);
}

/** A successful shift/rotation while resting on the stack restarts the lock delay (≤ 15 times). */
function afterManoeuvre(s: TetrisState, wasGrounded: boolean): void {
  if (wasGrounded && s.lockResets < MAX_LOCK_RESETS) {
    s.lockResets++;
    s.lockTimer = 0;
  }
}

function movedDown(s: TetrisState, p: ActivePiece): void {
  s.lastRotate = false;
  if (p.y > s.lowestY) {
    s.lowestY = p.y;
    s.lockResets = 0;
    s.lockTimer = 0;
  }
}

function shift(s: TetrisState, p: ActivePiece, dx: number): void {
  if (!pieceFits(s.board, p.kind, p.rotation, p.x + dx, p.y)) return;
  const wasGrounded = grounded(s, p);
  p.x += dx;
  s.lastRotate = false;
  afterManoeuvre(s, wasGrounded);
}

/**
 * How many columns the active piece could shift in `dir` now (0 when paused, over or blocked):
 * what an "ARR 0" client sends as that many single shifts, so the log holds each one.
 */
export function tetrisShiftRoom(s: TetrisState, dir: -1 | 1): number {
  const p = s.piece;
  if (!p || s.paused || s.gameOver) return 0;
  let n = 0;
  while (n < BOARD_WIDTH && pieceFits(s.board, p.kind, p.rotation, p.x + dir * (n + 1), p.y)) n++;
  return n;
}

function rotate(s: TetrisState, p: ActivePiece, dir: 1 | 3): void {
  if (p.kind === PIECE_O) return;
  const from = p.rotation;
  const to = ((from + dir) & 3) as Rotation;
  const kicks = p.kind === PIECE_I ? I_KICKS : JLSTZ_KICKS;
  const base = (from * 4 + to) * 10;
  for (let test = 0; test < KICK_TESTS; test++) {
    const nx = p.x + (kicks[base + test * 2] as number);
    const ny = p.y + (kicks[base + test * 2 + 1] as number);
    if (pieceFits(s.board, p.kind, to, nx, ny)) {
      const wasGrounded = grounded(s, p);
      p.rotation = to;
      p.x = nx;
      p.y = ny;
      s.lastRotate = true;
      s.lastKick = test;
      afterManoeuvre(s, wasGrounded);
      if (ny > s.lowestY) {
        s.lowestY = ny;
        s.lockResets = 0;
        s.lockTimer = 0;
      }
      return;
    }
  }
}

function softDropStep(s: TetrisState, p: ActivePiece): void {
  if (!pieceFits(s.board, p.kind, p.rotation, p.x, p.y + 1)) return;
  p.y++;
  s.score += 1;
  movedDown(s, p);
}

function hardDrop(s: TetrisState, p: ActivePiece): void {
  const d = dropDistance(s.board, p);
  if (d > 0) {
    p.y += d;
    s.score += 2 * d;
    s.lastRotate = false;
  }
  lockPiece(s, p);
}

function holdPiece(s: TetrisState, p: ActivePiece): void {
  if (!s.canHold) return;
  s.canHold = false;
  const current = p.kind;
  const incoming = s.hold ?? popNext(s);
  s.hold = current;
  spawn(s, incoming);
}

/** 3-corner T-spin rule; "full" when both front corners are filled or kick test 5 was used. */
function detectTSpin(s: TetrisState, p: ActivePiece): TSpinKind {
  if (p.kind !== PIECE_T || !s.lastRotate) return 'none';
  const filled = (cx: number, cy: number): boolean =>
    cx < 0 || cx >= BOARD_WIDTH || cy >= BOARD_HEIGHT || cy < 0 || s.board[cy * BOARD_WIDTH + cx] !== 0;
  const tl = filled(p.x, p.y);
  const tr = filled(p.x + 2, p.y);
  const bl = filled(p.x, p.y + 2);
  const br = filled(p.x + 2, p.y + 2);
  const count = +tl + +tr + +bl + +br;
  if (count < 3) return 'none';
  let front: boolean;
  switch (p.rotation) {
    case 0:
      front = tl && tr;
      break;
    case 1:
      front = tr && br;
      break;
    case 2:
      front = bl && br;
      break;
    default:
      front = tl && bl;
  }
  return front || s.lastKick === KICK_TESTS - 1 ? 'full' : 'mini';
}

function clearFullRows(board: Uint8Array, top: number, bottom: number): number {
  let full = 0;
  for (let y = top; y <= bottom; y++) {
    let rowFull = true;
    for (let x = 0; x < BOARD_WIDTH; x++) {
      if (board[y * BOARD_WIDTH + x] === 0) {
        rowFull = false;
        break;
      }
    }
    if (rowFull) {
      // Shift everything above down by one row, then empty row 0.
      board.copyWithin(BOARD_WIDTH, 0, y * BOARD_WIDTH);
      board.fill(0, 0, BOARD_WIDTH);
      full++;
    }
  }
  return full;
}

function lockPiece(s: TetrisState, p: ActivePiece): void {
  const tSpin = detectTSpin(s, p);
  const base = (p.kind * 4 + p.rotation) * 8;
  let allHidden = true;
  let top = BOARD_HEIGHT;
  let bottom = 0;
  for (let i = 0; i < 8; i += 2) {
    const cx = p.x + (CELLS[base + i] as number);
    const cy = p.y + (CELLS[base + i + 1] as number);
    s.board[cy * BOARD_WIDTH + cx] = p.kind;
    if (cy >= HIDDEN_ROWS) allHidden = false;
    if (cy < top) top = cy;
    if (cy > bottom) bottom = cy;
  }
  s.piecesPlaced++;
  if (allHidden) {
    // Lock out.
    s.piece = null;
    s.gameOver = true;
    return;
  }

  const lines = clearFullRows(s.board, top, bottom);
  const level = s.level;
  if (lines > 0 || tSpin !== 'none') {
    // A mini can clear at most two rows (a T covering three rows fills both front corners).
    let points =
      tSpin === 'full' || (tSpin === 'mini' && lines > 2)
        ? (TSPIN_POINTS[lines] as number)
        : tSpin === 'mini'
          ? (TSPIN_MINI_POINTS[lines] as number)
          : (LINE_POINTS[lines] as number);
    points *= level;
    let b2bApplied = false;
    if (lines > 0) {
      const difficult = lines === 4 || tSpin !== 'none';
      if (difficult && s.backToBack) {
        points = (points * 3) / 2; // always a multiple of 100, so exact
        b2bApplied = true;
      }
      s.backToBack = difficult;
      s.combo++;
      if (s.combo > 0) points += 50 * s.combo * level;
      if (s.combo > s.maxCombo) s.maxCombo = s.combo;
      s.linesCleared += lines;
      s.level = s.startLevel + Math.floor(s.linesCleared / LINES_PER_LEVEL);
    } else {
      s.combo = -1;
    }
    s.score += points;
    s.lastClear = {
      tick: s.ticks,
      lines,
      tSpin,
      points,
      combo: lines > 0 ? s.combo : -1,
      backToBack: b2bApplied,
    };
  } else {
    s.combo = -1;
  }

  s.canHold = true;
  spawn(s, popNext(s));
}

/* ------------------------------------------------------------------------------------ */
/* Ticks                                                                                */
/* ------------------------------------------------------------------------------------ */

/**
 * Applies one action of the current tick (mutates). Part of `advanceTetris`; exported so
 * the replay loop can feed actions straight from the log without building arrays.
 */
export function applyTetrisAction(s: TetrisState, action: TetrisAction): void {
  if (s.gameOver) return;
  if (action === 'P') {
    s.paused = !s.paused;
    return;
  }
  if (s.paused) return;
  const p = s.piece;
  if (!p) return;
  switch (action) {
    case 'L':
      shift(s, p, -1);
      break;
    case 'R':
      shift(s, p, 1);
      break;
    case 'CW':
      rotate(s, p, 1);
      break;
    case 'CCW':
      rotate(s, p, 3);
      break;
    case 'SD':
      softDropStep(s, p);
      break;
    case 'SDON':
      s.softDrop = true;
      break;
    case 'SDOFF':
      s.softDrop = false;
      break;
    case 'HD':
      hardDrop(s, p);
      break;
    case 'HOLD':
      holdPiece(s, p);
      break;
  }
}

/**
 * Ends a tick that started on a live game (mutates): counters, gravity and lock delay. The
 * tick counts even when one of its actions ended the game, so its inputs stay in the log.
 */
export function finishTetrisTick(s: TetrisState): void {
  s.ticks++;
  if (s.paused) return;
  s.activeTicks++;
  if (s.gameOver) return;
  const p = s.piece;
  if (!p) return;
  if (grounded(s, p)) {
    s.gravityAcc = 0;
  } else {
    const g = s.softDrop
      ? s.softDropFactor === 0
        ? MAX_GRAVITY
        : Math.min(gravityForLevel(s.level) * s.softDropFactor, MAX_GRAVITY)
      : gravityForLevel(s.level);
    s.gravityAcc += g;
    while (s.gravityAcc >= GRAVITY_UNITS_PER_ROW) {
      if (!pieceFits(s.board, p.kind, p.rotation, p.x, p.y + 1)) {
        s.gravityAcc = 0;
        break;
      }
      p.y++;
      s.gravityAcc -= GRAVITY_UNITS_PER_ROW;
      if (s.softDrop) s.score += 1;
      movedDown(s, p);
    }
  }
  if (grounded(s, p)) {
    s.lockTimer++;
    if (s.lockTimer >= LOCK_DELAY_TICKS || s.lockResets >= MAX_LOCK_RESETS) lockPiece(s, p);
  } else {
    s.lockTimer = 0;
  }
}

/** One tick, in place. Used by replay, the bot and `TetrisGame`. */
export function advanceTetris(s: TetrisState, actions: readonly TetrisAction[]): void {
  if (s.gameOver) return;
  for (let i = 0; i < actions.length; i++) applyTetrisAction(s, actions[i] as TetrisAction);
  finishTetrisTick(s);
}

/** One tick, immutably: returns a new state and leaves `state` untouched. */
export function stepTetris(state: TetrisState, actions: readonly TetrisAction[]): TetrisState {
  if (state.gameOver) return state;
  const s = cloneTetrisState(state);
  advanceTetris(s, actions);
  return s;
}

/** The SPEC's TETRIS result fields (besides gameData). */
export function summarizeTetris(s: TetrisState): TetrisSummary {
  return {
    score: s.score,
    level: s.level,
    linesCleared: s.linesCleared,
    timeElapsedSeconds: Math.floor(s.activeTicks / TICKS_PER_SECOND),
    maxCombo: s.maxCombo,
  };
}
