/** The projects HTTP surface (docs/projects.md): paths, contract schemas, guards and limits. */
import {
  envelope,
  myProjects,
  project,
  projectAcceptBody,
  projectApplication,
  projectApplicationListQuery,
  projectApplicationPage,
  projectApplicationParams,
  projectApplyBody,
  projectBody,
  projectCancelApplicationQuery,
  projectCreateBody,
  projectIdParams,
  projectListPage,
  projectListQuery,
  projectRejectBody,
  projectSlugParams,
  projectStatusBody,
  deletedWithId,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, sendJson } from '../../http/envelope.ts';
import { isPageRenderRead } from '../../http/page-render-read.ts';
import type { ProjectsService } from './service.ts';

const CREATE_LIMIT = { name: 'projects.create', limit: 20, windowMs: 60 * 60_000 };
const APPLY_LIMIT = { name: 'projects.apply', limit: 30, windowMs: 60 * 60_000 };

export function registerProjectRoutes(scope: FastifyInstance, ctx: AppContext, service: ProjectsService): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, optionalAuth } = ctx.guards;
  const tags = ['projects'];

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Published projects, one page (filters: type, status, meetingType, stack, position, q; sort)',
        querystring: projectListQuery,
        response: { 200: envelope(projectListPage) },
      },
    },
    // ready JSON: Fastify skips the zod serializer of ten cards (project-service.ts `listJson`)
    async (req, reply) => sendJson(reply, await service.listJson(req.query)),
  );

  app.get(
    '/projects/my',
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'My projects: owned, joined, and my applications', response: { 200: envelope(myProjects) } },
    },
    async (req) => ok(await service.my(req.user!)),
  );

  app.get(
    '/projects/slug/:slug',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary: 'A project by slug (counts the caller once a day; drafts only to their owner)',
        params: projectSlugParams,
        response: { 200: envelope(project) },
      },
    },
    async (req) =>
      // the server's render of the page reads it too: only the visitor's own read counts
      ok(
        await service.getBySlug(
          req.params.slug,
          req.user,
          isPageRenderRead(req) ? null : { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' },
        ),
      ),
  );

  app.get(
    '/projects/:id',
    {
      preHandler: optionalAuth,
      schema: { tags, summary: 'A project by id (no view counted)', params: projectIdParams, response: { 200: envelope(project) } },
    },
    async (req) => ok(await service.getById(req.params.id, req.user)),
  );

  app.post(
    '/projects',
    {
      preHandler: [requireAuth, ctx.rateLimiter.perCaller(CREATE_LIMIT)],
      schema: {
        tags,
        summary: 'Create a project (a DRAFT, or RECRUITING with publish: true)',
        body: projectCreateBody,
        response: { 201: envelope(project) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.create(req.user!, req.body));
    },
  );

  app.put(
    '/projects/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Replace the project form (owner or admin)',
        params: projectIdParams,
        body: projectBody,
        response: { 200: envelope(project) },
      },
    },
    async (req) => ok(await service.replace(req.params.id, req.user!, req.body)),
  );

  app.delete(
    '/projects/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Delete a project (soft; owner or admin)',
        params: projectIdParams,
        response: { 200: envelope(deletedWithId) },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.user!);
      return ok({ id: req.params.id, deleted: true as const });
    },
  );

  app.post(
    '/projects/:id/status',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Move the status: PUBLISH, CLOSE_RECRUITMENT, REOPEN, COMPLETE, CANCEL (owner or admin)',
        params: projectIdParams,
        body: projectStatusBody,
        response: { 200: envelope(project) },
      },
    },
    async (req) => ok(await service.move(req.params.id, req.user!, req.body.action)),
  );

  app.post(
    '/projects/:id/applications',
    {
      preHandler: [requireAuth, ctx.rateLimiter.perCaller(APPLY_LIMIT)],
      schema: {
        tags,
        summary: 'Apply for an open position',
        params: projectIdParams,
        body: projectApplyBody,
        response: { 201: envelope(projectApplication) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await service.apply(req.params.id, req.user!, req.body));
    },
  );

  app.get(
    '/projects/:id/applications',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Applications to the project, one page (owner or admin)',
        params: projectIdParams,
        querystring: projectApplicationListQuery,
        response: { 200: envelope(projectApplicationPage) },
      },
    },
    async (req) => ok(await service.listApplications(req.params.id, req.user!, req.query)),
  );

  app.post(
    '/projects/:id/applications/:appId/accept',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Accept a PENDING application: takes a seat of the position and adds the applicant to the team (owner or admin)',
        params: projectApplicationParams,
        body: projectAcceptBody,
        response: { 200: envelope(projectApplication) },
      },
    },
    async (req) => ok(await service.accept(req.params.id, req.params.appId, req.user!, req.body?.reviewNote)),
  );

  app.post(
    '/projects/:id/applications/:appId/reject',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Reject a PENDING application with a note the applicant sees (reviewNote required; owner or admin)',
        params: projectApplicationParams,
        body: projectRejectBody,
        response: { 200: envelope(projectApplication) },
      },
    },
    async (req) => ok(await service.reject(req.params.id, req.params.appId, req.user!, req.body.reviewNote)),
  );

  app.delete(
    '/projects/:id/applications/:appId',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Cancel my PENDING application (applicantId = me; anyone else’s is not found)',
        params: projectApplicationParams,
        querystring: projectCancelApplicationQuery,
        response: { 200: envelope(projectApplication) },
      },
    },
    async (req) => ok(await service.cancel(req.params.id, req.params.appId, req.user!, req.query.applicantId)),
  );
}
