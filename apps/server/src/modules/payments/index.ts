/**
 * The payments module's public interface (docs/payments.md). Depends on, and calls downward:
 * the studies module's payment hooks, users (payer names and addresses), mail and notifications.
 * Reacts upward-flowing facts through the outbox: `studies.member-left` →
 * `payments.refund-on-leave` (idempotent: a redelivered event finds the refund already requested);
 * `studies.application-closed` → `payments.expire-on-close` (the closed application's open
 * payments expire; idempotent: a redelivery finds nothing open).
 */
import type { AppContext } from '../../context.ts';
import type { EventChannel } from '../../events/event-bus.ts';
import type { StudiesEvents } from '../studies/index.ts';
import type { ServerModule } from '../types.ts';
import type { PaymentsDeps } from './ports.ts';
import { createPayments, paymentsRoutes } from './routes.ts';
import { paymentsSeeder } from './seed.ts';
import type { PaymentsService } from './service.ts';

export type { PaymentsService } from './service.ts';
export type { PaymentsDeps, StudiesPaymentHooks } from './ports.ts';

export function createPaymentsModule(
  ctx: AppContext,
  deps: PaymentsDeps & { studyEvents: EventChannel<StudiesEvents> },
): ServerModule<PaymentsService> {
  const { studyEvents, ...ports } = deps;
  const built = createPayments(ctx, ports);
  const service = built.service;
  // A member who leaves gets the refund the policy owes.
  studyEvents.subscribe('studies.member-left', 'payments.refund-on-leave', async (e) => {
    await service.onMemberLeft({ ...e.payload, at: new Date(e.payload.at) });
  });
  // An application that closed unpaid (rejected, cancelled, expired, its study terminated) leaves
  // no payment open: the card order and the unannounced transfer expire at once.
  studyEvents.subscribe('studies.application-closed', 'payments.expire-on-close', async (e) => {
    await service.onApplicationClosed(e.payload.applicationId, e.payload.status, e.payload.cause);
  });
  return { name: 'payments', api: service, routes: paymentsRoutes(ctx, built), seeder: paymentsSeeder(service) };
}
