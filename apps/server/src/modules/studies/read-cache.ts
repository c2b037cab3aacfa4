/**
 * A short-lived in-process cache for the public study reads (the list pages and the slug
 * detail for guests), the hottest reads of the site. Any change to a study in this process
 * clears it; other instances see the change within the TTL (2 s by default), which is the
 * staleness we accept for public listings.
 */
export class ReadCache<V> {
  private entries = new Map<string, { expires: number; value: V }>();
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

  set(key: string, value: V, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { expires: now + this.ttlMs, value });
  }

  clear(): void {
    this.entries.clear();
  }
}
