/** The waitlist of a full study: join, my place, leave, the organisers' view (docs/waitlist.md). */
import { application, applyBody, envelope, myWaitlistPlace, studyIdParams, studyWaitlist } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

const JOIN_LIMIT = { name: 'studies.waitlist', limit: 30, windowMs: 60 * 60_000 };

export function registerWaitlistRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth } = ctx.guards;
  const tags = ['applications'];

  app.post(
    '/studies/:id/waitlist',
    {
      preHandler: [requireAuth, ctx.rateLimiter.perCaller(JOIN_LIMIT)],
      schema: {
        tags,
        summary: 'Join the waitlist of a full study (a WAITLISTED application)',
        params: studyIdParams,
        body: applyBody,
        response: { 201: envelope(application) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await s.waitlist.join(req.params.id, req.user!, req.body));
    },
  );

  app.get(
    '/studies/:id/waitlist/me',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The waitlist’s length and my place in it',
        params: studyIdParams,
        response: { 200: envelope(myWaitlistPlace) },
      },
    },
    async (req) => ok(await s.waitlist.mine(req.params.id, req.user!)),
  );

  app.delete(
    '/studies/:id/waitlist/me',
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'Leave the waitlist', params: studyIdParams, response: { 200: envelope(application) } },
    },
    async (req) => ok(await s.waitlist.leave(req.params.id, req.user!)),
  );

  app.get(
    '/studies/:id/waitlist',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The waitlist (leader, managers, admins)',
        params: studyIdParams,
        response: { 200: envelope(studyWaitlist) },
      },
    },
    async (req) => ok(await s.waitlist.list(req.params.id, req.user!)),
  );
}
