/** Members: list, count, leave or remove, warnings, MANAGER role. */
import {
  envelope,
  leaveQuery,
  memberCount,
  memberListQuery,
  memberParams,
  memberRoleBody,
  memberWarning,
  membership,
  studyIdParams,
  studyMemberPage,
  warningBody,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

export function registerMemberRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, optionalAuth } = ctx.guards;
  const tags = ['members'];

  app.get(
    '/studies/:id/members',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Members (members, leader, admins)',
        params: studyIdParams,
        querystring: memberListQuery,
        response: { 200: envelope(studyMemberPage) },
      },
    },
    async (req) => ok(await s.members.list(req.params.id, req.user!, req.query)),
  );

  app.get(
    '/studies/:id/members/count',
    {
      preHandler: optionalAuth,
      schema: { tags, summary: 'How many members hold a seat (public)', params: studyIdParams, response: { 200: envelope(memberCount) } },
    },
    async (req) => ok({ count: await s.members.count(req.params.id, req.user) }),
  );

  app.post(
    '/studies/:id/members/leave',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Leave (userId = me) or remove a member (leader, admin)',
        params: studyIdParams,
        querystring: leaveQuery,
        response: { 200: envelope(membership) },
      },
    },
    async (req) => ok(await s.members.leave(req.params.id, req.user!, req.query.userId)),
  );

  app.post(
    '/studies/:id/members/:userId/warnings',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Warn a member (leader, admin); the third ends the membership',
        params: memberParams,
        body: warningBody,
        response: { 201: envelope(memberWarning) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await s.members.warn(req.params.id, req.user!, req.params.userId, req.body.reason));
    },
  );

  app.put(
    '/studies/:id/members/:userId/role',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Make a member MANAGER or MEMBER (leader, admin)',
        params: memberParams,
        body: memberRoleBody,
        response: { 200: envelope(membership) },
      },
    },
    async (req) => ok(await s.members.setRole(req.params.id, req.user!, req.params.userId, req.body.role)),
  );
}
