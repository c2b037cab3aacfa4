/** The back office API (ROLE_ADMIN): /api/admin/studies… */
import {
  adminStudy,
  adminStudyListQuery,
  adminStudyPage,
  applicationListQuery,
  applicationPage,
  envelope,
  pageQuery,
  studyIdParams,
  studyTransition,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

export function registerAdminStudyRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const preHandler = ctx.guards.requireRole('ROLE_ADMIN');
  const tags = ['admin: studies'];

  app.get(
    '/admin/studies',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Every study (status, deleted, q filters)',
        querystring: adminStudyListQuery,
        response: { 200: envelope(adminStudyPage) },
      },
    },
    async (req) => ok(await s.admin.list(req.query)),
  );
  app.get(
    '/admin/studies/queue',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The approval queue (PENDING, oldest first)',
        querystring: pageQuery,
        response: { 200: envelope(adminStudyPage) },
      },
    },
    async (req) => ok(await s.admin.queue(req.query)),
  );
  app.get(
    '/admin/studies/:id',
    {
      preHandler,
      schema: { tags, summary: 'One study, deleted included', params: studyIdParams, response: { 200: envelope(adminStudy) } },
    },
    async (req) => ok(await s.admin.get(req.params.id)),
  );
  app.get(
    '/admin/studies/:id/transitions',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Status history with reasons',
        params: studyIdParams,
        response: { 200: envelope(z.array(studyTransition)) },
      },
    },
    async (req) => ok(await s.admin.transitions(req.params.id)),
  );
  app.get(
    '/admin/studies/:id/applications',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Applications of any study',
        params: studyIdParams,
        querystring: applicationListQuery,
        response: { 200: envelope(applicationPage) },
      },
    },
    async (req) => ok(await s.admin.applications(req.params.id, req.query)),
  );
}
