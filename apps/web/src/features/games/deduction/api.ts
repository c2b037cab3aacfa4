/**
 * The deduction calls (docs/deduction.md): the referee of a signed-in game, the boards with the
 * difficulty filter, custom bots and the ladder, with their TanStack Query options.
 */
import {
  AROUND_ME_RANGE,
  LEADERBOARD_LIMIT,
  deductionBot,
  deductionLadder,
  deductionPlay,
  deletedFlag,
  leaderboard,
  myGameStatistics,
  type DeductionBotBody,
  type DeductionPresetValue,
  type DeductionTurnBody,
  type LeaderboardPeriod,
} from '@moim/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, arrayOf } from '../../../shared/api/client';
import { deductionPaths, gamesPaths } from '../../../shared/api/paths/games';

export const deductionApi = {
  play: (sessionId: string) => api.get(deductionPaths.play(sessionId), { schema: import.meta.env.DEV && deductionPlay }),
  turn: (sessionId: string, body: DeductionTurnBody) =>
    api.post(deductionPaths.turns(sessionId), body, { schema: import.meta.env.DEV && deductionPlay }),
  reveal: (sessionId: string, turn: number, kind: 'ANSWER' | 'WRONG') =>
    api.post(deductionPaths.reveals(sessionId), { turn, kind }, { schema: import.meta.env.DEV && deductionPlay }),
  board: (period: LeaderboardPeriod, difficulty: DeductionPresetValue | null, limit = LEADERBOARD_LIMIT) =>
    api.get(gamesPaths.globalBoard, {
      query: { gameType: 'DEDUCTION', period, limit, ...(difficulty ? { difficulty } : {}) },
      schema: import.meta.env.DEV && leaderboard,
    }),
  aroundMe: (period: LeaderboardPeriod, difficulty: DeductionPresetValue | null) =>
    api.get(gamesPaths.aroundMe('DEDUCTION'), {
      query: { period, range: AROUND_ME_RANGE, ...(difficulty ? { difficulty } : {}) },
      schema: import.meta.env.DEV && leaderboard,
    }),
  myStats: () => api.get(gamesPaths.myGameStats('DEDUCTION'), { query: { limit: 10 }, schema: import.meta.env.DEV && myGameStatistics }),
  bots: () => api.get(deductionPaths.bots, { schema: import.meta.env.DEV && arrayOf(deductionBot) }),
  bot: (id: string) => api.get(deductionPaths.bot(id), { schema: import.meta.env.DEV && deductionBot }),
  sharedBot: (shareId: string) => api.get(deductionPaths.sharedBot(shareId), { schema: import.meta.env.DEV && deductionBot }),
  createBot: (body: DeductionBotBody) => api.post(deductionPaths.bots, body, { schema: import.meta.env.DEV && deductionBot }),
  updateBot: (id: string, body: DeductionBotBody) => api.put(deductionPaths.bot(id), body, { schema: import.meta.env.DEV && deductionBot }),
  deleteBot: (id: string) => api.delete(deductionPaths.bot(id), { schema: import.meta.env.DEV && deletedFlag }),
  rerunLadder: (id: string) => api.post(deductionPaths.botLadder(id), {}, { schema: import.meta.env.DEV && deductionBot }),
  ladder: () => api.get(deductionPaths.ladder, { schema: import.meta.env.DEV && deductionLadder }),
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
