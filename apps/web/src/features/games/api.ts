/**
 * The /api/games calls (SPEC §7) and their TanStack Query hooks. Game calls never take part in
 * the client's 401-refresh (the client excludes /api/games/* itself, SPEC §7).
 */
import type {
  GameRecordResult,
  GameSession,
  GameTypeCodeValue,
  GameTypeInfo,
  GuestHistoryEntry,
  GuestImportResult,
  Leaderboard,
  LeaderboardPeriod,
  MyGameStatistics,
  MyStatistics,
  SavedGameState,
} from '@moim/contract';
import { AROUND_ME_RANGE, LEADERBOARD_LIMIT } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

const BASE = '/api/games';

export const gamesApi = {
  types: () => api.get<GameTypeInfo[]>(`${BASE}/types`),
  start: (gameTypeCode: GameTypeCodeValue, metadata?: Record<string, unknown>) =>
    api.post<GameSession>(`${BASE}/sessions/start`, { gameTypeCode, ...(metadata ? { metadata } : {}) }),
  end: (sessionId: string, result: Record<string, unknown>) => api.post<GameRecordResult>(`${BASE}/sessions/end`, { sessionId, result }),
  abandon: (sessionId: string) => api.post<GameSession>(`${BASE}/sessions/abandon`, { sessionId }),
  session: (sessionId: string) => api.get<GameSession>(`${BASE}/sessions/${encodeURIComponent(sessionId)}`),
  saveState: (sessionId: string, stateData: string, stateType = 'CHECKPOINT') =>
    api.post<SavedGameState>(`${BASE}/states/save`, { sessionId, stateType, stateData }),
  state: (sessionId: string) => api.get<SavedGameState | null>(`${BASE}/states/${encodeURIComponent(sessionId)}`),
  latestState: (gameType: GameTypeCodeValue, stateType = 'CHECKPOINT') =>
    api.get<SavedGameState | null>(`${BASE}/states/latest`, { query: { gameType, stateType } }),
  deleteStates: (sessionId: string) => api.delete<{ deleted: number }>(`${BASE}/states/${encodeURIComponent(sessionId)}`),
  globalBoard: (gameType: GameTypeCodeValue, period: LeaderboardPeriod, limit = LEADERBOARD_LIMIT) =>
    api.get<Leaderboard>(`${BASE}/leaderboards/global`, { query: { gameType, period, limit } }),
  aroundMe: (gameType: GameTypeCodeValue, period: LeaderboardPeriod, range = AROUND_ME_RANGE) =>
    api.get<Leaderboard>(`${BASE}/leaderboards/${gameType}/around-me`, { query: { range, period } }),
  myStats: () => api.get<MyStatistics>(`${BASE}/statistics/my`),
  myGameStats: (gameType: GameTypeCodeValue, limit = 20) =>
    api.get<MyGameStatistics>(`${BASE}/statistics/my/${gameType}`, { query: { limit } }),
  importGuestHistory: (entries: GuestHistoryEntry[]) => api.post<GuestImportResult>(`${BASE}/guest-history/import`, { entries }),
};

export const gamesKeys = {
  all: ['games'] as const,
  boards: (gameType: GameTypeCodeValue) => ['games', 'boards', gameType] as const,
  global: (gameType: GameTypeCodeValue, period: LeaderboardPeriod, signedIn: boolean) =>
    ['games', 'boards', gameType, 'global', period, signedIn] as const,
  aroundMe: (gameType: GameTypeCodeValue, period: LeaderboardPeriod) => ['games', 'boards', gameType, 'around', period] as const,
  stats: ['games', 'stats'] as const,
  myStats: ['games', 'stats', 'my'] as const,
  myGameStats: (gameType: GameTypeCodeValue) => ['games', 'stats', 'my', gameType] as const,
};

export function useGlobalLeaderboard(gameType: GameTypeCodeValue, period: LeaderboardPeriod, signedIn: boolean) {
  return useQuery({
    queryKey: gamesKeys.global(gameType, period, signedIn),
    queryFn: () => gamesApi.globalBoard(gameType, period),
    staleTime: 15_000,
  });
}

export function useAroundMe(gameType: GameTypeCodeValue, period: LeaderboardPeriod, enabled: boolean) {
  return useQuery({
    queryKey: gamesKeys.aroundMe(gameType, period),
    queryFn: () => gamesApi.aroundMe(gameType, period),
    enabled,
    staleTime: 15_000,
  });
}

export function useMyStats(enabled: boolean) {
  return useQuery({ queryKey: gamesKeys.myStats, queryFn: gamesApi.myStats, enabled, staleTime: 30_000 });
}

export function useMyGameStats(gameType: GameTypeCodeValue, enabled: boolean) {
  return useQuery({ queryKey: gamesKeys.myGameStats(gameType), queryFn: () => gamesApi.myGameStats(gameType), enabled, staleTime: 15_000 });
}
