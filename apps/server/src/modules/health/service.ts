import type { HealthReady } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { pingDatabase } from '../../db/client.ts';
import { migrationStatus } from '../../db/migrate.ts';

export async function readiness(ctx: AppContext): Promise<HealthReady> {
  let reachable = false;
  let latencyMs = 0;
  let migrations = { applied: 0, expected: 0, upToDate: false };
  try {
    latencyMs = Math.round((await pingDatabase(ctx.database)) * 100) / 100;
    reachable = true;
    migrations = await migrationStatus(ctx.database);
  } catch (err) {
    ctx.log.warn({ err }, 'readiness: database check failed');
  }
  let redisReachable = false;
  if (ctx.redis) {
    try {
      redisReachable = (await ctx.redis.ping()) === 'PONG';
    } catch {
      redisReachable = false;
    }
  }
  const healthy = reachable && migrations.upToDate && (!ctx.redis || redisReachable);
  return {
    status: healthy ? 'ok' : 'unavailable',
    database: { reachable, driver: ctx.database.driver, latencyMs },
    migrations,
    redis: { configured: ctx.redis !== null, reachable: redisReachable },
  };
}
