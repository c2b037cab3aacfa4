/**
 * The live state behind an access token, checked on every authenticated request: is its session
 * (refresh-token family, the JWT's `fam`) still open, and what are the account's CURRENT roles
 * and status? The JWT alone cannot say: it outlives a logout, a revocation, a deactivation or a
 * role change by up to its whole lifetime.
 *
 * A small cache in front of the database, shared by every instance: Redis when REDIS_URL is set,
 * else process memory (one instance). Entries live SESSION_CACHE_TTL_MS; a revocation writes a
 * `revoked` marker over the entry at once (a plain SET), while fills only write where nothing is
 * (SET NX), so a fill that read the database just before a revocation can never overwrite the
 * marker. The auth module supplies the loader (it owns the sessions; the users module the roles).
 * docs/accounts.md "Session check".
 */
import type { Redis } from 'ioredis';
import type { RedisProvider } from '../providers/redis/index.ts';

export type AccountStatus = 'ACTIVE' | 'DEACTIVATED' | 'DELETED';

/** What the server currently knows about the caller of one token. */
export type SessionState =
  | {
      live: true;
      userId: string;
      roles: string[];
      systemRole: string;
      /** a confirmed second factor (admin routes need one: auth-guard.ts) */
      secondFactor?: boolean;
    }
  | { live: false; reason: 'revoked' | 'deactivated' | 'unknown' };

/** Whose state: a session (every token the server issues), or a bare account (tokens signed without one, tests only). */
export interface SessionKey {
  sessionId?: string | undefined;
  userId: string;
}

export type SessionLoader = (key: SessionKey) => Promise<{ state: SessionState; ttlMs?: number }>;

export const SESSION_CACHE_TTL_MS = 30_000;
const MEMORY_MAX = 50_000;

export interface SessionStateStore {
  get(key: string): Promise<SessionState | undefined>;
  /** Store unless something is already there (never overwrites a revocation marker). */
  fill(key: string, state: SessionState, ttlMs: number): Promise<void>;
  /** Overwrite, whatever is there. */
  put(key: string, state: SessionState, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export class MemorySessionStore implements SessionStateStore {
  private entries = new Map<string, { state: SessionState; until: number }>();
  async get(key: string) {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.state;
  }
  async fill(key: string, state: SessionState, ttlMs: number) {
    const e = this.entries.get(key);
    if (e && e.until > Date.now()) return;
    this.set(key, state, ttlMs);
  }
  async put(key: string, state: SessionState, ttlMs: number) {
    this.set(key, state, ttlMs);
  }
  async delete(key: string) {
    this.entries.delete(key);
  }
  private set(key: string, state: SessionState, ttlMs: number) {
    if (this.entries.size >= MEMORY_MAX) {
      const now = Date.now();
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
      // still full of live entries: keep revocation markers, drop the rest (they reload)
      if (this.entries.size >= MEMORY_MAX) for (const [k, e] of this.entries) if (e.state.live) this.entries.delete(k);
    }
    this.entries.set(key, { state, until: Date.now() + ttlMs });
  }
}

export class RedisSessionStore implements SessionStateStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'moim:sess:',
  ) {}
  async get(key: string) {
    const v = await this.redis.get(this.prefix + key);
    return v ? (JSON.parse(v) as SessionState) : undefined;
  }
  async fill(key: string, state: SessionState, ttlMs: number) {
    await this.redis.set(this.prefix + key, JSON.stringify(state), 'PX', ttlMs, 'NX');
  }
  async put(key: string, state: SessionState, ttlMs: number) {
    await this.redis.set(this.prefix + key, JSON.stringify(state), 'PX', ttlMs);
  }
  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

const cacheKey = (k: SessionKey) => (k.sessionId ? `s:${k.sessionId}` : `u:${k.userId}`);

/**
 * Redis behind the provider's failure gate (providers/redis): while Redis is down a read throws at
 * once (the cache then reads the database, never a stale local copy), and writes are skipped (the
 * database holds the revocation; an entry cached in Redis before the outage lives at most
 * SESSION_CACHE_TTL_MS after it). docs/operations.md "Degraded modes".
 */
export class FailoverSessionStore implements SessionStateStore {
  constructor(
    private readonly redis: RedisProvider,
    private readonly shared: SessionStateStore,
  ) {}
  get(key: string) {
    return this.redis.call(
      () => this.shared.get(key),
      () => {
        throw new Error('redis unavailable');
      },
    );
  }
  async fill(key: string, state: SessionState, ttlMs: number) {
    await this.redis.attempt(() => this.shared.fill(key, state, ttlMs));
  }
  async put(key: string, state: SessionState, ttlMs: number) {
    await this.redis.attempt(() => this.shared.put(key, state, ttlMs));
  }
  async delete(key: string) {
    await this.redis.attempt(() => this.shared.delete(key));
  }
}

/** Sessions that ended, or an account whose state changed (the live channel re-checks its sockets). */
export interface SessionsEnded {
  sessionIds?: string[];
  userId?: string;
}

export class SessionCache {
  /** lookups answered from the cache, and those that read the database, since start (metrics) */
  readonly stats = { hits: 0, misses: 0 };
  private loader: SessionLoader | null = null;
  private readonly endedListeners = new Set<(end: SessionsEnded) => void>();
  constructor(
    readonly store: SessionStateStore,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly onStoreError: (err: unknown) => void = () => undefined,
  ) {}

  /** Set by the auth module when it registers. */
  useLoader(loader: SessionLoader): void {
    this.loader = loader;
  }
  /** The loader in use (a benchmark builds a second cache on another store with it). */
  get currentLoader(): SessionLoader | null {
    return this.loader;
  }

  async state(key: SessionKey): Promise<SessionState> {
    const k = cacheKey(key);
    let hit: SessionState | undefined;
    try {
      hit = await this.store.get(k);
    } catch (err) {
      // the shared cache is down: ask the database (correct, only slower)
      this.onStoreError(err);
    }
    if (hit) {
      this.stats.hits++;
      return hit;
    }
    this.stats.misses++;
    if (!this.loader) throw new Error('session cache used before the auth module registered its loader');
    const { state, ttlMs } = await this.loader(key);
    const ttl = Math.min(this.ttlMs, ttlMs ?? this.ttlMs);
    if (ttl > 0) await this.store.fill(k, state, ttl).catch(this.onStoreError);
    return state;
  }

  /**
   * Told after every revocation and account change made through this cache (once the marker is
   * written): holders of long-lived connections check their callers again (live/hub.ts).
   */
  onEnded(listener: (end: SessionsEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** These sessions end now, for every instance. */
  async revoke(sessionIds: readonly string[], reason: 'revoked' | 'deactivated' = 'revoked'): Promise<void> {
    const state: SessionState = { live: false, reason };
    await Promise.all(sessionIds.map((id) => this.store.put(`s:${id}`, state, this.ttlMs).catch(this.onStoreError)));
    if (sessionIds.length > 0) this.ended({ sessionIds: [...sessionIds] });
  }

  /** These live sessions' account changed (a second factor on or off): read them again. */
  async forget(sessionIds: readonly string[]): Promise<void> {
    await Promise.all(sessionIds.map((id) => this.store.delete(`s:${id}`).catch(this.onStoreError)));
  }

  /** The account's roles or status changed: forget what was cached for tokens without a session. */
  async accountChanged(userId: string): Promise<void> {
    await this.store.delete(`u:${userId}`).catch(this.onStoreError);
    this.ended({ userId });
  }

  private ended(end: SessionsEnded): void {
    for (const l of this.endedListeners) l(end);
  }
}
