/** Reviews of completed studies: POST (a member, once) and GET (paged, with a summary). */
import { envelope, pageQuery, review, reviewBody, reviewList, studyIdParams } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ReviewService } from './service.ts';

export function registerReviewRoutes(scope: FastifyInstance, ctx: AppContext, service: ReviewService): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  app.post(
    '/studies/:id/reviews',
    {
      preHandler: ctx.guards.requireAuth,
      schema: {
        tags,
        summary: 'Review a completed study (its members, once)',
        params: studyIdParams,
        body: reviewBody,
        response: { 201: envelope(review) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.create(req.params.id, req.user!, req.body));
    },
  );
  app.get(
    '/studies/:id/reviews/mine',
    {
      preHandler: ctx.guards.requireAuth,
      schema: {
        tags,
        summary: 'The caller’s own review of the study, or null',
        params: studyIdParams,
        response: { 200: envelope(review.nullable()) },
      },
    },
    async (req) => ok(await service.mine(req.params.id, req.user!)),
  );
  app.get(
    '/studies/:id/reviews',
    {
      preHandler: ctx.guards.optionalAuth,
      schema: {
        tags,
        summary: 'Reviews with average, count and tag counts',
        params: studyIdParams,
        querystring: pageQuery,
        response: { 200: envelope(reviewList) },
      },
    },
    async (req) => ok(await service.list(req.params.id, req.user, req.query)),
  );
}
