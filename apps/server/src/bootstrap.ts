/** Builds the AppContext from a Config: database, Redis, job queue, tokens, guards, limits. */
import pino from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, waitForDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { AccessTokens, makeGuards } from './http/auth-guard.ts';
import { FailoverRateLimitStore, MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './http/rate-limit.ts';
import { FailoverSessionStore, MemorySessionStore, RedisSessionStore, SessionCache } from './http/session-cache.ts';
import { EventBus } from './events/event-bus.ts';
import { JobQueue } from './jobs/queue.ts';
import { LiveHub } from './live/hub.ts';
import { createLifecycle } from './lifecycle.ts';
import { type AddressPolicy, type Resolver, createSafeFetcher } from './providers/fetch/index.ts';
import { RedisProvider } from './providers/redis/index.ts';
import { Metrics } from './telemetry/metrics.ts';
import type { Tracing } from './telemetry/tracing.ts';
import { join } from 'node:path';

export interface ContextOptions {
  database?: Database;
  logger?: pino.Logger;
  /** where the logger built from the config writes (tests read the lines; default stdout) */
  logDestination?: pino.DestinationStream;
  rateLimits?: boolean;
  redisKeyPrefix?: string;
  /** tests only: let the URL fetcher reach a local server (production always uses the public-internet policy) */
  fetchPolicy?: AddressPolicy;
  fetchResolver?: Resolver;
}

export async function createContext(config: Config, opts: ContextOptions = {}): Promise<AppContext> {
  // traces only with a collector configured: the SDK is loaded here and nowhere else (no cost without)
  const tracing: Tracing | undefined = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await import('./telemetry/tracing.ts').then((t) =>
        t.startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT!, serviceName: config.OTEL_SERVICE_NAME }),
      )
    : undefined;
  const logOptions: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'moim' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'], censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // the trace id (and the request id) of the span a line is written in
    ...(tracing ? { mixin: tracing.logMixin } : {}),
  };
  const log = opts.logger ?? (opts.logDestination ? pino(logOptions, opts.logDestination) : pino(logOptions));
  const database =
    opts.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      poolMode: config.DATABASE_POOL_MODE,
      directUrl: config.DATABASE_DIRECT_URL,
      dataDir: join(config.dataDir, 'pglite'),
      poolMax: config.DB_POOL_MAX,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      breaker: {
        failures: config.DB_BREAKER_FAILURES,
        openMs: config.DB_BREAKER_OPEN_MS,
        onChange: (state, previous) => {
          if (state === 'open' && previous === 'closed') log.error('database not answering: circuit open, refusing at once');
          if (state === 'closed') log.warn('database answering again: circuit closed');
        },
      },
    }));
  if (database.driver === 'postgres') {
    // PostgreSQL may still be starting (or briefly unreachable): wait for it with back-off.
    await waitForDatabase(database, config.DB_STARTUP_RETRY_SECONDS * 1000, (attempt, delayMs, err) =>
      log.warn({ attempt, retryInMs: delayMs, err: (err as Error).message }, 'database unreachable; retrying'),
    ).catch(async (err) => {
      await database.close().catch(() => undefined);
      await tracing?.close();
      throw err;
    });
  }
  await migrate(database, (m) => log.info(m));

  // Redis is optional and never awaited: the server starts (and keeps serving) without it.
  const redis = new RedisProvider({
    url: config.REDIS_URL,
    keyPrefix: opts.redisKeyPrefix,
    commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
    connectTimeoutMs: config.REDIS_CONNECT_TIMEOUT_MS,
    log,
  });
  const tokens = new AccessTokens(config.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  const store = redis.client ? new FailoverRateLimitStore(redis, new RedisRateLimitStore(redis.client)) : new MemoryRateLimitStore();
  const sessions = new SessionCache(
    redis.client ? new FailoverSessionStore(redis, new RedisSessionStore(redis.client)) : new MemorySessionStore(),
    undefined,
    (err) => log.warn({ err }, 'session cache unavailable; reading the database'),
  );
  // the queue does not poll while the database's circuit is open (it waits for the trial instead)
  const jobs = new JobQueue(database.db, log, undefined, () => database.breaker?.retryAfterMs() ?? 0);
  const metricsOn = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;
  tracing?.observe({ database, jobs });
  const live = new LiveHub({ tokens, sessions, redis, jobs, log });
  return {
    ...(metricsOn ? { metrics: new Metrics({ database, jobs, sessions, redis, live }) } : {}),
    ...(tracing ? { tracing } : {}),
    config,
    database,
    db: database.db,
    redis,
    jobs,
    events: new EventBus(jobs),
    live,
    tokens,
    sessions,
    guards: makeGuards(tokens, sessions),
    rateLimiter: new RateLimiter(store, opts.rateLimits ?? config.RATE_LIMITS_ENABLED),
    fetcher: createSafeFetcher({
      ...(opts.fetchPolicy ? { policy: opts.fetchPolicy } : {}),
      ...(opts.fetchResolver ? { resolver: opts.fetchResolver } : {}),
    }),
    log,
    lifecycle: createLifecycle(),
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.metrics?.close();
  await ctx.jobs.stop();
  // the live channel's sockets and its Redis subscriber (app.close did this already when it ran)
  await ctx.live.close();
  await ctx.redis.close();
  await ctx.database.close();
  // the last spans (shutdown's own statements included) go out before the process ends
  await ctx.tracing?.close();
}
