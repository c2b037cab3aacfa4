/**
 * For tests and benches only (not the module's API): switch an app's job-postings read caches
 * (caches.ts) on or off after start, as JOB_POSTINGS_READ_CACHE_MS does at start-up, e.g. to
 * measure the uncached path and the cached one on the same data.
 */
import type { AppContext } from '../../context.ts';
import { cachesOf } from './caches.ts';

/** The pages' TTL in ms (facet and hub counts on with it, at their own TTLs); 0 turns all off. */
export function setJobPostingsReadCache(ctx: AppContext, pageTtlMs: number): void {
  const caches = cachesOf(ctx);
  if (!caches) throw new Error('the job-postings module is not part of this app');
  caches.setTtl(pageTtlMs);
}
