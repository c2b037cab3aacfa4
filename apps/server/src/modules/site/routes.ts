/** Installation facts for the browser (no secrets): GET /api/public/config. */
import { envelope, publicConfig } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ServerModule } from '../types.ts';

/** Factory (no module dependencies); the composition root mounts it at /api/public. */
export function createSiteModule(ctx: AppContext): ServerModule<null> {
  return { name: 'site', prefix: '/api/public', api: null, routes: (scope) => routes(scope, ctx) };
}

function routes(scope: FastifyInstance, ctx: AppContext) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/config',
    { schema: { tags: ['site'], summary: 'Public site configuration', response: { 200: envelope(publicConfig) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok({
        querydailyUrl: ctx.config.QUERYDAILY_URL,
        paymentMode: ctx.config.PAYMENT_PROVIDER === 'toss' ? ('live' as const) : ('test' as const),
        locales: ['ko' as const, 'en' as const],
        defaultLocale: 'ko' as const,
      });
    },
  );
}
