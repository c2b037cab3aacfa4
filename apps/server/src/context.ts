/**
 * The platform every module receives (never other modules: those come by injection,
 * modules/index.ts): configuration, the database, the job queue, auth guards, rate
 * limits, optional Redis (providers/redis) and the outside-service providers. Built once in main.ts (or by the
 * test harness) and handed to `buildApp`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/event-bus.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { LiveHub } from './live/hub.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { AccessTokens, Guards } from './http/auth-guard.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { SessionCache } from './http/session-cache.ts';
import type { SafeFetcher } from './providers/fetch/index.ts';
import type { RedisProvider } from './providers/redis/index.ts';
import type { Metrics } from './telemetry/metrics.ts';
import type { Tracing } from './telemetry/tracing.ts';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Optional Redis behind a fallback (providers/redis): `ctx.redis.call(op, fallback)`,
   * `isUp()`, `onChange()`. `configured` is false without REDIS_URL.
   */
  redis: RedisProvider;
  jobs: JobQueue;
  /** domain events through the transactional outbox (events/event-bus.ts) */
  events: EventBus;
  /** the live channel: topics modules define and publish to, sockets (live/hub.ts, docs/live.md) */
  live: LiveHub;
  tokens: AccessTokens;
  /** live session state and current roles behind each token (Redis-shared when configured) */
  sessions: SessionCache;
  guards: Guards;
  rateLimiter: RateLimiter;
  /** THE fetcher for user-given URLs (SSRF-safe: providers/fetch) */
  fetcher: SafeFetcher;
  log: FastifyBaseLogger;
  /** the process's stage: draining once a shutdown began (lifecycle.ts) */
  lifecycle: Lifecycle;
  /** Prometheus metrics, when METRICS_PORT or METRICS_TOKEN is set (telemetry/metrics.ts) */
  metrics?: Metrics;
  /** OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (telemetry/tracing.ts) */
  tracing?: Tracing;
}
