/**
 * Auth: password login, sessions and tokens, password reset. Exposed to other modules as
 * `ctx.services.auth`.
 *
 * Token design (docs/accounts.md): a login opens a session = a refresh-token family with an
 * absolute end (REFRESH_TOKEN_TTL_DAYS). The access token is a short-lived JWT carrying the
 * session id (`fam`). Refresh tokens are 32 random bytes (base64url), stored as sha256, used
 * once: each refresh answers a new one; presenting a used one again revokes the whole family.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, type LoginResponse, type User } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badState } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { PASSWORD_PROBLEM_MESSAGES, PasswordHasher, passwordProblem } from './passwords.ts';
import * as repo from './repo.ts';

export interface SessionMeta {
  /** 'password', 'register', 'password_reset', 'oauth:<provider>' */
  method: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export interface AuthService {
  readonly passwords: PasswordHasher;
  /** VAL-2001 (or VAL-2004 for the length) naming `field` when the password breaks the policy. */
  assertPasswordPolicy(password: string, email?: string, field?: string): void;
  /** Open a session for `user` and answer the login response (tokens + user). */
  issueSession(user: User, meta: SessionMeta): Promise<LoginResponse>;
  /** Revoke a user's sessions (all, or all but `exceptSessionId`). Returns how many. */
  revokeUserSessions(userId: string, opts?: { exceptSessionId?: string | undefined; reason?: string }): Promise<number>;
  /** Is the session an access token was issued with still live (not logged out or revoked)? */
  isSessionActive(sessionId: string | undefined): Promise<boolean>;
  /** Social-login providers linked to the account. */
  linkedProviders(userId: string): Promise<string[]>;
  /** Account deletion: drop social links and reset tokens, revoke every session. */
  forgetUser(userId: string): Promise<void>;
}

declare module '../../context.ts' {
  interface Services {
    auth: AuthService;
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function createAuthService(ctx: AppContext) {
  const { db, config } = ctx;
  const users = () => ctx.services.users;
  const passwords = new PasswordHasher();
  const refreshTtlMs = config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;

  function assertPasswordPolicy(password: string, email?: string, field = 'password'): void {
    const problem = passwordProblem(password, email);
    if (!problem) return;
    const code = problem === 'too_short' || problem === 'too_long' ? 'VAL-2004' : 'VAL-2001';
    throw new AppError(code, PASSWORD_PROBLEM_MESSAGES[problem], { field, reason: problem });
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

  async function issueSession(user: User, meta: SessionMeta): Promise<LoginResponse> {
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
    await users().recordLogin(user.id);
    return respond(user, session, refreshToken);
  }

  const service = {
    passwords,
    assertPasswordPolicy,
    issueSession,

    async revokeUserSessions(userId: string, opts: { exceptSessionId?: string | undefined; reason?: string } = {}) {
      return repo.revokeUserSessions(db, userId, opts.reason ?? 'revoked', opts.exceptSessionId);
    },

    async isSessionActive(sessionId: string | undefined) {
      if (!sessionId) return true; // tokens without a session (none are issued so) are judged by expiry alone
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
      const s = await repo.findSession(db, sessionId);
      return Boolean(s && !s.revokedAt && s.expiresAt > new Date());
    },

    linkedProviders: (userId: string) => repo.providersOf(db, userId),
    forgetUser: (userId: string) => repo.forgetUser(db, userId),

    /**
     * Email + password. Unknown email, social-only account and wrong password all verify an
     * argon2 hash and answer the same AUTH-1001; the account's state is told only to someone
     * who knows its password.
     */
    async login(email: string, password: string, meta: Omit<SessionMeta, 'method'>): Promise<LoginResponse> {
      const acct = await users().findAccountByEmail(email);
      const usable = acct && acct.status !== 'DELETED' ? acct : null;
      const { ok, needsRehash } = await passwords.verify(usable?.passwordHash, password);
      if (!ok || !usable) throw new AppError('AUTH-1001');
      if (usable.status === 'DEACTIVATED')
        throw new AppError('AUTH-1006', '비활성화된 계정입니다. 다시 사용하려면 운영진에게 문의해 주세요.');
      if (needsRehash) {
        await users().setPasswordHash(usable.id, await passwords.hash(password));
        ctx.log.info({ userId: usable.id }, 'password re-hashed with the current parameters');
      }
      return issueSession(usable, { ...meta, method: 'password' });
    },

    async refresh(refreshToken: string): Promise<LoginResponse> {
      const hash = sha256(refreshToken);
      const row = await repo.findRefreshToken(db, hash);
      if (!row) throw new AppError('AUTH-1003', '유효하지 않은 리프레시 토큰입니다.');
      if (row.revokedAt) throw new AppError('AUTH-1003', '로그아웃되었거나 취소된 세션입니다. 다시 로그인해 주세요.');
      if (row.expiresAt <= new Date()) throw new AppError('AUTH-1002', '로그인 유효 기간이 끝났습니다. 다시 로그인해 주세요.');

      const next = randomToken();
      const outcome = await db.transaction(async (tx) => {
        // the session row first: concurrent refreshes of one family queue here
        const live = await repo.lockSession(tx, row.sessionId);
        if (!live || live.revokedAt) return 'revoked' as const;
        if (!(await repo.markRefreshTokenUsed(tx, hash))) return 'reused' as const;
        await repo.insertRefreshToken(tx, { tokenHash: sha256(next), sessionId: row.sessionId, userId: row.userId });
        await repo.touchSession(tx, row.sessionId);
        return live;
      });
      if (outcome === 'revoked') throw new AppError('AUTH-1003', '로그아웃되었거나 취소된 세션입니다. 다시 로그인해 주세요.');
      if (outcome === 'reused') {
        // A refresh token came back after it was exchanged: someone else may hold it. End the login.
        await repo.revokeSession(db, row.sessionId, 'refresh_token_reuse');
        ctx.log.warn({ userId: row.userId, session: row.sessionId }, 'refresh token reused: session revoked');
        throw new AppError('AUTH-1003', '이미 사용된 리프레시 토큰입니다. 보안을 위해 이 로그인을 종료했습니다. 다시 로그인해 주세요.');
      }
      const acct = await users().findAccount(row.userId);
      if (!acct || acct.status !== 'ACTIVE') {
        await repo.revokeSession(db, row.sessionId, 'account_inactive');
        throw acct?.status === 'DEACTIVATED'
          ? new AppError('AUTH-1006')
          : new AppError('AUTH-1003', '탈퇴했거나 존재하지 않는 계정입니다.');
      }
      return respond(acct, outcome, next);
    },

    /** Ends the caller's session (from the access token) and/or the refresh token's session. */
    async logout(user: AuthUser | null, refreshToken: string | undefined): Promise<number> {
      let n = 0;
      if (user?.family && (await repo.revokeSession(db, user.family, 'logout'))) n++;
      if (refreshToken) {
        const row = await repo.findRefreshToken(db, sha256(refreshToken));
        if (row && (!user || user.id === row.userId) && (await repo.revokeSession(db, row.sessionId, 'logout'))) n++;
      }
      return n;
    },

    /** GET /api/auth/validate: the user behind a valid, live token. */
    async validate(user: AuthUser): Promise<User> {
      const acct = await users().findAccount(user.id);
      if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1003', '탈퇴했거나 존재하지 않는 계정입니다.');
      if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
      if (!(await service.isSessionActive(user.family)))
        throw new AppError('AUTH-1003', '로그아웃되었거나 취소된 세션입니다. 다시 로그인해 주세요.');
      return acct;
    },

    /** Always answers the same; mails a one-time link only to an active account. */
    async requestPasswordReset(email: string): Promise<void> {
      const acct = await users().findAccountByEmail(email);
      const token = randomToken();
      const tokenHash = sha256(token);
      if (!acct || acct.status !== 'ACTIVE') return;
      const link = `${config.publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
      await db.transaction(async (tx) => {
        await repo.insertResetToken(tx, {
          tokenHash,
          userId: acct.id,
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        });
        await ctx.services.mail.enqueue(passwordResetMail(acct.email, acct.name, link), { tx });
      });
      ctx.log.info({ userId: acct.id }, 'password reset requested');
    },

    async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
      const tokenHash = sha256(token);
      const row = await repo.findResetToken(db, tokenHash);
      if (!row) throw new AppError('AUTH-1003', '유효하지 않은 비밀번호 재설정 링크입니다. 다시 요청해 주세요.');
      if (row.usedAt) throw badState('이미 사용된 비밀번호 재설정 링크입니다. 다시 요청해 주세요.');
      if (row.expiresAt <= new Date()) throw badState('만료된 비밀번호 재설정 링크입니다. 다시 요청해 주세요.');
      const acct = await users().findAccount(row.userId);
      if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1003', '유효하지 않은 비밀번호 재설정 링크입니다.');
      if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006');
      assertPasswordPolicy(newPassword, acct.email, 'newPassword');
      const hash = await passwords.hash(newPassword);
      const userId = await repo.consumeResetToken(db, tokenHash);
      if (!userId) throw badState('이미 사용되었거나 만료된 비밀번호 재설정 링크입니다.');
      await users().setPasswordHash(userId, hash);
      await repo.revokeUserSessions(db, userId, 'password_reset');
      ctx.log.info({ userId }, 'password reset completed; every session revoked');
    },

    sweep: () => repo.sweepExpired(db),
  };
  return service;
}

export type AuthModuleService = ReturnType<typeof createAuthService>;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function passwordResetMail(to: string, name: string, link: string) {
  const text = [
    `${name}님, 안녕하세요.`,
    '',
    'moim 계정의 비밀번호 재설정을 요청하셨습니다. 아래 링크에서 새 비밀번호를 설정해 주세요.',
    link,
    '',
    `이 링크는 ${PASSWORD_RESET_TTL_MINUTES}분 동안 한 번만 쓸 수 있습니다.`,
    '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.',
    '',
    '— moim',
  ].join('\n');
  const html =
    `<p>${escapeHtml(name)}님, 안녕하세요.</p>` +
    `<p>moim 계정의 비밀번호 재설정을 요청하셨습니다. 아래 버튼을 눌러 새 비밀번호를 설정해 주세요.</p>` +
    `<p><a href="${escapeHtml(link)}">비밀번호 재설정하기</a></p>` +
    `<p>이 링크는 ${PASSWORD_RESET_TTL_MINUTES}분 동안 한 번만 쓸 수 있습니다. 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.</p>` +
    `<p>— moim</p>`;
  return { to, subject: '[moim] 비밀번호 재설정 안내', text, html };
}
