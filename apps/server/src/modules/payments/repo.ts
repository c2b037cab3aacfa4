/**
 * SQL of the payments ledger. Every status change goes through `transition`, a compare-and-swap
 * on the current status that also appends the event, so concurrent requests cannot both move a
 * payment and the log always says who moved it.
 */
import type { AdminPaymentCounts, AdminPaymentsQuery, PaymentStatus, RefundStatus } from '@moim/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { depositRefunds, paymentEvents, payments, type PaymentRow } from './schema.ts';

export type NewPayment = typeof payments.$inferInsert;

export interface EventInput {
  type: string;
  actor: string;
  amount?: number | null;
  data?: Record<string, unknown>;
  fromStatus?: string | null;
  toStatus?: string | null;
}

export const SETTLED: PaymentStatus[] = ['DONE', 'PARTIAL_CANCELED'];
export const OPEN: PaymentStatus[] = ['READY', 'IN_PROGRESS', 'WAITING_FOR_DEPOSIT'];

export async function insertPayment(db: DbOrTx, values: NewPayment, event: EventInput): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  await appendEvent(db, row!.id, { fromStatus: null, toStatus: row!.status, amount: row!.amount, ...event });
  return row!;
}

export async function appendEvent(db: DbOrTx, paymentId: string, e: EventInput): Promise<void> {
  await db.insert(paymentEvents).values({
    paymentId,
    type: e.type,
    actor: e.actor,
    amount: e.amount ?? null,
    data: e.data ?? {},
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
  });
}

/**
 * Further conditions a transition must meet besides the current status (each one set is ANDed);
 * the services say what they need, this file turns it into SQL.
 */
export interface TransitionGuard {
  /** the refund status is one of these */
  refundStatusIn?: RefundStatus[];
  /** the refunded amount is still this (nothing went back since it was read) */
  refundedAmountIs?: number;
  /** the payment carries this payment key */
  paymentKey?: string;
  /**
   * READY, or a confirmation with the same payment key that has not moved since `staleBefore`
   * (a confirm that died half-way, which another may take over)
   */
  claimableBy?: { paymentKey: string; staleBefore: Date };
}

function guardSql(g: TransitionGuard | undefined): SQL | undefined {
  if (!g) return undefined;
  return and(
    g.refundStatusIn ? inArray(payments.refundStatus, g.refundStatusIn) : undefined,
    g.refundedAmountIs !== undefined ? eq(payments.refundedAmount, g.refundedAmountIs) : undefined,
    g.paymentKey !== undefined ? eq(payments.paymentKey, g.paymentKey) : undefined,
    g.claimableBy
      ? or(
          eq(payments.status, 'READY'),
          and(eq(payments.paymentKey, g.claimableBy.paymentKey), lt(payments.updatedAt, g.claimableBy.staleBefore)),
        )
      : undefined,
  );
}

/**
 * Move a payment from one of `from` to the status in `set` (or keep it), guarded by `guard`;
 * returns the updated row, or null when another request changed it first.
 */
export async function transition(
  db: DbOrTx,
  id: string,
  from: PaymentStatus[],
  set: Partial<NewPayment>,
  event: EventInput,
  guard?: TransitionGuard,
): Promise<PaymentRow | null> {
  const extra = guardSql(guard);
  return db.transaction(async (t) => {
    const current = (await t.select().from(payments).where(eq(payments.id, id)).for('update'))[0];
    if (!current || !from.includes(current.status)) return null;
    const rows = await t
      .update(payments)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(payments.id, id), extra))
      .returning();
    const row = rows[0];
    if (!row) return null;
    await appendEvent(t, id, { fromStatus: current.status, toStatus: row.status, ...event });
    return row;
  });
}

export async function byId(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  return (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0];
}

export async function byOrderId(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  return (await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1))[0];
}

export async function lockById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  return (await db.select().from(payments).where(eq(payments.id, id)).for('update'))[0];
}

export async function forApplication(db: DbOrTx, applicationId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.applicationId, applicationId)).orderBy(desc(payments.createdAt)).limit(50);
}

export async function settledForApplication(db: DbOrTx, applicationId: string): Promise<PaymentRow | undefined> {
  return (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, applicationId), inArray(payments.status, [...SETTLED, 'CANCELED'])))
      .orderBy(desc(payments.createdAt))
      .limit(1)
  )[0];
}

export async function settledForMember(db: DbOrTx, studyId: string, userId: string): Promise<PaymentRow | undefined> {
  return (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.studyId, studyId), eq(payments.userId, userId), inArray(payments.status, [...SETTLED, 'CANCELED'])))
      .orderBy(desc(payments.createdAt))
      .limit(1)
  )[0];
}

export async function waitingDeposit(db: DbOrTx, applicationId: string): Promise<PaymentRow | undefined> {
  return (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'WAITING_FOR_DEPOSIT')))
      .limit(1)
  )[0];
}

export async function openForApplication(db: DbOrTx, applicationId: string, statuses: PaymentStatus[] = OPEN): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), inArray(payments.status, statuses)));
}

/** Open payments whose deadline passed (study payments), or abandoned test-item checkouts. */
export async function overdue(db: DbOrTx, now: Date, limit = 200): Promise<PaymentRow[]> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  return db
    .select()
    .from(payments)
    .where(
      or(
        and(inArray(payments.status, ['READY', 'WAITING_FOR_DEPOSIT']), lt(payments.deadline, now)),
        and(eq(payments.status, 'READY'), eq(payments.kind, 'TEST_ITEM'), lt(payments.createdAt, dayAgo)),
      ),
    )
    .orderBy(asc(payments.deadline))
    .limit(limit);
}

/** Confirmations that have been running for longer than `olderThanMs` (a crash or a lost answer). */
export async function stuckInProgress(db: DbOrTx, now: Date, olderThanMs: number, limit = 100): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'IN_PROGRESS'), lt(payments.updatedAt, new Date(now.getTime() - olderThanMs))))
    .limit(limit);
}

export async function eventsOf(db: DbOrTx, paymentId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.seq));
}

const SEOUL_OFFSET = '+09:00';

export async function adminList(db: DbOrTx, q: AdminPaymentsQuery, userIdsMatching: string[] = []) {
  const where: (SQL | undefined)[] = [];
  if (q.status) where.push(inArray(payments.status, Array.isArray(q.status) ? q.status : [q.status]));
  if (q.method) where.push(eq(payments.method, q.method));
  if (q.kind) where.push(eq(payments.kind, q.kind));
  if (q.studyId) where.push(eq(payments.studyId, q.studyId));
  if (q.refundStatus) where.push(eq(payments.refundStatus, q.refundStatus));
  if (q.from) where.push(gte(payments.createdAt, new Date(`${q.from}T00:00:00${SEOUL_OFFSET}`)));
  if (q.to) where.push(lte(payments.createdAt, new Date(`${q.to}T23:59:59.999${SEOUL_OFFSET}`)));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(payments.orderId, like),
        ilike(payments.depositorName, like),
        ilike(payments.customerName, like),
        ilike(payments.orderName, like),
        userIdsMatching.length > 0 ? inArray(payments.userId, userIdsMatching) : undefined,
      ),
    );
  }
  const cond = and(...where);
  const [field, dir] = q.sort.split(',') as [string, string | undefined];
  const column = field === 'amount' ? payments.amount : field === 'updatedAt' ? payments.updatedAt : payments.createdAt;
  const order = dir === 'asc' ? asc(column) : desc(column);
  const rows = await db
    .select()
    .from(payments)
    .where(cond)
    .orderBy(order, desc(payments.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(payments).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

/** What waits for an admin: reported deposits to confirm, refund requests to decide, deposit payouts to send or retry. */
export async function adminCounts(db: DbOrTx): Promise<AdminPaymentCounts> {
  const [deposits] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.status, 'WAITING_FOR_DEPOSIT'), isNotNull(payments.depositNotifiedAt)));
  const [refunds] = await db.select({ n: count() }).from(payments).where(eq(payments.refundStatus, 'REQUESTED'));
  const payouts = await db
    .select({ status: depositRefunds.status, n: count() })
    .from(depositRefunds)
    .where(inArray(depositRefunds.status, ['AWAITING_TRANSFER', 'FAILED']))
    .groupBy(depositRefunds.status);
  const payoutsIn = (status: string) => Number(payouts.find((p) => p.status === status)?.n ?? 0);
  return {
    depositsToConfirm: deposits?.n ?? 0,
    refundsToDecide: refunds?.n ?? 0,
    depositPayoutsToSend: payoutsIn('AWAITING_TRANSFER'),
    depositRefundsFailed: payoutsIn('FAILED'),
  };
}
