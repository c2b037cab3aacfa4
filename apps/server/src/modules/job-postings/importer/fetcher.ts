/**
 * How the feed importer reads a source's address: a small injected interface, so that the one
 * SSRF-safe fetcher the platform shares (providers/fetch: addresses checked at connect time,
 * redirects re-checked, size and time limits) is the only thing that ever fetches a feed.
 * The composition root hands the module its fetcher; tests hand it one that reaches a local
 * HTTP server speaking the same protocol.
 */
export interface FetchedDocument {
  status: number;
  contentType: string | null;
  body: Uint8Array;
}

export interface FeedFetcher {
  fetchUrl(url: string): Promise<FetchedDocument>;
}

/** Until the shared fetcher is wired in: every feed run fails with this reason (nothing is fetched). */
export const unconfiguredFetcher: FeedFetcher = {
  async fetchUrl() {
    throw new Error('피드 가져오기가 설정되지 않았습니다 (the SSRF-safe fetcher is not wired into the jobs module).');
  },
};
