/** Studies: propose, list, read by id or slug, change, delete, status moves and their history. */
import {
  envelope,
  myStudies,
  myStudiesQuery,
  study,
  studyArrayQuery,
  studyIdParams,
  studyListPage,
  studyListQuery,
  studyPatchBody,
  studyProposalBody,
  studySlugParams,
  studyStatusBody,
  studyTransition,
  isStudyUuid,
  application,
  membership,
  deletedWithId,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, sendJson } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

const studyIdentifierParams = z.object({ id: z.string().min(1).max(120) });

const PROPOSE_LIMIT = { name: 'studies.propose', limit: 10, windowMs: 60 * 60_000 };

export function registerStudyRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, optionalAuth } = ctx.guards;
  const tags = ['studies'];

  app.post(
    '/studies',
    {
      preHandler: [requireAuth, ctx.rateLimiter.perCaller(PROPOSE_LIMIT)],
      schema: {
        tags,
        summary: 'Propose a study (becomes PENDING; the proposer leads it)',
        body: studyProposalBody,
        response: { 201: envelope(study) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await s.studies.propose(req.user!, req.body));
    },
  );

  app.get(
    '/studies',
    {
      schema: {
        tags,
        summary: 'Current approved studies as an array (limit, default 100)',
        querystring: studyArrayQuery,
        response: { 200: envelope(z.array(study)) },
      },
    },
    async (req, reply) => sendJson(reply, await s.studies.listArrayJson(req.query)),
  );

  app.get(
    '/studies/paged',
    {
      schema: {
        tags,
        summary: 'Approved studies, one page (filters: type, costType, recurrence, recruiting, q)',
        querystring: studyListQuery,
        response: { 200: envelope(studyListPage) },
      },
    },
    async (req, reply) => sendJson(reply, await s.studies.listPagedJson(req.query)),
  );

  app.get(
    '/studies/my',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'My studies in the nine groups (format=grouped) or by type',
        querystring: myStudiesQuery,
        response: { 200: envelope(myStudies) },
      },
    },
    async (req) => ok(await s.my.mine(req.user!, req.query.format)),
  );

  app.get(
    '/studies/my/memberships',
    { preHandler: requireAuth, schema: { tags, summary: 'My memberships', response: { 200: envelope(z.array(membership)) } } },
    async (req) => ok(await s.members.mine(req.user!)),
  );

  app.get(
    '/studies/my/applications',
    { preHandler: requireAuth, schema: { tags, summary: 'My applications', response: { 200: envelope(z.array(application)) } } },
    async (req) => ok(await s.my.applications(req.user!)),
  );

  app.get(
    '/studies/slug/:slug',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary: 'A study by slug (APPROVED, IN_PROGRESS, COMPLETED, PENDING)',
        params: studySlugParams,
        response: { 200: envelope(study) },
      },
    },
    async (req, reply) => sendJson(reply, await s.studies.getBySlugJson(req.params.slug, req.user)),
  );

  app.get(
    '/studies/:id',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary: 'A study by id (PENDING/REJECTED: leader and admins only); a non-UUID identifier is read as a slug (SPEC §5)',
        params: studyIdentifierParams,
        response: { 200: envelope(study) },
      },
    },
    async (req, reply) =>
      isStudyUuid(req.params.id)
        ? ok(await s.studies.getById(req.params.id, req.user))
        : sendJson(reply, await s.studies.getBySlugJson(req.params.id, req.user)),
  );

  app.patch(
    '/studies/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Change a study (leader or admin)',
        params: studyIdParams,
        body: studyPatchBody,
        response: { 200: envelope(study) },
      },
    },
    async (req) => ok(await s.studies.patch(req.params.id, req.user!, req.body)),
  );

  app.delete(
    '/studies/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Soft-delete a REJECTED or TERMINATED study (leader or admin)',
        params: studyIdParams,
        response: { 200: envelope(deletedWithId) },
      },
    },
    async (req) => {
      await s.studies.remove(req.params.id, req.user!);
      return ok({ id: req.params.id, deleted: true as const });
    },
  );

  app.post(
    '/studies/:id/status',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Move the status: APPROVE, REJECT, TERMINATE, REACTIVATE (admin); START, COMPLETE (leader or admin)',
        params: studyIdParams,
        body: studyStatusBody,
        response: { 200: envelope(study) },
      },
    },
    async (req) => ok(await s.status.change(req.params.id, req.user!, req.body)),
  );

  app.get(
    '/studies/:id/transitions',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Status history (leader and admins)',
        params: studyIdParams,
        response: { 200: envelope(z.array(studyTransition)) },
      },
    },
    async (req) => ok(await s.studies.transitions(req.params.id, req.user!)),
  );
}
