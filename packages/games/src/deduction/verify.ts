/**
 * Server-side check of a DEDUCTION result: the guess log must be well-formed, be the game the
 * server dealt (same settings and seats) and — for a game the server refereed turn by turn —
 * exactly the turns the server answered; it must replay legally to the end on the session's
 * seed, and every claimed figure must equal the replay's. No AI move is recomputed (the
 * server played them itself), so checking is a few milliseconds.
 */
import { DeductionMoveError, replayDeduction, type DeductionEvent, type DeductionGame } from './engine.ts';
import { canonicalEvents, parseDeductionLog, sameSetup, type DeductionLog } from './log.ts';
import { DEDUCTION_RESULT_FIELDS, deductionResult, type DeductionResultFields } from './result.ts';
import type { ScoreBreakdown } from './score.ts';
import type { DeductionSettings, SeatSpec } from './settings.ts';

export type DeductionRejectReason =
  | 'MALFORMED_LOG'
  | 'SETUP_MISMATCH' // other settings or seats than the session's
  | 'LOG_MISMATCH' // other turns than the server answered
  | 'ILLEGAL_MOVE'
  | 'GAME_NOT_OVER'
  | 'FIELD_MISMATCH';

export interface DeductionExpected {
  settings: DeductionSettings;
  seats: readonly SeatSpec[];
  /** The turns the server refereed; when given, the log must be exactly these. */
  events?: readonly DeductionEvent[];
}

export type DeductionVerifyResult =
  | { ok: true; fields: DeductionResultFields; breakdown: ScoreBreakdown; game: DeductionGame; log: DeductionLog }
  | { ok: false; reason: DeductionRejectReason; field?: string; message: string };

export function verifyDeductionResult(claim: Record<string, unknown>, seed: string, expected: DeductionExpected): DeductionVerifyResult {
  const parsed = parseDeductionLog(claim.gameData);
  if (!parsed.ok) return { ok: false, reason: 'MALFORMED_LOG', message: parsed.reason };
  const log = parsed.log;
  if (!sameSetup(log, expected)) return { ok: false, reason: 'SETUP_MISMATCH', message: 'the log is of another game setup' };
  if (expected.events && canonicalEvents(log.events) !== canonicalEvents(expected.events)) {
    return { ok: false, reason: 'LOG_MISMATCH', message: 'the log differs from the turns the server answered' };
  }
  let game: DeductionGame;
  try {
    game = replayDeduction(seed, log.settings, log.seats, log.events);
  } catch (err) {
    if (err instanceof DeductionMoveError) return { ok: false, reason: 'ILLEGAL_MOVE', message: err.code };
    throw err;
  }
  if (!game.outcome) return { ok: false, reason: 'GAME_NOT_OVER', message: 'the game has not ended' };
  const { fields, breakdown } = deductionResult(game, 0);
  for (const f of DEDUCTION_RESULT_FIELDS) {
    const claimed = claim[f] === undefined ? null : claim[f];
    if (claimed !== fields[f]) {
      return {
        ok: false,
        reason: 'FIELD_MISMATCH',
        field: f,
        message: `${f}: claimed ${JSON.stringify(claimed)}, replay gives ${JSON.stringify(fields[f])}`,
      };
    }
  }
  return { ok: true, fields, breakdown, game, log };
}
