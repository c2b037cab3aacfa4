/** A study's deposit rule (docs/deposits.md): read by anyone who may see the study, set by its leader. */
import { depositRuleSchema, envelope, studyDepositView, studyIdParams } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

export function registerDepositRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['studies'];

  app.get(
    '/studies/:id/deposit',
    {
      preHandler: ctx.guards.optionalAuth,
      schema: {
        tags,
        summary: 'The study’s deposit and its refund rule',
        params: studyIdParams,
        response: { 200: envelope(studyDepositView) },
      },
    },
    async (req) => ok(await s.deposits.get(req.params.id, req.user ?? null)),
  );

  app.put(
    '/studies/:id/deposit',
    {
      preHandler: ctx.guards.requireAuth,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Set the deposit and its refund rule (the leader or an admin, until a seat is held)',
        params: studyIdParams,
        body: depositRuleSchema,
        response: { 200: envelope(studyDepositView) },
      },
    },
    async (req) => ok(await s.deposits.set(req.params.id, req.user!, req.body)),
  );
}
