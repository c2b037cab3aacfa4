/** What the studies services share: the app context, a clock, the read caches, the modules below. */
import type { StudyViewer } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { CalendarService } from '../calendar/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { ReadCache, SharedReadCaches } from '../../cache/read-cache.ts';

export type Clock = () => Date;

/** The Redis channel on which instances tell each other to drop their study read caches. */
export const STUDY_CACHE_CHANNEL = 'moim:studies:read-cache:invalidate';

/** The study read caches (shared invalidation: cache/read-cache.ts). */
export class StudyCaches extends SharedReadCaches {
  /** public list pages and arrays as envelope JSON, keyed by the normalized query */
  readonly lists = new ReadCache<string | Buffer>();
  /** the guest view of a study by slug, as envelope JSON */
  readonly bySlug = new ReadCache<string>();

  constructor() {
    super(STUDY_CACHE_CHANNEL, () => [this.lists, this.bySlug]);
  }
}

/** The modules below studies it calls (downward, by injection: modules/index.ts). */
export interface StudyModuleDeps {
  calendar: CalendarService;
  notifications: NotificationsService;
}

export interface StudyDeps extends StudyModuleDeps {
  ctx: AppContext;
  clock: Clock;
  caches: StudyCaches;
}

export type { StudyViewer };
