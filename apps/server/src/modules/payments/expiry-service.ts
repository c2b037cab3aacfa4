/**
 * Expiry: open payments of a closed application end at once; the recurring sweep expires
 * overdue ones (a deposit the member reported waits for an admin, however late) and hands lost
 * confirmations to the reconciler.
 */
import { CLAIM_STALE_MS, type PaymentContext } from './payment-context.ts';
import * as repo from './repo.ts';

export class ExpiryService {
  constructor(
    private readonly d: PaymentContext,
    /** the confirmation part's reconciler (confirmation-service.ts) */
    private readonly reconcile: (paymentId: string) => Promise<void>,
  ) {}

  private get db() {
    return this.d.ctx.db;
  }

  /**
   * An application closed without payment (expired, cancelled, rejected, its study terminated;
   * the studies module's `studies.application-closed` event): its open card order (READY) and
   * its unannounced bank transfer (WAITING_FOR_DEPOSIT) end as EXPIRED. A payment being confirmed
   * (IN_PROGRESS) is left to the confirmation, which finds the application closed and cancels the
   * approval with the provider; a completed payment (DONE, refunds) is never touched here.
   * Idempotent: each move is a compare-and-swap from an open status, so a redelivery moves nothing.
   */
  async onApplicationClosed(applicationId: string, applicationStatus: string, cause?: string): Promise<number> {
    let n = 0;
    // The studies module tells the applicant about the expiry (inbox and mail).
    for (const p of await repo.openForApplication(this.db, applicationId, ['READY', 'WAITING_FOR_DEPOSIT'])) {
      const moved = await repo.transition(
        this.db,
        p.id,
        ['READY', 'WAITING_FOR_DEPOSIT'],
        { status: 'EXPIRED' },
        { type: 'EXPIRED', actor: 'system', data: cause ? { applicationStatus, cause } : { applicationStatus } },
      );
      if (moved) n++;
    }
    return n;
  }

  /** The recurring sweep: overdue open payments expire; lost confirmations are looked up. */
  async sweep(): Promise<{ expired: number; reconciled: number }> {
    const now = this.d.clock();
    let expired = 0;
    for (const p of await repo.overdue(this.db, now)) {
      if (p.status === 'WAITING_FOR_DEPOSIT' && p.applicationId) {
        // A deposit the member reported waits for an admin, however late.
        const app = await this.d.studies.getApplicationForPayment(p.applicationId).catch(() => null);
        if (app && (app.status === 'PAYMENT_PENDING' || app.status === 'CONFIRMED')) continue;
      }
      const r = await repo.transition(
        this.db,
        p.id,
        ['READY', 'WAITING_FOR_DEPOSIT'],
        { status: 'EXPIRED' },
        { type: 'EXPIRED', actor: 'system', data: { reason: p.kind === 'TEST_ITEM' ? 'ABANDONED' : 'DEADLINE' } },
      );
      if (r) expired++;
    }
    let reconciled = 0;
    for (const p of await repo.stuckInProgress(this.db, now, 2 * CLAIM_STALE_MS)) {
      try {
        await this.reconcile(p.id);
        reconciled++;
      } catch (err) {
        this.d.ctx.log.warn({ err, orderId: p.orderId }, 'payments: reconcile failed; will retry');
      }
    }
    return { expired, reconciled };
  }
}
