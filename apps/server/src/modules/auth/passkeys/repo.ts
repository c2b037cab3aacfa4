/** SQL for passkeys and their ceremony challenges (nothing else touches these tables). */
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { oauthAccounts } from '../schema.ts';
import { passkeyChallenges, passkeys } from './schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof passkeyChallenges.$inferSelect;

export async function insertChallenge(db: DbOrTx, v: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(v);
}

/**
 * Single use: the row is deleted by the first caller that presents the challenge, and only while
 * it is valid and for the ceremony it was made for (multi-instance safe: one DELETE wins).
 */
export async function takeChallenge(db: DbOrTx, challengeHash: string, purpose: 'register' | 'authenticate', now = new Date()) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(eq(passkeyChallenges.challengeHash, challengeHash), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, now)),
    )
    .returning();
  return row;
}

export async function listByUser(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countByUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** Inserted unless the credential id is already registered (to anyone): the row, or undefined. */
export async function insertPasskey(db: DbOrTx, v: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(v).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return row;
}

/**
 * Records a use: the new counter only if it moved forward from the one read (compare-and-swap,
 * so two assertions with the same counter cannot both pass). An authenticator that does not count
 * (0 → 0) always passes. False when the counter regressed in between.
 */
export async function recordUse(db: DbOrTx, id: string, expected: number, next: number): Promise<boolean> {
  const r = await db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, expected), next === 0 && expected === 0 ? undefined : lt(passkeys.counter, next)))
    .returning({ id: passkeys.id });
  return r.length > 0;
}

export async function rename(db: DbOrTx, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function remove(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const r = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return r.length > 0;
}

/** Locks the account's passkeys for the rest of the transaction (removals of the last ones queue). */
export async function lockUserPasskeys(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).for('update');
}

export async function hasSocialLogin(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  return (row?.n ?? 0) > 0;
}

export async function forgetUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
}

export async function sweepChallenges(db: DbOrTx, now = new Date()): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`${now.toISOString()}::timestamptz`));
}
