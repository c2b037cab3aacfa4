/**
 * The built-in test gateway: moim's own stand-in for Toss Payments, used when the payment mode
 * is test. It keeps its state in its own tables, authenticates card entries on its hosted
 * checkout page, and answers confirm / cancel / lookup with Toss's shapes, status codes and
 * error codes. The test card number decides what confirm answers (TEST_CARDS in the contract).
 *
 * Every operation takes the Authorization header as sent (Basic, secret key) and returns an HTTP
 * answer `{status, body}`; `drop: true` means "lose the connection" (the network-error card),
 * which the HTTP layer does by destroying the socket.
 */
import { TEST_CARDS, type TestCardOutcome } from '@moim/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { kstIso, secretFromBasic, tossError, TOSS_ERRORS, type TossErrorCode } from '../toss-protocol.ts';
import type { TossCancel, TossPayment } from '../types.ts';
import { testGatewayIdempotency, testGatewayPayments, type TestGatewayPaymentRow } from './schema.ts';

export interface GatewayAnswer {
  status: number;
  body: unknown;
  /** simulate a lost connection: the caller never receives this answer */
  drop?: boolean;
}

export interface GatewayKeys {
  clientKey: string;
  secretKey: string;
}

/** Toss lets a confirmed-by-the-customer payment wait 10 minutes for the merchant's confirm. */
export const CONFIRM_WINDOW_MS = 10 * 60_000;
const IDEMPOTENCY_TTL_DAYS = 15;
const MID = 'tmoimtest';

const digits = (s: string) => s.replace(/[\s-]/g, '');

export function luhnValid(number: string): boolean {
  if (!/^\d{13,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What a card number does on this gateway: the listed test cards, else any valid number approves. */
export function cardOutcome(cardNumber: string): TestCardOutcome | null {
  const n = digits(cardNumber);
  const listed = TEST_CARDS.find((c) => digits(c.number) === n);
  if (listed) return listed.outcome;
  return luhnValid(n) ? 'APPROVE' : null;
}

/** Toss masks like "42424242****424*". */
export function maskCard(cardNumber: string): string {
  const n = digits(cardNumber);
  return `${n.slice(0, 8)}****${n.slice(12, 15)}*`;
}

function newKey(prefix: string, len = 20): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(len);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}${out}`;
}

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

const err = (code: TossErrorCode, message?: string): GatewayAnswer => {
  const e = tossError(code);
  return { status: e.status, body: message ? { ...e.body, message } : e.body };
};

export class TestGateway {
  constructor(
    private readonly db: Db,
    readonly keys: GatewayKeys,
    private readonly publicUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Hosted checkout (the customer's side)

  isClientKey(key: string | undefined): boolean {
    return typeof key === 'string' && key === this.keys.clientKey;
  }

  /**
   * The customer entered a card on the checkout page. A known or valid card is "authenticated"
   * (IN_PROGRESS, a paymentKey issued) and the customer goes to successUrl; the merchant must
   * confirm within 10 minutes. The outcome of the listed test cards shows at confirm.
   */
  async authenticate(input: {
    orderId: string;
    orderName: string;
    amount: number;
    customerName: string | null;
    cardNumber: string;
  }): Promise<{ paymentKey: string } | { error: TossErrorCode }> {
    const outcome = cardOutcome(input.cardNumber);
    if (!outcome) return { error: 'INVALID_CARD_NUMBER' };
    const done = await this.db
      .select({ k: testGatewayPayments.paymentKey })
      .from(testGatewayPayments)
      .where(
        and(eq(testGatewayPayments.orderId, input.orderId), sql`${testGatewayPayments.status} in ('DONE', 'CANCELED', 'PARTIAL_CANCELED')`),
      )
      .limit(1);
    if (done.length > 0) return { error: 'ALREADY_PROCESSED_PAYMENT' };
    const now = this.clock();
    const stamp = kstIso(now).slice(0, 19).replace(/\D/g, '');
    const paymentKey = newKey(`tmoim${stamp}`, 12);
    await this.db.insert(testGatewayPayments).values({
      paymentKey,
      orderId: input.orderId,
      orderName: input.orderName,
      amount: input.amount,
      balanceAmount: input.amount,
      status: 'IN_PROGRESS',
      cardNumber: maskCard(input.cardNumber),
      outcome,
      customerName: input.customerName,
      requestedAt: now,
      updatedAt: now,
    });
    return { paymentKey };
  }

  // ---------------------------------------------------------------------------------------------
  // The API (the merchant's side)

  /** POST /v1/payments/confirm */
  async confirm(authorization: string | undefined, idempotencyKey: string | undefined, body: unknown): Promise<GatewayAnswer> {
    const secret = this.authorize(authorization);
    if (!secret) return err('UNAUTHORIZED_KEY');
    return this.idempotent(secret, 'POST /v1/payments/confirm', idempotencyKey, body, () => this.doConfirm(body));
  }

  /** POST /v1/payments/{paymentKey}/cancel */
  async cancel(
    authorization: string | undefined,
    idempotencyKey: string | undefined,
    paymentKey: string,
    body: unknown,
  ): Promise<GatewayAnswer> {
    const secret = this.authorize(authorization);
    if (!secret) return err('UNAUTHORIZED_KEY');
    return this.idempotent(secret, `POST /v1/payments/${paymentKey}/cancel`, idempotencyKey, body, () => this.doCancel(paymentKey, body));
  }

  /** GET /v1/payments/{paymentKey} */
  async get(authorization: string | undefined, paymentKey: string): Promise<GatewayAnswer> {
    if (!this.authorize(authorization)) return err('UNAUTHORIZED_KEY');
    const row = await this.find(paymentKey);
    return row ? { status: 200, body: this.toPayment(row) } : err('NOT_FOUND_PAYMENT');
  }

  /** GET /v1/payments/orders/{orderId}: the order's latest payment. */
  async getByOrderId(authorization: string | undefined, orderId: string): Promise<GatewayAnswer> {
    if (!this.authorize(authorization)) return err('UNAUTHORIZED_KEY');
    const rows = await this.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.orderId, orderId))
      .orderBy(desc(testGatewayPayments.requestedAt))
      .limit(1);
    const row = rows[0];
    return row ? { status: 200, body: this.toPayment(await this.expireIfStale(row)) } : err('NOT_FOUND_PAYMENT');
  }

  /** The receipt page's facts (an approved payment only). */
  async receipt(paymentKey: string) {
    const row = await this.find(paymentKey);
    if (!row || !row.approvedAt) return null;
    return {
      orderId: row.orderId,
      orderName: row.orderName,
      amount: row.amount,
      balanceAmount: row.balanceAmount,
      status: row.status,
      cardNumber: row.cardNumber,
      approvedAt: kstIso(row.approvedAt),
    };
  }

  private authorize(authorization: string | undefined): string | null {
    const secret = secretFromBasic(authorization);
    return secret && sameSecret(secret, this.keys.secretKey) ? secret : null;
  }

  private async find(paymentKey: string): Promise<TestGatewayPaymentRow | undefined> {
    const rows = await this.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.paymentKey, paymentKey)).limit(1);
    return rows[0];
  }

  private async expireIfStale(row: TestGatewayPaymentRow): Promise<TestGatewayPaymentRow> {
    if (row.status !== 'IN_PROGRESS' || this.clock().getTime() - row.requestedAt.getTime() <= CONFIRM_WINDOW_MS) return row;
    const updated = await this.db
      .update(testGatewayPayments)
      .set({ status: 'EXPIRED', updatedAt: this.clock() })
      .where(and(eq(testGatewayPayments.paymentKey, row.paymentKey), eq(testGatewayPayments.status, 'IN_PROGRESS')))
      .returning();
    return updated[0] ?? (await this.find(row.paymentKey)) ?? row;
  }

  private async doConfirm(body: unknown): Promise<GatewayAnswer> {
    const b = (body ?? {}) as Record<string, unknown>;
    if (
      typeof b.paymentKey !== 'string' ||
      b.paymentKey.length === 0 ||
      b.paymentKey.length > 200 ||
      typeof b.orderId !== 'string' ||
      !/^[A-Za-z0-9_-]{6,64}$/.test(b.orderId) ||
      typeof b.amount !== 'number' ||
      !Number.isInteger(b.amount) ||
      b.amount <= 0
    ) {
      return err('INVALID_REQUEST');
    }
    const found = await this.find(b.paymentKey);
    if (!found || found.orderId !== b.orderId) return err('NOT_FOUND_PAYMENT');
    const row = await this.expireIfStale(found);
    if (row.amount !== b.amount) return err('INVALID_REQUEST', '잘못된 요청입니다. 결제 금액이 결제 요청 금액과 다릅니다.');
    if (row.status === 'DONE' || row.status === 'CANCELED' || row.status === 'PARTIAL_CANCELED') return err('ALREADY_PROCESSED_PAYMENT');
    if (row.status === 'EXPIRED') return err('NOT_FOUND_PAYMENT_SESSION');
    if (row.status === 'ABORTED') {
      const code = (row.failure?.code ?? 'PROVIDER_ERROR') as TossErrorCode;
      return err(code in TOSS_ERRORS ? code : 'PROVIDER_ERROR');
    }
    const now = this.clock();
    if (row.outcome !== 'APPROVE') {
      const code: TossErrorCode = row.outcome === 'DECLINE' ? 'REJECT_CARD_PAYMENT' : 'PROVIDER_ERROR';
      const aborted = await this.db
        .update(testGatewayPayments)
        .set({ status: 'ABORTED', failure: { code, message: TOSS_ERRORS[code].message }, updatedAt: now })
        .where(and(eq(testGatewayPayments.paymentKey, row.paymentKey), eq(testGatewayPayments.status, 'IN_PROGRESS')))
        .returning();
      if (aborted.length === 0) return err('ALREADY_PROCESSED_PAYMENT');
      // The network-error card: the approval fails and the answer never reaches the merchant.
      return { ...err(code), drop: row.outcome === 'NETWORK_ERROR' };
    }
    const approved = await this.db
      .update(testGatewayPayments)
      .set({ status: 'DONE', approvedAt: now, lastTransactionKey: newKey('txrd_', 24), updatedAt: now })
      .where(and(eq(testGatewayPayments.paymentKey, row.paymentKey), eq(testGatewayPayments.status, 'IN_PROGRESS')))
      .returning();
    const done = approved[0];
    if (!done) return err('ALREADY_PROCESSED_PAYMENT');
    return { status: 200, body: this.toPayment(done) };
  }

  private async doCancel(paymentKey: string, body: unknown): Promise<GatewayAnswer> {
    const b = (body ?? {}) as Record<string, unknown>;
    if (typeof b.cancelReason !== 'string' || b.cancelReason.trim().length === 0 || b.cancelReason.length > 200) {
      return err('INVALID_REQUEST', '잘못된 요청입니다. 취소 사유(cancelReason)는 필수입니다.');
    }
    if (b.cancelAmount !== undefined && (typeof b.cancelAmount !== 'number' || !Number.isInteger(b.cancelAmount) || b.cancelAmount <= 0)) {
      return err('INVALID_REQUEST');
    }
    const reason = b.cancelReason;
    const requested = b.cancelAmount as number | undefined;
    return this.db.transaction(async (tx) => {
      const rows = await tx.select().from(testGatewayPayments).where(eq(testGatewayPayments.paymentKey, paymentKey)).for('update');
      const row = rows[0];
      if (!row) return err('NOT_FOUND_PAYMENT');
      if (row.status === 'CANCELED') return err('ALREADY_CANCELED_PAYMENT');
      if (row.status !== 'DONE' && row.status !== 'PARTIAL_CANCELED') return err('NOT_CANCELABLE_PAYMENT');
      const amount = requested ?? row.balanceAmount;
      if (amount > row.balanceAmount) return err('NOT_CANCELABLE_AMOUNT');
      const now = this.clock();
      const balance = row.balanceAmount - amount;
      const transactionKey = newKey('txcn_', 24);
      const cancel: TossCancel = {
        cancelAmount: amount,
        cancelReason: reason,
        taxFreeAmount: 0,
        taxExemptionAmount: 0,
        refundableAmount: balance,
        easyPayDiscountAmount: 0,
        canceledAt: kstIso(now),
        transactionKey,
        receiptKey: newKey('rcpt_', 20),
        cancelStatus: 'DONE',
        cancelRequestId: null,
      };
      const updated = await tx
        .update(testGatewayPayments)
        .set({
          status: balance === 0 ? 'CANCELED' : 'PARTIAL_CANCELED',
          balanceAmount: balance,
          cancels: [...row.cancels, cancel as unknown as Record<string, unknown>],
          lastTransactionKey: transactionKey,
          updatedAt: now,
        })
        .where(eq(testGatewayPayments.paymentKey, paymentKey))
        .returning();
      return { status: 200, body: this.toPayment(updated[0]!) };
    });
  }

  /**
   * Same Idempotency-Key (for the same secret key, method and path) → the first answer again,
   * for 15 days. While the first request runs, a repeat gets IDEMPOTENT_REQUEST_PROCESSING.
   */
  private async idempotent(
    secret: string,
    operation: string,
    key: string | undefined,
    body: unknown,
    run: () => Promise<GatewayAnswer>,
  ): Promise<GatewayAnswer> {
    if (key === undefined || key === '') return run();
    if (key.length > 300) return err('INVALID_REQUEST', '잘못된 요청입니다. 멱등키는 300자 이하여야 합니다.');
    const scope = `${createHash('sha256').update(secret).digest('hex').slice(0, 16)} ${operation}`;
    const requestHash = createHash('sha256')
      .update(JSON.stringify(body ?? null))
      .digest('hex');
    await this.db
      .delete(testGatewayIdempotency)
      .where(
        and(
          eq(testGatewayIdempotency.scope, scope),
          eq(testGatewayIdempotency.key, key),
          lt(testGatewayIdempotency.createdAt, new Date(this.clock().getTime() - IDEMPOTENCY_TTL_DAYS * 86_400_000)),
        ),
      );
    const claimed = await this.db
      .insert(testGatewayIdempotency)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: testGatewayIdempotency.key });
    if (claimed.length === 0) {
      const prior = (
        await this.db
          .select()
          .from(testGatewayIdempotency)
          .where(and(eq(testGatewayIdempotency.scope, scope), eq(testGatewayIdempotency.key, key)))
      )[0];
      if (!prior || prior.statusCode === null) return err('IDEMPOTENT_REQUEST_PROCESSING');
      if (prior.requestHash !== requestHash)
        return err('INVALID_REQUEST', '잘못된 요청입니다. 같은 멱등키로 다른 요청을 보낼 수 없습니다.');
      return { status: prior.statusCode, body: prior.body };
    }
    let answer: GatewayAnswer;
    try {
      answer = await run();
    } catch (e) {
      await this.db.delete(testGatewayIdempotency).where(and(eq(testGatewayIdempotency.scope, scope), eq(testGatewayIdempotency.key, key)));
      throw e;
    }
    await this.db
      .update(testGatewayIdempotency)
      .set({ statusCode: answer.status, body: answer.body })
      .where(and(eq(testGatewayIdempotency.scope, scope), eq(testGatewayIdempotency.key, key)));
    return answer;
  }

  /** The row as Toss's Payment object. */
  toPayment(row: TestGatewayPaymentRow): TossPayment {
    const vat = Math.round(row.amount / 11);
    const approved = row.status === 'DONE' || row.status === 'CANCELED' || row.status === 'PARTIAL_CANCELED';
    const cancels = row.cancels as unknown as TossCancel[];
    return {
      mId: MID,
      version: '2022-11-16',
      lastTransactionKey: row.lastTransactionKey,
      paymentKey: row.paymentKey,
      orderId: row.orderId,
      orderName: row.orderName,
      taxExemptionAmount: 0,
      status: row.status,
      requestedAt: kstIso(row.requestedAt),
      approvedAt: row.approvedAt ? kstIso(row.approvedAt) : null,
      useEscrow: false,
      cultureExpense: false,
      card: {
        amount: row.amount,
        issuerCode: '4V',
        acquirerCode: '21',
        number: row.cardNumber,
        installmentPlanMonths: 0,
        approveNo: approved ? row.paymentKey.slice(-8).toUpperCase() : '00000000',
        useCardPoint: false,
        cardType: '신용',
        ownerType: '개인',
        acquireStatus: approved ? 'READY' : 'NOT_REQUESTED',
        isInterestFree: false,
        interestPayer: null,
      },
      virtualAccount: null,
      transfer: null,
      mobilePhone: null,
      giftCertificate: null,
      cashReceipt: null,
      cashReceipts: null,
      discount: null,
      cancels: cancels.length > 0 ? cancels : null,
      secret: null,
      type: 'NORMAL',
      easyPay: null,
      country: 'KR',
      failure: row.failure ?? null,
      isPartialCancelable: true,
      receipt: approved ? { url: `${this.publicUrl}/api/payments/test-gateway/receipt/${encodeURIComponent(row.paymentKey)}` } : null,
      checkout: null,
      currency: 'KRW',
      totalAmount: row.amount,
      balanceAmount: row.balanceAmount,
      suppliedAmount: approved ? row.amount - vat : 0,
      vat: approved ? vat : 0,
      taxFreeAmount: 0,
      method: '카드',
    };
  }
}
