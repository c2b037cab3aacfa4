/**
 * The payment rules: who may pay what and when, the card and bank-transfer flows, idempotent
 * and race-safe confirmation, expiry, refunds and the back office. docs/payments.md has the
 * state machines this code implements.
 *
 * Races are settled in the database: a confirm first claims the payment (READY → IN_PROGRESS,
 * compare-and-swap), only the claimant talks to the provider (with the orderId as idempotency
 * key), and the approval is recorded with another compare-and-swap in the same transaction as
 * the studies module's confirmation; at most one settled payment per application is a unique
 * index. Calls to the provider never run inside a database transaction.
 */
import {
  TEST_CARDS,
  TEST_ITEM,
  type AdminPaymentDetail,
  type AdminPaymentRow,
  type AdminPaymentsQuery,
  type AdminRefundBody,
  type ApplicationPaymentState,
  type BankTransferInstructions,
  type CardCheckout,
  type ConfirmPaymentBody,
  type PaymentMethod,
  type PaymentsConfig,
  type PaymentView,
  type RefundAccount,
  type StartPaymentResult,
  toPage,
} from '@moim/contract';
import { and, eq, lt, or } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, badState, forbidden, notFound } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth-guard.ts';
import { ProviderError, type PaymentProvider, type TestGateway, type TossPayment } from '../../providers/payments/index.ts';
import { TEST_GATEWAY_PREFIX } from '../../providers/payments/test-gateway/routes.ts';
import { TOSS_ERRORS } from '../../providers/payments/toss-protocol.ts';
import type { NoticeKind } from './notices.ts';
import { lookupPeople, lookupPerson, studiesPort, type PayableApplication, type PaymentsPorts, type StudiesPort } from './ports.ts';
import * as repo from './repo.ts';
import { payments, type PaymentRow } from './schema.ts';

export const JOB_NOTICE = 'payments.notice';
export const JOB_RECONCILE = 'payments.reconcile';
export const JOB_REFUND = 'payments.refund';

/** A confirmation older than this is presumed dead (crash, lost answer) and may be taken over. */
const CLAIM_STALE_MS = 60_000;
/** How long a confirm waits for a concurrent confirm of the same payment to finish. */
const CONCURRENT_WAIT_MS = 20_000;

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function newOrderId(prefix: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let out = '';
  for (const b of randomBytes(16)) out += alphabet[b % alphabet.length];
  return `${prefix}-${Date.now().toString(36)}-${out}`;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The provider's refusal as moim's error: BIZ-3003 with the provider's Korean message. */
function providerFailure(code: string, message: string): AppError {
  return new AppError('BIZ-3003', message, { provider: { code, message } });
}

export class PaymentsService {
  readonly studies: StudiesPort;

  constructor(
    private readonly ctx: AppContext,
    /** the modules below payments (ports.ts), injected by the composition root */
    private readonly ports: PaymentsPorts,
    readonly provider: PaymentProvider,
    /** the built-in gateway (its hosted checkout; demo data and tests drive it directly) */
    readonly gateway: TestGateway | null = null,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.studies = studiesPort(ports.studies);
  }

  private get db() {
    return this.ctx.db;
  }

  // ---------------------------------------------------------------------------------------------
  // Views

  config(): PaymentsConfig {
    return {
      provider: this.provider.name,
      clientKey: this.provider.clientKey,
      sdkUrl: this.provider.sdkUrl,
      testMode: this.provider.name === 'test' || this.provider.clientKey.startsWith('test_'),
      testCards: this.provider.name === 'test' ? TEST_CARDS.map((c) => ({ ...c })) : [],
      bank: this.bankAccount(),
    };
  }

  private bankAccount() {
    const c = this.ctx.config;
    return { bank: c.BANK_NAME, accountNumber: c.BANK_ACCOUNT_NUMBER, holder: c.BANK_ACCOUNT_HOLDER };
  }

  view(p: PaymentRow, applicationStatus: string | null = null): PaymentView {
    return {
      id: p.id,
      orderId: p.orderId,
      kind: p.kind,
      orderName: p.orderName,
      amount: p.amount,
      method: p.method,
      provider: p.provider,
      status: p.status,
      studyId: p.studyId,
      studyTitle: p.studyTitle,
      applicationId: p.applicationId,
      applicationStatus,
      deadline: iso(p.deadline),
      approvedAt: iso(p.approvedAt),
      failure: p.failureCode ? { code: p.failureCode, message: p.failureMessage ?? '' } : null,
      account: p.method === 'BANK_TRANSFER' ? this.bankAccount() : null,
      depositorName: p.depositorName,
      depositNotifiedAt: iso(p.depositNotifiedAt),
      returnNote: p.returnNote,
      refundedAmount: p.refundedAmount,
      refundStatus: p.refundStatus,
      refundAccount: p.refundAccount ?? null,
      card: p.card ? { number: p.card.number, issuerCode: p.card.issuerCode } : null,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  private async applicationStatusOf(p: PaymentRow): Promise<string | null> {
    if (!p.applicationId) return null;
    try {
      return (await this.studies.application(p.applicationId))?.status ?? null;
    } catch {
      return null;
    }
  }

  /** GET /api/payments/{orderId}: the payer or an admin. */
  async get(user: AuthUser, orderId: string): Promise<PaymentView> {
    const p = await repo.byOrderId(this.db, orderId);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    if (p.userId !== user.id && !isAdmin(user)) throw forbidden('본인의 결제만 볼 수 있습니다.');
    return this.view(p, await this.applicationStatusOf(p));
  }

  // ---------------------------------------------------------------------------------------------
  // Study applications

  private async loadOwnApplication(user: AuthUser, studyId: string, applicationId: string): Promise<PayableApplication> {
    const app = await this.studies.application(applicationId);
    if (!app || app.studyId !== studyId) throw notFound('신청을 찾을 수 없습니다.');
    if (app.applicantId !== user.id) throw forbidden('본인의 신청만 결제할 수 있습니다.');
    return app;
  }

  private assertPayable(app: PayableApplication): void {
    if (app.status !== 'ACCEPTED') {
      throw badState(app.status === 'CONFIRMED' ? '이미 결제가 완료된 신청입니다.' : '승인된 신청만 결제할 수 있습니다.', {
        applicationStatus: app.status,
      });
    }
    if (app.paymentDeadline && app.paymentDeadline.getTime() <= this.clock().getTime()) {
      throw badState('결제 기한이 지났습니다.', { deadline: app.paymentDeadline.toISOString() });
    }
    if (app.amount <= 0) throw new AppError('BIZ-3003', '결제가 필요 없는 스터디입니다.');
  }

  /** GET /api/studies/{id}/applications/{appId}/payment: what the pay panel shows. */
  async applicationState(user: AuthUser, studyId: string, applicationId: string): Promise<ApplicationPaymentState> {
    const app = await this.studies.application(applicationId);
    if (!app || app.studyId !== studyId) throw notFound('신청을 찾을 수 없습니다.');
    if (app.applicantId !== user.id && !isAdmin(user)) throw forbidden('본인의 신청만 볼 수 있습니다.');
    const rows = await repo.forApplication(this.db, applicationId);
    const views = rows.map((r) => this.view(r, app.status));
    const current =
      rows.find((r) => ['DONE', 'PARTIAL_CANCELED', 'CANCELED', 'WAITING_FOR_DEPOSIT', 'IN_PROGRESS'].includes(r.status)) ?? rows[0];
    const now = this.clock().getTime();
    return {
      applicationId,
      studyId,
      studyTitle: app.studyTitle,
      applicationStatus: app.status,
      amount: app.amount,
      deadline: iso(app.paymentDeadline),
      payable: app.status === 'ACCEPTED' && app.amount > 0 && (!app.paymentDeadline || app.paymentDeadline.getTime() > now),
      current: current ? this.view(current, app.status) : null,
      payments: views,
    };
  }

  /** POST /api/studies/{id}/applications/{appId}/payment */
  /** returnOrigin: where the card window sends the payer back (http/origin.ts); PUBLIC_URL when absent */
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
    const customerName = app.applicantName || (await lookupPerson(this.ports, user.id)).name || '회원';

    if (method === 'BANK_TRANSFER') {
      const existing = await repo.waitingDeposit(this.db, applicationId);
      if (existing) return this.bankInstructions(existing);
      try {
        const row = await this.db.transaction(async (tx) => {
          const p = await repo.insertPayment(
            tx,
            {
              orderId: newOrderId('moimbt'),
              kind: 'STUDY',
              applicationId,
              studyId,
              userId: user.id,
              orderName,
              studyTitle: app.studyTitle,
              customerName,
              amount: app.amount,
              method: 'BANK_TRANSFER',
              provider: 'bank',
              status: 'WAITING_FOR_DEPOSIT',
              deadline: app.paymentDeadline,
              depositorName: depositorName(customerName),
            },
            { type: 'CREATED', actor, data: { method } },
          );
          await this.studies.setCheckoutId(applicationId, p.orderId, tx);
          return p;
        });
        return this.bankInstructions(row);
      } catch (err) {
        // Two requests at once: the unique index let one in; answer with that one.
        if (!isUniqueViolation(err)) throw err;
        const winner = await repo.waitingDeposit(this.db, applicationId);
        if (winner) return this.bankInstructions(winner);
        throw badState('이미 결제가 진행 중인 신청입니다.');
      }
    }

    // One open card order per application (the database's payments_one_open_card_per_application):
    // a second start, or twenty at once, answers the open one, so a customer can never be
    // charged twice for one application.
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
            {
              type: 'ABORTED',
              actor,
              data: { reason: 'SUPERSEDED' },
            },
          );
        }
        const p = await repo.insertPayment(
          tx,
          {
            orderId: newOrderId('moim'),
            kind: 'STUDY',
            applicationId,
            studyId,
            userId: user.id,
            orderName,
            studyTitle: app.studyTitle,
            customerName,
            amount: app.amount,
            method: 'CARD',
            provider: this.provider.name,
            status: 'READY',
            deadline: app.paymentDeadline,
          },
          { type: 'CREATED', actor, data: { method } },
        );
        await this.studies.setCheckoutId(applicationId, p.orderId, tx);
        return p;
      });
    } catch (err) {
      // Starts at the same moment: the unique index let one in; answer with that one.
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.openCardOrder(applicationId);
      if (winner) return this.cardCheckout(winner, user.id, returnOrigin);
      throw badState('이미 결제가 진행 중인 신청입니다.');
    }
    return this.cardCheckout(row, user.id, returnOrigin);
  }

  private async openCardOrder(applicationId: string): Promise<PaymentRow | undefined> {
    const open = await repo.openForApplication(this.db, applicationId, ['READY', 'IN_PROGRESS']);
    return open.find((p) => p.method === 'CARD');
  }

  private cardCheckout(p: PaymentRow, userId: string, returnOrigin?: string): CardCheckout {
    const base = (returnOrigin ?? this.ctx.config.publicUrl).replace(/\/+$/, '');
    const successUrl = `${base}/payment/success`;
    const failUrl = `${base}/payment/fail`;
    const checkoutUrl =
      this.provider.name === 'test'
        ? `${TEST_GATEWAY_PREFIX}/checkout?${new URLSearchParams({
            clientKey: this.provider.clientKey,
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
      provider: this.provider.name,
      orderId: p.orderId,
      amount: p.amount,
      orderName: p.orderName,
      customerName: p.customerName,
      customerKey: userId,
      successUrl,
      failUrl,
      checkoutUrl,
      clientKey: this.provider.clientKey,
      deadline: iso(p.deadline),
    };
  }

  private bankInstructions(p: PaymentRow): BankTransferInstructions {
    return {
      method: 'BANK_TRANSFER',
      orderId: p.orderId,
      amount: p.amount,
      orderName: p.orderName,
      account: this.bankAccount(),
      depositorName: p.depositorName ?? '',
      deadline: iso(p.deadline),
    };
  }

  /** POST …/payment/notify-deposit: "I have sent it" → the application waits for an admin. */
  async notifyDeposit(user: AuthUser, studyId: string, applicationId: string, depositor?: string): Promise<PaymentView> {
    const app = await this.loadOwnApplication(user, studyId, applicationId);
    const p = await repo.waitingDeposit(this.db, applicationId);
    if (app.status === 'PAYMENT_PENDING' && p) return this.view(p, app.status);
    this.assertPayable(app);
    if (!p) throw badState('먼저 계좌이체로 결제를 시작해 주세요.');
    const row = await this.db.transaction(async (tx) => {
      const moved = await repo.transition(
        tx,
        p.id,
        ['WAITING_FOR_DEPOSIT'],
        { depositNotifiedAt: this.clock(), depositorName: depositor ?? p.depositorName, returnNote: null },
        { type: 'DEPOSIT_NOTIFIED', actor: `user:${user.id}`, amount: p.amount, data: { depositorName: depositor ?? p.depositorName } },
      );
      if (!moved) throw badState('입금 대기 중인 결제가 아닙니다.');
      await this.studies.markPaymentPending(applicationId, tx);
      return moved;
    });
    return this.view(row, 'PAYMENT_PENDING');
  }

  // ---------------------------------------------------------------------------------------------
  // The test item (/checkout/test)

  async startTestCheckout(user: AuthUser, returnOrigin?: string): Promise<CardCheckout> {
    if (this.provider.name !== 'test' && !isAdmin(user)) throw forbidden('테스트 결제는 관리자만 할 수 있습니다.');
    const person = await lookupPerson(this.ports, user.id);
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
        provider: this.provider.name,
        status: 'READY',
      },
      { type: 'CREATED', actor: `user:${user.id}`, data: { method: 'CARD', item: 'TEST_ITEM' } },
    );
    return this.cardCheckout(row, user.id, returnOrigin);
  }

  // ---------------------------------------------------------------------------------------------
  // Card confirmation

  /** POST /api/payments/confirm: idempotent; concurrent calls wait for the first and get its answer. */
  async confirm(user: AuthUser, body: ConfirmPaymentBody): Promise<PaymentView> {
    let p = await repo.byOrderId(this.db, body.orderId);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    if (p.userId !== user.id) throw forbidden('본인의 결제만 승인할 수 있습니다.');
    if (p.method !== 'CARD') throw badState('카드 결제가 아닙니다.');
    if (p.amount !== body.amount) {
      throw new AppError('VAL-2004', '결제 금액이 주문 금액과 다릅니다.', {
        fields: [{ path: 'body.amount', code: 'mismatch', message: 'amount differs from the order' }],
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
        throw badState('이미 다른 결제로 승인 중인 주문입니다.');
      }
      if (Date.now() > waitUntil) throw badState('결제 승인이 아직 진행 중입니다. 잠시 후 다시 확인해 주세요.');
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
        if (p.paymentKey === paymentKey) return this.view(p, await this.applicationStatusOf(p));
        throw badState('이미 결제가 완료된 주문입니다.');
      case 'ABORTED':
        if (p.paymentKey === paymentKey && p.failureCode) throw providerFailure(p.failureCode, p.failureMessage ?? '');
        throw badState('이미 종료된 결제입니다. 처음부터 다시 결제해 주세요.', { status: p.status });
      case 'EXPIRED':
        throw badState('결제 기한이 지났습니다.', { status: p.status });
      default:
        return null;
    }
  }

  private async assertOrderStillPayable(p: PaymentRow, user: AuthUser): Promise<void> {
    if (p.kind !== 'STUDY') return;
    const app = await this.studies.application(p.applicationId!);
    const now = this.clock();
    if (app && app.status === 'ACCEPTED' && app.paymentDeadline && app.paymentDeadline.getTime() <= now.getTime()) {
      await repo.transition(
        this.db,
        p.id,
        ['READY'],
        { status: 'EXPIRED' },
        { type: 'EXPIRED', actor: `user:${user.id}`, data: { reason: 'DEADLINE' } },
      );
      throw badState('결제 기한이 지났습니다.', { deadline: app.paymentDeadline.toISOString() });
    }
    if (!app || app.status !== 'ACCEPTED') {
      throw badState(app?.status === 'CONFIRMED' ? '이미 결제가 완료된 신청입니다.' : '결제할 수 없는 신청 상태입니다.', {
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
        or(
          eq(payments.status, 'READY'),
          and(eq(payments.paymentKey, paymentKey), lt(payments.updatedAt, new Date(Date.now() - CLAIM_STALE_MS))),
        ),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('BIZ-3003', '이미 다른 주문에 사용된 결제 키입니다.');
      throw err;
    }
  }

  private async confirmWithProvider(p: PaymentRow, paymentKey: string): Promise<PaymentView> {
    let approved: TossPayment;
    try {
      approved = await this.provider.confirm({ paymentKey, orderId: p.orderId, amount: p.amount }, p.orderId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.kind === 'rejected') throw await this.fail(p, err.code, err.message);
      // No usable answer: ask the provider what became of the order before deciding anything.
      const found = await this.provider.findByOrderId(p.orderId).catch(() => undefined);
      if (found === undefined) {
        await repo.appendEvent(this.db, p.id, {
          type: 'CONFIRM_UNKNOWN',
          actor: 'system',
          data: { error: err.code, message: err.message },
        });
        await this.ctx.jobs.enqueue(
          JOB_RECONCILE,
          { paymentId: p.id },
          { runAt: new Date(Date.now() + 60_000), dedupeKey: `payments:reconcile:${p.id}` },
        );
        throw new AppError('BIZ-3003', '결제 결과를 확인하지 못했습니다. 잠시 후 결제 내역을 다시 확인해 주세요.', {
          provider: { code: err.code, message: err.message },
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
      this.ctx.log.error(
        { orderId: p.orderId, status: approved.status, totalAmount: approved.totalAmount },
        'provider approved something else',
      );
      await this.autoCancel(p, approved.paymentKey, '승인 내역이 주문과 일치하지 않아 자동 취소');
      throw badState('결제 승인 내역이 주문과 달라 결제를 취소했습니다.');
    }
    return this.recordApproval(p, approved);
  }

  /** ABORTED with the provider's reason; returns the error to throw. */
  private async fail(p: PaymentRow, code: string, message: string): Promise<AppError> {
    await repo.transition(
      this.db,
      p.id,
      ['IN_PROGRESS'],
      { status: 'ABORTED', failureCode: code, failureMessage: message },
      {
        type: 'CONFIRM_FAILED',
        actor: 'provider',
        amount: p.amount,
        data: { code, message },
      },
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
            approvedAt: approved.approvedAt ? new Date(approved.approvedAt) : this.clock(),
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
          eq(payments.paymentKey, approved.paymentKey),
        );
        if (!row) return null;
        if (row.kind === 'STUDY') {
          for (const w of await repo.openForApplication(tx, row.applicationId!, ['WAITING_FOR_DEPOSIT'])) {
            await repo.transition(
              tx,
              w.id,
              ['WAITING_FOR_DEPOSIT'],
              { status: 'ABORTED', failureCode: 'PAID_BY_CARD', failureMessage: '카드로 결제되었습니다.' },
              {
                type: 'ABORTED',
                actor: 'system',
                data: { reason: 'PAID_BY_CARD', orderId: row.orderId },
              },
            );
          }
          await this.studies.confirmPaid(tx, row.applicationId!, row.amount, row.orderId);
        }
        await this.enqueueNotice(tx, 'CONFIRMED', row.id);
        return row;
      });
    } catch (err) {
      // The application can no longer take this payment (expired, cancelled, paid otherwise):
      // give the money back at once rather than keep it.
      if (err instanceof AppError || isUniqueViolation(err)) {
        await this.autoCancel(p, approved.paymentKey, '신청 상태가 바뀌어 자동 취소');
        throw badState('신청 상태가 바뀌어 결제를 완료할 수 없습니다. 결제는 자동으로 취소되었습니다.', {
          reason: err instanceof AppError ? err.message : 'ALREADY_PAID',
        });
      }
      throw err;
    }
    const row = done ?? (await repo.byId(this.db, p.id))!;
    return this.view(row, await this.applicationStatusOf(row));
  }

  /** Cancel an approval moim cannot keep (IN_PROGRESS → CANCELED), or leave it for the reconciler. */
  private async autoCancel(p: PaymentRow, paymentKey: string, reason: string): Promise<void> {
    try {
      const res = await this.provider.cancel(paymentKey, { cancelReason: reason }, `autocancel-${p.orderId}`);
      await repo.transition(
        this.db,
        p.id,
        ['IN_PROGRESS'],
        {
          status: 'CANCELED',
          approvedAt: res.approvedAt ? new Date(res.approvedAt) : this.clock(),
          refundedAmount: p.amount,
          refundStatus: 'DONE',
          refundedAt: this.clock(),
          failureCode: 'AUTO_CANCELED',
          failureMessage: reason,
        },
        { type: 'REFUNDED', actor: 'system', amount: p.amount, data: { reason, automatic: true, paymentKey } },
      );
    } catch (err) {
      this.ctx.log.error({ err, orderId: p.orderId }, 'payments: automatic cancel failed; the reconciler retries');
      await repo.appendEvent(this.db, p.id, {
        type: 'REFUND_FAILED',
        actor: 'system',
        amount: p.amount,
        data: { reason, error: (err as Error).message },
      });
      await this.ctx.jobs.enqueue(
        JOB_RECONCILE,
        { paymentId: p.id },
        { runAt: new Date(Date.now() + 60_000), dedupeKey: `payments:reconcile:${p.id}` },
      );
    }
  }

  /**
   * A confirmation whose outcome was lost: ask the provider. Approved → record it (or cancel it
   * when the application moved on); anything else → ABORTED.
   */
  async reconcile(paymentId: string): Promise<void> {
    const p = await repo.byId(this.db, paymentId);
    if (!p || p.status !== 'IN_PROGRESS' || !p.paymentKey) return;
    const found = await this.provider.findByOrderId(p.orderId);
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
          approvedAt: found.approvedAt ? new Date(found.approvedAt) : this.clock(),
          refundedAmount: found.totalAmount - found.balanceAmount,
          refundStatus: 'DONE',
          refundedAt: this.clock(),
        },
        { type: 'REFUNDED', actor: 'provider', amount: found.totalAmount - found.balanceAmount, data: { reconciled: true } },
      );
      return;
    }
    const code = found?.failure?.code ?? 'PROVIDER_ERROR';
    await this.fail(p, code, found?.failure?.message ?? TOSS_ERRORS.PROVIDER_ERROR.message);
  }

  // ---------------------------------------------------------------------------------------------
  // Expiry

  /** An application closed without payment (expired, cancelled, rejected): its open payments end. */
  async onApplicationClosed(applicationId: string, applicationStatus = 'EXPIRED'): Promise<number> {
    let n = 0;
    const rows = await repo.openForApplication(this.db, applicationId, ['READY', 'WAITING_FOR_DEPOSIT']);
    for (const p of rows) {
      const moved = await this.db.transaction(async (tx) => {
        // The studies module tells the applicant about the expiry (inbox and mail).
        return repo.transition(
          tx,
          p.id,
          ['READY', 'WAITING_FOR_DEPOSIT'],
          { status: 'EXPIRED' },
          {
            type: 'EXPIRED',
            actor: 'system',
            data: { applicationStatus },
          },
        );
      });
      if (moved) n++;
    }
    return n;
  }

  /** The recurring sweep: overdue open payments expire; lost confirmations are looked up. */
  async sweep(): Promise<{ expired: number; reconciled: number }> {
    const now = this.clock();
    let expired = 0;
    for (const p of await repo.overdue(this.db, now)) {
      if (p.status === 'WAITING_FOR_DEPOSIT' && p.applicationId) {
        // A deposit the member reported waits for an admin, however late.
        const app = await this.studies.application(p.applicationId).catch(() => null);
        if (app && (app.status === 'PAYMENT_PENDING' || app.status === 'CONFIRMED')) continue;
      }
      const r = await repo.transition(
        this.db,
        p.id,
        ['READY', 'WAITING_FOR_DEPOSIT'],
        { status: 'EXPIRED' },
        {
          type: 'EXPIRED',
          actor: 'system',
          data: { reason: p.kind === 'TEST_ITEM' ? 'ABANDONED' : 'DEADLINE' },
        },
      );
      if (r) expired++;
    }
    let reconciled = 0;
    for (const p of await repo.stuckInProgress(this.db, now, 2 * CLAIM_STALE_MS)) {
      try {
        await this.reconcile(p.id);
        reconciled++;
      } catch (err) {
        this.ctx.log.warn({ err, orderId: p.orderId }, 'payments: reconcile failed; will retry');
      }
    }
    return { expired, reconciled };
  }

  // ---------------------------------------------------------------------------------------------
  // Refunds

  /**
   * The studies module calls this when a member's membership ends (left, removed), inside its
   * own transaction `tx`. Before the study starts the whole amount goes back: card → cancelled
   * with the provider by a job queued in that transaction (so it runs only if the leave commits,
   * and never holds the transaction open on the provider); bank transfer → owed, and an admin
   * sends it to the member's refund account. After the start an admin decides the amount.
   */
  async onMemberLeft(event: MemberLeftInput, tx?: Tx): Promise<MemberLeftResult> {
    const db: DbOrTx = tx ?? this.db;
    const p = event.applicationId
      ? await repo.settledForApplication(db, event.applicationId)
      : await repo.settledForMember(db, event.studyId, event.userId);
    const none: MemberLeftResult = { refundStatus: 'NONE', orderId: null, refundedAmount: 0, refundDue: null };
    if (!p || p.userId !== event.userId) return none;
    const result = (r: PaymentRow): MemberLeftResult => ({
      refundStatus: r.refundStatus,
      orderId: r.orderId,
      refundedAmount: r.refundedAmount,
      refundDue: r.refundDue,
    });
    if (p.refundStatus !== 'NONE' || p.status === 'CANCELED') return result(p);
    const startDate =
      event.studyStartDate ??
      (p.applicationId ? (await this.studies.application(p.applicationId, tx).catch(() => null))?.studyStartDate : null) ??
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
        eq(payments.refundStatus, 'NONE'),
      );
      if (!r) return null;
      if (beforeStart && p.method === 'CARD') {
        await this.ctx.jobs.enqueue(JOB_REFUND, { paymentId: r.id, reason }, { dedupeKey: `payments:refund:${r.id}` }, t);
      } else {
        await this.enqueueNotice(t, 'REFUND_REQUESTED', r.id);
      }
      return r;
    };
    const row = tx ? await run(tx) : await this.db.transaction(run);
    return result(row ?? (await repo.byId(db, p.id))!);
  }

  /** The queued retry of an automatic card refund. */
  async retryAutomaticRefund(paymentId: string, reason: string): Promise<void> {
    const p = await repo.byId(this.db, paymentId);
    if (!p || p.refundStatus !== 'REQUESTED' || p.refundDue === null || p.method !== 'CARD') return;
    await this.executeRefund(p, p.refundDue, reason, 'system', undefined);
  }

  private isBeforeStart(startDate: string | null): boolean {
    if (!startDate) return true;
    return this.clock().getTime() < new Date(`${startDate}T00:00:00+09:00`).getTime();
  }

  /** PUT /api/payments/{orderId}/refund-account: the payer gives the account a bank-transfer refund goes to. */
  async setRefundAccount(user: AuthUser, orderId: string, account: RefundAccount): Promise<PaymentView> {
    const p = await repo.byOrderId(this.db, orderId);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    if (p.userId !== user.id) throw forbidden('본인의 결제만 바꿀 수 있습니다.');
    if (p.method !== 'BANK_TRANSFER') throw badState('계좌이체 결제만 환불 계좌를 등록합니다.');
    const row = await repo.transition(
      this.db,
      p.id,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundAccount: account },
      { type: 'REFUND_ACCOUNT_SET', actor: `user:${user.id}`, data: { bank: account.bank, number: maskAccount(account.number) } },
      or(eq(payments.refundStatus, 'NONE'), eq(payments.refundStatus, 'REQUESTED'), eq(payments.refundStatus, 'AWAITING_TRANSFER')),
    );
    if (!row) throw badState('환불 계좌를 바꿀 수 없는 상태입니다.');
    return this.view(row, await this.applicationStatusOf(row));
  }

  /**
   * Give money back: card → the provider cancels (whole or partial); bank transfer → recorded as
   * sent to the refund account. The payment becomes CANCELED / PARTIAL_CANCELED, the application
   * REFUNDED (membership inactive), the payer is mailed. A payment is refunded once (BIZ-3002).
   */
  private async executeRefund(
    p: PaymentRow,
    amount: number,
    reason: string,
    actor: string,
    account: RefundAccount | undefined,
  ): Promise<PaymentRow> {
    if (p.refundStatus === 'DONE' || p.refundedAmount > 0 || p.status === 'CANCELED') throw badState('이미 환불된 결제입니다.');
    if (p.status !== 'DONE' && p.status !== 'PARTIAL_CANCELED') throw badState('완료된 결제만 환불할 수 있습니다.', { status: p.status });
    const refundable = p.amount - p.refundedAmount;
    if (amount < 1 || amount > refundable)
      throw new AppError('VAL-2004', `환불 금액은 1원 이상 ${refundable.toLocaleString('ko-KR')}원 이하여야 합니다.`);
    const to = amount === refundable ? 'CANCELED' : 'PARTIAL_CANCELED';
    const refundAccount = account ?? p.refundAccount ?? undefined;
    if (p.method === 'BANK_TRANSFER' && !refundAccount)
      throw new AppError('VAL-2003', '환불받을 계좌가 없습니다. 회원에게 계좌를 받아 입력해 주세요.');
    const previousRefundStatus = p.refundStatus;
    // Claim the refund first so two admins (or an admin and the automatic refund) cannot both pay out.
    const claimed = await repo.transition(
      this.db,
      p.id,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundStatus: 'DONE' },
      { type: 'REFUND_STARTED', actor, amount, data: { reason } },
      and(eq(payments.refundStatus, previousRefundStatus), eq(payments.refundedAmount, 0)),
    );
    if (!claimed) throw badState('이미 환불되었거나 환불이 진행 중인 결제입니다.');
    let providerData: Record<string, unknown> = {};
    if (p.method === 'CARD') {
      try {
        const res = await this.provider.cancel(p.paymentKey!, { cancelReason: reason, cancelAmount: amount }, `refund-${p.orderId}`);
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
      const row = await repo.transition(
        tx,
        p.id,
        ['DONE', 'PARTIAL_CANCELED'],
        { status: to, refundedAmount: amount, refundedAt: this.clock(), refundDue: null, refundAccount: refundAccount ?? null },
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
      if (!row) throw badState('환불 중 결제 상태가 바뀌었습니다.');
      if (row.applicationId) {
        // A savepoint: the money has gone back already, so the ledger records it even if the
        // application had moved on (it is then left as it is, and the failure logged).
        await tx
          .transaction((t) => this.studies.refund(row.applicationId!, t))
          .catch((err) => this.ctx.log.warn({ err, orderId: row.orderId }, 'payments: the application could not be marked REFUNDED'));
      }
      await this.enqueueNotice(tx, 'REFUNDED', row.id);
      return row;
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Back office

  /** The back office's home: reported deposits to confirm, refund requests to decide. */
  adminCounts(): Promise<{ depositsToConfirm: number; refundsToDecide: number }> {
    return repo.adminCounts(this.db);
  }

  async adminList(q: AdminPaymentsQuery) {
    const { rows, total } = await repo.adminList(this.db, q);
    const people = await lookupPeople(
      this.ports,
      rows.map((r) => r.userId),
    );
    const content: AdminPaymentRow[] = rows.map((r) => ({
      ...this.view(r),
      user: people.get(r.userId) ?? { id: r.userId, name: null, email: null },
    }));
    return toPage(content, total, q);
  }

  async adminDetail(id: string): Promise<AdminPaymentDetail> {
    const p = await repo.byId(this.db, id);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    const [events, person, app] = await Promise.all([
      repo.eventsOf(this.db, id),
      lookupPerson(this.ports, p.userId),
      p.applicationId ? this.studies.application(p.applicationId).catch(() => null) : Promise.resolve(null),
    ]);
    return {
      ...this.view(p, app?.status ?? null),
      user: person,
      refundableAmount: p.status === 'DONE' || p.status === 'PARTIAL_CANCELED' ? (p.refundedAmount > 0 ? 0 : p.amount) : 0,
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
    const p = await repo.byId(this.db, id);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    if (p.method !== 'BANK_TRANSFER' || p.status !== 'WAITING_FOR_DEPOSIT')
      throw badState('입금 대기 중인 계좌이체가 아닙니다.', { status: p.status });
    await this.db.transaction(async (tx) => {
      const row = await repo.transition(
        tx,
        p.id,
        ['WAITING_FOR_DEPOSIT'],
        { status: 'DONE', approvedAt: this.clock(), returnNote: null },
        {
          type: 'DEPOSIT_CONFIRMED',
          actor: `admin:${admin.id}`,
          amount: p.amount,
          data: note ? { note } : {},
        },
      );
      if (!row) throw badState('입금 대기 중인 계좌이체가 아닙니다.');
      if (row.applicationId) await this.studies.confirmPaid(tx, row.applicationId, row.amount, row.orderId);
      await this.enqueueNotice(tx, 'CONFIRMED', row.id);
    });
    return this.adminDetail(id);
  }

  /** An admin could not find the deposit: the application goes back to ACCEPTED with a note. */
  async adminReturnDeposit(admin: AuthUser, id: string, note: string): Promise<AdminPaymentDetail> {
    const p = await repo.byId(this.db, id);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    if (p.method !== 'BANK_TRANSFER' || p.status !== 'WAITING_FOR_DEPOSIT' || !p.depositNotifiedAt) {
      throw badState('입금 완료 알림을 받은 계좌이체가 아닙니다.', { status: p.status });
    }
    await this.db.transaction(async (tx) => {
      const row = await repo.transition(
        tx,
        p.id,
        ['WAITING_FOR_DEPOSIT'],
        { depositNotifiedAt: null, returnNote: note },
        {
          type: 'DEPOSIT_RETURNED',
          actor: `admin:${admin.id}`,
          data: { note },
        },
      );
      if (!row) throw badState('입금 대기 중인 계좌이체가 아닙니다.');
      if (row.applicationId) await this.studies.returnToAccepted(row.applicationId, tx);
      await this.enqueueNotice(tx, 'DEPOSIT_RETURNED', row.id, { note });
    });
    return this.adminDetail(id);
  }

  async adminRefund(admin: AuthUser, id: string, body: AdminRefundBody): Promise<AdminPaymentDetail> {
    const p = await repo.byId(this.db, id);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    const amount = body.amount ?? p.refundDue ?? p.amount - p.refundedAmount;
    await this.executeRefund(p, amount, body.reason, `admin:${admin.id}`, body.refundAccount);
    return this.adminDetail(id);
  }

  async adminDeclineRefund(admin: AuthUser, id: string, note: string): Promise<AdminPaymentDetail> {
    const p = await repo.byId(this.db, id);
    if (!p) throw notFound('결제 정보를 찾을 수 없습니다.');
    const row = await repo.transition(
      this.db,
      p.id,
      ['DONE', 'PARTIAL_CANCELED'],
      { refundStatus: 'DECLINED', refundDue: null },
      {
        type: 'REFUND_DECLINED',
        actor: `admin:${admin.id}`,
        data: { note },
      },
      or(eq(payments.refundStatus, 'REQUESTED'), eq(payments.refundStatus, 'AWAITING_TRANSFER')),
    );
    if (!row) throw badState('환불 요청이 없는 결제입니다.');
    await this.enqueueNotice(this.db, 'REFUND_DECLINED', row.id, { note });
    return this.adminDetail(id);
  }

  private async enqueueNotice(tx: Tx | DbOrTx, kind: NoticeKind, paymentId: string, extra: Record<string, unknown> = {}) {
    await this.ctx.jobs.enqueue(JOB_NOTICE, { kind, paymentId, extra }, {}, tx);
  }
}

function depositorName(name: string): string {
  const base = (name.replace(/\s+/g, '') || '모임').slice(0, 6);
  return `${base}${randomInt(1000, 10_000)}`;
}

export function maskAccount(number: string): string {
  const d = number.replace(/\D/g, '');
  return d.length <= 4 ? '****' : `${'*'.repeat(d.length - 4)}${d.slice(-4)}`;
}
