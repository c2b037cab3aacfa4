/**
 * Fixed-window rate limits keyed by purpose and caller (user id when signed in, else IP).
 * In memory for one instance; shared through Redis (one MULTI: SET NX PX, INCR, PTTL) when
 * REDIS_URL is set, so several instances count together. While Redis is unreachable each
 * instance counts in its own memory (FailoverRateLimitStore), so the limits still hold per
 * instance. Exceeding a limit answers 429 BIZ-3004 with Retry-After.
 */
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisProvider } from '../providers/redis/index.ts';
import { AppError } from './app-error.ts';
import { declareErrors } from './route-errors.ts';

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The current window of `key` without counting a hit (null when none is open). */
  peek(key: string): Promise<{ count: number; resetMs: number } | null>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private buckets = new Map<string, { count: number; resetAt: number }>();
  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let b = this.buckets.get(key);
    if (!b || b.resetAt <= now) {
      b = { count: 0, resetAt: now + windowMs };
      this.buckets.set(key, b);
      if (this.buckets.size > 50_000) this.sweep(now);
    }
    b.count++;
    return { count: b.count, resetMs: b.resetAt - now };
  }
  async peek(key: string) {
    const b = this.buckets.get(key);
    const now = Date.now();
    return b && b.resetAt > now ? { count: b.count, resetMs: b.resetAt - now } : null;
  }
  async reset(key: string) {
    this.buckets.delete(key);
  }
  private sweep(now: number) {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'moim:rl:',
  ) {}
  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    // The window starts with the first hit, atomically: a key never lives without its expiry.
    const res = await this.redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
    if (!res) throw new Error('redis: rate limit transaction aborted');
    for (const [err] of res) if (err) throw err;
    const count = Number(res[1]?.[1] ?? 1);
    const ttl = Number(res[2]?.[1] ?? -1);
    return { count, resetMs: ttl < 0 ? windowMs : ttl };
  }
  async peek(key: string) {
    const k = this.prefix + key;
    const res = await this.redis.multi().get(k).pttl(k).exec();
    const v = res?.[0]?.[1];
    const ttl = Number(res?.[1]?.[1] ?? -2);
    return v == null || ttl <= 0 ? null : { count: Number(v), resetMs: ttl };
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/** Redis while it answers, this process's memory while it does not. */
export class FailoverRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisProvider,
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore = new MemoryRateLimitStore(),
  ) {}
  hit(key: string, windowMs: number) {
    return this.redis.call(
      () => this.shared.hit(key, windowMs),
      () => this.local.hit(key, windowMs),
    );
  }
  peek(key: string) {
    return this.redis.call(
      () => this.shared.peek(key),
      () => this.local.peek(key),
    );
  }
  async reset(key: string) {
    await this.local.reset(key);
    await this.redis.attempt(() => this.shared.reset(key));
  }
}

export interface LimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    readonly enabled = true,
  ) {}

  /** Count one hit against `rule` for `subject`; throws 429 BIZ-3004 when over the limit. */
  async consume(rule: LimitRule, subject: string): Promise<void> {
    if (!this.enabled) return;
    const { count, resetMs } = await this.store.hit(`${rule.name}:${subject}`, rule.windowMs);
    if (count > rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil(resetMs / 1000));
      throw new AppError('BIZ-3004', undefined, { retryAfterSeconds, limit: rule.limit });
    }
  }

  /** preHandler limiting per the subject `key` gives (declares its 429 to the route's document). */
  hook(rule: LimitRule, key: (request: FastifyRequest) => string) {
    return declareErrors(async (request: FastifyRequest) => this.consume(rule, key(request)), [429]);
  }

  /** preHandler limiting per signed-in user, else per client IP. */
  perCaller(rule: LimitRule) {
    const hook = async (request: FastifyRequest) => {
      const subject = request.user?.id ? `u:${request.user.id}` : `ip:${request.ip}`;
      await this.consume(rule, subject);
    };
    return declareErrors(hook, [429]);
  }
}
