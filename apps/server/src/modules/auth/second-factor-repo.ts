/** SQL of the second factor (its tables are in schema.ts, migration 0034); nothing else touches them. */
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authSessions, recoveryCodes, secondFactorChallenges, secondFactorResets, secondFactors, sessionProofs } from './schema.ts';

export async function findFactor(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  return row ?? null;
}

export async function hasConfirmedFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  return Boolean(row);
}

/** A new pending enrolment (replacing a pending one); false when a confirmed factor exists. */
export async function putPendingFactor(db: DbOrTx, userId: string, secretEnc: string): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretEnc, createdAt: sql`now()`, lastTimeStep: null },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Pending → confirmed, once (compare-and-swap). */
export async function confirmFactor(db: DbOrTx, userId: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ confirmedAt: sql`now()`, lastTimeStep: timeStep })
    .where(and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)))
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Accept a TOTP time step only if it is newer than every one accepted before (no replay). */
export async function advanceTimeStep(db: DbOrTx, userId: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastTimeStep: timeStep })
    .where(
      and(
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.confirmedAt),
        or(isNull(secondFactors.lastTimeStep), lt(secondFactors.lastTimeStep, timeStep)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

export async function deleteFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(secondFactors).where(eq(secondFactors.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId })));
}

/** Spend a recovery code, once (compare-and-swap). */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.codeHash, codeHash), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function insertChallenge(
  db: DbOrTx,
  row: { tokenHash: string; userId: string; ip: string | null; userAgent: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(secondFactorChallenges).values(row);
}

export async function findChallenge(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(secondFactorChallenges).where(eq(secondFactorChallenges.tokenHash, tokenHash));
  return row ?? null;
}

export async function challengeFailed(db: DbOrTx, tokenHash: string): Promise<void> {
  await db
    .update(secondFactorChallenges)
    .set({ failures: sql`${secondFactorChallenges.failures} + 1` })
    .where(eq(secondFactorChallenges.tokenHash, tokenHash));
}

/** Spend the challenge, once (compare-and-swap). */
export async function consumeChallenge(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(secondFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(secondFactorChallenges.tokenHash, tokenHash), isNull(secondFactorChallenges.usedAt)))
    .returning({ tokenHash: secondFactorChallenges.tokenHash });
  return rows.length > 0;
}

export async function sweepChallenges(db: DbOrTx): Promise<void> {
  await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now() - interval '1 day'`));
}

/** The newest proof of identity in a session: its login, or a later step-up. */
export async function lastProofAt(db: DbOrTx, sessionId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: authSessions.createdAt, verifiedAt: sessionProofs.verifiedAt })
    .from(authSessions)
    .leftJoin(sessionProofs, eq(sessionProofs.sessionId, authSessions.id))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  if (!row) return null;
  return row.verifiedAt && row.verifiedAt > row.createdAt ? row.verifiedAt : row.createdAt;
}

export async function recordProof(db: DbOrTx, sessionId: string, at: Date): Promise<void> {
  await db
    .insert(sessionProofs)
    .values({ sessionId, verifiedAt: at })
    .onConflictDoUpdate({ target: sessionProofs.sessionId, set: { verifiedAt: at } });
}

/** The account's open sessions (their cached state must be re-read after a factor change). */
export async function openSessionIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)));
  return rows.map((r) => r.id);
}

// --- an admin's reset of a lost factor (second-factor-recovery.ts) -------------------------------

export async function markReset(db: DbOrTx, userId: string, by: string): Promise<void> {
  await db
    .insert(secondFactorResets)
    .values({ userId, resetBy: by, resetAt: new Date() })
    .onConflictDoUpdate({ target: secondFactorResets.userId, set: { resetBy: by, resetAt: new Date() } });
}

export async function clearReset(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(secondFactorResets).where(eq(secondFactorResets.userId, userId));
}

export async function wasReset(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactorResets.userId })
    .from(secondFactorResets)
    .where(eq(secondFactorResets.userId, userId));
  return Boolean(row);
}

/**
 * The session passed the second factor after its sign-in (enrolment's confirming code, or a
 * step-up with a code): its method gains `+totp`, which `isMultiFactorMethod` reads.
 */
export async function markSessionMultiFactor(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ method: sql`${authSessions.method} || '+totp'` })
    .where(
      and(
        eq(authSessions.id, sessionId),
        sql`${authSessions.method} not like '%+totp' and ${authSessions.method} not like '%+recovery' and ${authSessions.method} <> 'passkey'`,
      ),
    );
}
