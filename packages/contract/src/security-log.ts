/**
 * The security log (docs/security-log.md): append-only entries of security-relevant acts, searched
 * by admins in the back office; members read their own sign-in history and manage their sessions.
 */
import { z } from 'zod';
import { page } from './envelope.ts';
import { plainText } from './accounts.ts';

/** Every kind of entry. Second-factor and passkey kinds are written by their own modules. */
export const SECURITY_ACTIONS = [
  // sign-in and sessions
  'auth.login.password',
  'auth.login.social',
  'auth.login.passkey',
  'auth.login.second_factor',
  'auth.logout',
  'auth.refresh_token.reused',
  'auth.session.ended',
  'auth.sessions.ended_others',
  // credentials and account
  'account.password.changed',
  'account.password.reset_requested',
  'account.password.reset',
  'account.email.change_requested',
  'account.email.changed',
  'account.deactivated',
  'account.deleted',
  'account.mfa.totp_enabled',
  'account.mfa.totp_disabled',
  'account.mfa.recovery_codes_generated',
  'account.mfa.recovery_code_used',
  'account.mfa.reset_by_admin',
  'account.passkey.registered',
  'account.passkey.removed',
  'account.passkey.renamed',
  'account.step_up',
  'account.export.requested',
  'account.export.downloaded',
  // admins
  'admin.user.roles_changed',
  'admin.user.deactivated',
  'admin.user.reactivated',
  'admin.user.deleted',
  'admin.read.users',
  'admin.read.user',
  'admin.read.mail_outbox',
  'admin.read.payments',
  'admin.read.payment',
  'admin.read.security_log',
  'admin.config.changed',
  // the system
  'system.security_log.purged',
] as const;
export const securityAction = z.enum(SECURITY_ACTIONS);
export type SecurityAction = z.infer<typeof securityAction>;

/** The kinds a member's sign-in history shows. */
export const SIGN_IN_ACTIONS = [
  'auth.login.password',
  'auth.login.social',
  'auth.login.passkey',
  'auth.login.second_factor',
] as const satisfies readonly SecurityAction[];

export const securityActorKind = z.enum(['user', 'system', 'anonymous']);
export const securityOutcome = z.enum(['success', 'failure']);
export type SecurityOutcome = z.infer<typeof securityOutcome>;

export const securityLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: securityActorKind,
  actorId: z.string().nullable(),
  action: securityAction,
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: securityOutcome,
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntry>;
export const securityLogPage = page(securityLogEntry);

const day = z.iso.date();
export const securityLogQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** the acting user's id, or `system` */
  actor: z.union([z.uuid(), z.literal('system')]).optional(),
  action: securityAction.optional(),
  targetKind: z
    .string()
    .regex(/^[a-z_]{2,30}$/)
    .optional(),
  targetId: plainText(100, 1).optional(),
  outcome: securityOutcome.optional(),
  /** first and last day (Asia/Seoul), inclusive */
  from: day.optional(),
  to: day.optional(),
  /** an exact address or a prefix ending in `.` or `:` */
  ip: z
    .string()
    .regex(/^[0-9a-fA-F.:]{1,45}$/)
    .optional(),
});
export type SecurityLogQuery = z.infer<typeof securityLogQuery>;

/** One line of a member's own sign-in history. */
export const signInEntry = z.object({
  at: z.string(),
  method: z.enum(['password', 'social', 'passkey', 'second_factor']),
  outcome: securityOutcome,
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInEntry = z.infer<typeof signInEntry>;
export const signInPage = page(signInEntry);
export const signInQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

export const activeSession = z.object({
  id: z.string(),
  method: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessions = z.array(activeSession);
export const sessionIdParam = z.object({ id: z.uuid() });
export const sessionEnded = z.object({ ended: z.number().int() });
