/**
 * Checkout: what the pay panel shows, starting a card or bank-transfer payment for an accepted
 * application, the member's "I have sent it", and the fixed test item (/checkout/test).
 *
 * One open card order per application (the database's payments_one_open_card_per_application)
 * and one waiting bank transfer: a second start, or twenty at once, answers the open one, so a
 * customer can never be charged twice for one application.
 */
import {
  TEST_ITEM,
  type ApplicationPaymentState,
  type BankTransferInstructions,
  type CardCheckout,
  type PaymentMethod,
  type PaymentView,
  type StartPaymentResult,
} from '@moim/contract';
import { randomInt } from 'node:crypto';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth-guard.ts';
import { TEST_GATEWAY_PREFIX } from '../../providers/payments/test-gateway/routes.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { bankAccount, iso, newOrderId, paymentView, type PaymentContext } from './payment-context.ts';
import { lookupPerson, type PayableApplication } from './ports.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './schema.ts';

export class CheckoutService {
  constructor(private readonly d: PaymentContext) {}

  private get db() {
    return this.d.ctx.db;
  }

  private async loadOwnApplication(user: AuthUser, studyId: string, applicationId: string): Promise<PayableApplication> {
    const app = await this.d.studies.getApplicationForPayment(applicationId);
    // another person's application does not exist for this caller (404, as an unknown one)
    if (!app || app.studyId !== studyId || app.applicantId !== user.id) throw notFound('payments.applicationNotFound');
    return app;
  }

  private assertPayable(app: PayableApplication): void {
    if (app.status !== 'ACCEPTED') {
      throw badState(app.status === 'CONFIRMED' ? 'payments.alreadyPaidApplication' : 'payments.onlyAccepted', {
        applicationStatus: app.status,
      });
    }
    if (app.paymentDeadline && app.paymentDeadline.getTime() <= this.d.clock().getTime()) {
      throw badState('payments.deadlinePassed', { deadline: app.paymentDeadline.toISOString() });
    }
    if (app.amount <= 0) throw new AppError('BIZ-3003', 'payments.nothingToPay');
  }

  /** GET /api/studies/{id}/applications/{appId}/payment: what the pay panel shows. */
  async applicationState(user: AuthUser, studyId: string, applicationId: string): Promise<ApplicationPaymentState> {
    const app = await this.d.studies.getApplicationForPayment(applicationId);
    if (!app || app.studyId !== studyId || (app.applicantId !== user.id && !isAdmin(user))) {
      throw notFound('payments.applicationNotFound');
    }
    const rows = await repo.forApplication(this.db, applicationId);
    const views = rows.map((r) => paymentView(this.d, r, app.status));
    const current =
      rows.find((r) => ['DONE', 'PARTIAL_CANCELED', 'CANCELED', 'WAITING_FOR_DEPOSIT', 'IN_PROGRESS'].includes(r.status)) ?? rows[0];
    const now = this.d.clock().getTime();
    return {
      applicationId,
      studyId,
      studyTitle: app.studyTitle,
      applicationStatus: app.status,
      amount: app.amount,
      deadline: iso(app.paymentDeadline),
      payable: app.status === 'ACCEPTED' && app.amount > 0 && (!app.paymentDeadline || app.paymentDeadline.getTime() > now),
      current: current ? paymentView(this.d, current, app.status) : null,
      payments: views,
    };
  }

  /**
   * POST /api/studies/{id}/applications/{appId}/payment. returnOrigin: where the card window
   * sends the payer back (http/origin.ts); PUBLIC_URL when absent.
   */
  async startStudyPayment(
    user: AuthUser,
    studyId: string,
    applicationId: string,
    method: PaymentMethod,
    returnOrigin?: string,
  ): Promise<StartPaymentResult> {
    const app = await this.loadOwnApplication(user, studyId, applicationId);
    this.assertPayable(app);
    const actor = `user:${user.id}`;
    const orderName = `${app.studyTitle || '스터디'} 참가비`.slice(0, 100);
    const customerName = app.applicantName || (await lookupPerson(this.d.ports, user.id)).name || '회원';
    const order = {
      kind: 'STUDY' as const,
      applicationId,
      studyId,
      userId: user.id,
      orderName,
      studyTitle: app.studyTitle,
      customerName,
      amount: app.amount,
      depositAmount: app.depositAmount,
      deadline: app.paymentDeadline,
    };

    if (method === 'BANK_TRANSFER') {
      const existing = await repo.waitingDeposit(this.db, applicationId);
      if (existing) return this.bankInstructions(existing);
      try {
        const row = await this.db.transaction(async (tx) => {
          const p = await repo.insertPayment(
            tx,
            {
              ...order,
              orderId: newOrderId('moimbt'),
              method: 'BANK_TRANSFER',
              provider: 'bank',
              status: 'WAITING_FOR_DEPOSIT',
              depositorName: depositorName(customerName),
            },
            { type: 'CREATED', actor, data: { method } },
          );
          await this.d.studies.setCheckoutId(applicationId, p.orderId, tx);
          return p;
        });
        return this.bankInstructions(row);
      } catch (err) {
        // Two requests at once: the unique index let one in; answer with that one.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.waitingDeposit(this.db, applicationId);
        if (winner) return this.bankInstructions(winner);
        throw badState('payments.alreadyInProgress');
      }
    }

    const open = await this.openCardOrder(applicationId);
    if (open) return this.cardCheckout(open, user.id, returnOrigin);
    let row: PaymentRow;
    try {
      row = await this.db.transaction(async (tx) => {
        // A bank transfer not yet sent gives way to the card.
        for (const old of await repo.openForApplication(tx, applicationId, ['WAITING_FOR_DEPOSIT'])) {
          await repo.transition(
            tx,
            old.id,
            [old.status],
            { status: 'ABORTED', failureCode: 'SUPERSEDED', failureMessage: '새 결제 시도로 대체되었습니다.' },
            { type: 'ABORTED', actor, data: { reason: 'SUPERSEDED' } },
          );
        }
        const p = await repo.insertPayment(
          tx,
          { ...order, orderId: newOrderId('moim'), method: 'CARD', provider: this.d.provider.name, status: 'READY' },
          { type: 'CREATED', actor, data: { method } },
        );
        await this.d.studies.setCheckoutId(applicationId, p.orderId, tx);
        return p;
      });
    } catch (err) {
      // Starts at the same moment: the unique index let one in; answer with that one.
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.openCardOrder(applicationId);
      if (winner) return this.cardCheckout(winner, user.id, returnOrigin);
      throw badState('payments.alreadyInProgress');
    }
    return this.cardCheckout(row, user.id, returnOrigin);
  }

  private async openCardOrder(applicationId: string): Promise<PaymentRow | undefined> {
    const open = await repo.openForApplication(this.db, applicationId, ['READY', 'IN_PROGRESS']);
    return open.find((p) => p.method === 'CARD');
  }

  private cardCheckout(p: PaymentRow, userId: string, returnOrigin?: string): CardCheckout {
    const provider = this.d.provider;
    const base = (returnOrigin ?? this.d.ctx.config.publicUrl).replace(/\/+$/, '');
    const successUrl = `${base}/payment/success`;
    const failUrl = `${base}/payment/fail`;
    const checkoutUrl =
      provider.name === 'test'
        ? `${TEST_GATEWAY_PREFIX}/checkout?${new URLSearchParams({
            clientKey: provider.clientKey,
            orderId: p.orderId,
            orderName: p.orderName,
            amount: String(p.amount),
            customerName: p.customerName,
            successUrl,
            failUrl,
          }).toString()}`
        : null;
    return {
      method: 'CARD',
      provider: provider.name,
      orderId: p.orderId,
      amount: p.amount,
      orderName: p.orderName,
      customerName: p.customerName,
      customerKey: userId,
      successUrl,
      failUrl,
      checkoutUrl,
      clientKey: provider.clientKey,
      deadline: iso(p.deadline),
    };
  }

  private bankInstructions(p: PaymentRow): BankTransferInstructions {
    return {
      method: 'BANK_TRANSFER',
      orderId: p.orderId,
      amount: p.amount,
      orderName: p.orderName,
      account: bankAccount(this.d),
      depositorName: p.depositorName ?? '',
      deadline: iso(p.deadline),
    };
  }

  /** POST …/payment/notify-deposit: "I have sent it" → the application waits for an admin. */
  async notifyDeposit(user: AuthUser, studyId: string, applicationId: string, depositor?: string): Promise<PaymentView> {
    const app = await this.loadOwnApplication(user, studyId, applicationId);
    const p = await repo.waitingDeposit(this.db, applicationId);
    if (app.status === 'PAYMENT_PENDING' && p) return paymentView(this.d, p, app.status);
    this.assertPayable(app);
    if (!p) throw badState('payments.startTransferFirst');
    const row = await this.db.transaction(async (tx) => {
      const moved = await repo.transition(
        tx,
        p.id,
        ['WAITING_FOR_DEPOSIT'],
        { depositNotifiedAt: this.d.clock(), depositorName: depositor ?? p.depositorName, returnNote: null },
        { type: 'DEPOSIT_NOTIFIED', actor: `user:${user.id}`, amount: p.amount, data: { depositorName: depositor ?? p.depositorName } },
      );
      if (!moved) throw badState('payments.notAwaitingDeposit');
      await this.d.studies.markPaymentPending(applicationId, tx);
      return moved;
    });
    return paymentView(this.d, row, 'PAYMENT_PENDING');
  }

  /** POST /api/payments/test-checkout: the fixed test item, through the same card flow. */
  async startTestCheckout(user: AuthUser, returnOrigin?: string): Promise<CardCheckout> {
    // a role the caller lacks (403 AUTH-1005), as on the admin routes
    if (this.d.provider.name !== 'test' && !isAdmin(user)) throw new AppError('AUTH-1005', 'payments.testAdminOnly');
    const person = await lookupPerson(this.d.ports, user.id);
    const row = await repo.insertPayment(
      this.db,
      {
        orderId: newOrderId('moimtest'),
        kind: 'TEST_ITEM',
        userId: user.id,
        orderName: TEST_ITEM.name,
        customerName: person.name ?? '테스트 구매자',
        amount: TEST_ITEM.amount,
        method: 'CARD',
        provider: this.d.provider.name,
        status: 'READY',
      },
      { type: 'CREATED', actor: `user:${user.id}`, data: { method: 'CARD', item: 'TEST_ITEM' } },
    );
    return this.cardCheckout(row, user.id, returnOrigin);
  }
}

/** The name the member writes on the transfer: their name and four digits, so an admin can match it. */
function depositorName(name: string): string {
  const base = (name.replace(/\s+/g, '') || '모임').slice(0, 6);
  return `${base}${randomInt(1000, 10_000)}`;
}
