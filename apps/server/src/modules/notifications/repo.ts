/** SQL for the in-app inbox. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userPublic } from '../users/index.ts';
import { type NotificationRow, notifications } from './schema.ts';

/** Of `ids`, the deleted accounts (the users module's public view): they get no notices. */
export async function deletedAmong(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: userPublic.id })
    .from(userPublic)
    .where(and(inArray(userPublic.id, [...ids]), eq(userPublic.deleted, true)));
  return new Set(rows.map((r) => r.id));
}

export async function insertNotifications(db: DbOrTx, rows: (typeof notifications.$inferInsert)[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

export async function listForUser(db: DbOrTx, userId: string, q: { page: number; size: number; unread?: boolean | undefined }) {
  const where = q.unread ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(where);
  return { rows, total: c?.n ?? 0 };
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return c?.n ?? 0;
}

/** Mark one read; undefined when it is not the user's. Reading twice keeps the first time. */
export async function markRead(db: DbOrTx, userId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findNotifications(db: DbOrTx, ids: string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(notifications).where(inArray(notifications.id, ids));
}
