/**
 * The deduction game (issue 17): the setup a session starts with (`metadata` of
 * POST /api/games/sessions/start), the per-device view the server answers while it referees a
 * signed-in game (the answers never leave the server before the end), turns and reveals, the
 * leaderboard difficulty filter, and custom bots with their ladder
 * (/api/games/deduction/bots/*). Mirrors the types of @moim/games (deduction/view.ts).
 */
import { z } from 'zod';
import { plainText } from './accounts.ts';

export const DEDUCTION_PRESET_VALUES = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;
export const DEDUCTION_DIFFICULTY_CODES = [...DEDUCTION_PRESET_VALUES, 'CUSTOM'] as const;
export const DEDUCTION_THEME_VALUES = ['ANIMALS', 'FOODS', 'PROGRAMMING', 'JOBS', 'MIXED'] as const;
export const AI_LEVEL_VALUES = ['EASY', 'MEDIUM', 'HARD'] as const;
export const BOT_SKIP_REASONS = ['BOT_TIMEOUT', 'BOT_ERROR', 'BOT_INVALID'] as const;
/** Largest bot source (characters). */
export const DEDUCTION_BOT_CODE_MAX = 20_000;
export const DEDUCTION_BOT_NAME_MAX = 30;

export const deductionPreset = z.enum(DEDUCTION_PRESET_VALUES);
export type DeductionPresetValue = z.infer<typeof deductionPreset>;
export const deductionDifficulty = z.enum(DEDUCTION_DIFFICULTY_CODES);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const int = z.number().int();

export const deductionSettings = z.object({
  preset: deductionDifficulty,
  theme: z.enum(DEDUCTION_THEME_VALUES),
  globalHint: z.boolean(),
  poolSize: int.min(20).max(100),
  answerCount: int.min(2).max(15),
  hintCount: int.min(2).max(20),
  turnSeconds: int.min(15).max(180),
  maxRounds: int.min(5).max(50).nullable(),
});
export type DeductionSettingsValue = z.infer<typeof deductionSettings>;

const seatName = plainText(20, 1).refine((s) => !LONE_SURROGATE.test(s), { message: 'form.unsafeText' });
export const deductionSeat = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('HUMAN'), name: seatName }),
  z.object({ kind: z.literal('AI'), level: z.enum(AI_LEVEL_VALUES) }),
  z.object({ kind: z.literal('BOT'), botId: z.string().min(1).max(64), name: seatName }),
]);
export type DeductionSeatValue = z.infer<typeof deductionSeat>;

/** `metadata` of a DEDUCTION session start (defaults: intermediate preset against a MEDIUM AI). */
export const deductionStartMetadata = z.object({
  settings: deductionSettings,
  seats: z.array(deductionSeat).min(2).max(6),
  client: z.string().max(20).optional(),
});

const keyword = z.object({ ko: z.string(), en: z.string() });
export const deductionSeatView = z.object({
  seat: int,
  hints: z.array(int),
  answerReveals: z.array(int),
  wrongReveals: z.array(int),
  ms: int,
});
export const deductionHistoryItem = z.object({
  turn: int,
  round: int,
  seat: int,
  kind: z.enum(['guess', 'skip']),
  guess: z.array(int).nullable(),
  correct: int.nullable(),
  timeout: z.boolean(),
  reason: z.enum(BOT_SKIP_REASONS).nullable(),
});
export const deductionOutcome = z.object({
  reason: z.enum(['SOLVED', 'CAP']),
  winners: z.array(int),
  candidateCounts: z.array(z.number()).nullable(),
  turns: int,
  answers: z.array(int),
});
export const deductionView = z.object({
  settings: deductionSettings,
  seats: z.array(deductionSeat),
  firstSeat: int,
  keywords: z.array(keyword),
  turn: int,
  round: int,
  activeSeat: int.nullable(),
  turnLimit: int.nullable(),
  globalWrong: z.array(int),
  mine: z.array(deductionSeatView),
  history: z.array(deductionHistoryItem),
  outcome: deductionOutcome.nullable(),
});
export type DeductionViewValue = z.infer<typeof deductionView>;

/** The SPEC §3 DEDUCTION fields the server computed for a finished game (send them back with the log to end it). */
export const deductionComputedResult = z.object({
  score: int,
  won: z.boolean(),
  difficulty: z.string(),
  guessesCount: int,
  hintsUsed: int,
  wrongAnswerHintsUsed: int,
  correctAnswerHintsUsed: int,
  timeElapsedSeconds: int,
  playersCount: int,
  opponentType: z.string(),
  opponentDifficulty: z.string().nullable(),
  opponentId: z.string().nullable(),
});
export const deductionScoreBreakdown = z.object({
  score: int,
  standing: z.enum(['WON', 'DRAW', 'LOST']),
  base: int,
  turnBonus: int,
  timeBonus: int,
  revealCost: int,
  progressPoints: int,
  difficultyFactor: int,
  opponentFactor: int,
});
export type DeductionScoreBreakdownValue = z.infer<typeof deductionScoreBreakdown>;

export const deductionPlay = z.object({
  sessionId: z.string(),
  view: deductionView,
  /** When this turn began on the server (the turn timer runs from here). */
  turnStartedAt: z.string(),
  /** sha-256 of the seed, committed at the start (the seed itself comes with the end). */
  commitment: z.string(),
  /** Once the game is over: the seed, the result to send to sessions/end, and its breakdown. */
  final: z
    .object({
      seed: z.string(),
      result: deductionComputedResult,
      breakdown: deductionScoreBreakdown,
      ranked: z.boolean(),
      gameData: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  /**
   * What the last call did, as this device may know it (the same rule as `view.history`): the
   * guess's count only for a seat the device plays (null for a built-in AI, unless the global hint
   * made it public: a guess with no answer), the keywords it marked wrong for everyone, and the
   * keyword a reveal showed to its own seat.
   */
  last: z
    .object({
      kind: z.enum(['guess', 'skip', 'reveal']),
      seat: int,
      correct: int.nullable(),
      revealed: z.array(int),
      keyword: int.nullable(),
      timeout: z.boolean(),
    })
    .nullable(),
});
export type DeductionPlay = z.infer<typeof deductionPlay>;

export const deductionSessionParams = z.object({ id: z.guid() });
/**
 * The move of the seat whose turn it is. A person: `guess` or `timeout: true`. A custom bot
 * (run by the browser): `guess` or `skip`. A built-in AI: nothing (the server plays it).
 * `turn` must be the turn the caller saw, so a repeated or stale call cannot play twice. At
 * most one move per call (400); the wrong move for the seat whose turn it is answers 409.
 */
export const deductionTurnBody = z
  .object({
    turn: int.min(0).max(1000),
    guess: z.array(int.min(0).max(99)).min(2).max(15).optional(),
    timeout: z.literal(true).optional(),
    skip: z.enum(BOT_SKIP_REASONS).optional(),
  })
  .refine((b) => [b.guess, b.timeout, b.skip].filter((m) => m !== undefined).length <= 1, { message: 'form.oneMove' });
export type DeductionTurnBody = z.infer<typeof deductionTurnBody>;
export const deductionRevealBody = z.object({ turn: int.min(0).max(1000), kind: z.enum(['ANSWER', 'WRONG']) });

/* ---------------------------------------------------------------------------------- */
/* Custom bots and the ladder                                                         */
/* ---------------------------------------------------------------------------------- */

export const deductionBotCode = z
  .string()
  .min(1)
  .max(DEDUCTION_BOT_CODE_MAX)
  .refine((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s), { message: 'form.unsafeText' });

export const deductionBotBody = z.object({
  name: plainText(DEDUCTION_BOT_NAME_MAX, 1).refine((s) => !LONE_SURROGATE.test(s), { message: 'form.unsafeText' }),
  description: plainText(200).optional(),
  code: deductionBotCode,
  shared: z.boolean().default(false),
});
export type DeductionBotBody = z.input<typeof deductionBotBody>;

export const ladderStatus = z.enum(['NONE', 'QUEUED', 'RUNNING', 'DONE', 'FAILED']);
/**
 * Why a ladder run went wrong: the bot's code did not load (every game lost; `error` is the
 * bot's own error text), a move could not be stopped in time, the run took too long, or the run
 * failed otherwise. The page says it in the reader's language.
 */
export const LADDER_ERROR_REASONS = ['LOAD_FAILED', 'MOVE_NOT_STOPPED', 'TOO_LONG', 'RUN_FAILED'] as const;
export type LadderErrorReason = (typeof LADDER_ERROR_REASONS)[number];
export const deductionLadderResult = z.object({
  status: ladderStatus,
  version: int,
  played: int,
  wins: int,
  draws: int,
  losses: int,
  points: int,
  winGuesses: int,
  faults: int,
  rank: int.nullable(),
  errorReason: z.enum(LADDER_ERROR_REASONS).nullable(),
  /** The bot's own error text (a load error: the JavaScript engine's message), never a sentence of ours. */
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
  games: z.array(
    z.object({ opponent: z.enum(AI_LEVEL_VALUES), botSeat: int, standing: z.enum(['WON', 'DRAW', 'LOST']), guesses: int, faults: int }),
  ),
});
export type DeductionLadderResult = z.infer<typeof deductionLadderResult>;

export const deductionBot = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  version: int,
  shared: z.boolean(),
  /** The link id others open it with (null while not shared). */
  shareId: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string().nullable() }),
  isMine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ladder: deductionLadderResult,
});
export type DeductionBot = z.infer<typeof deductionBot>;

export const deductionBotIdParams = z.object({ id: z.guid() });
export const deductionShareParams = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/) });

export const deductionLadderEntry = z.object({
  rank: int,
  botId: z.string(),
  botName: z.string(),
  shareId: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string().nullable() }),
  played: int,
  wins: int,
  draws: int,
  losses: int,
  points: int,
  winGuesses: int,
  faults: int,
  finishedAt: z.string(),
});
export type DeductionLadderEntry = z.infer<typeof deductionLadderEntry>;
export const deductionLadder = z.object({
  entries: z.array(deductionLadderEntry),
  games: int,
  opponents: z.array(z.enum(AI_LEVEL_VALUES)),
});
export type DeductionLadder = z.infer<typeof deductionLadder>;
