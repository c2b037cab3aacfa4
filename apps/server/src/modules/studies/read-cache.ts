/**
 * A short-lived in-process cache for the public study reads (the list pages and the slug
 * detail for guests), the hottest reads of the site. Any change to a study clears it, in this
 * process and, through Redis when REDIS_URL is set, in every other (StudyCaches); without
 * Redis another instance sees the change within the TTL (2 s by default). The reads are fast
 * without it (docs/performance.md); it is a bonus for bursts of identical guest reads.
 */
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
