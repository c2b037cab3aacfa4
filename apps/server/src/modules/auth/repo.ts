/** SQL for sessions (refresh-token families), refresh tokens, reset tokens and social logins. */
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  authSessions,
  oauthAccounts,
  oauthStates,
  passwordResetTokens,
  recoveryCodes,
  refreshTokens,
  secondFactorChallenges,
  secondFactors,
} from './schema.ts';

export type SessionRow = typeof authSessions.$inferSelect;

export async function createSession(
  db: DbOrTx,
  v: { userId: string; method: string; expiresAt: Date; ip?: string | null; userAgent?: string | null },
): Promise<SessionRow> {
  const [row] = await db
    .insert(authSessions)
    .values({ userId: v.userId, method: v.method, expiresAt: v.expiresAt, ip: v.ip ?? null, userAgent: v.userAgent ?? null })
    .returning();
  return row!;
}

export async function insertRefreshToken(db: DbOrTx, v: { tokenHash: string; sessionId: string; userId: string }): Promise<void> {
  await db.insert(refreshTokens).values(v);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: refreshTokens.tokenHash,
      usedAt: refreshTokens.usedAt,
      sessionId: refreshTokens.sessionId,
      userId: refreshTokens.userId,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Use a refresh token once: true for the first caller only (compare-and-swap). The successor it
 * is exchanged for is kept encrypted with it, for the reuse grace interval (service.ts).
 */
export async function markRefreshTokenUsed(db: DbOrTx, tokenHash: string, successorEnc: string): Promise<boolean> {
  const r = await db
    .update(refreshTokens)
    .set({ usedAt: new Date(), successorEnc })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ h: refreshTokens.tokenHash });
  return r.length > 0;
}

export async function findRefreshTokenUse(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ usedAt: refreshTokens.usedAt, successorEnc: refreshTokens.successorEnc, sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function touchSession(db: DbOrTx, id: string): Promise<void> {
  await db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, id));
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id));
  return row;
}

/** The session row, locked for the rest of the transaction (concurrent refreshes queue here). */
export async function lockSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id)).for('update');
  return row;
}

/** True when this call ended the session (false: already ended or unknown). */
export async function revokeSession(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const r = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return r.length > 0;
}

/** The user's sessions that are neither revoked nor expired, most recently used first. */
export async function listLiveSessions(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())))
    .orderBy(desc(authSessions.lastUsedAt));
}

/** End one live session, only if it is this user's; true when this call ended it. */
export async function revokeOwnSession(db: DbOrTx, userId: string, id: string, reason: string): Promise<boolean> {
  const r = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(eq(authSessions.id, id), eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())),
    )
    .returning({ id: authSessions.id });
  return r.length > 0;
}

/** Revoke every live session of a user, except `exceptId` (the caller's own). Returns their ids. */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, exceptId?: string): Promise<string[]> {
  const r = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), exceptId ? ne(authSessions.id, exceptId) : undefined))
    .returning({ id: authSessions.id });
  return r.map((x) => x.id);
}

// --- password reset ---------------------------------------------------------------------------

export async function insertResetToken(db: DbOrTx, v: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  // Only the newest link works: earlier unused ones are retired.
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, v.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(v);
}

export async function findResetToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** Use a reset token once, while it is valid: the user id for the first caller, else undefined. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

// --- social login ------------------------------------------------------------------------------

export async function insertOAuthState(db: DbOrTx, v: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(v);
}

/** One-time: the state row is deleted by the first callback that presents it. */
export async function takeOAuthState(db: DbOrTx, stateHash: string) {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
  return row;
}

export async function findOAuthAccount(db: DbOrTx, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)));
  return row;
}

export async function linkOAuthAccount(
  db: DbOrTx,
  v: { provider: string; subject: string; userId: string; email: string | null },
): Promise<void> {
  await db
    .insert(oauthAccounts)
    .values({ ...v, lastLoginAt: new Date() })
    .onConflictDoNothing();
}

export async function touchOAuthAccount(db: DbOrTx, id: string): Promise<void> {
  await db.update(oauthAccounts).set({ lastLoginAt: new Date() }).where(eq(oauthAccounts.id, id));
}

/**
 * The social-login providers linked to an account: distinct, in code-point order ("C" collation,
 * as JavaScript's sort), `[]` when none. The auth module's read model of its social links.
 */
export async function providersOf(db: DbOrTx, userId: string): Promise<string[]> {
  const p = sql`${oauthAccounts.provider} collate "C"`;
  const rows = await db
    .selectDistinct({ provider: oauthAccounts.provider, key: p })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(p);
  return rows.map((r) => r.provider);
}

/**
 * Account deletion: social links and reset tokens go, sessions are revoked (rows kept for audit).
 * Returns the ids of the sessions that were still live.
 */
export async function forgetUser(db: DbOrTx, userId: string): Promise<string[]> {
  await db.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  // the second factor goes with the account (docs/privacy.md "Erasure")
  await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(secondFactors).where(eq(secondFactors.userId, userId));
  const live = await revokeUserSessions(db, userId, 'account_deleted');
  await db.update(authSessions).set({ ip: null, userAgent: null }).where(eq(authSessions.userId, userId));
  return live;
}

/** Housekeeping: expired attempts, codes and long-dead sessions; successors past their grace. */
export async function sweepExpired(db: DbOrTx, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ successorEnc: null })
    .where(
      and(isNotNull(refreshTokens.successorEnc), lt(refreshTokens.usedAt, sql`${now.toISOString()}::timestamptz - interval '5 minutes'`)),
    );
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, sql`${now.toISOString()}::timestamptz - interval '1 day'`));
  await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, sql`${now.toISOString()}::timestamptz - interval '7 days'`),
        lt(authSessions.revokedAt, sql`${now.toISOString()}::timestamptz - interval '30 days'`),
      ),
    );
}
