/**
 * The projects list's read cache (docs/projects.md "List, search and sorting"): whole
 * `GET /api/projects` responses as their envelope JSON, for 2 s, keyed by the normalized query.
 * Every change that can alter a card or which cards a page holds clears it (`listChanged` in
 * access.ts: create, edit, status moves, deletion, the deadline job, an approval filling a seat),
 * in every instance through Redis when REDIS_URL is set (cache/read-cache.ts). What it does not
 * wait for: a view counted on a detail page and an owner's new name or picture show within the
 * TTL (counting a view must not empty the cache on every visit).
 */
import { ReadCache, SharedReadCaches } from '../../cache/read-cache.ts';

/** The Redis channel on which instances tell each other to drop their projects list caches. */
export const PROJECT_CACHE_CHANNEL = 'moim:projects:read-cache:invalidate';

export class ProjectCaches extends SharedReadCaches {
  /** list pages as envelope JSON */
  readonly lists = new ReadCache<string>();

  constructor() {
    super(PROJECT_CACHE_CHANNEL, () => [this.lists]);
  }
}
