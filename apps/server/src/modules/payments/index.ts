/**
 * The payments module's public interface (docs/payments.md). Depends on, and calls downward:
 * the studies module's payment hooks, users (payer names and addresses), mail and notifications.
 * Reacts upward-flowing facts through the outbox: `studies.member-left` →
 * `payments.refund-on-leave` (idempotent: a redelivered event finds the refund already requested);
 * `studies.application-closed` → `payments.expire-on-close` (the closed application's open
 * payments expire; idempotent: a redelivery finds nothing open).
 *
 * The module's wiring, and nothing else: the provider, the services over one clock, the job
 * handlers and sweeps, the event subscriptions, the routes, the demo seed, its part of members'
 * data.
 */
import { systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { createPaymentProviders } from '../../providers/payments/index.ts';
import type { ServerModule } from '../types.ts';
import { BackOfficeService } from './back-office-service.ts';
import { CheckoutService } from './checkout-service.ts';
import { ConfirmationService } from './confirmation-service.ts';
import { DepositService, JOB_DEPOSIT_REFUND } from './deposit-service.ts';
import type { PaymentsDeps } from './deps.ts';
import { ExpiryService } from './expiry-service.ts';
import {
  DEPOSIT_SWEEP,
  DEPOSIT_SWEEP_EVERY_MS,
  PAYMENTS_SWEEP,
  PAYMENTS_SWEEP_EVERY_MS,
  depositRefundJob,
  noticeJob,
  reconcileJob,
  refundRetryJob,
} from './jobs.ts';
import { JOB_NOTICE, JOB_RECONCILE, JOB_REFUND, type PaymentContext } from './payment-context.ts';
import { paymentsPrivacy } from './personal-data.ts';
import type { PaymentsPorts } from './ports.ts';
import { RefundService } from './refund-service.ts';
import { paymentsRoutes } from './routes.ts';
import { paymentsSeeder } from './seed.ts';
import { PaymentsService } from './service.ts';

export type { PaymentsService } from './service.ts';
export type { PaymentsDeps } from './deps.ts';
export type { StudiesPaymentHooks } from './ports.ts';

export function createPaymentsModule(ctx: AppContext, deps: PaymentsDeps): ServerModule<PaymentsService> {
  const { studyEvents, clock = systemClock, ...calls } = deps;
  const ports: PaymentsPorts = { ...calls, log: ctx.log };
  const { provider, gateway } = createPaymentProviders(ctx.config, ctx.db);
  const d: PaymentContext = { ctx, ports, provider, clock, studies: ports.studies };
  const confirmation = new ConfirmationService(d);
  const refunds = new RefundService(d);
  const service = new PaymentsService(
    d,
    {
      checkout: new CheckoutService(d),
      confirmation,
      expiry: new ExpiryService(d, (id) => confirmation.reconcile(id)),
      refunds,
      backOffice: new BackOfficeService(d, refunds),
      deposits: new DepositService(d),
    },
    provider.name === 'test' ? gateway : null,
  );

  ctx.jobs.register(JOB_NOTICE, noticeJob(ctx, ports));
  ctx.jobs.register(JOB_RECONCILE, reconcileJob(service));
  ctx.jobs.register(JOB_REFUND, refundRetryJob(service));
  ctx.jobs.every(PAYMENTS_SWEEP, PAYMENTS_SWEEP_EVERY_MS, async () => {
    await service.sweep();
  });
  ctx.jobs.register(JOB_DEPOSIT_REFUND, depositRefundJob(service.deposits));
  ctx.jobs.every(DEPOSIT_SWEEP, DEPOSIT_SWEEP_EVERY_MS, async () => {
    await service.deposits.sweep();
  });

  // A member who leaves gets the refund the policy owes.
  studyEvents.subscribe('studies.member-left', 'payments.refund-on-leave', async (e) => {
    await service.onMemberLeft({ ...e.payload, at: new Date(e.payload.at) });
  });
  // An application that closed unpaid (rejected, cancelled, expired, its study terminated) leaves
  // no payment open: the card order and the unannounced transfer expire at once.
  studyEvents.subscribe('studies.application-closed', 'payments.expire-on-close', async (e) => {
    await service.onApplicationClosed(e.payload.applicationId, e.payload.status, e.payload.cause);
  });
  return {
    name: 'payments',
    api: service,
    routes: paymentsRoutes(ctx, { service, gateway, securityLog: deps.securityLog }),
    seeder: paymentsSeeder(service),
    privacy: paymentsPrivacy(ctx),
  };
}
