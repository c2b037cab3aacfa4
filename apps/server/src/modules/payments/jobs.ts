/**
 * The payments job handlers and sweeps (docs/payments.md, docs/deposits.md), registered by
 * index.ts: the payer's notices, the reconciliation of a lost confirmation, the retry of an
 * automatic refund, a deposit's card refund; the sweep that expires overdue payments and
 * reconciles stuck ones (every minute) and the one that settles ended sessions' deposits (every
 * five). Payloads are read back through typed readers, never casts.
 */
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { DepositService } from './deposit-service.ts';
import { deliverNotice, NOTICE_KINDS } from './notices.ts';
import type { PaymentsPorts } from './ports.ts';
import * as repo from './repo.ts';
import type { PaymentsService } from './service.ts';

export const PAYMENTS_SWEEP = 'payments.sweep';
export const PAYMENTS_SWEEP_EVERY_MS = 60_000;
export const DEPOSIT_SWEEP = 'payments.deposit-sweep';
export const DEPOSIT_SWEEP_EVERY_MS = 5 * 60_000;

/** A notice as `enqueueNotice` (payment-context.ts) queued it. */
const noticePayload = z.object({
  kind: z.enum(NOTICE_KINDS),
  paymentId: z.string(),
  extra: z.record(z.string(), z.unknown()).optional(),
});

/** `payments.notice`: the payer's mail and inbox entry about a payment. */
export function noticeJob(ctx: AppContext, ports: PaymentsPorts): JobHandler {
  return async (payload) => {
    const { kind, paymentId, extra } = noticePayload.parse(payload);
    const p = await repo.byId(ctx.db, paymentId);
    if (p) await deliverNotice(ctx, ports, kind, p, extra ?? {});
  };
}

/** `payments.reconcile`: a confirmation whose answer was lost, looked up with the provider. */
export function reconcileJob(service: Pick<PaymentsService, 'reconcile'>): JobHandler {
  return async (payload) => service.reconcile(String(payload.paymentId));
}

/** `payments.refund`: an automatic refund the provider refused, tried again. */
export function refundRetryJob(service: Pick<PaymentsService, 'retryAutomaticRefund'>): JobHandler {
  return async (payload) => service.retryAutomaticRefund(String(payload.paymentId), String(payload.reason ?? '환불'));
}

/** `payments.deposit-refund`: one deposit refund sent to the provider (its own idempotency key). */
export function depositRefundJob(deposits: Pick<DepositService, 'executeRefund'>): JobHandler {
  return async (payload) => deposits.executeRefund(String(payload.refundId));
}
