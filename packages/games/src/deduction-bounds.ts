/**
 * DEDUCTION results cannot be replayed yet (the game has no engine here), so the server
 * accepts them only within these bounds: every figure in range and consistent with the
 * others (hint counts add up, a win needs a guess, time fits the session's wall clock).
 */

export const DEDUCTION_DIFFICULTIES = ['EASY', 'NORMAL', 'HARD', 'EXPERT'] as const;
export const DEDUCTION_OPPONENT_TYPES = ['NONE', 'AI', 'HUMAN'] as const;
export const DEDUCTION_LIMITS = {
  maxScore: 100_000,
  maxGuesses: 200,
  maxHints: 50,
  maxPlayers: 8,
  maxSeconds: 4 * 60 * 60,
  maxGameDataChars: 64 * 1024,
} as const;

export interface DeductionClaim {
  score: number;
  won: boolean;
  difficulty: string;
  guessesCount: number;
  hintsUsed: number;
  wrongAnswerHintsUsed: number;
  correctAnswerHintsUsed: number;
  timeElapsedSeconds: number;
  playersCount: number;
  opponentType?: string | null | undefined;
  opponentDifficulty?: string | null | undefined;
  opponentId?: string | null | undefined;
  gameData?: unknown;
}

export type DeductionCheck = { ok: true } | { ok: false; field: string; message: string };

export interface DeductionCheckOptions {
  /** Seconds since the session started (plus tolerance): the claimed time may not exceed it. */
  maxElapsedSeconds?: number;
}

const fail = (field: string, message: string): DeductionCheck => ({ ok: false, field, message });
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function checkDeductionResult(r: DeductionClaim, options: DeductionCheckOptions = {}): DeductionCheck {
  const L = DEDUCTION_LIMITS;
  const counts: [keyof DeductionClaim, number][] = [
    ['score', L.maxScore],
    ['guessesCount', L.maxGuesses],
    ['hintsUsed', L.maxHints],
    ['wrongAnswerHintsUsed', L.maxHints],
    ['correctAnswerHintsUsed', L.maxHints],
    ['timeElapsedSeconds', L.maxSeconds],
    ['playersCount', L.maxPlayers],
  ];
  for (const [field, max] of counts) {
    const v = r[field];
    if (!isCount(v) || v > max) return fail(field, `${field} must be an integer in 0..${max}`);
  }
  if (typeof r.won !== 'boolean') return fail('won', 'won must be a boolean');
  if (!(DEDUCTION_DIFFICULTIES as readonly string[]).includes(r.difficulty)) {
    return fail('difficulty', `difficulty must be one of ${DEDUCTION_DIFFICULTIES.join(', ')}`);
  }
  if (r.playersCount < 1) return fail('playersCount', 'playersCount must be at least 1');
  if (r.wrongAnswerHintsUsed + r.correctAnswerHintsUsed > r.hintsUsed) {
    return fail('hintsUsed', 'wrong- and correct-answer hints cannot exceed the hints used');
  }
  if (r.won && r.guessesCount < 1) return fail('guessesCount', 'a won game needs at least one guess');
  if (!r.won && r.score > 0 && r.guessesCount === 0) return fail('score', 'a lost game without guesses scores 0');
  const opponent = r.opponentType ?? 'NONE';
  if (!(DEDUCTION_OPPONENT_TYPES as readonly string[]).includes(opponent)) {
    return fail('opponentType', `opponentType must be one of ${DEDUCTION_OPPONENT_TYPES.join(', ')}`);
  }
  if (opponent === 'NONE' && r.playersCount !== 1) return fail('playersCount', 'a solo game has one player');
  if (opponent !== 'NONE' && r.playersCount < 2) return fail('playersCount', 'a game against an opponent has 2+ players');
  if (r.opponentDifficulty != null && !(DEDUCTION_DIFFICULTIES as readonly string[]).includes(r.opponentDifficulty)) {
    return fail('opponentDifficulty', `opponentDifficulty must be one of ${DEDUCTION_DIFFICULTIES.join(', ')}`);
  }
  if (options.maxElapsedSeconds !== undefined && r.timeElapsedSeconds > options.maxElapsedSeconds) {
    return fail('timeElapsedSeconds', 'the claimed time is longer than the session has lasted');
  }
  if (r.gameData !== undefined && r.gameData !== null) {
    let size: number;
    try {
      size = typeof r.gameData === 'string' ? r.gameData.length : (JSON.stringify(r.gameData)?.length ?? 0);
    } catch {
      return fail('gameData', 'gameData must be JSON');
    }
    if (size > L.maxGameDataChars) return fail('gameData', `gameData must be at most ${L.maxGameDataChars} characters`);
  }
  return { ok: true };
}
