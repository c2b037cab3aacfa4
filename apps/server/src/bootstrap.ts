/** Builds the AppContext from a Config: database, Redis, job queue, tokens, guards, limits. */
import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { AccessTokens, makeGuards } from './http/auth-guard.ts';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './http/rate-limit.ts';
import { MemorySessionStore, RedisSessionStore, SessionCache } from './http/session-cache.ts';
import { EventBus } from './events/event-bus.ts';
import { JobQueue } from './jobs/queue.ts';
import { type AddressPolicy, type Resolver, createSafeFetcher } from './providers/fetch/index.ts';
import { join } from 'node:path';

export interface ContextOptions {
  database?: Database;
  logger?: pino.Logger;
  rateLimits?: boolean;
  redisKeyPrefix?: string;
  /** tests only: let the URL fetcher reach a local server (production always uses the public-internet policy) */
  fetchPolicy?: AddressPolicy;
  fetchResolver?: Resolver;
}

export async function createContext(config: Config, opts: ContextOptions = {}): Promise<AppContext> {
  const log =
    opts.logger ??
    pino({
      level: config.LOG_LEVEL,
      base: { service: 'moim' },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'], censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    });
  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.dataDir, 'pglite') }));
  await migrate(database, (m) => log.info(m));

  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      keyPrefix: opts.redisKeyPrefix,
    });
    await redis.connect();
  }
  const tokens = new AccessTokens(config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  const store = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
  const sessions = new SessionCache(redis ? new RedisSessionStore(redis) : new MemorySessionStore(), undefined, (err) =>
    log.warn({ err }, 'session cache unavailable; reading the database'),
  );
  const jobs = new JobQueue(database.db, log);
  return {
    config,
    database,
    db: database.db,
    redis,
    jobs,
    events: new EventBus(jobs),
    tokens,
    sessions,
    guards: makeGuards(tokens, sessions),
    rateLimiter: new RateLimiter(store, opts.rateLimits ?? config.RATE_LIMITS_ENABLED),
    fetcher: createSafeFetcher({
      ...(opts.fetchPolicy ? { policy: opts.fetchPolicy } : {}),
      ...(opts.fetchResolver ? { resolver: opts.fetchResolver } : {}),
    }),
    log,
    services: {} as AppContext['services'],
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  if (ctx.redis) await ctx.redis.quit().catch(() => undefined);
  await ctx.database.close();
}
