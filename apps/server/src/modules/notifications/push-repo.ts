/** SQL for push subscriptions (one row per browser that allowed notifications). */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PushSubscriptionRow, pushSubscriptions } from './schema.ts';

/** Store a subscription; an endpoint already known (the same browser) moves to `userId` with its new keys. */
export async function upsertSubscription(
  db: DbOrTx,
  row: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<PushSubscriptionRow> {
  const [r] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent, createdAt: sql`now()` },
    })
    .returning();
  return r!;
}

export async function deleteSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const r = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return r.length > 0;
}

/** Drop an expired subscription (its push service answered 404/410). */
export async function deleteSubscriptionById(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: DbOrTx, userIds: string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

export async function findSubscription(db: DbOrTx, id: string): Promise<PushSubscriptionRow | undefined> {
  const [r] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return r;
}

export async function markDelivered(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

export async function deviceCount(db: DbOrTx, userId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Number(r?.n ?? 0);
}
