/**
 * /api/admin/users/{id}/second-factor: the back office's view of a member's second factor and an
 * admin's reset of a lost one (second-factor-recovery.ts).
 */
import { adminSecondFactorReset, adminSecondFactorStatus, adminUserIdParam, envelope } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { SecondFactorRecovery } from './second-factor-recovery.ts';

export function secondFactorAdminRoutes(ctx: AppContext, recovery: SecondFactorRecovery) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const admin = ctx.guards.requireRole('ROLE_ADMIN');

    app.get(
      '/admin/users/:id/second-factor',
      {
        schema: {
          tags: ['admin'],
          summary: 'A member’s second factor: on or off, recovery codes left, reset and not enrolled again',
          security: [{ bearerAuth: [] }],
          params: adminUserIdParam,
          response: { 200: envelope(adminSecondFactorStatus) },
        },
        preHandler: admin,
      },
      async (request) => ok(await recovery.status(request.params.id)),
    );

    app.post(
      '/admin/users/:id/second-factor/reset',
      {
        schema: {
          tags: ['admin'],
          summary: 'Reset a member’s lost second factor (logged; the member and every other admin are notified)',
          description:
            'Needs the admin’s own second factor in this session (AUTH-1022) and a proof of identity within 5 minutes (403 AUTH-1023). ' +
            'One’s own factor: 422 AUTH-1024 (use a recovery code). No such member: 404 BIZ-3001; no factor to reset: 409 BIZ-3002. ' +
            'Removes the TOTP factor and its recovery codes and ends the member’s sessions; the member signs in with the password and enrols again.',
          security: [{ bearerAuth: [] }],
          params: adminUserIdParam,
          response: { 200: envelope(adminSecondFactorReset) },
        },
        preHandler: admin,
      },
      async (request) => ok(await recovery.reset(request.user!, request.params.id)),
    );
  };
}
