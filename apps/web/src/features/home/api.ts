/**
 * The landing page's own reads: a `queryOptions` factory per endpoint. The schemas are checked in
 * development and tests only: the production build folds `import.meta.env.DEV && …` to `false`,
 * so neither zod nor the schemas reach the home route's chunk (docs/web-shell.md).
 */
import { leaderboard, studyListPage } from '@moim/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { shellPaths } from '../../shared/api/paths/shell';

export const homeKeys = {
  all: ['home'] as const,
  weeklyTop: (gameType: 'TETRIS') => ['home', 'weekly-top', gameType] as const,
  recruitingCount: () => ['home', 'recruiting-count'] as const,
};

/** This week's top three Tetris players, straight from the leaderboards API. */
export const weeklyTopQuery = () =>
  queryOptions({
    queryKey: homeKeys.weeklyTop('TETRIS'),
    queryFn: () =>
      api.get(shellPaths.games.globalBoard, {
        query: { gameType: 'TETRIS', period: 'WEEKLY', limit: 3 },
        schema: import.meta.env.DEV && leaderboard,
      }),
    staleTime: 60_000,
    retry: false,
  });

/** How many studies take applications now (the paged list's total). */
export const recruitingCountQuery = () =>
  queryOptions({
    queryKey: homeKeys.recruitingCount(),
    queryFn: async () =>
      (
        await api.get(shellPaths.studies.paged, {
          query: { page: 0, size: 1, recruiting: true },
          schema: import.meta.env.DEV && studyListPage,
        })
      ).totalElements,
    staleTime: 60_000,
    retry: false,
  });
