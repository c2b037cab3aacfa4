/**
 * The back office's home figures (GET /api/admin/overview, ROLE_ADMIN only): pending study
 * approvals from studies; deposits to confirm, refunds to decide and deposit payouts to send or
 * retry from payments. It owns no tables; it asks the two modules through their public interfaces.
 */
import { adminOverview, envelope, type AdminOverview } from '@moim/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { ServerModule } from '../types.ts';
import type { AdminOverviewDeps } from './deps.ts';

export function createAdminOverviewModule(ctx: AppContext, deps: AdminOverviewDeps): ServerModule<{ overview(): Promise<AdminOverview> }> {
  const overview = async (): Promise<AdminOverview> => {
    const [pendingStudyApprovals, pay] = await Promise.all([deps.studies.countPendingApprovals(), deps.payments.adminCounts()]);
    return { pendingStudyApprovals, ...pay };
  };
  return {
    name: 'admin-overview',
    api: { overview },
    routes(scope) {
      scope.withTypeProvider<ZodTypeProvider>().get(
        '/admin/overview',
        {
          preHandler: ctx.guards.requireRole('ROLE_ADMIN'),
          schema: {
            tags: ['admin'],
            security: [{ bearerAuth: [] }],
            summary:
              'What waits for an admin: pending study approvals, deposits to confirm, refunds to decide, deposit payouts to send or retry',
            response: { 200: envelope(adminOverview) },
          },
        },
        async () => ok(await overview()),
      );
    },
  };
}
