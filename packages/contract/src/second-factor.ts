/**
 * A second factor (TOTP, RFC 6238) and step-up (a fresh proof of identity before sensitive acts):
 * requests and answers of /api/auth/second-factor* and /api/auth/step-up (docs/accounts.md
 * "Second factor").
 */
import { z } from 'zod';
import { loginPasswordField } from './accounts.ts';

/** How many one-time recovery codes an enrolment (or a regeneration) hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a proof of identity lets sensitive acts through (ASVS 7.5.x re-authentication). */
export const STEP_UP_WINDOW_SECONDS = 300;
/** How long a login's second-factor challenge lives. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 300;

/** A TOTP code (6 digits, spaces allowed as people copy them) or a recovery code (`xxxxx-xxxxx`). */
export const secondFactorCode = z
  .string()
  .trim()
  .min(6)
  .max(20)
  .regex(/^[0-9A-Za-z -]+$/, 'form.format');

export const TOTP_CODE = /^\d{6}$/;
/** Spaces dropped: what the server compares. */
export function normalizeSecondFactorCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export const secondFactorChallengeToken = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'form.format');

export const secondFactorLoginRequest = z.object({ challengeToken: secondFactorChallengeToken, code: secondFactorCode });
export type SecondFactorLoginRequest = z.infer<typeof secondFactorLoginRequest>;

export const secondFactorStatus = z.object({
  /** a confirmed TOTP factor */
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** admins must have one (their admin routes answer AUTH-1022 until then) */
  required: z.boolean(),
  /** until when the last proof of identity lets sensitive acts through (ISO), null when it is stale */
  verifiedUntil: z.string().nullable(),
  /** an admin reset this member's lost factor and they have not enrolled again: the web asks them to */
  enrolAgain: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

export const totpSetup = z.object({
  /** base32, as authenticator apps take it typed */
  secret: z.string(),
  /** otpauth://totp/… for the QR code */
  otpauthUri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

export const totpConfirmRequest = z.object({ code: secondFactorCode });
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;
export const secondFactorRemoved = z.object({ enabled: z.literal(false) });

/** A fresh proof: the password, or a code of the second factor. */
export const stepUpRequest = z
  .object({ password: loginPasswordField.optional(), code: secondFactorCode.optional() })
  .refine((b) => b.password !== undefined || b.code !== undefined, { message: 'form.required', path: ['password'] });
export type StepUpRequest = z.infer<typeof stepUpRequest>;
export const stepUpDone = z.object({ verifiedUntil: z.string() });

/** A member's factor as the back office sees it (GET /api/admin/users/{id}/second-factor). */
export const adminSecondFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** reset by an admin and not enrolled again */
  enrolAgain: z.boolean(),
});
export type AdminSecondFactorStatus = z.infer<typeof adminSecondFactorStatus>;

/** What an admin's reset of a member's lost factor did (POST /api/admin/users/{id}/second-factor/reset). */
export const adminSecondFactorReset = z.object({
  reset: z.literal(true),
  /** the member's sessions ended */
  sessionsEnded: z.number().int(),
  /** the other admins told (notice and mail) besides the member */
  adminsNotified: z.number().int(),
});
export type AdminSecondFactorReset = z.infer<typeof adminSecondFactorReset>;
