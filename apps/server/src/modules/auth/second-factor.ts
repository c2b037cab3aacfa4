/**
 * A second factor: TOTP (RFC 6238, otplib) with ten one-time recovery codes, the login's second
 * step, and step-up (a fresh proof of identity before sensitive acts). docs/accounts.md
 * "Second factor".
 *
 * - Enrolment: `startTotp` keeps a pending, encrypted secret; `confirmTotp` with a valid code
 *   enables it, hands out the recovery codes once (only keyed hashes are kept) and ends every
 *   other session (they were opened without the factor).
 * - Login: a correct password of an account with a factor answers AUTH-1020 with a challenge
 *   (random token, sha256 kept, 5 minutes, single use, 5 wrong codes at most) instead of tokens;
 *   `completeLogin` with a TOTP code or a recovery code opens the session. Guesses go through the
 *   login throttle (per account and address) like passwords.
 * - A TOTP code is accepted once: the newest accepted time step is kept and only a newer one
 *   passes (compare-and-swap), so a code cannot be replayed within its step or the tolerance.
 * - Step-up: a session's last proof (its login, or `stepUp` with the password or a code) must be
 *   at most STEP_UP_WINDOW_SECONDS old for sensitive acts (`requireRecentProof`), else AUTH-1023.
 */
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  STEP_UP_WINDOW_SECONDS,
  TOTP_CODE,
  normalizeSecondFactorCode,
  type LoginResponse,
  type RecoveryCodes,
  type SecondFactorStatus,
  type StepUpRequest,
  type TotpSetup,
  type User,
} from '@moim/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badState } from '../../http/app-error.ts';
import { hasAdminRole, type AuthUser } from '../../http/auth-guard.ts';
import type { UsersService } from '../users/index.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PasswordHasher } from './passwords.ts';
import { SecondFactorBox, newRecoveryCode } from './second-factor-box.ts';
import * as repo from './second-factor-repo.ts';
import type { AuthSessions, SessionMeta } from './service.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { SecurityLog } from '../security-log/index.ts';

export const TOTP_ISSUER = 'moim';
/** wrong codes one login challenge accepts before it is dead */
const CHALLENGE_FAILURES = 5;
/** one step either side (clock drift between phone and server), as RFC 6238 §6 suggests */
const TOTP_TOLERANCE_SECONDS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * AUTH-1023 unless the session proved who it is within the step-up window. Tokens without a
 * session (never issued by the server) cannot prove anything.
 */
export async function requireRecentProof(db: DbOrTx, user: AuthUser): Promise<void> {
  const at = user.family ? await repo.lastProofAt(db, user.family, user.id) : null;
  if (!at || Date.now() - at.getTime() > STEP_UP_WINDOW_SECONDS * 1000) {
    throw new AppError('AUTH-1023', 'auth.stepUpRequired', { reason: 'STEP_UP_REQUIRED', windowSeconds: STEP_UP_WINDOW_SECONDS });
  }
}

export interface SecondFactorDeps {
  sessions: AuthSessions;
  users: UsersService;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  issueSession(user: User, meta: SessionMeta): Promise<LoginResponse>;
  securityLog: Pick<SecurityLog, 'record'>;
}

const throttleKey = (userId: string) => `2fa:a:${userId}`;

export class SecondFactorService {
  private readonly box: SecondFactorBox;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: SecondFactorDeps,
  ) {
    this.box = new SecondFactorBox(ctx.config.jwtSecret);
  }

  /** The account's sessions re-read their state (the admin gate reads whether a factor is on). */
  private async factorChanged(userId: string): Promise<void> {
    await this.ctx.sessions.forget(await repo.openSessionIds(this.ctx.db, userId));
    await this.ctx.sessions.accountChanged(userId);
  }

  private async totpStep(userId: string, code: string, sealed: string): Promise<number | null> {
    const secret = this.box.openSecret(sealed, userId);
    if (!secret) {
      this.ctx.log.error({ userId }, 'second factor secret does not open (JWT_SECRET changed?)');
      return null;
    }
    const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
    // the functional API types HOTP and TOTP results together; a TOTP verification has the step
    return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  }

  /** A TOTP code (once per time step, newer steps only) or an unused recovery code. */
  private async checkCode(userId: string, raw: string): Promise<{ ok: boolean; kind: 'totp' | 'recovery' }> {
    const code = normalizeSecondFactorCode(raw);
    if (TOTP_CODE.test(code)) {
      const factor = await repo.findFactor(this.ctx.db, userId);
      if (!factor?.confirmedAt) return { ok: false, kind: 'totp' };
      const step = await this.totpStep(userId, code, factor.secretEnc);
      return { ok: step !== null && (await repo.advanceTimeStep(this.ctx.db, userId, step)), kind: 'totp' };
    }
    if (!(await repo.hasConfirmedFactor(this.ctx.db, userId))) return { ok: false, kind: 'recovery' };
    return { ok: await repo.useRecoveryCode(this.ctx.db, userId, this.box.hashRecoveryCode(code, userId)), kind: 'recovery' };
  }

  private async newRecoveryCodes(userId: string, tx: DbOrTx): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => this.box.hashRecoveryCode(c, userId)),
    );
    return codes;
  }

  private async proved(user: AuthUser): Promise<string> {
    const at = new Date();
    if (user.family) await repo.recordProof(this.ctx.db, user.family, at);
    return new Date(at.getTime() + STEP_UP_WINDOW_SECONDS * 1000).toISOString();
  }

  isEnabled(userId: string) {
    return repo.hasConfirmedFactor(this.ctx.db, userId);
  }

  requireRecentProof(user: AuthUser) {
    return requireRecentProof(this.ctx.db, user);
  }

  async status(user: AuthUser): Promise<SecondFactorStatus> {
    const factor = await repo.findFactor(this.ctx.db, user.id);
    const enabled = Boolean(factor?.confirmedAt);
    const at = user.family ? await repo.lastProofAt(this.ctx.db, user.family, user.id) : null;
    const until = at ? at.getTime() + STEP_UP_WINDOW_SECONDS * 1000 : 0;
    return {
      enabled,
      enabledAt: factor?.confirmedAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(this.ctx.db, user.id) : 0,
      required: hasAdminRole(user),
      verifiedUntil: until > Date.now() ? new Date(until).toISOString() : null,
      enrolAgain: !enabled && (await repo.wasReset(this.ctx.db, user.id)),
    };
  }

  /** A new secret, pending until confirmed with a code from it. */
  async startTotp(user: AuthUser): Promise<TotpSetup> {
    await requireRecentProof(this.ctx.db, user);
    const acct = await this.deps.users.findAccount(user.id);
    if (!acct) throw new AppError('AUTH-1003', 'auth.accountGone');
    const secret = generateSecret();
    if (!(await repo.putPendingFactor(this.ctx.db, user.id, this.box.sealSecret(secret, user.id))))
      throw badState('auth.secondFactorAlreadyOn');
    return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: acct.email, secret }) };
  }

  async confirmTotp(user: AuthUser, code: string): Promise<RecoveryCodes> {
    const factor = await repo.findFactor(this.ctx.db, user.id);
    if (!factor) throw badState('auth.secondFactorNotStarted');
    if (factor.confirmedAt) throw badState('auth.secondFactorAlreadyOn');
    const step = TOTP_CODE.test(normalizeSecondFactorCode(code))
      ? await this.totpStep(user.id, normalizeSecondFactorCode(code), factor.secretEnc)
      : null;
    if (step === null) throw new AppError('AUTH-1021');
    const recoveryCodes = await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.confirmFactor(tx, user.id, step))) throw badState('auth.secondFactorAlreadyOn');
      await repo.clearReset(tx, user.id);
      // this session has just passed the factor (the admin gate reads it)
      if (user.family) await repo.markSessionMultiFactor(tx, user.family);
      return this.newRecoveryCodes(user.id, tx);
    });
    // sessions opened before the factor never passed it
    await this.deps.sessions.revokeUserSessions(user.id, { exceptSessionId: user.family, reason: 'second_factor_enabled' });
    await this.proved(user);
    await this.factorChanged(user.id);
    await this.deps.securityLog.record({ action: 'account.mfa.totp_enabled', actor: user.id, target: { kind: 'user', id: user.id } });
    this.ctx.log.info({ userId: user.id }, 'second factor enabled');
    return { recoveryCodes };
  }

  async regenerateRecoveryCodes(user: AuthUser): Promise<RecoveryCodes> {
    await requireRecentProof(this.ctx.db, user);
    if (!(await repo.hasConfirmedFactor(this.ctx.db, user.id))) throw badState('auth.secondFactorOff');
    const recoveryCodes = await this.ctx.db.transaction((tx) => this.newRecoveryCodes(user.id, tx));
    await this.deps.securityLog.record({
      action: 'account.mfa.recovery_codes_generated',
      actor: user.id,
      target: { kind: 'user', id: user.id },
    });
    this.ctx.log.info({ userId: user.id }, 'recovery codes regenerated');
    return { recoveryCodes };
  }

  async disable(user: AuthUser): Promise<void> {
    await requireRecentProof(this.ctx.db, user);
    if (!(await repo.findFactor(this.ctx.db, user.id))) throw badState('auth.secondFactorOff');
    await this.ctx.db.transaction((tx) => repo.deleteFactor(tx, user.id));
    await this.factorChanged(user.id);
    await this.deps.securityLog.record({ action: 'account.mfa.totp_disabled', actor: user.id, target: { kind: 'user', id: user.id } });
    this.ctx.log.info({ userId: user.id, admin: hasAdminRole(user) }, 'second factor removed');
  }

  /** After a correct password: the challenge the login answers instead of tokens (AUTH-1020). */
  async challenge(userId: string, meta: Omit<SessionMeta, 'method'>): Promise<AppError> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertChallenge(this.ctx.db, {
      tokenHash: sha256(token),
      userId,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + SECOND_FACTOR_CHALLENGE_SECONDS * 1000),
    });
    return new AppError('AUTH-1020', undefined, {
      reason: 'SECOND_FACTOR_REQUIRED',
      challengeToken: token,
      methods: 'totp,recovery',
      expiresInSeconds: SECOND_FACTOR_CHALLENGE_SECONDS,
    });
  }

  /** The login's second step: the challenge and a TOTP or recovery code → the session. */
  async completeLogin(challengeToken: string, code: string, meta: Omit<SessionMeta, 'method'> & { ip: string }): Promise<LoginResponse> {
    const hash = sha256(challengeToken);
    const ch = await repo.findChallenge(this.ctx.db, hash);
    if (!ch || ch.usedAt || ch.failures >= CHALLENGE_FAILURES) throw new AppError('AUTH-1003', 'auth.secondFactorChallengeInvalid');
    if (ch.expiresAt.getTime() <= Date.now()) throw new AppError('AUTH-1002', 'auth.secondFactorChallengeExpired');
    await this.deps.throttle.attempt(throttleKey(ch.userId), meta.ip);
    const { ok, kind } = await this.checkCode(ch.userId, code);
    if (!ok) {
      await repo.challengeFailed(this.ctx.db, hash);
      await this.deps.throttle.failed(throttleKey(ch.userId), meta.ip);
      await this.deps.securityLog.record({
        action: 'auth.login.second_factor',
        actor: null,
        subjectId: ch.userId,
        target: { kind: 'user', id: ch.userId },
        outcome: 'failure',
        reason: `bad_${kind}_code`,
      });
      throw new AppError('AUTH-1021');
    }
    if (!(await repo.consumeChallenge(this.ctx.db, hash))) throw new AppError('AUTH-1003', 'auth.secondFactorChallengeInvalid');
    await this.deps.throttle.succeeded(throttleKey(ch.userId), meta.ip);
    const acct = await this.deps.users.findAccount(ch.userId);
    if (!acct || acct.status === 'DELETED') throw new AppError('AUTH-1003', 'auth.accountGone');
    if (acct.status === 'DEACTIVATED') throw new AppError('AUTH-1006', 'auth.accountDeactivated');
    if (kind === 'recovery') {
      this.ctx.log.info({ userId: acct.id }, 'signed in with a recovery code');
      await this.deps.securityLog.record({
        action: 'account.mfa.recovery_code_used',
        actor: acct.id,
        target: { kind: 'user', id: acct.id },
      });
    }
    const answer = await this.deps.issueSession(acct, { ...meta, method: kind === 'totp' ? 'password+totp' : 'password+recovery' });
    await this.deps.securityLog.record({
      action: 'auth.login.second_factor',
      actor: acct.id,
      target: { kind: 'user', id: acct.id },
      details: { method: kind },
    });
    return answer;
  }

  /** A fresh proof of identity for this session: the password or a second-factor code. */
  async stepUp(user: AuthUser, body: StepUpRequest, ip: string): Promise<{ verifiedUntil: string }> {
    const acct = await this.deps.users.findAccount(user.id);
    if (!acct || acct.status !== 'ACTIVE') throw new AppError('AUTH-1003', 'auth.accountGone');
    const key = `step-up:a:${user.id}`;
    await this.deps.throttle.attempt(key, ip);
    let ok = false;
    if (body.code !== undefined) ok = (await this.checkCode(user.id, body.code)).ok;
    else if (body.password !== undefined)
      ok = acct.passwordHash ? (await this.deps.passwords.verify(acct.passwordHash, body.password)).ok : false;
    if (!ok) {
      await this.deps.throttle.failed(key, ip);
      throw body.code !== undefined ? new AppError('AUTH-1021') : new AppError('AUTH-1001', 'auth.stepUpWrongPassword');
    }
    await this.deps.throttle.succeeded(key, ip);
    if (body.code !== undefined && user.family) {
      // a code proves the second factor in this session (a social sign-in's admin powers, docs/accounts-factors.md)
      await repo.markSessionMultiFactor(this.ctx.db, user.family);
      await this.ctx.sessions.forget([user.family]);
    }
    await this.deps.securityLog.record({
      action: 'account.step_up',
      actor: user.id,
      target: { kind: 'user', id: user.id },
      details: { method: body.code !== undefined ? 'code' : 'password' },
    });
    return { verifiedUntil: await this.proved(user) };
  }

  sweep() {
    return repo.sweepChallenges(this.ctx.db);
  }
}
