/**
 * The back office (admins only, routes guard it): the transaction list and a payment's detail
 * with its event log, confirming or returning a reported bank deposit, refunding (through the
 * refunds part) and declining a refund request, and the counts on the back office's home.
 */
import {
  toPage,
  type AdminPaymentCounts,
  type AdminPaymentDetail,
  type AdminPaymentRow,
  type AdminPaymentsQuery,
  type AdminRefundBody,
} from '@moim/contract';
import { badState, notFound } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { enqueueNotice, paymentView, type PaymentContext } from './payment-context.ts';
import { lookupPeople, lookupPerson } from './ports.ts';
import type { RefundService } from './refund-service.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './schema.ts';

export class BackOfficeService {
  constructor(
    private readonly d: PaymentContext,
    private readonly refunds: RefundService,
  ) {}

  private get db() {
    return this.d.ctx.db;
  }

  private async load(id: string): Promise<PaymentRow> {
    const p = await repo.byId(this.db, id);
    if (!p) throw notFound('payments.notFound');
    return p;
  }

  /** The back office's home: reported deposits to confirm, refund requests to decide. */
  adminCounts(): Promise<AdminPaymentCounts> {
    return repo.adminCounts(this.db);
  }

  async adminList(q: AdminPaymentsQuery) {
    const { rows, total } = await repo.adminList(this.db, q);
    const people = await lookupPeople(
      this.d.ports,
      rows.map((r) => r.userId),
    );
    const content: AdminPaymentRow[] = rows.map((r) => ({
      ...paymentView(this.d, r),
      user: people.get(r.userId) ?? { id: r.userId, name: null, email: null },
    }));
    return toPage(content, total, q);
  }

  async adminDetail(id: string): Promise<AdminPaymentDetail> {
    const p = await this.load(id);
    const [events, person, app] = await Promise.all([
      repo.eventsOf(this.db, id),
      lookupPerson(this.d.ports, p.userId),
      p.applicationId ? this.d.studies.getApplicationForPayment(p.applicationId).catch(() => null) : Promise.resolve(null),
    ]);
    return {
      ...paymentView(this.d, p, app?.status ?? null),
      user: person,
      refundableAmount: await this.refunds.refundable(p),
      studyStartDate: app?.studyStartDate ?? null,
      events: events.map((e) => ({
        id: e.id,
        type: e.type,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        amount: e.amount,
        data: e.data,
        actor: e.actor,
        at: e.at.toISOString(),
      })),
    };
  }

  /** An admin saw the money arrive: DONE, the application CONFIRMED and the membership active. */
  async adminConfirmDeposit(admin: AuthUser, id: string, note?: string): Promise<AdminPaymentDetail> {
    const p = await this.load(id);
    if (p.method !== 'BANK_TRANSFER' || p.status !== 'WAITING_FOR_DEPOSIT')
      throw badState('payments.notTransferAwaiting', { status: p.status });
    await this.db.transaction(async (tx) => {
      const row = await repo.transition(
        tx,
        p.id,
        ['WAITING_FOR_DEPOSIT'],
        { status: 'DONE', approvedAt: this.d.clock(), returnNote: null },
        { type: 'DEPOSIT_CONFIRMED', actor: `admin:${admin.id}`, amount: p.amount, data: note ? { note } : {} },
      );
      if (!row) throw badState('payments.notTransferAwaiting');
      if (row.applicationId) await this.d.studies.confirmPaidApplication(tx, row.applicationId, row.amount, row.orderId);
      await enqueueNotice(this.d, tx, 'CONFIRMED', row.id);
    });
    return this.adminDetail(id);
  }

  /** An admin could not find the deposit: the application goes back to ACCEPTED with a note. */
  async adminReturnDeposit(admin: AuthUser, id: string, note: string): Promise<AdminPaymentDetail> {
    const p = await this.load(id);
    if (p.method !== 'BANK_TRANSFER' || p.status !== 'WAITING_FOR_DEPOSIT' || !p.depositNotifiedAt) {
      throw badState('payments.notDepositNotified', { status: p.status });
    }
    await this.db.transaction(async (tx) => {
      const row = await repo.transition(
        tx,
        p.id,
        ['WAITING_FOR_DEPOSIT'],
        { depositNotifiedAt: null, returnNote: note },
        { type: 'DEPOSIT_RETURNED', actor: `admin:${admin.id}`, data: { note } },
      );
      if (!row) throw badState('payments.notTransferAwaiting');
      if (row.applicationId && (await this.d.studies.returnToAccepted(row.applicationId, tx)) === 'EXPIRED') {
        // The study was terminated: the application ended instead of going back to ACCEPTED, so
        // there is nothing to pay again; the transfer ends here (the studies module tells the
        // applicant the study stopped; no "deposit again" notice).
        await repo.transition(
          tx,
          row.id,
          ['WAITING_FOR_DEPOSIT'],
          { status: 'EXPIRED' },
          { type: 'EXPIRED', actor: `admin:${admin.id}`, data: { applicationStatus: 'EXPIRED', cause: 'STUDY_TERMINATED' } },
        );
        return;
      }
      await enqueueNotice(this.d, tx, 'DEPOSIT_RETURNED', row.id, { note });
    });
    return this.adminDetail(id);
  }

  async adminRefund(admin: AuthUser, id: string, body: AdminRefundBody): Promise<AdminPaymentDetail> {
    const p = await this.load(id);
    const amount = body.amount ?? p.refundDue ?? (await this.refunds.refundable(p));
    await this.refunds.executeRefund(p, amount, body.reason, `admin:${admin.id}`, body.refundAccount);
    return this.adminDetail(id);
  }

  async adminDeclineRefund(admin: AuthUser, id: string, note: string): Promise<AdminPaymentDetail> {
    const p = await this.load(id);
    const row = await repo.transition(
      this.db,
      p.id,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundStatus: 'DECLINED', refundDue: null },
      { type: 'REFUND_DECLINED', actor: `admin:${admin.id}`, data: { note } },
      { refundStatusIn: ['REQUESTED', 'AWAITING_TRANSFER'] },
    );
    if (!row) throw badState('payments.noRefundRequest');
    await enqueueNotice(this.d, this.db, 'REFUND_DECLINED', row.id, { note });
    return this.adminDetail(id);
  }
}
