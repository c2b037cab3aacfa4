/**
 * Deposit refunds (docs/deposits.md): the member's own, the leader's view, the back office and its
 * payout list. HTTP only; the rules are DepositService's.
 */
import {
  DEPOSIT_REFUND_STATUSES,
  depositAccountView,
  depositPayoutStudy,
  depositPayoutView,
  depositRefundView,
  envelope,
  orderIdParams,
  paymentIdParams,
  studyIdParams,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { DepositService } from './deposit-service.ts';

const adminListQuery = z.object({ status: z.enum(DEPOSIT_REFUND_STATUSES).optional(), studyId: z.uuid().optional() }).strict();

export function registerDepositRoutes(
  app: ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance,
  ctx: AppContext,
  deposits: DepositService,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, requireRole } = ctx.guards;
  const admin = requireRole('ROLE_ADMIN');
  const tags = ['payments'];
  const adminTags = ['admin: payments'];
  const security = [{ bearerAuth: [] }];

  api.get(
    '/studies/:id/deposit/me',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'My deposit in this study and its refunds',
        params: studyIdParams,
        response: { 200: envelope(depositAccountView) },
      },
    },
    async (req) => ok(await deposits.mine(req.params.id, req.user!)),
  );

  api.get(
    '/studies/:id/deposit/accounts',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Every member’s deposit and refunds (the study’s leader or an admin)',
        params: studyIdParams,
        response: { 200: envelope(z.array(depositAccountView)) },
      },
    },
    async (req) => ok(await deposits.accounts(req.params.id, req.user!)),
  );

  api.get(
    '/payments/:orderId/deposit-refunds',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The deposit refunds of one payment (the payer or an admin)',
        params: orderIdParams,
        response: { 200: envelope(z.array(depositRefundView)) },
      },
    },
    async (req) => ok(await deposits.ofPayment(req.user!, req.params.orderId)),
  );

  api.get(
    '/admin/deposit-refunds',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Deposit refunds by status (AWAITING_TRANSFER: the payout list)',
        querystring: adminListQuery,
        response: { 200: envelope(z.array(depositPayoutView)) },
      },
    },
    async (req) => ok(await deposits.adminList(req.query)),
  );

  api.get(
    '/admin/deposit-refunds/studies',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'The studies with deposit refunds, by what waits (the payout list’s study picker)',
        response: { 200: envelope(z.array(depositPayoutStudy)) },
      },
    },
    async () => ok(await deposits.payoutStudies()),
  );

  api.post(
    '/admin/deposit-refunds/:id/sent',
    {
      preHandler: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Record a deposit transfer as sent (once)',
        params: paymentIdParams,
        response: { 200: envelope(depositPayoutView) },
      },
    },
    async (req) => ok(await deposits.markSent(req.user!, req.params.id)),
  );

  api.post(
    '/admin/deposit-refunds/:id/retry',
    {
      preHandler: admin,
      schema: { tags: adminTags, security, summary: 'Queue a refused card refund again (same idempotency key)', params: paymentIdParams },
    },
    async (req) => {
      await deposits.retry(req.params.id);
      return ok({ queued: true });
    },
  );
}
