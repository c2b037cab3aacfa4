/**
 * Card confirmation: idempotent and race-safe (docs/payments.md has the state machine).
 *
 * A confirm first claims the payment (READY → IN_PROGRESS, compare-and-swap); only the claimant
 * talks to the provider (with the orderId as idempotency key), and the approval is recorded with
 * another compare-and-swap in the same transaction as the studies module's confirmation; at most
 * one settled payment per application is a unique index. Calls to the provider never run inside
 * a database transaction. A confirmation whose answer was lost is reconciled later by asking the
 * provider.
 */
import type { ConfirmPaymentBody, PaymentView } from '@moim/contract';
import { AppError, badState, notFound, ruleViolation } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { ProviderError, type TossPayment } from '../../providers/payments/index.ts';
import { TOSS_ERRORS } from '../../providers/payments/toss-protocol.ts';
import {
  CLAIM_STALE_MS,
  JOB_RECONCILE,
  applicationStatusOf,
  enqueueNotice,
  paymentView,
  providerFailure,
  type PaymentContext,
} from './payment-context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './schema.ts';

/** How long a confirm waits for a concurrent confirm of the same payment to finish. */
const CONCURRENT_WAIT_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ConfirmationService {
  constructor(private readonly d: PaymentContext) {}

  private get db() {
    return this.d.ctx.db;
  }

  /** POST /api/payments/confirm: idempotent; concurrent calls wait for the first and get its answer. */
  async confirm(user: AuthUser, body: ConfirmPaymentBody): Promise<PaymentView> {
    let p = await repo.byOrderId(this.db, body.orderId);
    // another person's order does not exist for this caller (404, as an unknown one)
    if (!p || p.userId !== user.id) throw notFound('payments.notFound');
    // the method never changes: a rule (422), not a state
    if (p.method !== 'CARD') throw ruleViolation('payments.notCard', { method: p.method });
    if (p.amount !== body.amount) {
      throw new AppError('VAL-2004', 'payments.amountMismatch', {
        fields: [{ path: 'body.amount', code: 'mismatch', message: 'payments.amountMismatch' }],
      });
    }
    const waitUntil = Date.now() + CONCURRENT_WAIT_MS;
    for (;;) {
      const settled = await this.settledAnswer(p, body.paymentKey);
      if (settled) return settled;
      if (p.status === 'READY') {
        await this.assertOrderStillPayable(p, user);
        const claimed = await this.claim(p, body.paymentKey, user);
        if (claimed) return this.confirmWithProvider(claimed, body.paymentKey);
      } else if (p.status === 'IN_PROGRESS' && p.paymentKey === body.paymentKey && p.updatedAt.getTime() < Date.now() - CLAIM_STALE_MS) {
        // A confirmation that died half-way: take it over; the idempotency key makes it safe.
        const claimed = await this.claim(p, body.paymentKey, user);
        if (claimed) return this.confirmWithProvider(claimed, body.paymentKey);
      } else if (p.status === 'IN_PROGRESS' && p.paymentKey !== body.paymentKey) {
        throw badState('payments.otherKeyInProgress');
      }
      if (Date.now() > waitUntil) throw badState('payments.stillConfirming');
      await sleep(100);
      p = (await repo.byOrderId(this.db, body.orderId))!;
    }
  }

  /** The answer for a payment that is already past confirmation, or null to go on. */
  private async settledAnswer(p: PaymentRow, paymentKey: string): Promise<PaymentView | null> {
    switch (p.status) {
      case 'DONE':
      case 'PARTIAL_CANCELED':
      case 'CANCELED':
        if (p.paymentKey === paymentKey) return paymentView(this.d, p, await applicationStatusOf(this.d, p));
        throw badState('payments.alreadyPaidOrder');
      case 'ABORTED':
        if (p.paymentKey === paymentKey && p.failureCode) throw providerFailure(p.failureCode, p.failureMessage ?? '');
        throw badState('payments.orderEnded', { status: p.status });
      case 'EXPIRED':
        throw badState('payments.deadlinePassed', { status: p.status });
      default:
        return null;
    }
  }

  private async assertOrderStillPayable(p: PaymentRow, user: AuthUser): Promise<void> {
    if (p.kind !== 'STUDY') return;
    const app = await this.d.studies.getApplicationForPayment(p.applicationId!);
    const now = this.d.clock();
    if (app && app.status === 'ACCEPTED' && app.paymentDeadline && app.paymentDeadline.getTime() <= now.getTime()) {
      await repo.transition(
        this.db,
        p.id,
        ['READY'],
        { status: 'EXPIRED' },
        { type: 'EXPIRED', actor: `user:${user.id}`, data: { reason: 'DEADLINE' } },
      );
      throw badState('payments.deadlinePassed', { deadline: app.paymentDeadline.toISOString() });
    }
    if (!app || app.status !== 'ACCEPTED') {
      throw badState(app?.status === 'CONFIRMED' ? 'payments.alreadyPaidApplication' : 'payments.notPayableApplication', {
        applicationStatus: app?.status ?? null,
      });
    }
  }

  private async claim(p: PaymentRow, paymentKey: string, user: AuthUser): Promise<PaymentRow | null> {
    try {
      return await repo.transition(
        this.db,
        p.id,
        ['READY', 'IN_PROGRESS'],
        { status: 'IN_PROGRESS', paymentKey },
        { type: 'CONFIRM_REQUESTED', actor: `user:${user.id}`, amount: p.amount, data: { paymentKey } },
        { claimableBy: { paymentKey, staleBefore: new Date(Date.now() - CLAIM_STALE_MS) } },
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('BIZ-3003', 'payments.paymentKeyUsed');
      throw err;
    }
  }

  private async confirmWithProvider(p: PaymentRow, paymentKey: string): Promise<PaymentView> {
    let approved: TossPayment;
    try {
      approved = await this.d.provider.confirm({ paymentKey, orderId: p.orderId, amount: p.amount }, p.orderId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.kind === 'rejected') throw await this.fail(p, err.code, err.message);
      // No usable answer: ask the provider what became of the order before deciding anything.
      const found = await this.d.provider.findByOrderId(p.orderId).catch(() => undefined);
      if (found === undefined) {
        await repo.appendEvent(this.db, p.id, {
          type: 'CONFIRM_UNKNOWN',
          actor: 'system',
          data: { error: err.code, message: err.message },
        });
        await this.scheduleReconcile(p);
        throw new AppError('BIZ-3003', 'payments.confirmUnknown', {
          reason: 'CONFIRM_UNKNOWN',
          providerCode: err.code,
          pending: true,
        });
      }
      if (found && found.status === 'DONE' && found.paymentKey === paymentKey) approved = found;
      else {
        const code = found?.failure?.code ?? 'PROVIDER_ERROR';
        throw await this.fail(p, code, found?.failure?.message ?? TOSS_ERRORS.PROVIDER_ERROR.message);
      }
    }
    if (approved.status !== 'DONE' || approved.orderId !== p.orderId || approved.totalAmount !== p.amount) {
      this.d.ctx.log.error(
        { orderId: p.orderId, status: approved.status, totalAmount: approved.totalAmount },
        'provider approved something else',
      );
      await this.autoCancel(p, approved.paymentKey, '승인 내역이 주문과 일치하지 않아 자동 취소');
      throw badState('payments.approvalMismatch');
    }
    return this.recordApproval(p, approved);
  }

  private async scheduleReconcile(p: PaymentRow): Promise<void> {
    await this.d.ctx.jobs.enqueue(
      JOB_RECONCILE,
      { paymentId: p.id },
      { runAt: new Date(Date.now() + 60_000), dedupeKey: `payments:reconcile:${p.id}` },
    );
  }

  /** ABORTED with the provider's reason; returns the error to throw. */
  private async fail(p: PaymentRow, code: string, message: string): Promise<AppError> {
    await repo.transition(
      this.db,
      p.id,
      ['IN_PROGRESS'],
      { status: 'ABORTED', failureCode: code, failureMessage: message },
      { type: 'CONFIRM_FAILED', actor: 'provider', amount: p.amount, data: { code, message } },
    );
    return providerFailure(code, message);
  }

  /** One transaction: the payment DONE, the application CONFIRMED (membership on its held seat), the mail queued. */
  private async recordApproval(p: PaymentRow, approved: TossPayment): Promise<PaymentView> {
    const card = approved.card
      ? { number: approved.card.number, issuerCode: approved.card.issuerCode ?? null, approveNo: approved.card.approveNo }
      : null;
    let done: PaymentRow | null;
    try {
      done = await this.db.transaction(async (tx) => {
        const row = await repo.transition(
          tx,
          p.id,
          ['IN_PROGRESS'],
          {
            status: 'DONE',
            approvedAt: approved.approvedAt ? new Date(approved.approvedAt) : this.d.clock(),
            card,
            failureCode: null,
            failureMessage: null,
          },
          {
            type: 'APPROVED',
            actor: 'provider',
            amount: approved.totalAmount,
            data: {
              paymentKey: approved.paymentKey,
              method: approved.method,
              card: card?.number ?? null,
              transactionKey: approved.lastTransactionKey,
            },
          },
          { paymentKey: approved.paymentKey },
        );
        if (!row) return null;
        if (row.kind === 'STUDY') {
          for (const w of await repo.openForApplication(tx, row.applicationId!, ['WAITING_FOR_DEPOSIT'])) {
            await repo.transition(
              tx,
              w.id,
              ['WAITING_FOR_DEPOSIT'],
              { status: 'ABORTED', failureCode: 'PAID_BY_CARD', failureMessage: '카드로 결제되었습니다.' },
              { type: 'ABORTED', actor: 'system', data: { reason: 'PAID_BY_CARD', orderId: row.orderId } },
            );
          }
          await this.d.studies.confirmPaidApplication(tx, row.applicationId!, row.amount, row.orderId);
        }
        await enqueueNotice(this.d, tx, 'CONFIRMED', row.id);
        return row;
      });
    } catch (err) {
      // The application can no longer take this payment (expired, cancelled, paid otherwise):
      // give the money back at once rather than keep it.
      if (err instanceof AppError || isUniqueViolation(err)) {
        await this.autoCancel(p, approved.paymentKey, '신청 상태가 바뀌어 자동 취소');
        throw badState('payments.autoCancelled', {
          reason: 'AUTO_CANCELLED',
          cause: err instanceof AppError ? err.code : 'ALREADY_PAID',
        });
      }
      throw err;
    }
    const row = done ?? (await repo.byId(this.db, p.id))!;
    return paymentView(this.d, row, await applicationStatusOf(this.d, row));
  }

  /** Cancel an approval moim cannot keep (IN_PROGRESS → CANCELED), or leave it for the reconciler. */
  private async autoCancel(p: PaymentRow, paymentKey: string, reason: string): Promise<void> {
    try {
      const res = await this.d.provider.cancel(paymentKey, { cancelReason: reason }, `autocancel-${p.orderId}`);
      await repo.transition(
        this.db,
        p.id,
        ['IN_PROGRESS'],
        {
          status: 'CANCELED',
          approvedAt: res.approvedAt ? new Date(res.approvedAt) : this.d.clock(),
          refundedAmount: p.amount,
          refundStatus: 'DONE',
          refundedAt: this.d.clock(),
          failureCode: 'AUTO_CANCELED',
          failureMessage: reason,
        },
        { type: 'REFUNDED', actor: 'system', amount: p.amount, data: { reason, automatic: true, paymentKey } },
      );
    } catch (err) {
      this.d.ctx.log.error({ err, orderId: p.orderId }, 'payments: automatic cancel failed; the reconciler retries');
      await repo.appendEvent(this.db, p.id, {
        type: 'REFUND_FAILED',
        actor: 'system',
        amount: p.amount,
        data: { reason, error: (err as Error).message },
      });
      await this.scheduleReconcile(p);
    }
  }

  /**
   * A confirmation whose outcome was lost: ask the provider. Approved → record it (or cancel it
   * when the application moved on); anything else → ABORTED.
   */
  async reconcile(paymentId: string): Promise<void> {
    const p = await repo.byId(this.db, paymentId);
    if (!p || p.status !== 'IN_PROGRESS' || !p.paymentKey) return;
    const found = await this.d.provider.findByOrderId(p.orderId);
    if (found && found.status === 'DONE' && found.paymentKey === p.paymentKey) {
      try {
        await this.recordApproval(p, found);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      return;
    }
    if (found && (found.status === 'CANCELED' || found.status === 'PARTIAL_CANCELED') && found.paymentKey === p.paymentKey) {
      await repo.transition(
        this.db,
        p.id,
        ['IN_PROGRESS'],
        {
          status: found.status,
          approvedAt: found.approvedAt ? new Date(found.approvedAt) : this.d.clock(),
          refundedAmount: found.totalAmount - found.balanceAmount,
          refundStatus: 'DONE',
          refundedAt: this.d.clock(),
        },
        { type: 'REFUNDED', actor: 'provider', amount: found.totalAmount - found.balanceAmount, data: { reconciled: true } },
      );
      return;
    }
    const code = found?.failure?.code ?? 'PROVIDER_ERROR';
    await this.fail(p, code, found?.failure?.message ?? TOSS_ERRORS.PROVIDER_ERROR.message);
  }
}
