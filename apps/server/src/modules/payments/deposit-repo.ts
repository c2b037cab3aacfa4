/** SQL of deposit refunds (docs/deposits.md): each row once by its idempotency key. */
import type { DepositRefundStatus } from '@moim/contract';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { depositRefunds, payments, type DepositRefundRow, type PaymentRow } from './schema.ts';

export type NewDepositRefund = typeof depositRefunds.$inferInsert;

/** The study's paid deposits still running: completed, nothing asked back by a leave. */
export async function runningDeposits(db: DbOrTx, studyId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.studyId, studyId),
        eq(payments.kind, 'STUDY'),
        gt(payments.depositAmount, 0),
        inArray(payments.status, ['DONE', 'PARTIAL_CANCELED', 'CANCELED']),
        eq(payments.refundStatus, 'NONE'),
      ),
    )
    .orderBy(asc(payments.userId));
}

/** Studies with a deposit not yet settled to its end (the sweep's work list). */
export async function studiesWithDeposits(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ studyId: payments.studyId })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'STUDY'),
        gt(payments.depositAmount, 0),
        inArray(payments.status, ['DONE', 'PARTIAL_CANCELED', 'CANCELED']),
        eq(payments.refundStatus, 'NONE'),
        sql`not exists (select 1 from deposit_refunds r where r.payment_id = ${payments.id} and r.kind = 'FINAL')`,
      ),
    );
  return rows.map((r) => r.studyId!).filter(Boolean);
}

export async function refundsOfPayments(db: DbOrTx, paymentIds: string[]): Promise<DepositRefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(depositRefunds)
    .where(inArray(depositRefunds.paymentId, paymentIds))
    .orderBy(asc(depositRefunds.sessionDate), asc(depositRefunds.createdAt));
}

/** Inserts the refund unless its key exists; the row when this call made it. */
export async function insertRefund(db: DbOrTx, values: NewDepositRefund): Promise<DepositRefundRow | undefined> {
  const rows = await db.insert(depositRefunds).values(values).onConflictDoNothing({ target: depositRefunds.idempotencyKey }).returning();
  return rows[0];
}

export async function refundById(db: DbOrTx, id: string): Promise<DepositRefundRow | undefined> {
  return (await db.select().from(depositRefunds).where(eq(depositRefunds.id, id)).limit(1))[0];
}

/** Compare-and-swap of a refund's status. */
export async function moveRefund(
  db: DbOrTx,
  id: string,
  from: DepositRefundStatus[],
  set: Partial<NewDepositRefund>,
): Promise<DepositRefundRow | undefined> {
  const rows = await db
    .update(depositRefunds)
    .set(set)
    .where(and(eq(depositRefunds.id, id), inArray(depositRefunds.status, from)))
    .returning();
  return rows[0];
}

/** The back office's list: by status (AWAITING_TRANSFER is the payout list), newest first. */
export async function listRefunds(
  db: DbOrTx,
  q: { status?: DepositRefundStatus | undefined; studyId?: string | undefined; limit: number },
) {
  const conds = [];
  if (q.status) conds.push(eq(depositRefunds.status, q.status));
  if (q.studyId) conds.push(eq(depositRefunds.studyId, q.studyId));
  return db
    .select({ refund: depositRefunds, orderId: payments.orderId, studyTitle: payments.studyTitle, refundAccount: payments.refundAccount })
    .from(depositRefunds)
    .innerJoin(payments, eq(payments.id, depositRefunds.paymentId))
    .where(conds.length ? and(...conds) : sql`true`)
    .orderBy(desc(depositRefunds.createdAt))
    .limit(q.limit);
}

/** The studies that have deposit refunds, with how many wait for a transfer, failed, and in all (most waiting first). */
export async function payoutStudies(db: DbOrTx) {
  const awaiting = sql<number>`count(*) filter (where ${depositRefunds.status} = 'AWAITING_TRANSFER')`.mapWith(Number);
  const failed = sql<number>`count(*) filter (where ${depositRefunds.status} = 'FAILED')`.mapWith(Number);
  return db
    .select({
      studyId: depositRefunds.studyId,
      studyTitle: sql<string | null>`max(${payments.studyTitle})`,
      awaitingTransfer: awaiting,
      failed,
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(depositRefunds)
    .innerJoin(payments, eq(payments.id, depositRefunds.paymentId))
    .groupBy(depositRefunds.studyId)
    .orderBy(desc(awaiting), desc(failed), sql`max(${payments.studyTitle})`)
    .limit(500);
}

/** Every deposit payment of a study that completed (any refund state), one per member: the latest. */
export async function depositsOfStudy(db: DbOrTx, studyId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.studyId, studyId),
        eq(payments.kind, 'STUDY'),
        gt(payments.depositAmount, 0),
        inArray(payments.status, ['DONE', 'PARTIAL_CANCELED', 'CANCELED']),
      ),
    )
    .orderBy(desc(payments.createdAt));
  const seen = new Set<string>();
  return rows.filter((p) => (seen.has(p.userId) ? false : (seen.add(p.userId), true)));
}

/**
 * What the payment's deposit refunds still owe (made, not yet paid out: with the provider, waiting
 * for a transfer, or refused and to be retried); a bonus is other members' money and not counted.
 */
export async function owedDepositRefunds(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | number | null>`sum(${depositRefunds.amount})` })
    .from(depositRefunds)
    .where(
      and(
        eq(depositRefunds.paymentId, paymentId),
        inArray(depositRefunds.kind, ['SESSION', 'FINAL']),
        inArray(depositRefunds.status, ['PENDING', 'AWAITING_TRANSFER', 'FAILED']),
      ),
    );
  return Number(row?.n ?? 0);
}
