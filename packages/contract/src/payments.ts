/**
 * Payments (issue 6): card and bank transfer for paid studies, the test checkout item, the
 * back office and the built-in test gateway's public facts (its test cards). Amounts are
 * integer KRW. The wire protocol with the gateway itself (Toss Payments' shapes) is not part of
 * this contract: it is server-to-provider only, see docs/payments.md.
 */
import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';

export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER'] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * A payment attempt's status, named as Toss Payments names them. IN_PROGRESS is the short
 * window while the server is confirming with the provider.
 */
export const PAYMENT_STATUSES = [
  'READY',
  'IN_PROGRESS',
  'WAITING_FOR_DEPOSIT',
  'DONE',
  'CANCELED',
  'PARTIAL_CANCELED',
  'ABORTED',
  'EXPIRED',
] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** Where a refund stands: requested (waiting for an admin), owed by transfer, done, declined. */
export const REFUND_STATUSES = ['NONE', 'REQUESTED', 'AWAITING_TRANSFER', 'DONE', 'DECLINED'] as const;
export const refundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatus>;

export const PAYMENT_KINDS = ['STUDY', 'TEST_ITEM'] as const;
export const paymentKind = z.enum(PAYMENT_KINDS);
export type PaymentKind = z.infer<typeof paymentKind>;

export const PAYMENT_PROVIDERS = ['test', 'toss'] as const;
export const paymentProviderName = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderName>;

/** Toss Payments' orderId rule: 6–64 characters of letters, digits, '-' and '_'. */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'form.format');
export const amountSchema = z.number().int().min(1).max(100_000_000);

export const bankAccount = z.object({
  bank: z.string(),
  accountNumber: z.string(),
  holder: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/** The account a bank-transfer refund is sent to. */
export const refundAccount = z.object({
  bank: z.string().trim().min(1).max(30),
  number: z
    .string()
    .trim()
    .regex(/^[0-9][0-9-]{4,28}[0-9]$/, 'form.digitsAndDashes'),
  holder: z.string().trim().min(1).max(30),
});
export type RefundAccount = z.infer<typeof refundAccount>;

// --- Starting a payment: POST /api/studies/{id}/applications/{appId}/payment -----------------

export const startPaymentBody = z.object({ method: paymentMethod });
export type StartPaymentBody = z.infer<typeof startPaymentBody>;

/** What the web needs to open the gateway's checkout (Toss `requestPayment` parameters). */
export const cardCheckout = z.object({
  method: z.literal('CARD'),
  provider: paymentProviderName,
  orderId: z.string(),
  amount: z.number().int(),
  orderName: z.string(),
  customerName: z.string(),
  customerKey: z.string(),
  successUrl: z.string(),
  failUrl: z.string(),
  /** The built-in gateway's hosted checkout page (test mode); null when the Toss widget is used. */
  checkoutUrl: z.string().nullable(),
  clientKey: z.string(),
  deadline: z.string().nullable(),
});
export type CardCheckout = z.infer<typeof cardCheckout>;

export const bankTransferInstructions = z.object({
  method: z.literal('BANK_TRANSFER'),
  orderId: z.string(),
  amount: z.number().int(),
  orderName: z.string(),
  account: bankAccount,
  depositorName: z.string(),
  deadline: z.string().nullable(),
});
export type BankTransferInstructions = z.infer<typeof bankTransferInstructions>;

export const startPaymentResult = z.discriminatedUnion('method', [cardCheckout, bankTransferInstructions]);
export type StartPaymentResult = z.infer<typeof startPaymentResult>;

export const notifyDepositBody = z.object({
  depositorName: z.string().trim().min(1).max(20).optional(),
});
export type NotifyDepositBody = z.infer<typeof notifyDepositBody>;

// --- Confirming a card payment: POST /api/payments/confirm ----------------------------------

export const confirmPaymentBody = z.object({
  paymentKey: z.string().min(1).max(200),
  orderId: orderIdSchema,
  amount: amountSchema,
});
export type ConfirmPaymentBody = z.infer<typeof confirmPaymentBody>;

// --- A payment as its owner (or an admin) sees it: GET /api/payments/{orderId} ---------------

export const paymentFailure = z.object({ code: z.string(), message: z.string() });

export const paymentView = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: paymentKind,
  orderName: z.string(),
  amount: z.number().int(),
  method: paymentMethod,
  provider: z.string(),
  status: paymentStatus,
  studyId: z.string().nullable(),
  studyTitle: z.string().nullable(),
  applicationId: z.string().nullable(),
  /** The application's status now (STUDY payments), from the studies module. */
  applicationStatus: z.string().nullable(),
  deadline: z.string().nullable(),
  approvedAt: z.string().nullable(),
  failure: paymentFailure.nullable(),
  /** Bank transfer: where to send the money and the name to send it under. */
  account: bankAccount.nullable(),
  depositorName: z.string().nullable(),
  depositNotifiedAt: z.string().nullable(),
  /** Bank transfer sent back by an admin: their note. */
  returnNote: z.string().nullable(),
  refundedAmount: z.number().int(),
  refundStatus: refundStatus,
  refundAccount: refundAccount.nullable(),
  /** Card: the masked number and issuer the provider reported. */
  card: z.object({ number: z.string(), issuerCode: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** The payment panel of a study application: the amount due and the attempts so far. */
export const applicationPaymentState = z.object({
  applicationId: z.string(),
  studyId: z.string(),
  studyTitle: z.string(),
  applicationStatus: z.string(),
  amount: z.number().int(),
  deadline: z.string().nullable(),
  /** true when the application may be paid now (ACCEPTED, before its deadline). */
  payable: z.boolean(),
  current: paymentView.nullable(),
  payments: z.array(paymentView),
});
export type ApplicationPaymentState = z.infer<typeof applicationPaymentState>;

export const refundAccountBody = z.object({ refundAccount });

export const testCheckoutBody = z.object({ method: z.literal('CARD').default('CARD') });

export const paymentsConfig = z.object({
  provider: paymentProviderName,
  /** The public client key (never the secret key). */
  clientKey: z.string(),
  /** The payment SDK the web loads (toss), or null for the built-in gateway. */
  sdkUrl: z.string().nullable(),
  testMode: z.boolean(),
  testCards: z.array(z.object({ number: z.string(), outcome: z.string(), ko: z.string(), en: z.string() })),
  bank: bankAccount,
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

// --- The back office: /api/admin/payments… --------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'form.date');

export const adminPaymentsQuery = pageQuery.extend({
  status: z.union([paymentStatus, z.array(paymentStatus)]).optional(),
  method: paymentMethod.optional(),
  kind: paymentKind.optional(),
  studyId: z.string().uuid().optional(),
  refundStatus: refundStatus.optional(),
  /** created on or after this day (Asia/Seoul) */
  from: isoDate.optional(),
  /** created on or before this day (Asia/Seoul) */
  to: isoDate.optional(),
  /** orderId, depositor name or payer email/name contains */
  q: z.string().trim().max(100).optional(),
});
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

export const paymentUser = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });

export const adminPaymentRow = paymentView.extend({ user: paymentUser });
export type AdminPaymentRow = z.infer<typeof adminPaymentRow>;
export const adminPaymentPage = page(adminPaymentRow);

export const PAYMENT_EVENT_TYPES = [
  'CREATED',
  'CONFIRM_REQUESTED',
  'APPROVED',
  'CONFIRM_FAILED',
  'CONFIRM_UNKNOWN',
  'DEPOSIT_NOTIFIED',
  'DEPOSIT_CONFIRMED',
  'DEPOSIT_RETURNED',
  'REFUND_REQUESTED',
  'REFUND_ACCOUNT_SET',
  'REFUND_STARTED',
  'REFUNDED',
  'REFUND_DECLINED',
  'REFUND_FAILED',
  'ABORTED',
  'EXPIRED',
] as const;
export const paymentEventType = z.enum(PAYMENT_EVENT_TYPES);
export type PaymentEventType = z.infer<typeof paymentEventType>;

export const paymentEvent = z.object({
  id: z.string(),
  type: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  amount: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  actor: z.string(),
  at: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEvent>;

export const adminPaymentDetail = adminPaymentRow.extend({
  events: z.array(paymentEvent),
  /** the largest amount a refund may still return */
  refundableAmount: z.number().int(),
  /** before the study's start a leave is refunded in full */
  studyStartDate: z.string().nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetail>;

export const adminDepositBody = z.object({ note: z.string().trim().max(500).optional() });
export const adminReturnDepositBody = z.object({ note: z.string().trim().min(1).max(500) });
export const adminRefundBody = z.object({
  /** KRW; omitted = everything still refundable */
  amount: amountSchema.optional(),
  reason: z.string().trim().min(1).max(200),
  /** bank transfer: the account the money was sent to, if the member did not give one */
  refundAccount: refundAccount.optional(),
});
export type AdminRefundBody = z.infer<typeof adminRefundBody>;
export const adminDeclineRefundBody = z.object({ note: z.string().trim().min(1).max(500) });

export const paymentIdParams = z.object({ id: z.string().uuid() });
export const orderIdParams = z.object({ orderId: orderIdSchema });
export const applicationPaymentParams = z.object({ id: z.string().uuid(), appId: z.string().uuid() });
