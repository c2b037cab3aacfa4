import type { HealthReady } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { pingDatabase } from '../../db/client.ts';
import { migrationStatus } from '../../db/migrate.ts';

class TimedOut extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** `p`, or a TimedOut error after `ms` (the work itself is left to its own time-outs). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimedOut(ms)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Readiness answers within READINESS_TIMEOUT_MS whatever the database does (a load balancer's
 * probe must not hang): 503 when the database is unreachable, slow or not migrated; 200 with
 * `status: 'degraded'` when only Redis is away (every instance shares it, so taking instances out
 * of rotation would not help: they serve from their fallbacks instead); 503 with `reason: 'draining'`
 * once the instance is shutting down.
 */
export async function readiness(ctx: AppContext): Promise<HealthReady> {
  const budget = ctx.config.READINESS_TIMEOUT_MS;
  const database = (async () => {
    const latencyMs = Math.round((await pingDatabase(ctx.database)) * 100) / 100;
    return { latencyMs, migrations: await migrationStatus(ctx.database) };
  })();
  database.catch(() => undefined); // a late failure after the time-out is not unhandled
  let reachable = false;
  let latencyMs = 0;
  let migrations = { applied: 0, expected: 0, upToDate: false };
  const [db, redisReachable] = await Promise.all([
    within(database, budget).catch((err: unknown) => {
      ctx.log.warn({ err: (err as Error).message }, 'readiness: database check failed');
      return null;
    }),
    ctx.redis.configured ? within(ctx.redis.ping(), budget).catch(() => false) : Promise.resolve(false),
  ]);
  if (db) {
    reachable = true;
    latencyMs = db.latencyMs;
    migrations = db.migrations;
  }
  const degraded: HealthReady['degraded'] = ctx.redis.configured && !redisReachable ? ['redis'] : [];
  // shutting down (SIGTERM): out of rotation whatever the dependencies say (lifecycle.ts)
  const draining = ctx.lifecycle.draining;
  const available = reachable && migrations.upToDate && !draining;
  return {
    ...(draining ? { reason: 'draining' as const } : {}),
    status: !available ? 'unavailable' : degraded.length > 0 ? 'degraded' : 'ok',
    degraded,
    database: { reachable, driver: ctx.database.driver, latencyMs },
    migrations,
    redis: { configured: ctx.redis.configured, reachable: redisReachable, downSince: ctx.redis.state().downSince },
  };
}
