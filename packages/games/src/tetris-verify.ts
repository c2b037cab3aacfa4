/**
 * Server-side check of a submitted TETRIS result: the input log must be well-formed, be
 * played on the seed the server issued, and replay to exactly the claimed figures.
 */

import { summarizeTetris, type TetrisSummary } from './tetris-engine.ts';
import { parseTetrisLog, replayTetris } from './tetris-log.ts';

export interface TetrisClaim {
  score: unknown;
  level: unknown;
  linesCleared: unknown;
  timeElapsedSeconds: unknown;
  maxCombo: unknown;
  /** The input log, as an object or its JSON text. */
  gameData: unknown;
}

export type TetrisRejectReason =
  | 'INVALID_CLAIM' // a claimed figure is not a non-negative integer
  | 'MALFORMED_LOG' // gameData is not a well-formed, bounded v1 log
  | 'SEED_MISMATCH' // played on another seed than the one issued
  | 'START_LEVEL_MISMATCH'
  | 'INPUT_AFTER_GAME_OVER' // the log goes on after the replayed game ended
  | 'FIELD_MISMATCH'; // a claimed figure differs from the replay

export type TetrisVerifyResult =
  | { ok: true; summary: TetrisSummary; gameOver: boolean; piecesPlaced: number }
  | { ok: false; reason: TetrisRejectReason; field?: keyof TetrisSummary; message: string };

export interface TetrisVerifyOptions {
  /** The start level the server allowed for this session; default 1. */
  expectedStartLevel?: number;
}

const SUMMARY_FIELDS: readonly (keyof TetrisSummary)[] = ['score', 'level', 'linesCleared', 'timeElapsedSeconds', 'maxCombo'];

export function verifyTetrisResult(claimed: TetrisClaim, expectedSeed: string, options: TetrisVerifyOptions = {}): TetrisVerifyResult {
  for (const field of SUMMARY_FIELDS) {
    const value = claimed[field];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      return { ok: false, reason: 'INVALID_CLAIM', field, message: `${field} must be a non-negative integer` };
    }
  }
  const parsed = parseTetrisLog(claimed.gameData);
  if (!parsed.ok) return { ok: false, reason: 'MALFORMED_LOG', message: parsed.reason };
  const log = parsed.log;
  if (log.seed !== expectedSeed) {
    return { ok: false, reason: 'SEED_MISMATCH', message: 'the log was played on another seed' };
  }
  if ((log.startLevel ?? 1) !== (options.expectedStartLevel ?? 1)) {
    return { ok: false, reason: 'START_LEVEL_MISMATCH', message: 'the log starts at another level' };
  }
  const state = replayTetris(log);
  if (state.ticks !== log.ticks) {
    return {
      ok: false,
      reason: 'INPUT_AFTER_GAME_OVER',
      message: `the game ended at tick ${state.ticks} but the log claims ${log.ticks} ticks`,
    };
  }
  const summary = summarizeTetris(state);
  for (const field of SUMMARY_FIELDS) {
    if (claimed[field] !== summary[field]) {
      return {
        ok: false,
        reason: 'FIELD_MISMATCH',
        field,
        message: `${field}: claimed ${String(claimed[field])}, replay gives ${summary[field]}`,
      };
    }
  }
  return { ok: true, summary, gameOver: state.gameOver, piecesPlaced: state.piecesPlaced };
}
