/**
 * Checking a submitted result against its session: the per-game payload schema, the TETRIS
 * replay (verifyTetrisResult with the session's seed and start level) or the DEDUCTION replay
 * (verifyDeductionResult against the turns the server refereed), and the wall clock (a game
 * cannot have lasted longer than its session). Also the canonical hash that makes a repeated
 * end with the same result recognisable.
 */
import { createHash } from 'node:crypto';
import { deductionResult, tetrisResult, type DeductionResult, type GameTypeCodeValue, type TetrisResult } from '@moim/contract';
import {
  checkDeductionPlausibility,
  checkTetrisPlausibility,
  claimsReplayLog,
  isRankedSetup,
  parseTetrisLog,
  TICKS_PER_SECOND,
  verifyDeductionResult,
  verifyTetrisResult,
  type DeductionEvent,
  type DeductionSettings,
  type SeatSpec,
} from '@moim/games';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Locale } from '../../i18n/messages.ts';
import { issueFields, validationCode } from './field-errors.ts';

/** Slack between the server's start time and the browser's first tick (network, rendering). */
export const CLOCK_GRACE_SECONDS = 15;

export type CheckedResult =
  | {
      /** No moim replay log, but plausible figures: an unverified personal record, never ranked. */
      ok: true;
      gameType: GameTypeCodeValue;
      result: TetrisResult | DeductionResult;
      gameDataText: string | null;
      verified: false;
      ranked: false;
      boards: null;
    }
  | {
      ok: true;
      gameType: 'TETRIS';
      result: TetrisResult;
      gameDataText: string;
      verified: true;
      ranked: true;
      boards: null;
    }
  | {
      ok: true;
      gameType: 'DEDUCTION';
      result: DeductionResult;
      gameDataText: string;
      verified: true;
      /** Presets with built-in AI opponents only; custom, hot-seat and bot games are not ranked. */
      ranked: boolean;
      /** The difficulty board the result also counts on. */
      boards: string | null;
    }
  | { ok: false; reason: string; field?: string | undefined; message: string };

/** Zod issues → the catalogue's VAL code (same rules as the HTTP error handler), the fields in the reader's language. */
function validationError(error: z.ZodError, locale: Locale): AppError {
  const fields = issueFields(error.issues, 'body.result', locale);
  const first = fields[0];
  const text = first ? { key: 'games.badResult' as const, params: { path: first.path, message: first.message } } : undefined;
  return new AppError(validationCode(fields), text, { fields });
}

/** Parses the open `result` object with the schema of the session's game (throws VAL-20xx). */
export function parseResult(
  gameType: GameTypeCodeValue,
  raw: Record<string, unknown>,
  locale: Locale = 'ko',
): TetrisResult | DeductionResult {
  const schema = gameType === 'TETRIS' ? tetrisResult : deductionResult;
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw validationError(parsed.error, locale);
  return parsed.data;
}

/** Deterministic JSON: object keys sorted, so the same result always hashes the same. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** sha-256 of the canonical result; gameData sent as JSON text counts the same as the object. */
export function resultHash(result: Record<string, unknown>): string {
  let gameData = result.gameData;
  if (typeof gameData === 'string') {
    try {
      gameData = JSON.parse(gameData) as unknown;
    } catch {
      /* hash the text as it is */
    }
  }
  return createHash('sha256')
    .update(canonical({ ...result, gameData }))
    .digest('hex');
}

export interface DeductionExpectation {
  settings: DeductionSettings;
  seats: SeatSpec[];
  events: DeductionEvent[];
}

export function checkResult(
  gameType: GameTypeCodeValue,
  result: TetrisResult | DeductionResult,
  session: { seed: string; startLevel: number; startedAt: Date },
  now: number,
  deduction?: DeductionExpectation,
): CheckedResult {
  const wallSeconds = Math.max(0, (now - session.startedAt.getTime()) / 1000) + CLOCK_GRACE_SECONDS;
  if (!claimsReplayLog(result.gameData)) return checkUnverified(gameType, result, session, wallSeconds);
  if (gameType === 'TETRIS') {
    const r = result as TetrisResult;
    const v = verifyTetrisResult({ ...r, gameData: r.gameData }, session.seed, { expectedStartLevel: session.startLevel });
    if (!v.ok) return { ok: false, reason: v.reason, field: v.field, message: v.message };
    // The log's ticks include paused time: the game cannot have run longer than the session.
    const parsed = parseTetrisLog(r.gameData);
    const ticks = parsed.ok ? parsed.log.ticks : 0;
    if (ticks / TICKS_PER_SECOND > wallSeconds) {
      return {
        ok: false,
        reason: 'DURATION_IMPLAUSIBLE',
        field: 'timeElapsedSeconds',
        message: `the log lasts ${Math.round(ticks / TICKS_PER_SECOND)} s but the session started ${Math.round(wallSeconds - CLOCK_GRACE_SECONDS)} s ago`,
      };
    }
    const gameDataText = typeof r.gameData === 'string' ? r.gameData : JSON.stringify(r.gameData);
    return { ok: true, gameType: 'TETRIS', result: r, gameDataText, verified: true, ranked: true, boards: null };
  }
  const r = result as DeductionResult;
  if (!deduction) return { ok: false, reason: 'MALFORMED_LOG', message: 'the session has no refereed turns' };
  const v = verifyDeductionResult(r as Record<string, unknown>, session.seed, deduction);
  if (!v.ok) return { ok: false, reason: v.reason, field: v.field, message: v.message };
  // The thinking time is the server's own measure, so it always fits the session's wall clock.
  if (v.fields.timeElapsedSeconds > wallSeconds) {
    return { ok: false, reason: 'DURATION_IMPLAUSIBLE', field: 'timeElapsedSeconds', message: 'the game lasted longer than its session' };
  }
  const ranked = isRankedSetup(v.log.settings, v.log.seats);
  const gameDataText = JSON.stringify({ v: 1, settings: v.log.settings, seats: v.log.seats, events: v.log.events });
  return {
    ok: true,
    gameType: 'DEDUCTION',
    result: r,
    gameDataText,
    verified: true,
    ranked,
    boards: ranked ? v.log.settings.preset : null,
  };
}

/**
 * A result whose gameData is not a moim replay log (another client): kept when its figures are
 * plausible (packages/games plausibility.ts) and the game fits the session's wall clock, as an
 * unverified personal record that no board ranks.
 */
function checkUnverified(
  gameType: GameTypeCodeValue,
  result: TetrisResult | DeductionResult,
  session: { startLevel: number },
  wallSeconds: number,
): CheckedResult {
  const verdict =
    gameType === 'TETRIS'
      ? checkTetrisPlausibility(result as TetrisResult, session.startLevel)
      : checkDeductionPlausibility(result as DeductionResult);
  if (!verdict.ok) return { ok: false, reason: 'IMPLAUSIBLE', field: verdict.field, message: verdict.message };
  if (result.timeElapsedSeconds > wallSeconds) {
    return { ok: false, reason: 'DURATION_IMPLAUSIBLE', field: 'timeElapsedSeconds', message: 'the game lasted longer than its session' };
  }
  const data = result.gameData;
  const gameDataText = data === undefined ? null : (typeof data === 'string' ? data : JSON.stringify(data)).slice(0, 100_000);
  return { ok: true, gameType, result, gameDataText, verified: false, ranked: false, boards: null };
}
