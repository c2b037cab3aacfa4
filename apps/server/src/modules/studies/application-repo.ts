/** SQL for study applications. Applicants' display fields come from the `user_public` view. */
import { OPEN_APPLICATION_STATUSES, type ApplicationStatus } from '@moim/contract';
import { and, asc, desc, eq, getTableColumns, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { type ApplicationRow, studies, studyApplications } from './schema.ts';

export type ApplicationView = ApplicationRow & {
  studyTitle: string;
  studySlug: string;
  applicantName: string;
  applicantImage: string | null;
};

const viewColumns = {
  ...getTableColumns(studyApplications),
  studyTitle: studies.title,
  studySlug: studies.slug,
  applicantName: userPublic.name,
  applicantImage: userPublic.profileImage,
};

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(studyApplications)
    .innerJoin(studies, eq(studies.id, studyApplications.studyId))
    .innerJoin(userPublic, eq(userPublic.id, studyApplications.userId));
}

export async function insertApplication(db: DbOrTx, values: typeof studyApplications.$inferInsert): Promise<ApplicationRow> {
  const [row] = await db.insert(studyApplications).values(values).returning();
  return row!;
}

export async function findApplication(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(studyApplications).where(eq(studyApplications.id, id));
  return row;
}

export async function findApplicationView(db: DbOrTx, id: string): Promise<ApplicationView | undefined> {
  const [row] = await viewQuery(db).where(eq(studyApplications.id, id));
  return row;
}

export async function lockApplication(tx: Tx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(studyApplications).where(eq(studyApplications.id, id)).for('update');
  return row;
}

/** Compare-and-set: move the application only if its status is still one of `from`. */
export async function moveApplication(
  db: DbOrTx,
  id: string,
  from: readonly ApplicationStatus[],
  patch: Partial<typeof studyApplications.$inferInsert>,
  extra?: SQL,
): Promise<ApplicationRow | undefined> {
  const conds = [eq(studyApplications.id, id), inArray(studyApplications.status, [...from])];
  if (extra) conds.push(extra);
  const [row] = await db
    .update(studyApplications)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return row;
}

export async function updateApplication(db: DbOrTx, id: string, patch: Partial<typeof studyApplications.$inferInsert>) {
  const [row] = await db
    .update(studyApplications)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(studyApplications.id, id))
    .returning();
  return row;
}

export async function openApplicationOf(db: DbOrTx, studyId: string, userId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(studyApplications)
    .where(
      and(
        eq(studyApplications.studyId, studyId),
        eq(studyApplications.userId, userId),
        inArray(studyApplications.status, [...OPEN_APPLICATION_STATUSES]),
      ),
    );
  return row;
}

/** The caller's most recent application to a study (for the detail page's viewer block). */
export async function latestApplicationOf(db: DbOrTx, studyId: string, userId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(studyApplications)
    .where(and(eq(studyApplications.studyId, studyId), eq(studyApplications.userId, userId)))
    .orderBy(desc(studyApplications.appliedAt))
    .limit(1);
  return row;
}

export async function listByStudy(
  db: DbOrTx,
  studyId: string,
  q: { page: number; size: number; sort: string; status?: ApplicationStatus[] | undefined },
): Promise<{ rows: ApplicationView[]; total: number }> {
  const conds: SQL[] = [eq(studyApplications.studyId, studyId)];
  if (q.status?.length) conds.push(inArray(studyApplications.status, q.status));
  const where = and(...conds);
  const [field, dir] = q.sort.split(',');
  const d = dir === 'asc' ? asc : desc;
  const col = field === 'status' ? studyApplications.status : studyApplications.appliedAt;
  const rows = await viewQuery(db)
    .where(where)
    .orderBy(d(col), d(studyApplications.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyApplications)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

/** A user's applications to studies that are not deleted, newest first. */
export async function listByUser(db: DbOrTx, userId: string): Promise<ApplicationView[]> {
  return viewQuery(db)
    .where(and(eq(studyApplications.userId, userId), eq(studies.deleted, false)))
    .orderBy(desc(studyApplications.appliedAt));
}

/** The application's study has been terminated (a seat hold there has nothing left to wait for). */
export const inTerminatedStudy: SQL = sql`exists (select 1 from ${studies} where ${studies.id} = ${studyApplications.studyId} and ${studies.status} = 'TERMINATED')`;

/**
 * Accepted applications due to expire (the safety-net sweep): the payment deadline has passed,
 * or the study was terminated (a hold TERMINATE had to skip because its row was locked).
 */
export async function overdueAccepted(db: DbOrTx, now: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: studyApplications.id })
    .from(studyApplications)
    .where(and(eq(studyApplications.status, 'ACCEPTED'), or(lte(studyApplications.paymentDeadline, now), inTerminatedStudy)))
    .orderBy(asc(studyApplications.paymentDeadline))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A study's unpaid seat holds (ACCEPTED) end as EXPIRED at once (the study was terminated); the
 * moved rows. The caller holds the study's row lock; a hold whose row another transaction has
 * locked (a payment being recorded, a cancel) is skipped rather than waited for, since those lock
 * the application first and the study second: waiting here would deadlock with them. The
 * skipped ones are returned as `skipped`: the caller queues their expiry for a moment later
 * (ApplicationService.expire takes an ACCEPTED hold of a terminated study whatever its deadline),
 * and the sweep catches any that are still left.
 */
export async function expireUnpaidHolds(tx: Tx, studyId: string, now: Date): Promise<{ expired: ApplicationRow[]; skipped: string[] }> {
  const holds = tx
    .select({ id: studyApplications.id })
    .from(studyApplications)
    .where(and(eq(studyApplications.studyId, studyId), eq(studyApplications.status, 'ACCEPTED')))
    .for('update', { skipLocked: true });
  const expired = await tx
    .update(studyApplications)
    .set({ status: 'EXPIRED', closedAt: now, updatedAt: now })
    .where(and(inArray(studyApplications.id, holds), eq(studyApplications.status, 'ACCEPTED')))
    .returning();
  // A plain read (no lock) sees the skipped rows as last committed: still ACCEPTED.
  const left = await tx
    .select({ id: studyApplications.id })
    .from(studyApplications)
    .where(and(eq(studyApplications.studyId, studyId), eq(studyApplications.status, 'ACCEPTED')));
  return { expired, skipped: left.map((r) => r.id) };
}

/** Open applications per study (back office). */
export async function countOpenByStudy(db: DbOrTx, studyIds: string[]): Promise<Map<string, number>> {
  if (studyIds.length === 0) return new Map();
  const rows = await db
    .select({ studyId: studyApplications.studyId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(studyApplications)
    .where(and(inArray(studyApplications.studyId, studyIds), inArray(studyApplications.status, [...OPEN_APPLICATION_STATUSES])))
    .groupBy(studyApplications.studyId);
  return new Map(rows.map((r) => [r.studyId, r.n]));
}
