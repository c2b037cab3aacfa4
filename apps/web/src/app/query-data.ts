/**
 * The public data a server-rendered page was rendered with (app/prerender.tsx): a JSON
 * `<script id="moim-query-data">` of [query key, data] pairs. main.tsx seeds the query cache
 * with it before the first render, so the app's first commit shows the same page as the markup
 * (no 'Loading...' flash); the entries count as stale, so they are refetched in the background
 * once the page is live. main.tsx seeds only for guests: a signed-in visitor's view of a study
 * differs (its `viewer`), and a guest's buttons must not show to them even for a moment.
 */
import type { QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { ApiError } from '../shared/api/client';
import type { QueryEntry, SeededError } from '../shared/api/server-render';

export const QUERY_DATA_ID = 'moim-query-data';

export type { QueryEntry };

/** Seeds `client` from the page's data element (then removed); the number of entries seeded. */
export function seedQueryData(client: QueryClient, doc: Document = document): number {
  const el = doc.getElementById(QUERY_DATA_ID);
  if (!el) return 0;
  el.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(el.textContent ?? '');
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;
  // updatedAt 0: stale at once, refetched on mount (in the background, the data stays shown)
  return seedEntries(client, entries.filter(isEntry), 0);
}

function isEntry(entry: unknown): entry is QueryEntry {
  if (!Array.isArray(entry) || !Array.isArray(entry[0])) return false;
  if (entry.length === 2) return true;
  const error = entry[2] as Partial<SeededError> | null;
  return (
    entry.length === 3 &&
    entry[1] === null &&
    typeof error === 'object' &&
    error !== null &&
    typeof error.status === 'number' &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
  );
}

/**
 * Puts `entries` in `client`'s cache (the server's render and the browser's first render do the
 * same, so both draw the same page): data as it is; an error (a subject that does not exist) as
 * the query's failed state, with `retryOnMount: false` for that key, or the first render would
 * start fetching it again and draw the loading state instead of the not-found page the markup
 * shows. A later visit of that page (its query gone from the cache) fetches it as usual.
 */
export function seedEntries(client: QueryClient, entries: readonly QueryEntry[], updatedAt?: number): number {
  for (const entry of entries) {
    const key = entry[0];
    if (entry.length === 2) {
      client.setQueryData(key, entry[1], updatedAt === undefined ? undefined : { updatedAt });
      continue;
    }
    client.setQueryDefaults(key, { retryOnMount: false });
    const seeded = entry[2];
    // the server's own sentence, as the message: the same text on the server and in the browser,
    // whether or not the error catalogue (a chunk of its own) has arrived yet
    const error = new ApiError({
      status: seeded.status,
      code: seeded.code,
      serverMessage: seeded.message,
      message: seeded.message,
      fromServer: true,
    });
    const state: QueryState<unknown, ApiError> = {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: updatedAt ?? Date.now(),
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    };
    client.getQueryCache().build(client, { queryKey: key as QueryKey }, state);
  }
  return entries.length;
}
