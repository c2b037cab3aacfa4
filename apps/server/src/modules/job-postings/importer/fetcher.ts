/**
 * How the feed importer reads a source's address: a small interface over the platform's one
 * SSRF-safe fetcher (`ctx.fetcher`, providers/fetch: addresses checked at connect time,
 * redirects re-checked, size and time limits), so nothing else in this module ever fetches.
 */
import { FEED_TYPES, type SafeFetcher } from '../../../providers/fetch/index.ts';

export interface FetchedDocument {
  status: number;
  /** the Content-Type header as sent (with its charset parameter) */
  contentType: string | null;
  body: Uint8Array;
}

export interface FeedFetcher {
  fetchUrl(url: string): Promise<FetchedDocument>;
}

/** What a feed source may answer: RSS/Atom (and XML), or JSON (a feed of postings, JSON Feed). */
export const FEED_ACCEPT = [...FEED_TYPES, 'application/json', 'application/feed+json', 'text/json'] as const;
/** Feeds larger than this are refused. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;

export function feedFetcherOf(fetcher: SafeFetcher): FeedFetcher {
  return {
    async fetchUrl(url) {
      const r = await fetcher.fetch(url, { accept: FEED_ACCEPT, maxBytes: MAX_FEED_BYTES });
      const header = r.headers['content-type'];
      return { status: r.status, contentType: (Array.isArray(header) ? header[0] : header) ?? r.contentType, body: r.body };
    },
  };
}
