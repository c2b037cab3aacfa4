import { z } from 'zod';

export const healthLive = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const healthReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
  redis: z.object({ configured: z.boolean(), reachable: z.boolean() }),
});
export type HealthReady = z.infer<typeof healthReady>;
