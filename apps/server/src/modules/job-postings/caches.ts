/**
 * The navigator's public read caches (docs/job-postings.md "Server cost"): a guest's
 * `GET /api/job-postings` as its envelope JSON, keyed by the normalised query (`pageKey`), for
 * JOB_POSTINGS_READ_CACHE_MS (2 s by default); the facet counts of a filter set (20 s) and the
 * hub's counts (30 s). Every write to postings, companies or the skills catalogue clears them all
 * (imports, the back office's form, the expiry sweep, the start-up rewrite of search columns), in
 * every instance through Redis when REDIS_URL is set (cache/read-cache.ts). What they do not wait
 * for: a posting whose `validThrough` passes while a page holding it is cached leaves that page at
 * the TTL's end (the daily sweep clears them too).
 * JOB_POSTINGS_READ_CACHE_MS=0 turns all three off (the integration tests, which write rows
 * straight into the database, and the benches' uncached figures).
 */
import type { JobPostingQuery, JobSearchFilters } from '@moim/contract';
import { ReadCache, SharedReadCaches } from '../../cache/read-cache.ts';

/** The Redis channel on which instances tell each other to drop their job-postings read caches. */
export const JOB_POSTINGS_CACHE_CHANNEL = 'moim:job-postings:read-cache:invalidate';

/** How long facet counts and hub counts are reused while nothing changes (fresh enough for browsing). */
export const FACET_CACHE_MS = 20_000;
export const STATS_CACHE_MS = 30_000;

export class JobPostingCaches extends SharedReadCaches {
  /** guests' search pages as envelope JSON */
  readonly pages: ReadCache<string>;
  readonly facets: ReadCache<Promise<unknown>>;
  readonly stats: ReadCache<Promise<unknown>>;

  constructor(pageTtlMs: number) {
    super(JOB_POSTINGS_CACHE_CHANNEL, () => [this.pages, this.facets, this.stats]);
    const on = pageTtlMs > 0;
    this.pages = new ReadCache<string>(pageTtlMs);
    this.facets = new ReadCache<Promise<unknown>>(on ? FACET_CACHE_MS : 0, 500);
    this.stats = new ReadCache<Promise<unknown>>(on ? STATS_CACHE_MS : 0, 1);
  }

  /** The pages' TTL; facets and hub counts keep theirs, all off with 0 (as JOB_POSTINGS_READ_CACHE_MS). */
  override setTtl(pageTtlMs: number): void {
    const on = pageTtlMs > 0;
    this.pages.setTtl(pageTtlMs);
    this.facets.setTtl(on ? FACET_CACHE_MS : 0);
    this.stats.setTtl(on ? STATS_CACHE_MS : 0);
  }
}

// Each app context's caches, for the test kit only (job-postings-test-kit.ts): not part of the module's API.
const registry = new WeakMap<object, JobPostingCaches>();
export function registerCaches(ctx: object, caches: JobPostingCaches): void {
  registry.set(ctx, caches);
}
export function cachesOf(ctx: object): JobPostingCaches | undefined {
  return registry.get(ctx);
}

const sorted = (xs: readonly string[] | undefined) => [...new Set(xs ?? [])].sort();

/**
 * A filter set in one canonical form: the words with single spaces, each list without repeats
 * and in order (OR within a filter: the order never changes the answer), defaults applied.
 */
export function filtersKey(q: Partial<JobSearchFilters>): string {
  return JSON.stringify([
    (q.q ?? '').trim().split(/\s+/).filter(Boolean).join(' '),
    sorted(q.company),
    sorted(q.skill),
    sorted(q.experience),
    sorted(q.employmentType),
    sorted(q.region),
    sorted(q.workMode),
    q.salaryMin ?? null,
    q.activeOnly ?? true,
  ]);
}

/** The key of one page of a search: its filters, sort, page and size. */
export function pageKey(q: JobPostingQuery): string {
  return `${filtersKey(q)}|${q.sort ?? ''}|${q.page}|${q.size}`;
}

/**
 * The value for `key` from `cache`, else `load()`'s, stored at once so that concurrent callers
 * share one load (a broad search's facets take a while); a failed load is not kept. A clear
 * drops it like any entry.
 */
export function sharedLoad<T>(cache: ReadCache<Promise<unknown>>, key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit as Promise<T>;
  const value = load();
  cache.set(key, value);
  value.catch(() => {
    if (cache.get(key) === value) cache.clear();
  });
  return value;
}
