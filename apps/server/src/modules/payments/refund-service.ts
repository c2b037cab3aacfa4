/**
 * Refunds: a member who leaves (the studies module's member-left event), the queued retry of an
 * automatic card refund, the payer's refund account, and the one way money goes back
 * (`executeRefund`, which the back office uses too). A payment is refunded once (BIZ-3002).
 */
import type { PaymentView, RefundAccount } from '@moim/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, badState, invalidInput, notFound, ruleViolation } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { ProviderError } from '../../providers/payments/index.ts';
import {
  JOB_REFUND,
  applicationStatusOf,
  enqueueNotice,
  maskAccount,
  paymentView,
  providerFailure,
  type PaymentContext,
} from './payment-context.ts';
import * as drepo from './deposit-repo.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './schema.ts';

/** What the studies module tells when a membership ends (modules/studies/member-service.ts). */
export interface MemberLeftInput {
  studyId: string;
  userId: string;
  applicationId?: string | null;
  /** LEFT, REMOVED, WARNINGS… */
  reason?: string;
  /** YYYY-MM-DD (Asia/Seoul) */
  studyStartDate?: string | null;
  at?: Date;
  refundAccount?: RefundAccount | null;
}

export interface MemberLeftResult {
  refundStatus: PaymentView['refundStatus'];
  /** the payment concerned, or null when the member had paid nothing */
  orderId: string | null;
  refundedAmount: number;
  refundDue: number | null;
}

const resultOf = (r: PaymentRow): MemberLeftResult => ({
  refundStatus: r.refundStatus,
  orderId: r.orderId,
  refundedAmount: r.refundedAmount,
  refundDue: r.refundDue,
});

export class RefundService {
  constructor(private readonly d: PaymentContext) {}

  private get db() {
    return this.d.ctx.db;
  }

  /**
   * A member's membership ended (left, removed), told inside the caller's transaction `tx` when
   * given. Before the study starts the whole amount goes back: card → cancelled with the provider
   * by a job queued in that transaction (so it runs only if the leave commits, and never holds
   * the transaction open on the provider); bank transfer → owed, and an admin sends it to the
   * member's refund account. After the start an admin decides the amount.
   */
  async onMemberLeft(event: MemberLeftInput, tx?: Tx): Promise<MemberLeftResult> {
    const db: DbOrTx = tx ?? this.db;
    const p = event.applicationId
      ? await repo.settledForApplication(db, event.applicationId)
      : await repo.settledForMember(db, event.studyId, event.userId);
    if (!p || p.userId !== event.userId) return { refundStatus: 'NONE', orderId: null, refundedAmount: 0, refundDue: null };
    if (p.refundStatus !== 'NONE' || p.status === 'CANCELED') return resultOf(p);
    const startDate =
      event.studyStartDate ??
      (p.applicationId ? (await this.d.studies.getApplicationForPayment(p.applicationId, tx).catch(() => null))?.studyStartDate : null) ??
      null;
    const beforeStart = this.isBeforeStart(startDate);
    const reason = event.reason === 'REMOVED' ? '운영진에 의한 참여 종료' : beforeStart ? '스터디 시작 전 탈퇴' : '스터디 시작 후 탈퇴';
    const due = p.amount - p.refundedAmount;
    const run = async (t: DbOrTx) => {
      const r = await repo.transition(
        t,
        p.id,
        ['DONE', 'PARTIAL_CANCELED'],
        {
          refundStatus: beforeStart && p.method === 'BANK_TRANSFER' ? 'AWAITING_TRANSFER' : 'REQUESTED',
          refundDue: beforeStart ? due : null,
          refundAccount: event.refundAccount ?? p.refundAccount,
        },
        {
          type: 'REFUND_REQUESTED',
          actor: `user:${event.userId}`,
          amount: beforeStart ? due : null,
          data: { reason, beforeStart, leave: event.reason ?? 'LEFT' },
        },
        { refundStatusIn: ['NONE'] },
      );
      if (!r) return null;
      if (beforeStart && p.method === 'CARD') {
        await this.d.ctx.jobs.enqueue(JOB_REFUND, { paymentId: r.id, reason }, { dedupeKey: `payments:refund:${r.id}` }, t);
      } else {
        await enqueueNotice(this.d, t, 'REFUND_REQUESTED', r.id);
      }
      return r;
    };
    const row = tx ? await run(tx) : await this.db.transaction(run);
    return resultOf(row ?? (await repo.byId(db, p.id))!);
  }

  /** The queued retry of an automatic card refund. */
  async retryAutomaticRefund(paymentId: string, reason: string): Promise<void> {
    const p = await repo.byId(this.db, paymentId);
    if (!p || p.refundStatus !== 'REQUESTED' || p.refundDue === null || p.method !== 'CARD') return;
    await this.executeRefund(p, p.refundDue, reason, 'system', undefined);
  }

  private isBeforeStart(startDate: string | null): boolean {
    if (!startDate) return true;
    return this.d.clock().getTime() < new Date(`${startDate}T00:00:00+09:00`).getTime();
  }

  /** PUT /api/payments/{orderId}/refund-account: the payer gives the account a bank-transfer refund goes to. */
  async setRefundAccount(user: AuthUser, orderId: string, account: RefundAccount): Promise<PaymentView> {
    const p = await repo.byOrderId(this.db, orderId);
    // another person's payment does not exist for this caller (404, as an unknown order)
    if (!p || p.userId !== user.id) throw notFound('payments.notFound');
    // the method never changes: a rule (422), not a state
    if (p.method !== 'BANK_TRANSFER') throw ruleViolation('payments.refundAccountTransferOnly', { method: p.method });
    const row = await repo.transition(
      this.db,
      p.id,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundAccount: account },
      { type: 'REFUND_ACCOUNT_SET', actor: `user:${user.id}`, data: { bank: account.bank, number: maskAccount(account.number) } },
      { refundStatusIn: ['NONE', 'REQUESTED', 'AWAITING_TRANSFER'] },
    );
    if (!row) throw badState('payments.refundAccountLocked');
    return paymentView(this.d, row, await applicationStatusOf(this.d, row));
  }

  /**
   * The most a refund may still give back: the amount less what went back already (a deposit
   * study's session refunds) and what its deposit refunds still owe; nothing once refunded.
   */
  async refundable(p: PaymentRow): Promise<number> {
    if (p.refundStatus === 'DONE' || (p.status !== 'DONE' && p.status !== 'PARTIAL_CANCELED')) return 0;
    return Math.max(0, p.amount - p.refundedAmount - (await drepo.owedDepositRefunds(this.db, p.id)));
  }

  /**
   * Give money back: card → the provider cancels (whole or partial); bank transfer → recorded as
   * sent to the refund account. The payment becomes CANCELED / PARTIAL_CANCELED, the application
   * REFUNDED (membership inactive), the payer is mailed. A payment is refunded once (BIZ-3002);
   * a deposit study's refunds before it (a member who leaves after some sessions) are not that
   * refund: it gives back at most what they left (`refundable`).
   */
  async executeRefund(
    p: PaymentRow,
    amount: number,
    reason: string,
    actor: string,
    account: RefundAccount | undefined,
  ): Promise<PaymentRow> {
    if (p.refundStatus === 'DONE' || p.status === 'CANCELED') throw badState('payments.alreadyRefunded');
    if (p.status !== 'DONE' && p.status !== 'PARTIAL_CANCELED') throw badState('payments.refundOnlyDone', { status: p.status });
    const refundable = await this.refundable(p);
    if (amount < 1 || amount > refundable) {
      const text = { key: 'payments.refundAmountRange', params: { max: refundable.toLocaleString('ko-KR') } } as const;
      throw new AppError('VAL-2004', text, { fields: [{ path: 'body.amount', code: 'out_of_range', message: text.key }], refundable });
    }
    const refundAccount = account ?? p.refundAccount ?? undefined;
    if (p.method === 'BANK_TRANSFER' && !refundAccount)
      throw invalidInput('VAL-2003', { path: 'body.refundAccount', code: 'missing', message: 'payments.noRefundAccount' });
    const previousRefundStatus = p.refundStatus;
    // Claim the refund first so two admins (or an admin and the automatic refund) cannot both pay out.
    const claimed = await repo.transition(
      this.db,
      p.id,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundStatus: 'DONE' },
      { type: 'REFUND_STARTED', actor, amount, data: { reason } },
      // nothing went back meanwhile (a deposit refund paid between the read and here)
      { refundStatusIn: [previousRefundStatus], refundedAmountIs: p.refundedAmount },
    );
    if (!claimed) throw badState('payments.refundInProgress');
    let providerData: Record<string, unknown> = {};
    if (p.method === 'CARD') {
      try {
        const res = await this.d.provider.cancel(p.paymentKey!, { cancelReason: reason, cancelAmount: amount }, `refund-${p.orderId}`);
        const last = res.cancels?.[res.cancels.length - 1];
        providerData = { transactionKey: last?.transactionKey ?? null, balanceAmount: res.balanceAmount, providerStatus: res.status };
      } catch (err) {
        await repo.transition(
          this.db,
          p.id,
          ['DONE', 'PARTIAL_CANCELED'],
          { refundStatus: previousRefundStatus },
          {
            type: 'REFUND_FAILED',
            actor,
            amount,
            data: { reason, error: err instanceof ProviderError ? { code: err.code, message: err.message } : String(err) },
          },
        );
        if (err instanceof ProviderError) throw providerFailure(err.code, err.message);
        throw err;
      }
    }
    return this.db.transaction(async (tx) => {
      // added to what went back before (deposit refunds, some perhaps paid since the claim)
      const cur = (await repo.lockById(tx, p.id)) ?? p;
      const refunded = cur.refundedAmount + amount;
      const to = refunded >= p.amount ? 'CANCELED' : 'PARTIAL_CANCELED';
      const row = await repo.transition(
        tx,
        p.id,
        ['DONE', 'PARTIAL_CANCELED'],
        { status: to, refundedAmount: refunded, refundedAt: this.d.clock(), refundDue: null, refundAccount: refundAccount ?? null },
        {
          type: 'REFUNDED',
          actor,
          amount,
          data: {
            reason,
            ...providerData,
            ...(p.method === 'BANK_TRANSFER' && refundAccount
              ? { account: { bank: refundAccount.bank, number: maskAccount(refundAccount.number), holder: refundAccount.holder } }
              : {}),
          },
        },
      );
      if (!row) throw badState('payments.refundRaced');
      if (row.applicationId) {
        // A savepoint: the money has gone back already, so the ledger records it even if the
        // application had moved on (it is then left as it is, and the failure logged).
        await tx
          .transaction((t) => this.d.studies.refundApplication(row.applicationId!, t))
          .catch((err) => this.d.ctx.log.warn({ err, orderId: row.orderId }, 'payments: the application could not be marked REFUNDED'));
      }
      await enqueueNotice(this.d, tx, 'REFUNDED', row.id);
      return row;
    });
  }
}
