import { envelope, healthLive, healthReady } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ServerModule } from '../types.ts';
import { readiness } from './service.ts';

/** Factory (no module dependencies); the composition root mounts it at /api/health. */
export function createHealthModule(ctx: AppContext): ServerModule<null> {
  return { name: 'health', prefix: '/api/health', api: null, routes: (scope) => routes(scope, ctx) };
}

function routes(scope: FastifyInstance, ctx: AppContext) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/live',
    { schema: { tags: ['health'], summary: 'Liveness: the process is up', response: { 200: envelope(healthLive) } } },
    async () => ok({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable and migrations applied (503 otherwise); Redis away is 200 `degraded`',
        response: { 200: envelope(healthReady), 503: envelope(healthReady) },
      },
    },
    async (_req, reply) => {
      const r = await readiness(ctx);
      if (r.status === 'unavailable') reply.code(503);
      return ok(r);
    },
  );
}
