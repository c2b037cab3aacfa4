/**
 * Auth: password login, sessions and tokens, password reset. Two layers (docs/architecture.md):
 * `createAuthSessions` (passwords, opening and revoking sessions; no other module) is built first
 * and injected into users, which calls it downward; `AuthService` (login, refresh, reset,
 * the session loader) sits above users and reads accounts through the users interface.
 *
 * Token design (docs/accounts.md): a login opens a session = a refresh-token family with an
 * absolute end (REFRESH_TOKEN_TTL_DAYS). The access token is a short-lived JWT carrying the
 * session id (`fam`); every authenticated request checks that session and reads the account's
 * current roles through `ctx.sessions` (the loader is here), and every revocation marks the
 * session there at once. Refresh tokens are 32 random bytes (base64url), stored as sha256, used
 * once: each refresh answers a new one; presenting a used one again within the grace interval
 * answers the same successor (two tabs racing), after it revokes the whole family.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PASSKEY_SESSION_METHOD, PASSWORD_RESET_TTL_MINUTES, loginIdentifier, type LoginResponse, type User } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { UserCredentials } from '../users/index.ts';
import type { LiveSession } from '../security-log/index.ts';
import { AppError, badState } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { type Locale, t } from '../../i18n/messages.ts';
import type { SessionKey, SessionState } from '../../http/session-cache.ts';
import type { AuthDeps } from './deps.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { requireRecentProof, type SecondFactorService } from './second-factor.ts';
import { hasConfirmedFactor } from './second-factor-repo.ts';
import { SuccessorBox } from './refresh-successor.ts';
import { PASSWORD_PROBLEM_TEXTS, PasswordHasher, passwordProblem } from './passwords.ts';
import * as repo from './repo.ts';
import * as passkeyRepo from './passkeys/repo.ts';
import { isMultiFactorMethod } from './session-methods.ts';
import { escapeHtml } from '../../text/html.ts';

export interface SessionMeta {
  /** 'password', 'register', 'password_reset', 'oauth:<provider>' */
  method: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * The auth module's lower layer (no other module): passwords and the session store. Built before
 * users and injected into it (users' `UserCredentials` port); the upper auth service uses it too.
 */
export interface AuthSessions extends UserCredentials {
  readonly passwords: PasswordHasher;
  /** Is the session an access token was issued with still live (not logged out or revoked)? */
  isSessionActive(sessionId: string | undefined): Promise<boolean>;
  /** Revoke one session (logout, reuse); true when it was live. */
  revokeOne(sessionId: string, reason: string): Promise<boolean>;
  /** The sessions just ended in the database: mark them in the shared cache. */
  ended(sessionIds: string[], userId: string, deactivated?: boolean): Promise<number>;
  /** The user's live sessions, most recently used first (the member's sessions page). */
  listLiveSessions(userId: string): Promise<LiveSession[]>;
  /** End one live session of this user at once; false when it is not theirs or not live. */
  revokeOwnSession(userId: string, sessionId: string, reason: string): Promise<boolean>;
  /** AUTH-1023 unless this session proved who it is within the step-up window (second-factor.ts). */
  requireRecentProof(user: AuthUser): Promise<void>;
  /** Sign an access token for an open session and answer the login response. */
  respond(user: User, session: { id: string; expiresAt: Date }, refreshToken: string): Promise<LoginResponse>;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function createAuthSessions(ctx: AppContext): AuthSessions {
  const { db, config } = ctx;
  const passwords = new PasswordHasher();
  const refreshTtlMs = config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;

  /**
   * Ends sessions in the shared cache once they are ended in the database (every instance sees it
   * at once). A deactivated account's tokens then answer AUTH-1006 rather than AUTH-1003.
   */
  async function ended(sessionIds: string[], userId: string, deactivated = false): Promise<number> {
    await ctx.sessions.revoke(sessionIds, deactivated ? 'deactivated' : 'revoked');
    await ctx.sessions.accountChanged(userId);
    return sessionIds.length;
  }
  async function revokeOne(sessionId: string, reason: string): Promise<boolean> {
    const done = await repo.revokeSession(db, sessionId, reason);
    // marked even when it was already revoked: a cache entry might predate that
    await ctx.sessions.revoke([sessionId]);
    return done;
  }

  function assertPasswordPolicy(password: string, email?: string, field = 'password'): void {
    const problem = passwordProblem(password, email);
    if (!problem) return;
    const code = problem === 'too_short' || problem === 'too_long' ? 'VAL-2004' : 'VAL-2001';
    const text = PASSWORD_PROBLEM_TEXTS[problem];
    throw new AppError(code, text, { fields: [{ path: `body.${field}`, code: problem, message: text }], reason: problem.toUpperCase() });
  }

  async function respond(user: User, session: { id: string; expiresAt: Date }, refreshToken: string): Promise<LoginResponse> {
    const accessToken = await ctx.tokens.sign({ id: user.id, roles: user.roles, systemRole: user.systemRole, family: session.id });
    const u: User = {
      id: user.id,
      email: user.email,
      username: user.username,
      name: user.name,
      roles: user.roles,
      systemRole: user.systemRole,
      profileImage: user.profileImage,
    };
    return {
      accessToken,
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: ctx.tokens.ttlSeconds,
      refreshExpiresAt: session.expiresAt.toISOString(),
      ...u,
      user: u,
    };
  }

  return {
    passwords,
    assertPasswordPolicy,
    ended,
    revokeOne,
    respond,
    listLiveSessions: (userId) => repo.listLiveSessions(db, userId),
    async revokeOwnSession(userId, sessionId, reason) {
      const done = await repo.revokeOwnSession(db, userId, sessionId, reason);
      if (done) await ended([sessionId], userId);
      return done;
    },
    requireRecentProof: (user) => requireRecentProof(db, user),
    async openSession(user: User, meta: SessionMeta): Promise<LoginResponse> {
      const refreshToken = randomToken();
      const session = await db.transaction(async (tx) => {
        const s = await repo.createSession(tx, {
          userId: user.id,
          method: meta.method,
          expiresAt: new Date(Date.now() + refreshTtlMs),
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
        });
        await repo.insertRefreshToken(tx, { tokenHash: sha256(refreshToken), sessionId: s.id, userId: user.id });
        return s;
      });
      return respond(user, session, refreshToken);
    },
    async revokeUserSessions(userId, opts = {}) {
      const reason = opts.reason ?? 'revoked';
      return ended(await repo.revokeUserSessions(db, userId, reason, opts.exceptSessionId), userId, reason.startsWith('deactivated'));
    },
    accountChanged: (userId) => ctx.sessions.accountChanged(userId),
    async isSessionActive(sessionId) {
      if (!sessionId) return true; // tokens without a session (none are issued so) are judged by expiry alone
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
      const s = await repo.findSession(db, sessionId);
      return Boolean(s && !s.revokedAt && s.expiresAt > new Date());
    },
    linkedProviders: (userId) => repo.providersOf(db, userId),
    async forgetUser(userId) {
      await passkeyRepo.forgetUser(db, userId);
      await ended(await repo.forgetUser(db, userId), userId);
    },
  };
}

/** What the upper layer receives from the module's index.ts, built beside it. */
export interface AuthParts {
  /** guesses of a password or a second factor, per (account, address) pair */
  throttle: LoginThrottle;
  /** opens a session for a signed-in user and records the login */
  issueSession(user: User, meta: SessionMeta): Promise<LoginResponse>;
  secondFactor: SecondFactorService;
}

/** A session for a signed-in user (password, second factor, passkey, social login alike). */
export function sessionIssuer(deps: Pick<AuthDeps, 'sessions' | 'users'>): AuthParts['issueSession'] {
  return async (user, meta) => {
    const answer = await deps.sessions.openSession(user, meta);
    await deps.users.recordLogin(user.id);
    return answer;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The upper layer: login, refresh, logout, validate, password reset, the session loader. */
export class AuthService {
  readonly secondFactor: SecondFactorService;
  readonly passwords: PasswordHasher;
  private readonly graceMs: number;
  private readonly successors: SuccessorBox;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: AuthDeps,
    private readonly parts: AuthParts,
  ) {
    this.secondFactor = parts.secondFactor;
    this.passwords = deps.sessions.passwords;
    this.graceMs = ctx.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
    this.successors = new SuccessorBox(ctx.config.jwtSecret);
  }

  // --- the session store's acts (auth·sessions), offered on the module's api as well
  assertPasswordPolicy(password: string, email?: string, field?: string): void {
    this.deps.sessions.assertPasswordPolicy(password, email, field);
  }

  issueSession(user: User, meta: SessionMeta): Promise<LoginResponse> {
    return this.parts.issueSession(user, meta);
  }

  revokeUserSessions(userId: string, opts?: { exceptSessionId?: string | undefined; reason?: string }): Promise<number> {
    return this.deps.sessions.revokeUserSessions(userId, opts);
  }

  accountChanged(userId: string): Promise<void> {
    return this.deps.sessions.accountChanged(userId);
  }

  isSessionActive(sessionId: string | undefined): Promise<boolean> {
    return this.deps.sessions.isSessionActive(sessionId);
  }

  linkedProviders(userId: string): Promise<string[]> {
    return this.deps.sessions.linkedProviders(userId);
  }

  forgetUser(userId: string): Promise<void> {
    return this.deps.sessions.forgetUser(userId);
  }

  /** The loader behind `ctx.sessions` (index.ts registers it): the session's state and the account's current roles. */
  async loadSessionState(key: SessionKey): Promise<{ state: SessionState; ttlMs?: number }> {
    let ttlMs: number | undefined;
    /** a session opened with a passkey (user verification required) is multi-factor by itself */
    let passkeySession = false;
    /** the session passed a second factor (at sign-in or later); tokens without a session: the account's factor */
    let multiFactorSession = key.sessionId === undefined;
    if (key.sessionId !== undefined) {
      if (!UUID.test(key.sessionId)) return { state: { live: false, reason: 'unknown' } };
      const s = await repo.findSession(this.ctx.db, key.sessionId);
      if (!s || s.userId !== key.userId) return { state: { live: false, reason: 'unknown' } };
      ttlMs = s.expiresAt.getTime() - Date.now();
      if (s.revokedAt || ttlMs <= 0) {
        const owner = await this.deps.users.findAccount(key.userId);
        return { state: { live: false, reason: owner?.status === 'DEACTIVATED' ? 'deactivated' : 'revoked' } };
      }
      passkeySession = s.method === PASSKEY_SESSION_METHOD;
      multiFactorSession = isMultiFactorMethod(s.method);
    }
    if (!UUID.test(key.userId)) return { state: { live: false, reason: 'unknown' } };
    const acct = await this.deps.users.findAccount(key.userId);
    if (!acct || acct.status === 'DELETED') return { state: { live: false, reason: 'unknown' } };
    if (acct.status === 'DEACTIVATED') return { state: { live: false, reason: 'deactivated' } };
    // admin powers need a second factor passed in this very session (docs/decisions/2026-11-29-second-factor.md):
    // a social sign-in of an account with a factor has not passed it until it steps up with a code
    const secondFactor = passkeySession || (multiFactorSession && (await hasConfirmedFactor(this.ctx.db, acct.id)));
    return {
      state: { live: true, userId: acct.id, roles: acct.roles, systemRole: acct.systemRole, secondFactor },
      ...(ttlMs ? { ttlMs } : {}),
    };
  }

  /**
   * The successor of a used refresh token if it was used less than the grace interval ago and
   * that successor is still unused (the race between two tabs); null means a true reuse. Not
   * followed further down the chain: a token rotated twice is old, whatever the clock says.
   */
  private async graceSuccessor(tx: Tx, usedHash: string): Promise<string | null> {
    const use = await repo.findRefreshTokenUse(tx, usedHash);
    if (!use?.usedAt || !use.successorEnc || Date.now() - use.usedAt.getTime() > this.graceMs) return null;
    const successor = this.successors.open(use.successorEnc, usedHash);
    if (!successor) return null;
    const next = await repo.findRefreshTokenUse(tx, sha256(successor));
    return next && !next.usedAt ? successor : null;
  }

  /**
   * Email (or username) + password. Unknown account, social-only account and wrong password
   * all verify an argon2 hash and answer the same AUTH-1001; the account's state is told only
   * to someone who knows its password. Guessing is throttled per (account, address) pair
   * (login-throttle.ts), so a stranger's failures never lock the owner out elsewhere.
   */
  async login(
    body: { email?: string | undefined; username?: string | undefined },
    password: string,
    meta: Omit<SessionMeta, 'method'> & { ip: string },
  ): Promise<LoginResponse> {
    const id = loginIdentifier(body);
    const acct =
      id.kind === 'email' ? await this.deps.users.findAccountByEmail(id.value) : await this.deps.users.findAccountByUsername(id.value);
    const usable = acct && acct.status !== 'DELETED' ? acct : null;
    // keyed by the account, so its email and its username share one budget
    const pairAccount = usable ? `a:${usable.id}` : `${id.kind}:${id.value}`;
    // a failure names the account it was aimed at (its owner sees it) and what was typed, masked
    const failed = (reason: string) =>
      this.deps.securityLog.record({
        action: 'auth.login.password',
        actor: null,
        subjectId: usable?.id ?? null,
        target: usable ? { kind: 'user', id: usable.id } : null,
        outcome: 'failure',
        reason,
        details: { identifier: this.deps.securityLog.mask.email(id.value) },
      });
    try {
      await this.parts.throttle.attempt(pairAccount, meta.ip);
    } catch (err) {
      await failed('throttled');
      throw err;
    }
    const { ok, needsRehash } = await this.passwords.verify(usable?.passwordHash, password);
    if (!ok || !usable) {
      await this.parts.throttle.failed(pairAccount, meta.ip);
      await failed(usable ? 'bad_password' : 'unknown_account');
      throw new AppError('AUTH-1001');
    }
    await this.parts.throttle.succeeded(pairAccount, meta.ip);
    if (usable.status === 'DEACTIVATED') {
      await failed('deactivated');
      throw new AppError('AUTH-1006', 'auth.accountDeactivated');
    }
    if (needsRehash) {
      await this.deps.users.setPasswordHash(usable.id, await this.passwords.hash(password));
      this.ctx.log.info({ userId: usable.id }, 'password re-hashed with the current parameters');
    }
    // second factor on: a challenge instead of tokens (AUTH-1020, second-factor.ts)
    if (await this.secondFactor.isEnabled(usable.id)) throw await this.secondFactor.challenge(usable.id, meta);
    const answer = await this.parts.issueSession(usable, { ...meta, method: 'password' });
    await this.deps.securityLog.record({ action: 'auth.login.password', actor: usable.id, target: { kind: 'user', id: usable.id } });
    return answer;
  }

  async refresh(refreshToken: string): Promise<LoginResponse> {
    const hash = sha256(refreshToken);
    const row = await repo.findRefreshToken(this.ctx.db, hash);
    if (!row) throw new AppError('AUTH-1003', 'auth.refreshTokenInvalid');
    if (row.revokedAt) throw new AppError('AUTH-1003', 'auth.sessionRevoked');
    if (row.expiresAt <= new Date()) throw new AppError('AUTH-1002', 'auth.loginExpired');

    const next = randomToken();
    const outcome = await this.ctx.db.transaction(async (tx) => {
      // the session row first: concurrent refreshes of one family queue here
      const live = await repo.lockSession(tx, row.sessionId);
      if (!live || live.revokedAt) return { kind: 'revoked' as const };
      if (await repo.markRefreshTokenUsed(tx, hash, this.successors.seal(next, hash))) {
        await repo.insertRefreshToken(tx, { tokenHash: sha256(next), sessionId: row.sessionId, userId: row.userId });
        await repo.touchSession(tx, row.sessionId);
        return { kind: 'rotated' as const, session: live, token: next };
      }
      // Used before. Within the grace of its first use it is a race between tabs, not theft:
      // answer the successor the winner got.
      const successor = await this.graceSuccessor(tx, hash);
      return successor ? { kind: 'rotated' as const, session: live, token: successor } : { kind: 'reused' as const };
    });
    if (outcome.kind === 'revoked') throw new AppError('AUTH-1003', 'auth.sessionRevoked');
    if (outcome.kind === 'reused') {
      // A refresh token came back after it was exchanged: someone else may hold it. End the login.
      await this.deps.sessions.revokeOne(row.sessionId, 'refresh_token_reuse');
      await this.deps.securityLog.record({
        action: 'auth.refresh_token.reused',
        actor: null,
        subjectId: row.userId,
        target: { kind: 'session', id: row.sessionId },
        outcome: 'failure',
        reason: 'refresh_token_reuse',
        details: { sessionRevoked: true },
      });
      this.ctx.log.warn({ userId: row.userId, session: row.sessionId }, 'refresh token reused: session revoked');
      throw new AppError('AUTH-1003', 'auth.refreshTokenReused');
    }
    const acct = await this.deps.users.findAccount(row.userId);
    if (!acct || acct.status !== 'ACTIVE') {
      await this.deps.sessions.revokeOne(row.sessionId, 'account_inactive');
      throw acct?.status === 'DEACTIVATED' ? new AppError('AUTH-1006') : new AppError('AUTH-1003', 'auth.accountGone');
    }
    return this.deps.sessions.respond(acct, outcome.session, outcome.token);
  }

  /** Ends the caller's session (from the access token) and/or the refresh token's session. */
  async logout(user: AuthUser | null, refreshToken: string | undefined): Promise<number> {
    let n = 0;
    const ended: Array<{ userId: string; sessionId: string }> = [];
    if (user?.family && UUID.test(user.family) && (await this.deps.sessions.revokeOne(user.family, 'logout'))) {
      n++;
      ended.push({ userId: user.id, sessionId: user.family });
    }
    if (refreshToken) {
      const row = await repo.findRefreshToken(this.ctx.db, sha256(refreshToken));
      if (row && (!user || user.id === row.userId) && (await this.deps.sessions.revokeOne(row.sessionId, 'logout'))) {
        n++;
        ended.push({ userId: row.userId, sessionId: row.sessionId });
      }
    }
    for (const e of ended)
      await this.deps.securityLog.record({ action: 'auth.logout', actor: e.userId, target: { kind: 'session', id: e.sessionId } });
    return n;
  }

  /** GET /api/auth/validate: the user behind a valid, live token. */
  async validate(user: AuthUser): Promise<User> {
    const acct = await this.deps.users.findAccount(user.id);
    if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.accountGone');
    if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
    if (!(await this.isSessionActive(user.family))) throw new AppError('AUTH-1003', 'auth.sessionRevoked');
    return acct;
  }

  /** Always answers the same; mails a one-time link only to an active account. */
  async requestPasswordReset(email: string): Promise<void> {
    const acct = await this.deps.users.findAccountByEmail(email);
    const token = randomToken();
    const tokenHash = sha256(token);
    if (!acct || acct.status !== 'ACTIVE') {
      await this.deps.securityLog.record({
        action: 'account.password.reset_requested',
        actor: null,
        subjectId: acct?.id ?? null,
        outcome: 'failure',
        reason: acct ? 'inactive_account' : 'unknown_account',
        details: { email: this.deps.securityLog.mask.email(email) },
      });
      return;
    }
    const link = `${this.ctx.config.publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    await this.ctx.db.transaction(async (tx) => {
      await repo.insertResetToken(tx, {
        tokenHash,
        userId: acct.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      });
      await this.deps.mail.enqueue(passwordResetMail(acct.email, acct.name, link, acct.locale), { tx });
      await this.deps.securityLog.record(
        { action: 'account.password.reset_requested', actor: null, subjectId: acct.id, target: { kind: 'user', id: acct.id } },
        tx,
      );
    });
    this.ctx.log.info({ userId: acct.id }, 'password reset requested');
  }

  async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
    const tokenHash = sha256(token);
    const row = await repo.findResetToken(this.ctx.db, tokenHash);
    if (!row) throw new AppError('AUTH-1003', 'auth.resetLinkInvalid');
    if (row.usedAt) throw badState('auth.resetLinkUsed');
    if (row.expiresAt <= new Date()) throw badState('auth.resetLinkExpired');
    const acct = await this.deps.users.findAccount(row.userId);
    if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.resetLinkInvalid');
    if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
    this.deps.sessions.assertPasswordPolicy(newPassword, acct.email, 'newPassword');
    const hash = await this.passwords.hash(newPassword);
    const userId = await repo.consumeResetToken(this.ctx.db, tokenHash);
    if (!userId) throw badState('auth.resetLinkSpent');
    await this.deps.users.setPasswordHash(userId, hash);
    const revoked = await this.deps.sessions.ended(await repo.revokeUserSessions(this.ctx.db, userId, 'password_reset'), userId);
    await this.deps.securityLog.record({
      action: 'account.password.reset',
      actor: userId,
      target: { kind: 'user', id: userId },
      details: { sessionsRevoked: revoked },
    });
    this.ctx.log.info({ userId }, 'password reset completed; every session revoked');
  }

  async sweep(): Promise<void> {
    await repo.sweepExpired(this.ctx.db);
    await this.secondFactor.sweep();
  }
}

/** The reset mail in the account's language (server catalogue, i18n/messages.ts). */
function passwordResetMail(to: string, name: string, link: string, locale: Locale) {
  const ttl = t(locale, 'mail.passwordReset.ttl', { minutes: PASSWORD_RESET_TTL_MINUTES });
  const ignore = t(locale, 'mail.passwordReset.ignore');
  const greeting = t(locale, 'mail.greeting', { name });
  const text = [greeting, '', t(locale, 'mail.passwordReset.request'), link, '', ttl, ignore, '', '— moim'].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p>` +
    `<p>${escapeHtml(t(locale, 'mail.passwordReset.request'))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t(locale, 'mail.passwordReset.button'))}</a></p>` +
    `<p>${escapeHtml(ttl)} ${escapeHtml(ignore)}</p>` +
    `<p>— moim</p>`;
  return { to, subject: t(locale, 'mail.passwordReset.subject'), text, html };
}
