/**
 * The deduction calls (docs/deduction.md): the referee of a signed-in game, the boards with the
 * difficulty filter, custom bots and the ladder, with their TanStack Query options.
 */
import type {
  DeductionBot,
  DeductionBotBody,
  DeductionLadder,
  DeductionPlay,
  DeductionPresetValue,
  DeductionTurnBody,
  Leaderboard,
  LeaderboardPeriod,
  MyGameStatistics,
} from '@moim/contract';
import { AROUND_ME_RANGE, LEADERBOARD_LIMIT } from '@moim/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

const G = '/api/games';
const D = '/api/games/deduction';

export const deductionApi = {
  play: (sessionId: string) => api.get<DeductionPlay>(`${D}/sessions/${encodeURIComponent(sessionId)}`),
  turn: (sessionId: string, body: DeductionTurnBody) =>
    api.post<DeductionPlay>(`${D}/sessions/${encodeURIComponent(sessionId)}/turns`, body),
  reveal: (sessionId: string, turn: number, kind: 'ANSWER' | 'WRONG') =>
    api.post<DeductionPlay>(`${D}/sessions/${encodeURIComponent(sessionId)}/reveals`, { turn, kind }),
  board: (period: LeaderboardPeriod, difficulty: DeductionPresetValue | null, limit = LEADERBOARD_LIMIT) =>
    api.get<Leaderboard>(`${G}/leaderboards/global`, {
      query: { gameType: 'DEDUCTION', period, limit, ...(difficulty ? { difficulty } : {}) },
    }),
  aroundMe: (period: LeaderboardPeriod, difficulty: DeductionPresetValue | null) =>
    api.get<Leaderboard>(`${G}/leaderboards/DEDUCTION/around-me`, {
      query: { period, range: AROUND_ME_RANGE, ...(difficulty ? { difficulty } : {}) },
    }),
  myStats: () => api.get<MyGameStatistics>(`${G}/statistics/my/DEDUCTION`, { query: { limit: 10 } }),
  bots: () => api.get<DeductionBot[]>(`${D}/bots`),
  bot: (id: string) => api.get<DeductionBot>(`${D}/bots/${encodeURIComponent(id)}`),
  sharedBot: (shareId: string) => api.get<DeductionBot>(`${D}/bots/shared/${encodeURIComponent(shareId)}`),
  createBot: (body: DeductionBotBody) => api.post<DeductionBot>(`${D}/bots`, body),
  updateBot: (id: string, body: DeductionBotBody) => api.put<DeductionBot>(`${D}/bots/${encodeURIComponent(id)}`, body),
  deleteBot: (id: string) => api.delete<{ deleted: boolean }>(`${D}/bots/${encodeURIComponent(id)}`),
  rerunLadder: (id: string) => api.post<DeductionBot>(`${D}/bots/${encodeURIComponent(id)}/ladder`, {}),
  ladder: () => api.get<DeductionLadder>(`${D}/ladder`),
};

export const deductionKeys = {
  all: ['games', 'deduction'] as const,
  board: (period: LeaderboardPeriod, difficulty: string | null, signedIn: boolean) =>
    ['games', 'boards', 'DEDUCTION', period, difficulty, signedIn] as const,
  around: (period: LeaderboardPeriod, difficulty: string | null) => ['games', 'boards', 'DEDUCTION', 'around', period, difficulty] as const,
  myStats: ['games', 'stats', 'my', 'DEDUCTION'] as const,
  bots: ['games', 'deduction', 'bots'] as const,
  bot: (id: string) => ['games', 'deduction', 'bots', id] as const,
  shared: (shareId: string) => ['games', 'deduction', 'shared', shareId] as const,
  ladder: ['games', 'deduction', 'ladder'] as const,
};

export const boardQuery = (period: LeaderboardPeriod, difficulty: DeductionPresetValue | null, signedIn: boolean) =>
  queryOptions({
    queryKey: deductionKeys.board(period, difficulty, signedIn),
    queryFn: () => deductionApi.board(period, difficulty),
    staleTime: 15_000,
  });
export const aroundQuery = (period: LeaderboardPeriod, difficulty: DeductionPresetValue | null) =>
  queryOptions({
    queryKey: deductionKeys.around(period, difficulty),
    queryFn: () => deductionApi.aroundMe(period, difficulty),
    staleTime: 15_000,
  });
export const myStatsQuery = () => queryOptions({ queryKey: deductionKeys.myStats, queryFn: deductionApi.myStats, staleTime: 15_000 });
export const botsQuery = () => queryOptions({ queryKey: deductionKeys.bots, queryFn: deductionApi.bots, staleTime: 5_000 });
export const sharedBotQuery = (shareId: string) =>
  queryOptions({ queryKey: deductionKeys.shared(shareId), queryFn: () => deductionApi.sharedBot(shareId) });
export const ladderQuery = () => queryOptions({ queryKey: deductionKeys.ladder, queryFn: deductionApi.ladder, staleTime: 10_000 });
