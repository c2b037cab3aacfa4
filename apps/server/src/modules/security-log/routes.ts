/**
 * /api/admin/security-log (ROLE_ADMIN: search the log) and the signed-in member's own
 * /api/users/me/sign-ins and /api/users/me/sessions (list, end one, end all others).
 */
import {
  activeSessions,
  envelope,
  securityLogPage,
  securityLogQuery,
  sessionEnded,
  sessionIdParam,
  signInPage,
  signInQuery,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { MemberSessionsService } from './sessions-service.ts';
import type { SecurityLogService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['security-log'];

export function securityLogRoutes(ctx: AppContext, log: SecurityLogService, sessions: MemberSessionsService) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });

    app.get(
      '/admin/security-log',
      {
        schema: {
          tags: ['admin', ...tags],
          summary: 'The security log, newest first: filter by actor, action, target, outcome, days (Asia/Seoul) and address',
          description:
            '`ip` is an exact address or a prefix ending in `.` or `:`. Each search is itself an entry (admin.read.security_log).',
          security: bearer,
          querystring: securityLogQuery,
          response: { 200: envelope(securityLogPage) },
        },
        preHandler: ctx.guards.requireRole('ROLE_ADMIN'),
      },
      async (request) => ok(await log.search(request.user!.id, request.query)),
    );

    app.get(
      '/users/me/sign-ins',
      {
        schema: {
          tags,
          summary: 'My sign-in history: successful sign-ins and failed attempts on my account, newest first',
          security: bearer,
          querystring: signInQuery,
          response: { 200: envelope(signInPage) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await log.signIns(request.user!.id, request.query)),
    );

    app.get(
      '/users/me/sessions',
      {
        schema: {
          tags,
          summary: 'My active sessions (device, address, last use); the one making this call is marked current',
          security: bearer,
          response: { 200: envelope(activeSessions) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await sessions.list(request.user!)),
    );

    app.delete(
      '/users/me/sessions/:id',
      {
        schema: {
          tags,
          summary: 'End one of my sessions at once (its tokens stop on every route)',
          description: 'A session that is not the caller’s, or no longer live, answers 404 BIZ-3001.',
          security: bearer,
          params: sessionIdParam,
          response: { 200: envelope(sessionEnded) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await sessions.end(request.user!, request.params.id)),
    );

    app.post(
      '/users/me/sessions/end-others',
      {
        schema: {
          tags,
          summary: 'End all my sessions but the one making this call',
          security: bearer,
          response: { 200: envelope(sessionEnded) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await sessions.endOthers(request.user!)),
    );
  };
}
