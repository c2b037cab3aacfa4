/**
 * What the users module needs from below (GUIDE §1 "One module shape"): the auth module's lower
 * layer through the `UserCredentials` port, the mail service and the security log.
 */
import type { LoginResponse, User } from '@moim/contract';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { SecurityLog } from '../security-log/index.ts';

/**
 * What users asks of the auth module's lower layer (passwords, the session store), injected by
 * the composition root: `createAuthSessions` in auth implements it. Calls go downward only.
 */
export interface UserCredentials {
  readonly passwords: {
    hash(password: string): Promise<string>;
    verify(hash: string | null | undefined, password: string): Promise<{ ok: boolean; needsRehash: boolean }>;
  };
  /** VAL-2001 (or VAL-2004 for the length) naming `field` when the password breaks the policy. */
  assertPasswordPolicy(password: string, email?: string, field?: string): void;
  /** AUTH-1023 unless the caller's session proved who it is in the last 5 minutes (step-up). */
  requireRecentProof(user: AuthUser): Promise<void>;
  /** Open a session for `user` and answer the login response (tokens + user); no login is recorded. */
  openSession(user: User, meta: { method: string; ip?: string | undefined; userAgent?: string | undefined }): Promise<LoginResponse>;
  /**
   * Revoke a user's sessions (all, or all but `exceptSessionId`), effective on every route and
   * instance at once. Returns how many. A reason starting `deactivated` marks them so.
   */
  revokeUserSessions(userId: string, opts?: { exceptSessionId?: string | undefined; reason?: string }): Promise<number>;
  /** The account's status changed without a revocation (reactivation): drop what was cached about it. */
  accountChanged(userId: string): Promise<void>;
  /** Social-login providers linked to the account (distinct, sorted): the auth module's read model of its social links. */
  linkedProviders(userId: string): Promise<string[]>;
  /** Account deletion: drop social links and reset tokens, revoke every session. */
  forgetUser(userId: string): Promise<void>;
}

export interface UsersDeps {
  credentials: UserCredentials;
  mail: MailService;
  /** account changes and the back office's acts and reads are security-log entries */
  securityLog: Pick<SecurityLog, 'record' | 'mask'>;
}
