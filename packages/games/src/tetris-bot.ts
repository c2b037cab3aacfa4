/**
 * A deterministic Tetris bot that plays like a steady human: it waits a (seeded) moment
 * after each new piece, then rotates, shifts and drops it where a classic 4-feature
 * heuristic (aggregate height, lines, holes, bumpiness — Yiyuan Lee's weights) likes it
 * best, sometimes holding, sometimes soft-dropping. It exists to produce honest input logs
 * for benchmarks and for server / end-to-end tests.
 */

import { Rng } from './rng.ts';
import {
  applyTetrisAction,
  cloneTetrisState,
  GRAVITY_UNITS_PER_ROW,
  ghostY,
  gravityForLevel,
  LOCK_DELAY_TICKS,
  summarizeTetris,
  type TetrisAction,
  type TetrisState,
  type TetrisSummary,
} from './tetris-engine.ts';
import { TetrisGame, type TetrisLog } from './tetris-log.ts';

// Local constants rather than imported bindings: see the note in tetris-engine.ts.
const BOARD_WIDTH = 10;
const BOARD_HEIGHT = 40;

const ROTATIONS: readonly (readonly TetrisAction[])[] = [[], ['CW'], ['CW', 'CW'], ['CCW']];
const W_HEIGHT = -0.510066;
const W_LINES = 0.760666;
const W_HOLES = -0.35663;
const W_BUMPINESS = -0.184483;

function evaluateBoard(board: Uint8Array): number {
  let aggregate = 0;
  let holes = 0;
  let bumpiness = 0;
  let previous = -1;
  for (let x = 0; x < BOARD_WIDTH; x++) {
    let height = 0;
    for (let y = 0; y < BOARD_HEIGHT; y++) {
      if (board[y * BOARD_WIDTH + x] !== 0) {
        if (height === 0) height = BOARD_HEIGHT - y;
      } else if (height !== 0) {
        holes++;
      }
    }
    aggregate += height;
    if (previous >= 0) bumpiness += Math.abs(height - previous);
    previous = height;
  }
  return W_HEIGHT * aggregate + W_HOLES * holes + W_BUMPINESS * bumpiness;
}

/**
 * The bot's choice for the current piece: the actions to press (in one tick) ending with
 * 'HD'. Tries every rotation × column, with and without hold, on a scratch copy of the game.
 */
export function chooseTetrisMove(state: TetrisState, allowHold = true): TetrisAction[] {
  let best: TetrisAction[] = ['HD'];
  let bestValue = -Infinity;
  const holdOptions = allowHold && state.canHold ? [false, true] : [false];
  for (const useHold of holdOptions) {
    for (const rotation of ROTATIONS) {
      for (let dx = -5; dx <= 5; dx++) {
        const plan: TetrisAction[] = useHold ? ['HOLD', ...rotation] : [...rotation];
        for (let i = 0; i < Math.abs(dx); i++) plan.push(dx < 0 ? 'L' : 'R');
        plan.push('HD');
        const trial = cloneTetrisState(state);
        for (const action of plan) applyTetrisAction(trial, action);
        if (trial.gameOver) continue;
        const lines = trial.linesCleared - state.linesCleared;
        // A tiny preference for not holding keeps the bot from swapping pointlessly.
        const value = evaluateBoard(trial.board) + W_LINES * lines - (useHold ? 0.01 : 0);
        if (value > bestValue) {
          bestValue = value;
          best = plan;
        }
      }
    }
  }
  return best;
}

export interface TetrisBotOptions {
  /** Stop (end the session) once this many unpaused ticks were played. Default 36,000 (10 min). */
  maxActiveTicks?: number;
  /** Seed of the bot's own pacing choices; default derived from the game seed. */
  botSeed?: string;
  /** Pause between a piece appearing and the bot acting, in ticks [min, max]. Default [40, 110]. */
  thinkTicks?: readonly [number, number];
  /** Share of pieces brought down with held soft drop instead of a hard drop. Default 0.15. */
  softDropShare?: number;
  allowHold?: boolean;
  /** Pause the game at these ticks for this long (exercises 'P'). */
  pauses?: readonly { atTick: number; forTicks: number }[];
  startLevel?: number;
}

export interface TetrisBotGame {
  log: TetrisLog;
  state: TetrisState;
  summary: TetrisSummary;
}

/** Plays one whole game (until game over or `maxActiveTicks`) and returns its log. */
export function playTetrisBot(seed: string, options: TetrisBotOptions = {}): TetrisBotGame {
  const maxActiveTicks = options.maxActiveTicks ?? 36_000;
  const [thinkMin, thinkMax] = options.thinkTicks ?? [40, 110];
  const softDropShare = options.softDropShare ?? 0.15;
  const allowHold = options.allowHold ?? true;
  const pauses = options.pauses ?? [];
  const rng = new Rng(options.botSeed ?? `bot:${seed}`);
  const game = new TetrisGame(seed, options.startLevel === undefined ? {} : { startLevel: options.startLevel });
  const s = game.state;

  let seenPiece = -1;
  let actAt = -1;
  let resumeAt = -1;
  let pauseIndex = 0;
  while (!s.gameOver && s.activeTicks < maxActiveTicks) {
    const actions: TetrisAction[] = [];
    const pause = pauses[pauseIndex];
    if (!s.paused && pause && s.ticks >= pause.atTick) {
      actions.push('P');
      resumeAt = s.ticks + pause.forTicks;
      pauseIndex++;
    } else if (s.paused) {
      if (s.ticks >= resumeAt) actions.push('P');
    } else if (s.piece) {
      // piecesPlaced + hold state identify "a new piece appeared".
      const pieceId = s.piecesPlaced * 2 + (s.canHold ? 0 : 1);
      if (pieceId !== seenPiece) {
        seenPiece = pieceId;
        if (s.softDrop) actions.push('SDOFF');
        const think = thinkMin + rng.nextInt(thinkMax - thinkMin + 1);
        // Act before the piece lands and locks: its fall time plus most of the lock delay.
        const fallRows = (ghostY(s) ?? s.piece.y) - s.piece.y;
        const fallTicks = Math.floor((fallRows * GRAVITY_UNITS_PER_ROW) / gravityForLevel(s.level));
        actAt = s.activeTicks + Math.min(think, fallTicks + LOCK_DELAY_TICKS - 10);
      }
      if (actAt >= 0 && s.activeTicks >= actAt) {
        actAt = -1;
        const plan = chooseTetrisMove(s, allowHold);
        if (plan[0] === 'HOLD') {
          // After a hold the bot looks again at the new piece (pieceId changes).
          actions.push('HOLD');
        } else {
          if (rng.nextFloat() < softDropShare && s.level < 8) plan[plan.length - 1] = 'SDON';
          actions.push(...plan);
        }
      }
    }
    game.step(actions);
  }
  return { log: game.log(), state: s, summary: summarizeTetris(s) };
}
