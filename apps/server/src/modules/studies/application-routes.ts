/** Applications: apply (by id or slug), list and read, accept, reject, cancel. */
import {
  acceptBody,
  application,
  applicationListQuery,
  applicationPage,
  applicationParams,
  applyBody,
  cancelApplicationQuery,
  envelope,
  rejectBody,
  studyIdParams,
  studySlugParams,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

const APPLY_LIMIT = { name: 'studies.apply', limit: 30, windowMs: 60 * 60_000 };

export function registerApplicationRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth } = ctx.guards;
  const tags = ['applications'];
  const applyGuards = [requireAuth, ctx.rateLimiter.perCaller(APPLY_LIMIT)];

  app.post(
    '/studies/:id/applications',
    {
      preHandler: applyGuards,
      schema: { tags, summary: 'Apply to a study', params: studyIdParams, body: applyBody, response: { 201: envelope(application) } },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await s.applications.apply({ id: req.params.id }, req.user!, req.body));
    },
  );

  app.post(
    '/studies/slug/:slug/applications',
    {
      preHandler: applyGuards,
      schema: {
        tags,
        summary: 'Apply to a study by slug',
        params: studySlugParams,
        body: applyBody,
        response: { 201: envelope(application) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await s.applications.apply({ slug: req.params.slug }, req.user!, req.body));
    },
  );

  app.get(
    '/studies/:id/applications',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Applications of a study (leader, managers, admins)',
        params: studyIdParams,
        querystring: applicationListQuery,
        response: { 200: envelope(applicationPage) },
      },
    },
    async (req) => ok(await s.applications.list(req.params.id, req.user!, req.query)),
  );

  app.get(
    '/studies/:id/applications/:appId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'One application (its applicant, leader, managers, admins)',
        params: applicationParams,
        response: { 200: envelope(application) },
      },
    },
    async (req) => ok(await s.applications.get(req.params.id, req.params.appId, req.user!)),
  );

  app.post(
    '/studies/:id/applications/:appId/accept',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Accept a PENDING application',
        params: applicationParams,
        body: acceptBody,
        response: { 200: envelope(application) },
      },
    },
    async (req) => ok(await s.applications.accept(req.params.id, req.params.appId, req.user!, req.body?.reviewNote)),
  );

  app.post(
    '/studies/:id/applications/:appId/reject',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Reject a PENDING application (reviewNote required)',
        params: applicationParams,
        body: rejectBody,
        response: { 200: envelope(application) },
      },
    },
    async (req) => ok(await s.applications.reject(req.params.id, req.params.appId, req.user!, req.body.reviewNote)),
  );

  app.delete(
    '/studies/:id/applications/:appId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Cancel my PENDING or ACCEPTED application (applicantId = me)',
        params: applicationParams,
        querystring: cancelApplicationQuery,
        response: { 200: envelope(application) },
      },
    },
    async (req) => ok(await s.applications.cancel(req.params.id, req.params.appId, req.user!, req.query.applicantId)),
  );
}
