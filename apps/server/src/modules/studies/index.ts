/**
 * The studies module's public interface: what other modules may ask of studies (they never read
 * its tables). Factory: `studiesModule` (legacy registration, being converted).
 */
export type { StudiesService, StudyRef, StudyCallerAccess } from './service.ts';
export type { ApplicationForPayment } from './payment-hooks.ts';
export type { MemberLeftEvent, StudiesEvents } from './events.ts';
import type { StudiesService } from './service.ts';

/** What the payments module may ask of studies (docs/studies.md "Payment hooks"). */
export type StudiesPaymentHooks = Pick<
  StudiesService,
  'getApplicationForPayment' | 'setCheckoutId' | 'markPaymentPending' | 'returnToAccepted' | 'confirmPaidApplication' | 'refundApplication'
>;
