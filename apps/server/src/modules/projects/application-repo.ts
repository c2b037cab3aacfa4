/** SQL for applications to project positions. */
import type { ProjectApplicationListQuery, ProjectApplicationStatus } from '@moim/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ProjectApplicationRow, projectApplications } from './schema.ts';

type NewApplication = typeof projectApplications.$inferInsert;

export async function insertApplication(db: DbOrTx, values: NewApplication): Promise<ProjectApplicationRow> {
  const [row] = await db.insert(projectApplications).values(values).returning();
  return row!;
}

export async function findApplication(db: DbOrTx, id: string): Promise<ProjectApplicationRow | undefined> {
  const [row] = await db.select().from(projectApplications).where(eq(projectApplications.id, id));
  return row;
}

/** Compare-and-set: moves the application only while it still has one of `from`. */
export async function moveApplication(
  db: DbOrTx,
  id: string,
  from: readonly ProjectApplicationStatus[],
  patch: Partial<NewApplication> & { status: ProjectApplicationStatus },
): Promise<ProjectApplicationRow | undefined> {
  const [row] = await db
    .update(projectApplications)
    .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(and(eq(projectApplications.id, id), inArray(projectApplications.status, [...from])))
    .returning();
  return row;
}

/** Close every PENDING application of a project (it was cancelled, completed or deleted). */
export async function closePending(db: DbOrTx, projectId: string, note: string, now: Date): Promise<ProjectApplicationRow[]> {
  return db
    .update(projectApplications)
    .set({ status: 'REJECTED', reviewNote: note, decidedAt: now, decidedBy: null, updatedAt: now })
    .where(and(eq(projectApplications.projectId, projectId), eq(projectApplications.status, 'PENDING')))
    .returning();
}

export async function listForProject(
  db: DbOrTx,
  projectId: string,
  q: Pick<ProjectApplicationListQuery, 'page' | 'size' | 'sort' | 'status'>,
): Promise<{ rows: ProjectApplicationRow[]; total: number }> {
  const conds = [eq(projectApplications.projectId, projectId)];
  if (q.status?.length) conds.push(inArray(projectApplications.status, q.status));
  const where = and(...conds);
  const order = q.sort === 'createdAt,asc' ? asc(projectApplications.createdAt) : desc(projectApplications.createdAt);
  const rows = await db
    .select()
    .from(projectApplications)
    .where(where)
    .orderBy(order, desc(projectApplications.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(projectApplications)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function applicationsOfUser(db: DbOrTx, userId: string): Promise<ProjectApplicationRow[]> {
  return db
    .select()
    .from(projectApplications)
    .where(eq(projectApplications.userId, userId))
    .orderBy(desc(projectApplications.createdAt), desc(projectApplications.id));
}

/** The user's latest application to a project. */
export async function latestApplicationOf(db: DbOrTx, projectId: string, userId: string): Promise<ProjectApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(projectApplications)
    .where(and(eq(projectApplications.projectId, projectId), eq(projectApplications.userId, userId)))
    .orderBy(desc(projectApplications.createdAt), desc(projectApplications.id))
    .limit(1);
  return row;
}

export async function countPending(db: DbOrTx, projectId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(projectApplications)
    .where(and(eq(projectApplications.projectId, projectId), eq(projectApplications.status, 'PENDING')));
  return c?.n ?? 0;
}

/** Positions (of `ids`) with a PENDING application: decide those before removing the position. */
export async function positionsWithPending(db: DbOrTx, positionIds: string[]): Promise<Set<string>> {
  if (positionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: projectApplications.positionId })
    .from(projectApplications)
    .where(and(inArray(projectApplications.positionId, positionIds), eq(projectApplications.status, 'PENDING')));
  return new Set(rows.map((r) => r.id));
}
