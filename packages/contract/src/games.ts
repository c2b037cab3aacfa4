/**
 * The lab's game platform (SPEC §3 "Game session", "Game results on end", "Saved game state",
 * "Leaderboard"; SPEC §7 "Games"): requests and responses of /api/games/*.
 *
 * Result payloads are checked per game by the server once it knows the session's game type
 * (TETRIS and DEDUCTION are replayed from their logs), so `endSessionBody`
 * carries the result as an open object and the per-game schemas are exported separately.
 */
import { z } from 'zod';

import { DEFAULT_SCORE_HISTORY, GAME_TYPE_CODE_VALUES, MAX_GUEST_IMPORT } from './games-constants.ts';

export * from './games-constants.ts';

export const gameTypeCode = z.enum(GAME_TYPE_CODE_VALUES);

export const gameSessionStatus = z.enum(['IN_PROGRESS', 'COMPLETED', 'ABANDONED', 'REJECTED']);
export type GameSessionStatus = z.infer<typeof gameSessionStatus>;

export const leaderboardPeriod = z.enum(['ALL_TIME', 'WEEKLY']);
export type LeaderboardPeriod = z.infer<typeof leaderboardPeriod>;

const id = z.guid();
const isoTime = z.string();
const count = z.number().int().min(0);

/* ---------------------------------------------------------------------------------- */
/* Game types                                                                         */
/* ---------------------------------------------------------------------------------- */

export const gameTypeInfo = z.object({
  code: gameTypeCode,
  name: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionKo: z.string(),
  descriptionEn: z.string(),
  /** The SPEC §3 result fields this game reports on session end. */
  resultFields: z.array(z.string()),
  /** The server replays results of this game (scores are verified). */
  verifiable: z.boolean(),
  /** Results of this game enter the leaderboards. */
  ranked: z.boolean(),
});
export type GameTypeInfo = z.infer<typeof gameTypeInfo>;

/* ---------------------------------------------------------------------------------- */
/* Sessions                                                                           */
/* ---------------------------------------------------------------------------------- */

export const gameSessionMetadata = z.record(z.string(), z.unknown());

export const startSessionBody = z.object({
  gameTypeCode,
  metadata: gameSessionMetadata.optional(),
});
export type StartSessionBody = z.infer<typeof startSessionBody>;

export const gameSession = z.object({
  sessionId: z.string(),
  gameTypeCode,
  status: gameSessionStatus,
  startedAt: isoTime,
  endedAt: isoTime.nullable(),
  metadata: gameSessionMetadata,
  /** The seed the game must be played on (server-generated). */
  seed: z.string(),
  /** The level the game starts at (server-decided; ranked games start at 1). */
  startLevel: z.number().int(),
  /** Why an ended session ended as it did: USER, REPLACED, TIMEOUT, or a refusal reason. */
  endReason: z.string().nullable(),
  endMessage: z.string().nullable(),
  recordId: z.string().nullable(),
});
export type GameSession = z.infer<typeof gameSession>;

export const gameSessionIdBody = z.object({ sessionId: id });
export const gameSessionIdParams = z.object({ id });

/** Either the log object or its JSON text. */
const gameDataValue = z.union([z.string(), z.record(z.string(), z.unknown())]);

export const tetrisResult = z.object({
  score: count,
  level: z.number().int().min(1),
  linesCleared: count,
  timeElapsedSeconds: count,
  maxCombo: count,
  /**
   * The input log (see @moim/games tetris-log.ts). Without one (or with another client's own
   * data) a plausible result is recorded unverified and unranked (docs/games.md).
   */
  gameData: gameDataValue.optional(),
});
export type TetrisResult = z.infer<typeof tetrisResult>;

export const deductionResult = z.object({
  score: count,
  won: z.boolean(),
  difficulty: z.string().min(1).max(20),
  guessesCount: count,
  hintsUsed: count,
  wrongAnswerHintsUsed: count,
  correctAnswerHintsUsed: count,
  timeElapsedSeconds: count,
  playersCount: z.number().int().min(1),
  opponentType: z.string().max(20).nullable().optional(),
  opponentDifficulty: z.string().max(20).nullable().optional(),
  opponentId: z.string().max(100).nullable().optional(),
  gameData: z.unknown().optional(),
});
export type DeductionResult = z.infer<typeof deductionResult>;

export const endSessionBody = z.object({
  sessionId: id,
  /** A TETRIS or DEDUCTION result (SPEC §3), checked against the session's game. */
  result: z.record(z.string(), z.unknown()),
});
export type EndSessionBody = z.infer<typeof endSessionBody>;

export const gameUserRank = z.object({ rank: z.number().int().min(1), totalPlayers: count }).nullable();
export type GameUserRank = z.infer<typeof gameUserRank>;

export const gameRecordResult = z.object({
  recordId: z.string(),
  sessionId: z.string(),
  gameType: gameTypeCode,
  score: count,
  isPersonalBest: z.boolean(),
  playedAt: isoTime,
  /** The server reproduced the result (replay). */
  verified: z.boolean(),
  /**
   * The result counts on the leaderboards. False for an unverified result (no moim replay log:
   * a plausible personal record, kept in the player's statistics, never ranked) and for
   * unranked setups (custom or hot-seat DEDUCTION games).
   */
  ranked: z.boolean(),
  /** The player's all-time rank after this game (null when unranked). */
  rank: gameUserRank,
});
export type GameRecordResult = z.infer<typeof gameRecordResult>;

/* ---------------------------------------------------------------------------------- */
/* Saved states                                                                       */
/* ---------------------------------------------------------------------------------- */

export const gameStateType = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,31}$/)
  .default('CHECKPOINT');

export const saveStateBody = z.object({
  sessionId: id,
  stateType: gameStateType,
  /** Stored as text: a string as given, anything else as its JSON. */
  stateData: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
});
export type SaveStateBody = z.input<typeof saveStateBody>;

export const savedGameState = z.object({
  sessionId: z.string(),
  gameType: gameTypeCode,
  stateType: z.string(),
  /** Always the stored text (a JSON string). */
  stateData: z.string(),
  savedAt: isoTime,
});
export type SavedGameState = z.infer<typeof savedGameState>;

export const gameStateQuery = z.object({ stateType: gameStateType.optional() });
export const latestGameStateQuery = z.object({ gameType: gameTypeCode, stateType: gameStateType });

/* ---------------------------------------------------------------------------------- */
/* Leaderboards                                                                       */
/* ---------------------------------------------------------------------------------- */

export const leaderboardEntry = z.object({
  rank: z.number().int().min(1),
  userId: z.string(),
  name: z.string().nullable(),
  profileImage: z.string().nullable(),
  score: count,
  playedAt: isoTime,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboard = z.object({
  gameType: gameTypeCode,
  /** The DEDUCTION difficulty of the board, null for a game's overall board. */
  difficulty: z.string().nullable(),
  period: leaderboardPeriod,
  /** Start of the board's week (Monday 00:00 Asia/Seoul) for WEEKLY, else null. */
  periodStart: isoTime.nullable(),
  entries: z.array(leaderboardEntry),
  userRank: gameUserRank,
});
export type Leaderboard = z.infer<typeof leaderboard>;

/** DEDUCTION boards per difficulty (the presets); absent = every difficulty together. */
const boardDifficulty = z.enum(['BEGINNER', 'INTERMEDIATE', 'ADVANCED']).optional();

export const globalLeaderboardQuery = z.object({
  gameType: gameTypeCode,
  difficulty: boardDifficulty,
  limit: z.coerce.number().int().min(1).max(100).default(10),
  period: leaderboardPeriod.default('ALL_TIME'),
});
export const aroundMeParams = z.object({ gameType: gameTypeCode });
export const aroundMeQuery = z.object({
  difficulty: boardDifficulty,
  range: z.coerce.number().int().min(0).max(50).default(5),
  period: leaderboardPeriod.default('ALL_TIME'),
});
export const userLeaderboardQuery = z.object({
  gameType: gameTypeCode,
  difficulty: boardDifficulty,
  userId: id,
  period: leaderboardPeriod.default('ALL_TIME'),
});

/* ---------------------------------------------------------------------------------- */
/* Statistics                                                                         */
/* ---------------------------------------------------------------------------------- */

export const tetrisStatsFields = z.object({ totalLines: count, maxCombo: count, bestLevel: count });
export const deductionStatsFields = z.object({ wins: count, losses: count, winRate: z.number().min(0).max(1) });

export const gameStatsSummary = z.object({
  gameType: gameTypeCode,
  gamesPlayed: count,
  bestScore: count.nullable(),
  averageScore: z.number().nullable(),
  totalTimeSeconds: count,
  lastPlayedAt: isoTime.nullable(),
  /** All-time rank on the game's board. */
  rank: gameUserRank,
  tetris: tetrisStatsFields.optional(),
  deduction: deductionStatsFields.optional(),
});
export type GameStatsSummary = z.infer<typeof gameStatsSummary>;

export const scoreHistoryEntry = z.object({
  recordId: z.string(),
  score: count,
  playedAt: isoTime,
  /** Replayed by the server; false for guest imports and unverifiable games. */
  verified: z.boolean(),
  /** Counted on the leaderboards. */
  ranked: z.boolean(),
  source: z.enum(['SESSION', 'GUEST_IMPORT']),
  level: z.number().int().nullable(),
  linesCleared: z.number().int().nullable(),
  timeElapsedSeconds: count,
});
export type ScoreHistoryEntry = z.infer<typeof scoreHistoryEntry>;

export const myStatistics = z.object({
  gamesPlayed: count,
  totalTimeSeconds: count,
  lastPlayedAt: isoTime.nullable(),
  games: z.array(gameStatsSummary),
});
export type MyStatistics = z.infer<typeof myStatistics>;

export const myGameStatistics = gameStatsSummary.extend({ history: z.array(scoreHistoryEntry) });
export type MyGameStatistics = z.infer<typeof myGameStatistics>;

export const gameHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_SCORE_HISTORY) });

export const publicGameStats = gameStatsSummary.omit({ totalTimeSeconds: true });
export const userStatistics = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  profileImage: z.string().nullable(),
  games: z.array(publicGameStats),
});
export type UserStatistics = z.infer<typeof userStatistics>;

export const gameStatistics = z.object({
  gameType: gameTypeCode,
  totalGames: count,
  totalPlayers: count,
  rankedPlayers: count,
  averageScore: z.number().nullable(),
  highestScore: count.nullable(),
  totalTimeSeconds: count,
  lastPlayedAt: isoTime.nullable(),
});
export type GameStatistics = z.infer<typeof gameStatistics>;

export const gameTypeParams = z.object({ gameType: gameTypeCode });
export const gameUserIdParams = z.object({ id });

/* ---------------------------------------------------------------------------------- */
/* Guest history import                                                               */
/* ---------------------------------------------------------------------------------- */

export const guestHistoryEntry = z.object({
  /** The browser's id for the guest game (its `guest-` session id, or another stable id). */
  guestId: z.string().regex(/^[A-Za-z0-9:_.-]{1,100}$/),
  gameType: gameTypeCode,
  score: z.number().int().min(0).max(100_000_000),
  playedAt: z.iso.datetime({ offset: true }),
  level: z.number().int().min(1).max(1000).nullable().optional(),
  linesCleared: z.number().int().min(0).max(100_000).nullable().optional(),
  timeElapsedSeconds: z.number().int().min(0).max(86_400).nullable().optional(),
  maxCombo: z.number().int().min(0).max(10_000).nullable().optional(),
});
export type GuestHistoryEntry = z.infer<typeof guestHistoryEntry>;

export const guestImportBody = z.object({ entries: z.array(guestHistoryEntry).min(1).max(MAX_GUEST_IMPORT) });
export const guestImportResult = z.object({
  imported: z.array(z.string()),
  alreadyImported: z.array(z.string()),
});
export type GuestImportResult = z.infer<typeof guestImportResult>;
