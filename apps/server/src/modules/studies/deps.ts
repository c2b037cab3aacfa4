/** What the studies services share: the app context, a clock, the read caches, the modules below. */
import type { StudyViewer } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { CalendarService } from '../calendar/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ReadCache } from './read-cache.ts';

export type Clock = () => Date;

/** The Redis channel on which instances tell each other to drop their study read caches. */
export const STUDY_CACHE_CHANNEL = 'moim:studies:read-cache:invalidate';

export class StudyCaches {
  private readonly instanceId = randomUUID();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  /** public list pages and arrays as envelope JSON, keyed by the normalized query */
  readonly lists = new ReadCache<string | Buffer>();
  /** the guest view of a study by slug, as envelope JSON */
  readonly bySlug = new ReadCache<string>();
  setTtl(ms: number): void {
    this.lists.setTtl(ms);
    this.bySlug.setTtl(ms);
  }
  /** Drops this instance's entries and, when shared, tells the other instances to drop theirs. */
  invalidate(): void {
    this.clearLocal();
    if (this.publisher) void this.publisher.publish(STUDY_CACHE_CHANNEL, this.instanceId).catch(() => undefined);
  }

  private clearLocal(): void {
    this.lists.clear();
    this.bySlug.clear();
  }

  /**
   * Shares invalidations through Redis pub/sub: every change published, every change of
   * another instance clears this one. Resolves once subscribed (or after 1 s when Redis is not
   * answering: the subscription follows when it is). A lost message (Redis down)
   * leaves at most the TTL of staleness, as without Redis.
   */
  async shareThrough(redis: Redis): Promise<void> {
    this.publisher = redis;
    // The subscriber queues its SUBSCRIBE until Redis answers and renews it after every
    // reconnect, so an instance started while Redis is down joins once it is back.
    const sub = redis.duplicate({ enableOfflineQueue: true, lazyConnect: false });
    this.subscriber = sub;
    sub.on('error', () => undefined);
    sub.on('message', (channel: string, from: string) => {
      if (channel === STUDY_CACHE_CHANNEL && from !== this.instanceId) this.clearLocal();
    });
    const subscribed = sub.subscribe(STUDY_CACHE_CHANNEL).catch(() => undefined);
    // wait briefly when Redis is there (tests expect the subscription in place), never block start
    await Promise.race([subscribed, new Promise((r) => setTimeout(r, 1_000).unref())]);
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    this.publisher = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
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
