/**
 * What a feature declares for a page the server renders per request with its public data
 * (docs/rendering.md "Server-rendered pages"): app/prerender.tsx collects these, the build
 * renders each `sample` to make the page's template, and the server (apps/server/src/http/
 * web-render.ts) calls `load` through its own API as a guest, then renders the page with the
 * entries and sends them with it (#moim-query-data), which main.tsx seeds the query cache with.
 */
import type { QueryKey } from '@tanstack/react-query';

/** An answer's error as a page's query holds it: a subject the API does not know (404). */
export interface SeededError {
  status: number;
  code: string;
  message: string;
}

/**
 * A query cache entry: the key a page's `useQuery` reads and the API's `data` for it, or, for a
 * subject that does not exist, no data and the API's error (the page draws its not-found state
 * and the server answers 404: `readSubject`).
 */
export type QueryEntry = [key: QueryKey, data: unknown] | [key: QueryKey, data: null, error: SeededError];

/** The API as the server's renderer reads it: status and the envelope's `data`, or its `error`. */
export type GetJson = (url: string) => Promise<{ status: number; data?: unknown; error?: { code: string; message: string } }>;

export interface ServerRenderedPage {
  /** the route's pattern, as in the feature's routes */
  pattern: string;
  /** literal routes that show this page, with the params they stand for ('/study/1-tecoteco') */
  fixed?: Record<string, Record<string, string>>;
  /** a path of the pattern the build renders with `sampleData` to learn the page's assets */
  sample: string;
  /** data the build renders `sample` with: never shown to anyone */
  sampleData(): QueryEntry[];
  /**
   * The entries the page's first render reads, for the route's params and the address's query
   * (a list's filters); null when the server
   * should send the plain shell (its subject is not found: the app's own fallbacks run).
   */
  load(params: Record<string, string | undefined>, get: GetJson, search: URLSearchParams): Promise<QueryEntry[] | null>;
  /**
   * The part of the address's query the page is drawn with (default: all of it): the server
   * renders, and keeps, the page for that part only. A password reset link's token matters only
   * in that there is one (the page never shows it), so every reset link shares one rendering and
   * no token is kept in the server's memory.
   */
  renderedQuery?(search: URLSearchParams): URLSearchParams;
}

/** `renderedQuery` for a page drawn with `names` of the query only (in that order). */
export function keepQuery(...names: string[]): (search: URLSearchParams) => URLSearchParams {
  return (search) => {
    const kept = new URLSearchParams();
    for (const name of names) for (const value of search.getAll(name)) kept.append(name, value);
    return kept;
  };
}

/** A page drawn from its address alone, with no data to read (a payment's failure, a reset link). */
export const NO_DATA = async (): Promise<QueryEntry[]> => [];

/**
 * `load`'s step for a page about one subject (a project, a posting): its data, or when the API
 * answers 404 the not-found error the page draws from it; null for any other answer (the shell).
 */
export async function readSubject(get: GetJson, url: string, key: QueryKey): Promise<QueryEntry[] | null> {
  const r = await get(url);
  if (r.status === 200) return [[key, r.data]];
  if (r.status === 404 && r.error) return [[key, null, { status: 404, code: r.error.code, message: r.error.message }]];
  return null;
}

/** `load`'s usual step: one read, its data when it answers 200. */
export async function readData(get: GetJson, url: string): Promise<{ data: unknown } | null> {
  const r = await get(url);
  return r.status === 200 ? { data: r.data } : null;
}
