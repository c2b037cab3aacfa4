/**
 * The payments HTTP surface (docs/payments.md lists it): the study-application payment calls of
 * SPEC §7, the confirm / lookup calls the result pages use, the test checkout item, the back
 * office under /api/admin/payments, and (test mode) the built-in gateway.
 */
import {
  adminDeclineRefundBody,
  adminDepositBody,
  adminPaymentDetail,
  adminPaymentPage,
  adminPaymentsQuery,
  adminRefundBody,
  adminReturnDepositBody,
  applicationPaymentParams,
  applicationPaymentState,
  cardCheckout,
  confirmPaymentBody,
  envelope,
  notifyDepositBody,
  orderIdParams,
  paymentEvent,
  paymentIdParams,
  paymentsConfig,
  paymentView,
  refundAccountBody,
  startPaymentBody,
  startPaymentResult,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { isAllowedOrigin, returnOrigin } from '../../http/origin.ts';
import type { LimitRule } from '../../http/rate-limit.ts';
import type { TestGateway } from '../../providers/payments/index.ts';
import { loadSubsetFaces } from '../../http/page-font.ts';
import { defaultWebDist } from '../../paths.ts';
import { testGatewayRoutes } from '../../providers/payments/test-gateway/routes.ts';
import type { SecurityLog } from '../security-log/index.ts';
import { registerDepositRoutes } from './deposit-routes.ts';
import type { PaymentsService } from './service.ts';

const PAY_LIMIT: LimitRule = { name: 'payments:start', limit: 30, windowMs: 60_000 };
const CONFIRM_LIMIT: LimitRule = { name: 'payments:confirm', limit: 60, windowMs: 60_000 };

/** What the routes are handed by `createPaymentsModule` (index.ts). */
export interface PaymentsHttp {
  service: PaymentsService;
  /** the built-in gateway's hosted checkout, mounted in test mode */
  gateway: TestGateway;
  securityLog: Pick<SecurityLog, 'record'>;
}

export function paymentsRoutes(ctx: AppContext, http: PaymentsHttp) {
  return async (scope: FastifyInstance) => {
    const { service, gateway, securityLog } = http;
    const provider = service.provider;
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { requireAuth, requireRole } = ctx.guards;
    const admin = requireRole('ROLE_ADMIN');
    const tags = ['payments'];
    const adminTags = ['admin: payments'];
    const security = [{ bearerAuth: [] }];
    const perUser = (rule: LimitRule) => ctx.rateLimiter.perCaller(rule);

    if (provider.name === 'test') {
      const cors = ctx.config.CORS_ORIGINS.filter((o) => o !== '*');
      const allowed = (origin: string) => cors.includes(origin) || isAllowedOrigin(origin, ctx.config);
      const pageFont = loadSubsetFaces(ctx.config.WEB_DIST_DIR ?? defaultWebDist);
      await scope.register(async (gw) => testGatewayRoutes(gw, { gateway, isAllowedOrigin: allowed, pageFont }), {
        prefix: '/payments/test-gateway',
      });
    }

    app.get(
      '/payments/config',
      {
        schema: {
          tags,
          summary: 'Payment mode, the public client key and (test mode) the test cards',
          response: { 200: envelope(paymentsConfig) },
        },
      },
      async () => ok(service.config()),
    );

    app.post(
      '/studies/:id/applications/:appId/payment',
      {
        preHandler: [requireAuth, perUser(PAY_LIMIT)],
        schema: {
          tags,
          security,
          summary: 'Start paying an accepted application (the applicant, before the deadline): card checkout or bank-transfer instructions',
          params: applicationPaymentParams,
          body: startPaymentBody,
          response: { 200: envelope(startPaymentResult) },
        },
      },
      async (req) =>
        ok(
          await service.startStudyPayment(
            req.user!,
            req.params.id,
            req.params.appId,
            req.body.method,
            req.body.method === 'CARD' ? returnOrigin(req, ctx.config) : undefined,
          ),
        ),
    );

    app.get(
      '/studies/:id/applications/:appId/payment',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: "An application's amount, deadline and payment attempts (the applicant or an admin)",
          params: applicationPaymentParams,
          response: { 200: envelope(applicationPaymentState) },
        },
      },
      async (req) => ok(await service.applicationState(req.user!, req.params.id, req.params.appId)),
    );

    app.post(
      '/studies/:id/applications/:appId/payment/notify-deposit',
      {
        preHandler: [requireAuth, perUser(PAY_LIMIT)],
        schema: {
          tags,
          security,
          summary: '"I have sent it": the application waits for an admin to confirm the deposit (PAYMENT_PENDING)',
          params: applicationPaymentParams,
          body: notifyDepositBody.default({}),
          response: { 200: envelope(paymentView) },
        },
      },
      async (req) => ok(await service.notifyDeposit(req.user!, req.params.id, req.params.appId, req.body.depositorName)),
    );

    app.post(
      '/payments/confirm',
      {
        preHandler: [requireAuth, perUser(CONFIRM_LIMIT)],
        schema: {
          tags,
          security,
          summary: 'Confirm a card payment after the checkout redirected to successUrl (idempotent)',
          body: confirmPaymentBody,
          response: { 200: envelope(paymentView) },
        },
      },
      async (req) => ok(await service.confirm(req.user!, req.body)),
    );

    app.post(
      '/payments/test-checkout',
      {
        preHandler: [requireAuth, perUser(PAY_LIMIT)],
        schema: {
          tags,
          security,
          summary: `Buy the fixed test item (/checkout/test) through the same card flow`,
          response: { 200: envelope(cardCheckout) },
        },
      },
      async (req) => ok(await service.startTestCheckout(req.user!, returnOrigin(req, ctx.config))),
    );

    app.get(
      '/payments/:orderId',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'A payment as its payer (or an admin) sees it',
          params: orderIdParams,
          response: { 200: envelope(paymentView) },
        },
      },
      async (req) => ok(await service.get(req.user!, req.params.orderId)),
    );

    app.put(
      '/payments/:orderId/refund-account',
      {
        preHandler: requireAuth,
        schema: {
          tags,
          security,
          summary: 'The account a bank-transfer refund is sent to (the payer)',
          params: orderIdParams,
          body: refundAccountBody,
          response: { 200: envelope(paymentView) },
        },
      },
      async (req) => ok(await service.setRefundAccount(req.user!, req.params.orderId, req.body.refundAccount)),
    );

    // --- back office -----------------------------------------------------------------------

    app.get(
      '/admin/payments',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Transactions, filtered by status, method, kind, study, refund status, dates; paged',
          querystring: adminPaymentsQuery,
          response: { 200: envelope(adminPaymentPage) },
        },
      },
      async (req) => {
        const page = await service.adminList(req.query);
        await securityLog.record({
          action: 'admin.read.payments',
          actor: req.user!.id,
          subjectId: null,
          target: { kind: 'payments', id: 'list' },
          details: { shown: page.content.length },
        });
        return ok(page);
      },
    );

    app.get(
      '/admin/payments/:id',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'A payment with its event log',
          params: paymentIdParams,
          response: { 200: envelope(adminPaymentDetail) },
        },
      },
      async (req) => {
        const detail = await service.adminDetail(req.params.id);
        await securityLog.record({
          action: 'admin.read.payment',
          actor: req.user!.id,
          subjectId: null,
          target: { kind: 'payment', id: req.params.id },
        });
        return ok(detail);
      },
    );

    app.get(
      '/admin/payments/:id/events',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: "A payment's append-only event log",
          params: paymentIdParams,
          response: { 200: envelope(z.array(paymentEvent)) },
        },
      },
      async (req) => {
        const detail = await service.adminDetail(req.params.id);
        await securityLog.record({
          action: 'admin.read.payment',
          actor: req.user!.id,
          subjectId: null,
          target: { kind: 'payment', id: req.params.id },
          details: { part: 'events' },
        });
        return ok(detail.events);
      },
    );

    app.post(
      '/admin/payments/:id/deposit/confirm',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'The deposit arrived: payment DONE, application CONFIRMED, membership active',
          params: paymentIdParams,
          body: adminDepositBody.default({}),
          response: { 200: envelope(adminPaymentDetail) },
        },
      },
      async (req) => ok(await service.adminConfirmDeposit(req.user!, req.params.id, req.body.note)),
    );

    app.post(
      '/admin/payments/:id/deposit/return',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'The deposit was not found: the application returns to ACCEPTED with a note',
          params: paymentIdParams,
          body: adminReturnDepositBody,
          response: { 200: envelope(adminPaymentDetail) },
        },
      },
      async (req) => ok(await service.adminReturnDeposit(req.user!, req.params.id, req.body.note)),
    );

    app.post(
      '/admin/payments/:id/refund',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Refund (card: provider cancel, whole or partial; bank transfer: record the transfer sent). Once per payment.',
          params: paymentIdParams,
          body: adminRefundBody,
          response: { 200: envelope(adminPaymentDetail) },
        },
      },
      async (req) => ok(await service.adminRefund(req.user!, req.params.id, req.body)),
    );

    app.post(
      '/admin/payments/:id/refund/decline',
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Decline a refund request (after the study started), with a note to the member',
          params: paymentIdParams,
          body: adminDeclineRefundBody,
          response: { 200: envelope(adminPaymentDetail) },
        },
      },
      async (req) => ok(await service.adminDeclineRefund(req.user!, req.params.id, req.body.note)),
    );
    registerDepositRoutes(app, ctx, service.deposits);
  };
}
