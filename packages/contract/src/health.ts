import { z } from 'zod';

export const healthLive = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
/**
 * Readiness. `unavailable` (HTTP 503): the database cannot be reached within the readiness
 * time-out, or migrations are missing. `degraded` (HTTP 200): serving, with the parts listed in
 * `degraded` on their fallback (Redis: rate limits per instance, ranks from the database).
 */
export const healthReady = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  degraded: z.array(z.enum(['redis'])),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
  redis: z.object({ configured: z.boolean(), reachable: z.boolean(), downSince: z.string().nullable() }),
  /** why an instance whose dependencies are fine is unavailable: it is shutting down (SIGTERM) */
  reason: z.enum(['draining']).optional(),
});
export type HealthReady = z.infer<typeof healthReady>;
