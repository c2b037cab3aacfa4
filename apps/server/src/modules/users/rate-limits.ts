/**
 * Rate limits of the accounts endpoints (login per account and address: auth/login-throttle.ts); owned by users, used by auth (fixed windows; in memory, or shared through Redis when
 * REDIS_URL is set). Over a limit: 429 BIZ-3004 with Retry-After. Values in docs/accounts.md.
 */
import type { LimitRule } from '../../http/rate-limit.ts';

const MIN = 60_000;

export const ACCOUNT_LIMITS = {
  /** every login attempt per client IP */
  loginPerIp: { name: 'login-ip', limit: 20, windowMs: 15 * MIN },
  registerPerIp: { name: 'register-ip', limit: 10, windowMs: 60 * MIN },
  resetRequestPerEmail: { name: 'reset-email', limit: 3, windowMs: 60 * MIN },
  resetRequestPerIp: { name: 'reset-ip', limit: 10, windowMs: 60 * MIN },
  resetConfirmPerIp: { name: 'reset-confirm-ip', limit: 20, windowMs: 15 * MIN },
  checkEmailPerIp: { name: 'check-email-ip', limit: 30, windowMs: 1 * MIN },
  refreshPerIp: { name: 'refresh-ip', limit: 60, windowMs: 1 * MIN },
  oauthPerIp: { name: 'oauth-ip', limit: 30, windowMs: 1 * MIN },
  /** opening an e-mail change link, per client IP */
  emailChangeConfirmPerIp: { name: 'email-change-confirm-ip', limit: 20, windowMs: 15 * MIN },
  /** actions that check the current password of a signed-in user (change, e-mail change, deactivate, delete) */
  passwordCheckPerUser: { name: 'password-check-user', limit: 5, windowMs: 15 * MIN },
} satisfies Record<string, LimitRule>;
