/**
 * A short-lived in-process cache for the hottest public reads (the study list pages and the slug
 * detail for guests, the projects list), as their envelope JSON. Any change to what it holds
 * clears it, in this process and, through Redis when REDIS_URL is set, in every other
 * (`SharedReadCaches`); without Redis another instance sees the change within the TTL (2 s by
 * default). The reads are fast without it (docs/performance.md); it is a bonus for bursts of
 * identical guest reads.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export class ReadCache<V> {
  private entries = new Map<string, { expires: number; value: V }>();
  /** bumped by every clear: a value loaded before a clear is not stored after it */
  private gen = 0;

  get generation(): number {
    return this.gen;
  }
  constructor(
    private ttlMs = 2_000,
    private readonly maxEntries = 1_000,
  ) {}

  /** 0 turns the cache off (benchmarks measure the uncached path this way). */
  setTtl(ms: number): void {
    this.ttlMs = ms;
    this.entries.clear();
  }

  get(key: string, now = Date.now()): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Store `value`, unless the cache was cleared since `loadedAt` (a generation) was read. */
  set(key: string, value: V, now = Date.now(), loadedAt = this.gen): void {
    if (this.ttlMs <= 0 || loadedAt !== this.gen) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { expires: now + this.ttlMs, value });
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
  }
}

/** What a group of read caches is to `SharedReadCaches`. */
interface Clearable {
  setTtl(ms: number): void;
  clear(): void;
}

/**
 * A module's read caches, cleared together on any change of what they hold: in this process and,
 * through Redis pub/sub on the module's channel when REDIS_URL is set, in every other instance
 * (studies: deps.ts `StudyCaches`; projects: caches.ts `ProjectCaches`).
 */
export class SharedReadCaches {
  private readonly instanceId = randomUUID();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  constructor(
    private readonly channel: string,
    private readonly caches: () => Clearable[],
  ) {}

  setTtl(ms: number): void {
    for (const c of this.caches()) c.setTtl(ms);
  }

  /** Drops this instance's entries and, when shared, tells the other instances to drop theirs. */
  invalidate(): void {
    this.clearLocal();
    if (this.publisher) void this.publisher.publish(this.channel, this.instanceId).catch(() => undefined);
  }

  private clearLocal(): void {
    for (const c of this.caches()) c.clear();
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
      if (channel === this.channel && from !== this.instanceId) this.clearLocal();
    });
    const subscribed = sub.subscribe(this.channel).catch(() => undefined);
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

/** An envelope's JSON (text, or UTF-8 bytes) from the cache, else loaded and stored (unless a change came meanwhile). */
export async function cachedJson<T extends string | Buffer>(cache: ReadCache<T>, key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const gen = cache.generation;
  const json = await load();
  cache.set(key, json, Date.now(), gen);
  return json;
}
