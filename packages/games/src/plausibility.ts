/**
 * Plausibility of a result that carries no moim replay log (an independently written client,
 * SPEC §7 end call). Nothing can be replayed, so the figures are only checked against each
 * other with moim's rules: a score must be reachable at the claimed level with the claimed
 * lines in the claimed time. Every bound is an upper bound of what moim's engines can give
 * (never refuse a real game); such a result is kept as an unverified personal record and never
 * ranked (docs/games.md "Results without a replay log").
 */
import { BOARD_HEIGHT, BOARD_WIDTH, LINES_PER_LEVEL, MAX_START_LEVEL } from './tetris-engine.ts';
import { MAX_LOG_TICKS } from './tetris-log.ts';
import { DEDUCTION_MAX_SEATS } from './deduction/settings.ts';
import { ANSWER_REVEAL_COST, DRAW_BASE, LOSS_MAX, TIME_BONUS, TURN_BONUS, WIN_BASE, WRONG_REVEAL_COST } from './deduction/score.ts';

export type PlausibilityResult = { ok: true } | { ok: false; field: string; message: string };

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const refuse = (field: string, message: string): PlausibilityResult => ({ ok: false, field, message });

/**
 * Does `gameData` claim to be one of moim's replay logs (an object, or its JSON text, with the
 * format version `v`)? Such a log is always replayed, and refused when it does not reproduce
 * its figures; anything else (absent, another client's own format) is checked for plausibility.
 */
export function claimsReplayLog(gameData: unknown): boolean {
  let value = gameData;
  if (typeof value === 'string') {
    const text = value.trimStart();
    if (!text.startsWith('{')) return false;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return false;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'v' in value;
}

/* TETRIS -------------------------------------------------------------------------------- */

/**
 * Pieces a second no person sustains over a whole game (the fastest human play is about 4–5;
 * moim's demo bot about 1). A game of `t` seconds places at most `t × 10 + 1` pieces. A machine
 * player that is faster has to send the replay log.
 */
export const MAX_PIECES_PER_SECOND = 10;
/** The most a line can pay before the level factor: a back-to-back T-spin single (800 × 1.5). */
const MAX_POINTS_PER_LINE = 1200;
/** A T-spin that clears nothing pays 400 × level; a 7-bag deals at most 2 T pieces in any 7 in a row. */
const TSPIN_ZERO_POINTS = 400;
/** Drop points of one piece: 2 a row hard-dropped over the whole well. */
const MAX_DROP_POINTS_PER_PIECE = 2 * BOARD_HEIGHT;
/** Combo bonus: 50 × combo × level per clear. */
const COMBO_POINTS = 50;

export interface TetrisPlausibilityClaim {
  score: unknown;
  level: unknown;
  linesCleared: unknown;
  timeElapsedSeconds: unknown;
  maxCombo: unknown;
}

/** The highest score moim's Tetris can give with these figures (see the bounds above). */
export function maxTetrisScore(level: number, linesCleared: number, maxCombo: number, timeElapsedSeconds: number): number {
  const pieces = Math.floor(timeElapsedSeconds * MAX_PIECES_PER_SECOND) + 1;
  const tPieces = Math.ceil((pieces * 2) / 7);
  return (
    level * (MAX_POINTS_PER_LINE * linesCleared + TSPIN_ZERO_POINTS * tPieces + COMBO_POINTS * maxCombo * linesCleared) +
    MAX_DROP_POINTS_PER_PIECE * pieces
  );
}

/**
 * A TETRIS result without a replay log is plausible when:
 * - every figure is a non-negative integer, the level at least 1, the time within a log's 2 h;
 * - the level is between the session's start level and what the cleared lines reach
 *   (start + ⌊lines / 10⌋; a client may also not raise the level at all);
 * - the lines fit the pieces the time allows (each line needs 10 cells, a piece brings 4);
 * - the combo is below the lines (each combo step clears at least one line);
 * - the score is at most `maxTetrisScore` of those figures.
 */
export function checkTetrisPlausibility(claim: TetrisPlausibilityClaim, startLevel = 1): PlausibilityResult {
  for (const f of ['score', 'level', 'linesCleared', 'timeElapsedSeconds', 'maxCombo'] as const) {
    if (!isCount(claim[f])) return refuse(f, `${f} must be a non-negative integer`);
  }
  const score = claim.score as number;
  const level = claim.level as number;
  const lines = claim.linesCleared as number;
  const seconds = claim.timeElapsedSeconds as number;
  const combo = claim.maxCombo as number;
  if (seconds > MAX_LOG_TICKS / 60) return refuse('timeElapsedSeconds', `a game lasts at most ${MAX_LOG_TICKS / 60} s`);
  const first = Math.min(Math.max(1, startLevel), MAX_START_LEVEL);
  const highest = first + Math.floor(lines / LINES_PER_LEVEL);
  if (level < first || level > highest) {
    return refuse('level', `level ${level} is not reachable from level ${first} with ${lines} lines (${first}–${highest})`);
  }
  const pieces = Math.floor(seconds * MAX_PIECES_PER_SECOND) + 1;
  const maxLines = Math.floor((pieces * 4) / BOARD_WIDTH);
  if (lines > maxLines) return refuse('linesCleared', `${lines} lines need more than ${seconds} s`);
  if (combo > Math.max(0, lines - 1)) return refuse('maxCombo', `a combo of ${combo} needs more than ${lines} lines`);
  const max = maxTetrisScore(level, lines, combo, seconds);
  if (score > max)
    return refuse('score', `score ${score} is above the ${max} reachable at level ${level} with ${lines} lines in ${seconds} s`);
  return { ok: true };
}

/* DEDUCTION ----------------------------------------------------------------------------- */

/** The largest difficulty × opponent factor (hundredths each): 3 × (1.5 + 0.1 per extra opponent). */
const MAX_DIFFICULTY_FACTOR = 300;
const maxOpponentFactor = (players: number) => 150 + 10 * Math.max(0, players - 2);

export interface DeductionPlausibilityClaim {
  score: unknown;
  won: unknown;
  guessesCount: unknown;
  hintsUsed: unknown;
  wrongAnswerHintsUsed: unknown;
  correctAnswerHintsUsed: unknown;
  timeElapsedSeconds: unknown;
  playersCount: unknown;
}

/**
 * A DEDUCTION result without a replay log is plausible when its score fits moim's scoring
 * (packages/games deduction/score.ts): a win needs a guess and scores from 1000 to
 * 1000 + M × (2000 + 1000 − 300 × answer reveals − 100 × wrong reveals) with M at most the
 * largest factors for that many players; a game not won scores at most 800 (a draw); the
 * reveals are part of the hints; 2–6 players.
 */
export function checkDeductionPlausibility(claim: DeductionPlausibilityClaim): PlausibilityResult {
  for (const f of ['score', 'guessesCount', 'hintsUsed', 'wrongAnswerHintsUsed', 'correctAnswerHintsUsed', 'timeElapsedSeconds'] as const) {
    if (!isCount(claim[f])) return refuse(f, `${f} must be a non-negative integer`);
  }
  if (typeof claim.won !== 'boolean') return refuse('won', 'won must be true or false');
  const players = claim.playersCount;
  if (!isCount(players) || players < 2 || players > DEDUCTION_MAX_SEATS) {
    return refuse('playersCount', `a game has 2–${DEDUCTION_MAX_SEATS} players`);
  }
  const score = claim.score as number;
  const reveals = (claim.correctAnswerHintsUsed as number) + (claim.wrongAnswerHintsUsed as number);
  if (reveals > (claim.hintsUsed as number)) return refuse('hintsUsed', 'the reveals are more than the hints used');
  if (!claim.won) {
    const max = DRAW_BASE + LOSS_MAX;
    return score > max ? refuse('score', `a game not won scores at most ${max}`) : { ok: true };
  }
  if ((claim.guessesCount as number) < 1) return refuse('guessesCount', 'a win needs at least one guess');
  if (score < WIN_BASE) return refuse('score', `a win scores at least ${WIN_BASE}`);
  const M = MAX_DIFFICULTY_FACTOR * maxOpponentFactor(players); // ten-thousandths
  const cost = ANSWER_REVEAL_COST * (claim.correctAnswerHintsUsed as number) + WRONG_REVEAL_COST * (claim.wrongAnswerHintsUsed as number);
  // +1 for the three separately rounded terms of the score
  const max = WIN_BASE + Math.max(0, Math.ceil((M * (TURN_BONUS + TIME_BONUS - cost)) / 10_000) + 1);
  if (score > max) return refuse('score', `a win with these reveals scores at most ${max}`);
  return { ok: true };
}
