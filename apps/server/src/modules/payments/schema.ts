/** The payments ledger (see migrations/0005_payments.sql for the constraints and the trigger). */
import type {
  DepositRefundKind,
  DepositRefundStatus,
  PaymentKind,
  PaymentMethod,
  PaymentStatus,
  RefundAccount,
  RefundStatus,
} from '@moim/contract';
import { bigserial, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface CardInfo {
  number: string;
  issuerCode: string | null;
  approveNo?: string | null;
}

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: text('order_id').notNull().unique(),
  kind: text('kind').$type<PaymentKind>().notNull(),
  applicationId: uuid('application_id'),
  studyId: uuid('study_id'),
  userId: uuid('user_id').notNull(),
  orderName: text('order_name').notNull(),
  studyTitle: text('study_title'),
  customerName: text('customer_name').notNull(),
  amount: integer('amount').notNull(),
  method: text('method').$type<PaymentMethod>().notNull(),
  provider: text('provider').$type<'test' | 'toss' | 'bank'>().notNull(),
  paymentKey: text('payment_key').unique(),
  status: text('status').$type<PaymentStatus>().notNull(),
  deadline: timestamp('deadline', { withTimezone: true }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  card: jsonb('card').$type<CardInfo>(),
  depositorName: text('depositor_name'),
  depositNotifiedAt: timestamp('deposit_notified_at', { withTimezone: true }),
  returnNote: text('return_note'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  refundStatus: text('refund_status').$type<RefundStatus>().notNull().default('NONE'),
  refundDue: integer('refund_due'),
  refundAccount: jsonb('refund_account').$type<RefundAccount>(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  /** the refundable deposit within `amount` (migration 0044; deposit-service.ts) */
  depositAmount: integer('deposit_amount').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PaymentRow = typeof payments.$inferSelect;

export const paymentEvents = pgTable('payment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id').notNull(),
  type: text('type').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  amount: integer('amount'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  actor: text('actor').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** the order events were appended in: the ledger lists by it (events of one transaction share `at`) */
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Every deposit refund: one per session, the end and a bonus, each once (migration 0044; docs/deposits.md). */
export const depositRefunds = pgTable('deposit_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id').notNull(),
  studyId: uuid('study_id').notNull(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<DepositRefundKind>().notNull(),
  eventId: uuid('event_id'),
  sessionDate: date('session_date', { mode: 'string' }),
  attendance: text('attendance'),
  amount: integer('amount').notNull(),
  channel: text('channel').$type<'CARD' | 'TRANSFER'>().notNull(),
  status: text('status').$type<DepositRefundStatus>().notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  transactionKey: text('transaction_key'),
  failure: text('failure'),
  doneBy: text('done_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});
export type DepositRefundRow = typeof depositRefunds.$inferSelect;
