/**
 * The /api/games calls (SPEC §7): one queryOptions factory per read, keyed by `gamesKeys`, and
 * the hooks built on them. Game calls never take part in the client's 401-refresh (the client
 * excludes /api/games/* itself, SPEC §7).
 */
import {
  AROUND_ME_RANGE,
  LEADERBOARD_LIMIT,
  deletedCount,
  gameRecordResult,
  gameSession,
  gameTypeInfo,
  guestImportResult,
  leaderboard,
  myGameStatistics,
  myStatistics,
  savedGameState,
  tetrisSettingsAnswer,
  type TetrisSettings,
  type GameTypeCodeValue,
  type GuestHistoryEntry,
  type LeaderboardPeriod,
} from '@moim/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, arrayOf, orNull } from '../../shared/api/client';
import { gamesPaths } from '../../shared/api/paths/games';

const P = gamesPaths;
/** Development and tests check every response against its contract schema (docs/web-shell.md "Typed calls"). */
const DEV = import.meta.env.DEV;

export const gamesApi = {
  types: () => api.get(P.types, { schema: DEV && arrayOf(gameTypeInfo) }),
  start: (gameTypeCode: GameTypeCodeValue, metadata?: Record<string, unknown>) =>
    api.post(P.start, { gameTypeCode, ...(metadata ? { metadata } : {}) }, { schema: DEV && gameSession }),
  end: (sessionId: string, result: Record<string, unknown>) => api.post(P.end, { sessionId, result }, { schema: DEV && gameRecordResult }),
  abandon: (sessionId: string) => api.post(P.abandon, { sessionId }, { schema: DEV && gameSession }),
  session: (sessionId: string) => api.get(P.session(sessionId), { schema: DEV && gameSession }),
  saveState: (sessionId: string, stateData: string, stateType = 'CHECKPOINT') =>
    api.post(P.saveState, { sessionId, stateType, stateData }, { schema: DEV && savedGameState }),
  state: (sessionId: string) => api.get(P.state(sessionId), { schema: DEV && orNull(savedGameState) }),
  latestState: (gameType: GameTypeCodeValue, stateType = 'CHECKPOINT') =>
    api.get(P.latestState, { query: { gameType, stateType }, schema: DEV && orNull(savedGameState) }),
  deleteStates: (sessionId: string) => api.delete(P.state(sessionId), { schema: DEV && deletedCount }),
  globalBoard: (gameType: GameTypeCodeValue, period: LeaderboardPeriod, limit = LEADERBOARD_LIMIT) =>
    api.get(P.globalBoard, { query: { gameType, period, limit }, schema: DEV && leaderboard }),
  aroundMe: (gameType: GameTypeCodeValue, period: LeaderboardPeriod, range = AROUND_ME_RANGE) =>
    api.get(P.aroundMe(gameType), { query: { range, period }, schema: DEV && leaderboard }),
  myStats: () => api.get(P.myStats, { schema: DEV && myStatistics }),
  myGameStats: (gameType: GameTypeCodeValue, limit = 20) =>
    api.get(P.myGameStats(gameType), { query: { limit }, schema: DEV && myGameStatistics }),
  importGuestHistory: (entries: GuestHistoryEntry[]) => api.post(P.importGuestHistory, { entries }, { schema: DEV && guestImportResult }),
  tetrisSettings: () => api.get(P.tetrisSettings, { schema: DEV && tetrisSettingsAnswer }),
  saveTetrisSettings: (settings: TetrisSettings) => api.put(P.tetrisSettings, settings, { schema: DEV && tetrisSettingsAnswer }),
};

export const gamesKeys = {
  all: ['games'] as const,
  boards: (gameType: GameTypeCodeValue) => ['games', 'boards', gameType] as const,
  global: (gameType: GameTypeCodeValue, period: LeaderboardPeriod, signedIn: boolean) =>
    ['games', 'boards', gameType, 'global', period, signedIn] as const,
  aroundMe: (gameType: GameTypeCodeValue, period: LeaderboardPeriod) => ['games', 'boards', gameType, 'around', period] as const,
  champion: (gameType: GameTypeCodeValue) => ['games', 'boards', gameType, 'champion'] as const,
  stats: ['games', 'stats'] as const,
  myStats: ['games', 'stats', 'my'] as const,
  myGameStats: (gameType: GameTypeCodeValue) => ['games', 'stats', 'my', gameType] as const,
  tetrisSettings: ['games', 'settings', 'TETRIS'] as const,
};

export const globalBoardQuery = (gameType: GameTypeCodeValue, period: LeaderboardPeriod, signedIn: boolean) =>
  queryOptions({
    queryKey: gamesKeys.global(gameType, period, signedIn),
    queryFn: () => gamesApi.globalBoard(gameType, period),
    staleTime: 15_000,
  });

/** The board's leader this week (one entry): the lab's Tetris card. */
export const weeklyChampionQuery = (gameType: GameTypeCodeValue) =>
  queryOptions({
    queryKey: gamesKeys.champion(gameType),
    queryFn: () => gamesApi.globalBoard(gameType, 'WEEKLY', 1),
    staleTime: 60_000,
  });

export const aroundMeQuery = (gameType: GameTypeCodeValue, period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: gamesKeys.aroundMe(gameType, period),
    queryFn: () => gamesApi.aroundMe(gameType, period),
    staleTime: 15_000,
  });

export const myStatsQuery = () => queryOptions({ queryKey: gamesKeys.myStats, queryFn: gamesApi.myStats, staleTime: 30_000 });

export const myGameStatsQuery = (gameType: GameTypeCodeValue) =>
  queryOptions({ queryKey: gamesKeys.myGameStats(gameType), queryFn: () => gamesApi.myGameStats(gameType), staleTime: 15_000 });

export const tetrisSettingsQuery = () =>
  queryOptions({ queryKey: gamesKeys.tetrisSettings, queryFn: () => gamesApi.tetrisSettings(), staleTime: Infinity });

export const useGlobalLeaderboard = (gameType: GameTypeCodeValue, period: LeaderboardPeriod, signedIn: boolean) =>
  useQuery(globalBoardQuery(gameType, period, signedIn));

export const useAroundMe = (gameType: GameTypeCodeValue, period: LeaderboardPeriod, enabled: boolean) =>
  useQuery({ ...aroundMeQuery(gameType, period), enabled });

export const useMyStats = (enabled: boolean) => useQuery({ ...myStatsQuery(), enabled });

export const useMyGameStats = (gameType: GameTypeCodeValue, enabled: boolean) => useQuery({ ...myGameStatsQuery(gameType), enabled });
