/**
 * Totals of the public list's filters, remembered for a few seconds: counting thousands of
 * matching rows is the costliest part of a list request, and a total that lags a few seconds
 * behind is fine on a public listing. The page's rows are always read fresh. Any write in this
 * process clears it; other instances catch up within the TTL.
 */
export class ListTotals {
  private entries = new Map<string, { expires: number; total: number }>();
  constructor(
    private ttlMs = 10_000,
    private readonly maxEntries = 1_000,
  ) {}

  /** 0 turns it off (every list request counts). */
  setTtl(ms: number): void {
    this.ttlMs = ms;
    this.entries.clear();
  }

  async get(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
    const e = this.entries.get(key);
    if (e && e.expires > now) return e.total;
    const total = await count();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { expires: now + this.ttlMs, total });
    }
    return total;
  }

  clear(): void {
    this.entries.clear();
  }
}
