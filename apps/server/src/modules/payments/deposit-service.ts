/**
 * Deposits (보증금, docs/deposits.md): after each session a member's deposit comes back in part by
 * the leader's rule, by a partial cancellation with the provider (card) or through the admin's
 * payout list (bank transfer); the end settles the rest and, by the rule, shares what was kept
 * among perfect attendees. Every refund is a row with its own idempotency key (`deposit-…`),
 * inserted once and sent to the provider with that key, so a sweep that runs twice, two
 * instances, or a retried job return money once. The arithmetic is the contract's (deposits.ts).
 */
import {
  depositShares,
  finalSettlement,
  isPerfectAttendance,
  seoulDate,
  seoulInstant,
  sessionRefund,
  shareBonus,
  type DepositAccountView,
  type DepositPayoutStudy,
  type DepositPayoutView,
  type DepositRefundStatus,
  type DepositRefundView,
  type DepositSessionRecord,
} from '@moim/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import { type AuthUser, isAdmin } from '../../http/auth-guard.ts';
import { ProviderError } from '../../providers/payments/index.ts';
import type { DepositFacts } from '../studies/index.ts';
import type { PaymentContext } from './payment-context.ts';
import * as drepo from './deposit-repo.ts';
import { lookupPeople } from './ports.ts';
import * as repo from './repo.ts';
import type { DepositRefundRow, PaymentRow } from './schema.ts';

export const JOB_DEPOSIT_REFUND = 'payments.deposit-refund';

/** A session is settled this long after its end: the leader's corrections of the day count. */
export const DEPOSIT_SETTLE_AFTER_MS = 60 * 60_000;

export class DepositService {
  constructor(private readonly d: PaymentContext) {}

  private get db() {
    return this.d.ctx.db;
  }

  /** Every study with a running deposit (the recurring sweep). */
  async sweep(now: Date = this.d.clock()): Promise<number> {
    let created = 0;
    for (const studyId of await drepo.studiesWithDeposits(this.db)) {
      try {
        created += await this.settleStudy(studyId, now);
      } catch (err) {
        this.d.ctx.log.warn({ err, studyId }, 'payments: deposit settlement failed');
      }
    }
    return created;
  }

  /**
   * Settle what is due in one study: each ended session once per member, then the end (the
   * remainder by the final records, the bonus). Returns how many refunds were made.
   */
  async settleStudy(studyId: string, now: Date = this.d.clock()): Promise<number> {
    const facts = await this.d.studies.depositFacts(studyId);
    if (!facts || facts.status === 'TERMINATED') return 0;
    const pays = await drepo.runningDeposits(this.db, studyId);
    if (pays.length === 0) return 0;
    const members = new Map(facts.members.map((m) => [m.userId, seoulDate(m.joinedAt)]));
    const existing = await drepo.refundsOfPayments(
      this.db,
      pays.map((p) => p.id),
    );
    const due = facts.attendance.sessions.map((s) => seoulInstant(s.date, s.endTime).getTime() + DEPOSIT_SETTLE_AFTER_MS <= now.getTime());
    let created = 0;
    for (const p of pays) {
      // a member who left is refunded by the leave's rules (docs/payments.md), not by attendance
      if (!members.has(p.userId)) continue;
      const mine = existing.filter((r) => r.paymentId === p.id);
      if (mine.some((r) => r.kind === 'FINAL')) continue;
      const records = this.recordsOf(facts, p.userId, members.get(p.userId)!);
      const shares = depositShares(p.depositAmount, facts.attendance.sessions.length);
      await this.db.transaction(async (tx) => {
        for (const [i, s] of facts.attendance.sessions.entries()) {
          if (!due[i] || mine.some((r) => r.kind === 'SESSION' && r.eventId === s.eventId)) continue;
          const amount = sessionRefund(shares[i]!, records[i]!, facts.rule);
          const row = await this.insert(tx, p, {
            kind: 'SESSION',
            eventId: s.eventId,
            sessionDate: s.date,
            attendance: records[i] ?? 'ABSENT',
            amount,
            key: `deposit-${p.id}-${s.eventId}`,
          });
          if (row) created++;
        }
      });
    }
    const ended = facts.status === 'COMPLETED' || (seoulDate(now) > facts.endDate && due.every(Boolean));
    if (ended)
      created += await this.settleEnd(
        facts,
        pays.filter((p) => members.has(p.userId)),
      );
    return created;
  }

  /** A member's records as the deposit reads them (contract `DepositSessionRecord`). */
  private recordsOf(facts: DepositFacts, userId: string, joined: string): DepositSessionRecord[] {
    const byKey = new Map(facts.attendance.records.map((r) => [`${r.eventId}:${r.userId}`, r.status]));
    return facts.attendance.sessions.map((s) => {
      if (!s.taken || s.date < joined) return 'NOT_TAKEN';
      return byKey.get(`${s.eventId}:${userId}`) ?? null;
    });
  }

  /** The end, in one transaction for the study: every member's remainder, then the bonus. */
  private async settleEnd(facts: DepositFacts, pays: PaymentRow[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      let created = 0;
      const existing = await drepo.refundsOfPayments(
        tx,
        pays.map((p) => p.id),
      );
      let pool = 0;
      const perfect: PaymentRow[] = [];
      for (const p of pays) {
        const mine = existing.filter((r) => r.paymentId === p.id && r.kind !== 'BONUS');
        const records = this.recordsOf(facts, p.userId, seoulDate(facts.members.find((m) => m.userId === p.userId)!.joinedAt));
        const already = mine.filter((r) => r.kind === 'SESSION').reduce((sum, r) => sum + r.amount, 0);
        const prior = mine.find((r) => r.kind === 'FINAL');
        const end = prior
          ? { final: prior.amount, kept: p.depositAmount - already - prior.amount }
          : finalSettlement(p.depositAmount, records, facts.rule, already);
        if (!prior) {
          const row = await this.insert(tx, p, { kind: 'FINAL', amount: end.final, key: `deposit-${p.id}-final` });
          if (row) created++;
        }
        pool += end.kept;
        if (isPerfectAttendance(records, facts.rule)) perfect.push(p);
      }
      if (facts.rule.forfeit === 'PERFECT_ATTENDEES') {
        const bonus = shareBonus(
          pool,
          perfect.map((p) => p.id),
        );
        for (const p of perfect) {
          const amount = bonus.get(p.id);
          if (!amount) continue;
          // money of others: never a cancellation of this payment, always a transfer (the payout list)
          const row = await this.insert(tx, p, { kind: 'BONUS', amount, key: `deposit-${p.id}-bonus`, channel: 'TRANSFER' });
          if (row) created++;
        }
      }
      return created;
    });
  }

  /** Inserts a refund once (its key); a card refund is queued for the provider in the same transaction. */
  private async insert(
    tx: DbOrTx,
    p: PaymentRow,
    r: {
      kind: DepositRefundRow['kind'];
      amount: number;
      key: string;
      eventId?: string;
      sessionDate?: string;
      attendance?: string;
      channel?: 'CARD' | 'TRANSFER';
    },
  ): Promise<DepositRefundRow | undefined> {
    const channel = r.channel ?? (p.method === 'CARD' ? 'CARD' : 'TRANSFER');
    const status: DepositRefundStatus = r.amount === 0 ? 'DONE' : channel === 'CARD' ? 'PENDING' : 'AWAITING_TRANSFER';
    const row = await drepo.insertRefund(tx, {
      paymentId: p.id,
      studyId: p.studyId!,
      userId: p.userId,
      kind: r.kind,
      eventId: r.eventId ?? null,
      sessionDate: r.sessionDate ?? null,
      attendance: r.attendance ?? null,
      amount: r.amount,
      channel,
      status,
      idempotencyKey: r.key,
      doneAt: r.amount === 0 ? this.d.clock() : null,
      doneBy: r.amount === 0 ? 'system' : null,
    });
    if (row && status === 'PENDING') {
      await this.d.ctx.jobs.enqueue(JOB_DEPOSIT_REFUND, { refundId: row.id }, { dedupeKey: `payments:${r.key}` }, tx);
    }
    return row;
  }

  /**
   * The queued card refund: a partial cancellation with the refund's idempotency key (a repeat
   * returns the provider's first answer), then the refund DONE and the payment's refunded amount
   * raised in one transaction. A network failure is retried by the queue; a refusal is FAILED
   * and shows in the back office.
   */
  async executeRefund(refundId: string): Promise<void> {
    const r = await drepo.refundById(this.db, refundId);
    if (!r || r.status !== 'PENDING') return;
    const p = await repo.byId(this.db, r.paymentId);
    if (!p?.paymentKey) return;
    let transactionKey: string | null = null;
    try {
      const res = await this.d.provider.cancel(
        p.paymentKey,
        { cancelReason: r.kind === 'FINAL' ? '보증금 정산' : '보증금 반환 (출석)', cancelAmount: r.amount },
        r.idempotencyKey,
      );
      transactionKey = res.cancels?.[res.cancels.length - 1]?.transactionKey ?? null;
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'rejected') {
        await drepo.moveRefund(this.db, r.id, ['PENDING'], { status: 'FAILED', failure: `${err.code}: ${err.message}` });
        return;
      }
      throw err;
    }
    await this.db.transaction(async (tx) => {
      const done = await drepo.moveRefund(tx, r.id, ['PENDING'], {
        status: 'DONE',
        transactionKey,
        doneAt: this.d.clock(),
        doneBy: 'provider',
      });
      if (done) await this.addRefunded(tx, p.id, r, { transactionKey });
    });
  }

  /** The payment's refunded amount and status follow a deposit refund; the ledger records it. */
  private async addRefunded(tx: DbOrTx, paymentId: string, r: DepositRefundRow, data: Record<string, unknown>): Promise<void> {
    if (r.kind === 'BONUS' || r.amount === 0) return;
    const cur = await repo.lockById(tx, paymentId);
    if (!cur) return;
    const refunded = cur.refundedAmount + r.amount;
    await repo.transition(
      tx,
      paymentId,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundedAmount: refunded, status: refunded >= cur.amount ? 'CANCELED' : 'PARTIAL_CANCELED', refundedAt: this.d.clock() },
      {
        type: 'DEPOSIT_REFUNDED',
        actor: 'system',
        amount: r.amount,
        data: { kind: r.kind, eventId: r.eventId, key: r.idempotencyKey, ...data },
      },
    );
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  private view(r: DepositRefundRow): DepositRefundView {
    return {
      id: r.id,
      kind: r.kind,
      eventId: r.eventId,
      sessionDate: r.sessionDate,
      attendance: r.attendance,
      amount: r.amount,
      status: r.status,
      channel: r.channel,
      createdAt: r.createdAt.toISOString(),
      doneAt: r.doneAt ? r.doneAt.toISOString() : null,
    };
  }

  private account(p: PaymentRow, refunds: DepositRefundRow[], name: string): DepositAccountView {
    const mine = refunds.filter((r) => r.paymentId === p.id);
    const back = mine.filter((r) => r.kind !== 'BONUS');
    const sum = (rs: DepositRefundRow[]) => rs.reduce((s, r) => s + r.amount, 0);
    return {
      studyId: p.studyId!,
      userId: p.userId,
      name,
      orderId: p.orderId,
      method: p.method,
      deposit: p.depositAmount,
      refunded: sum(back.filter((r) => r.status === 'DONE')),
      pending: sum(mine.filter((r) => r.status === 'PENDING' || r.status === 'AWAITING_TRANSFER')),
      kept: p.depositAmount - sum(back),
      settled: back.some((r) => r.kind === 'FINAL'),
      refunds: mine.map((r) => this.view(r)),
    };
  }

  /** GET /api/studies/{id}/deposit/me: the caller's own deposit and refunds (404 without one). */
  async mine(studyId: string, user: AuthUser): Promise<DepositAccountView> {
    const p = (await drepo.depositsOfStudy(this.db, studyId)).find((x) => x.userId === user.id);
    if (!p) throw notFound('payments.noDeposit');
    const refunds = await drepo.refundsOfPayments(this.db, [p.id]);
    const people = await lookupPeople(this.d.ports, [user.id]);
    return this.account(p, refunds, people.get(user.id)?.name ?? '');
  }

  /** GET /api/studies/{id}/deposit/accounts: every member's deposit, for the study's leader or an admin. */
  async accounts(studyId: string, user: AuthUser): Promise<DepositAccountView[]> {
    const facts = await this.d.studies.depositFacts(studyId);
    if (!facts) throw new AppError('BIZ-3001', 'payments.noDeposit');
    if (facts.leaderId !== user.id && !isAdmin(user)) throw new AppError('AUTH-1004', 'payments.depositLeaderOnly');
    const pays = await drepo.depositsOfStudy(this.db, studyId);
    const refunds = await drepo.refundsOfPayments(
      this.db,
      pays.map((p) => p.id),
    );
    const people = await lookupPeople(
      this.d.ports,
      pays.map((p) => p.userId),
    );
    return pays.map((p) => this.account(p, refunds, people.get(p.userId)?.name ?? ''));
  }

  /** GET /api/payments/{orderId}/deposit-refunds: the payer's (or an admin's) view of one payment's refunds. */
  async ofPayment(user: AuthUser, orderId: string): Promise<DepositRefundView[]> {
    const p = await repo.byOrderId(this.db, orderId);
    if (!p || (p.userId !== user.id && !isAdmin(user))) throw notFound('payments.notFound');
    return (await drepo.refundsOfPayments(this.db, [p.id])).map((r) => this.view(r));
  }

  /** The back office: deposit refunds by status (AWAITING_TRANSFER: the payout list). */
  async adminList(q: { status?: DepositRefundStatus | undefined; studyId?: string | undefined }): Promise<DepositPayoutView[]> {
    const rows = await drepo.listRefunds(this.db, { ...q, limit: 200 });
    const people = await lookupPeople(
      this.d.ports,
      rows.map((r) => r.refund.userId),
    );
    return rows.map(({ refund, orderId, studyTitle, refundAccount }) => {
      const person = people.get(refund.userId);
      return {
        ...this.view(refund),
        studyId: refund.studyId,
        studyTitle,
        userId: refund.userId,
        user: { id: refund.userId, name: person?.name ?? null, email: person?.email ?? null },
        orderId,
        refundAccount: refundAccount ?? null,
        failure: refund.failure,
      };
    });
  }

  /** GET /api/admin/deposit-refunds/studies: the studies the payout list can be narrowed to. */
  async payoutStudies(): Promise<DepositPayoutStudy[]> {
    return drepo.payoutStudies(this.db);
  }

  /** POST /api/admin/deposit-refunds/{id}/sent: the admin sent a transfer (once: 409 after). */
  async markSent(admin: AuthUser, id: string): Promise<DepositPayoutView> {
    const r = await drepo.refundById(this.db, id);
    if (!r) throw notFound('payments.notFound');
    await this.db.transaction(async (tx) => {
      const done = await drepo.moveRefund(tx, id, ['AWAITING_TRANSFER'], {
        status: 'DONE',
        doneAt: this.d.clock(),
        doneBy: `admin:${admin.id}`,
      });
      if (!done) throw badState('payments.depositRefundNotAwaiting', { status: r.status });
      await this.addRefunded(tx, r.paymentId, done, { transfer: true, admin: admin.id });
    });
    return (await this.adminList({ studyId: r.studyId })).find((x) => x.id === id)!;
  }

  /** POST /api/admin/deposit-refunds/{id}/retry: a FAILED card refund is queued again (same key). */
  async retry(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const moved = await drepo.moveRefund(tx, id, ['FAILED'], { status: 'PENDING', failure: null });
      if (!moved) throw badState('payments.depositRefundNotFailed');
      // the provider sees the same idempotency key: a cancellation it already made is not made twice
      await this.d.ctx.jobs.enqueue(JOB_DEPOSIT_REFUND, { refundId: id }, {}, tx);
    });
  }
}
