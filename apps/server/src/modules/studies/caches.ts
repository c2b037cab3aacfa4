/**
 * The study read caches (docs/decisions/2026-11-23-short-read-caches.md): public list pages and
 * the guest view of a study by slug, as envelope JSON. Every study change clears them, in every
 * instance through Redis when REDIS_URL is set (cache/read-cache.ts).
 */
import { ReadCache, SharedReadCaches } from '../../cache/read-cache.ts';

/** The Redis channel on which instances tell each other to drop their study read caches. */
export const STUDY_CACHE_CHANNEL = 'moim:studies:read-cache:invalidate';

export class StudyCaches extends SharedReadCaches {
  /** public list pages and arrays as envelope JSON, keyed by the normalized query */
  readonly lists = new ReadCache<string | Buffer>();
  /** the guest view of a study by slug, as envelope JSON */
  readonly bySlug = new ReadCache<string>();

  constructor() {
    super(STUDY_CACHE_CHANNEL, () => [this.lists, this.bySlug]);
  }
}
