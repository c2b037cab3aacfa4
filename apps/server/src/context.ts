/**
 * What every module receives: configuration, the database, the job queue, auth guards, rate
 * limits, optional Redis and the outside-service providers. Built once in main.ts (or by the
 * test harness) and handed to `buildApp`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AccessTokens, Guards } from './http/auth-guard.ts';
import type { RateLimiter } from './http/rate-limit.ts';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | null;
  jobs: JobQueue;
  tokens: AccessTokens;
  guards: Guards;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Services registered by modules, for other modules to call (never their tables). */
  services: Record<string, unknown>;
}
