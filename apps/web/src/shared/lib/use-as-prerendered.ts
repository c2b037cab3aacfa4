/**
 * A query's result as a prerendered page was drawn with it, while React adopts that markup.
 *
 * The prerender (app/prerender.tsx) draws a query with no data as loading. Hydration runs in
 * time slices (main.tsx: `hydrateRoot` in a transition), so one part's query may already have its
 * answer by the time another part that reads the same query is adopted: drawn with data where
 * the markup has a skeleton, the markup no longer matches (React error #418) and React throws that
 * part away and draws it again. While hydrating, this hook answers "loading" (the prerender's
 * answer: `useSyncExternalStore` gives the server snapshot during hydration); right after, the
 * real result, in a render of its own. In a page drawn by the app alone it is the result at once.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useHydrated } from './use-hydrated';

export function useAsPrerendered<T>(q: UseQueryResult<T>): UseQueryResult<T> {
  const hydrated = useHydrated();
  if (hydrated || q.isPending) return q;
  return {
    ...q,
    data: undefined,
    error: null,
    status: 'pending',
    fetchStatus: 'fetching',
    isPending: true,
    isLoading: true,
    isFetching: true,
    isSuccess: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    isPlaceholderData: false,
  } as UseQueryResult<T>;
}
