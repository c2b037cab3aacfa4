/**
 * What the payments module may do to an application (through the studies interface it receives), and
 * nothing else: read what is due, mark a deposit as waiting (PAYMENT_PENDING), put it back
 * (ACCEPTED), confirm a paid one (CONFIRMED + membership) and refund a confirmed one
 * (REFUNDED, membership inactive, seat freed). Each takes the caller's transaction when given,
 * so a payment and the application move commit together. Wrong state → BIZ-3002.
 */
import type { ApplicationStatus, StudyStatus } from '@moim/contract';
import { applicationChanged } from './live-topics.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { notice } from '../notifications/index.ts';
import { publishApplicationClosed } from './application-service.ts';
import { EXPIRE_JOB } from './payment-deadline.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';
import { findApplicationView, lockApplication, moveApplication, updateApplication } from './application-repo.ts';
import type { StudyDeps } from './deps.ts';
import { activateMember, deactivateMembership, findMembership } from './membership-repo.ts';
import { confirmHeldSeat, findStudy, latestReason, releaseSeat, studyStatusShared } from './study-repo.ts';

export interface ApplicationForPayment {
  applicationId: string;
  studyId: string;
  studyTitle: string;
  studySlug: string;
  studyStatus: StudyStatus;
  /** YYYY-MM-DD, Asia/Seoul */
  studyStartDate: string;
  applicantId: string;
  applicantName: string;
  status: ApplicationStatus;
  /** integer KRW to charge (the study's cost and deposit when the application was accepted) */
  amount: number;
  /** the refundable part of `amount` (docs/deposits.md): returned by the attendance rule */
  depositAmount: number;
  paymentDeadline: Date | null;
  checkoutId: string | null;
  paidAmount: number | null;
  confirmedAt: Date | null;
}

/** Extra time a returned deposit gets when its deadline has already passed. */
const RETURN_GRACE_MS = 24 * 3_600_000;

export class PaymentHooks {
  constructor(private readonly d: StudyDeps) {}

  private run<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : this.d.ctx.db.transaction(fn);
  }

  private async lock(tx: Tx, appId: string, from: readonly ApplicationStatus[]) {
    const app = await lockApplication(tx, appId);
    if (!app) throw new AppError('BIZ-3001', 'studies.applicationNotFound');
    if (!from.includes(app.status)) {
      throw new AppError('BIZ-3002', { key: 'studies.applicationState', params: { status: app.status } }, { status: app.status });
    }
    return app;
  }

  async getApplicationForPayment(appId: string, tx?: Tx): Promise<ApplicationForPayment | null> {
    const db = tx ?? this.d.ctx.db;
    const v = await findApplicationView(db, appId);
    if (!v) return null;
    const study = await findStudy(db, v.studyId);
    if (!study) return null;
    return {
      applicationId: v.id,
      studyId: v.studyId,
      studyTitle: v.studyTitle,
      studySlug: v.studySlug,
      studyStatus: study.status,
      studyStartDate: study.startDate,
      applicantId: v.userId,
      applicantName: v.applicantName,
      status: v.status,
      amount: v.amountDue,
      depositAmount: Math.min(study.depositAmount, v.amountDue),
      paymentDeadline: v.paymentDeadline,
      checkoutId: v.checkoutId,
      paidAmount: v.paidAmount,
      confirmedAt: v.confirmedAt,
    };
  }

  /** Record the payment attempt's id on the application (SPEC's Application.checkoutId). */
  async setCheckoutId(appId: string, checkoutId: string, tx?: Tx): Promise<void> {
    await updateApplication(tx ?? this.d.ctx.db, appId, { checkoutId });
  }

  /** ACCEPTED → PAYMENT_PENDING (a bank deposit was announced); refused after the deadline. */
  async markPaymentPending(appId: string, tx?: Tx): Promise<void> {
    const now = this.d.clock();
    await this.run(tx, async (t) => {
      const app = await this.lock(t, appId, ['ACCEPTED']);
      if (app.paymentDeadline && app.paymentDeadline < now) throw new AppError('BIZ-3002', 'studies.paymentOverdue');
      await moveApplication(t, appId, ['ACCEPTED'], { status: 'PAYMENT_PENDING' });
      await applicationChanged(this.d, t, app);
    });
  }

  /**
   * PAYMENT_PENDING → ACCEPTED (the deposit did not arrive or was returned); past deadlines get
   * 24 h more. In a terminated study there is nothing to pay for any more: the application
   * ends as EXPIRED instead (its seat freed, `studies.application-closed` published, so payments
   * ends the open transfer), never back to an unpaid hold. The study is read under a share lock
   * taken after the application's (the order every payment path uses), so a TERMINATE running
   * at the same moment is either seen or waits for this to commit. The applicant is told the
   * study was stopped (a deposit waiting for an admin was not among the holds TERMINATE ended).
   * Returns the new status.
   */
  async returnToAccepted(appId: string, tx?: Tx): Promise<'ACCEPTED' | 'EXPIRED'> {
    const now = this.d.clock();
    return this.run(tx, async (t) => {
      const app = await this.lock(t, appId, ['PAYMENT_PENDING']);
      if ((await studyStatusShared(t, app.studyId)) === 'TERMINATED') {
        await moveApplication(t, appId, ['PAYMENT_PENDING'], { status: 'EXPIRED', closedAt: now });
        await releaseSeat(t, app.studyId, false);
        await publishApplicationClosed(this.d, t, app, 'EXPIRED', 'STUDY_TERMINATED', now);
        const study = await findStudy(t, app.studyId);
        await this.d.notifications.notify(
          app.userId,
          {
            type: 'STUDY_TERMINATED',
            message: notice('notice.study.terminated', {
              study: study?.title ?? '',
              reason: await latestReason(t, app.studyId, 'TERMINATE'),
            }),
            link: null,
          },
          t,
        );
        this.d.caches.invalidate();
        return 'EXPIRED';
      }
      const deadline = app.paymentDeadline && app.paymentDeadline > now ? app.paymentDeadline : new Date(now.getTime() + RETURN_GRACE_MS);
      await moveApplication(t, appId, ['PAYMENT_PENDING'], { status: 'ACCEPTED', paymentDeadline: deadline });
      await applicationChanged(this.d, t, app);
      await this.d.ctx.jobs.enqueue(EXPIRE_JOB, { applicationId: appId }, { runAt: deadline, dedupeKey: `${EXPIRE_JOB}:${appId}` }, t);
      return 'ACCEPTED';
    });
  }

  /** ACCEPTED or PAYMENT_PENDING → CONFIRMED: the held seat becomes an enrolled member. */
  async confirmPaidApplication(tx: Tx, appId: string, paidAmount: number, checkoutId?: string): Promise<void> {
    const now = this.d.clock();
    const app = await this.lock(tx, appId, ['ACCEPTED', 'PAYMENT_PENDING']);
    if (!Number.isInteger(paidAmount) || paidAmount < app.amountDue) {
      throw new AppError('BIZ-3003', 'studies.amountMismatch', { amountDue: app.amountDue, paidAmount });
    }
    await moveApplication(tx, appId, [app.status], {
      status: 'CONFIRMED',
      paidAmount,
      confirmedAt: now,
      ...(checkoutId ? { checkoutId } : {}),
    });
    await applicationChanged(this.d, tx, app);
    await confirmHeldSeat(tx, app.studyId);
    await activateMember(tx, app.studyId, app.userId, appId, now);
    this.d.caches.invalidate();
  }

  /** CONFIRMED → REFUNDED: the membership ends (if still active) and its seat is freed. */
  async refundApplication(appId: string, tx?: Tx): Promise<void> {
    const now = this.d.clock();
    await this.run(tx, async (t) => {
      const app = await this.lock(t, appId, ['CONFIRMED']);
      await moveApplication(t, appId, ['CONFIRMED'], { status: 'REFUNDED', closedAt: now });
      await applicationChanged(this.d, t, app);
      // Only the membership this application created (a member who left and rejoined keeps the new one).
      const m = await findMembership(t, app.studyId, app.userId);
      if (m?.isActive && m.applicationId === appId) {
        await deactivateMembership(t, app.studyId, app.userId, 'REFUNDED', now);
        await releaseSeat(t, app.studyId, true);
        await promoteWaitlist(this.d, t, app.studyId, now);
      }
    });
    this.d.caches.invalidate();
  }
}
