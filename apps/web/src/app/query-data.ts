/**
 * The public data a server-rendered page was rendered with (app/prerender.tsx): a JSON
 * `<script id="moim-query-data">` of [query key, data] pairs. main.tsx seeds the query cache
 * with it before the first render, so the app's first commit shows the same page as the markup
 * (no 'Loading...' flash); the entries count as stale, so they are refetched in the background
 * once the page is live. main.tsx seeds only for guests: a signed-in visitor's view of a study
 * differs (its `viewer`), and a guest's buttons must not show to them even for a moment.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { QueryEntry } from '../shared/api/server-render';

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
  let n = 0;
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 2 || !Array.isArray(entry[0])) continue;
    // updatedAt 0: stale at once, refetched on mount (in the background, the data stays shown)
    client.setQueryData(entry[0] as QueryKey, entry[1], { updatedAt: 0 });
    n++;
  }
  return n;
}
