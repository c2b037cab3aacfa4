/** The built-in test gateway's own state: it plays the provider's side of the protocol. */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const testGatewayPayments = pgTable('test_gateway_payments', {
  paymentKey: text('payment_key').primaryKey(),
  orderId: text('order_id').notNull(),
  orderName: text('order_name').notNull(),
  amount: integer('amount').notNull(),
  balanceAmount: integer('balance_amount').notNull(),
  status: text('status').$type<'IN_PROGRESS' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED' | 'EXPIRED'>().notNull(),
  cardNumber: text('card_number').notNull(),
  outcome: text('outcome').$type<'APPROVE' | 'DECLINE' | 'NETWORK_ERROR'>().notNull(),
  customerName: text('customer_name'),
  cancels: jsonb('cancels').$type<Record<string, unknown>[]>().notNull().default([]),
  failure: jsonb('failure').$type<{ code: string; message: string }>(),
  lastTransactionKey: text('last_transaction_key'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TestGatewayPaymentRow = typeof testGatewayPayments.$inferSelect;

export const testGatewayIdempotency = pgTable('test_gateway_idempotency', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  body: jsonb('body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
