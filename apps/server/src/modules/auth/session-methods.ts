/** How a session was opened (`auth_sessions.method`) and whether that passed more than one factor. */
import { PASSKEY_SESSION_METHOD } from '@moim/contract';

/**
 * True for a session that passed more than one factor: a passkey sign-in (user verification), a
 * password + TOTP or recovery-code sign-in, or any session that proved the second factor later
 * (its method then ends in `+totp`: enrolment's confirming code, a step-up with a code).
 */
export function isMultiFactorMethod(method: string | null | undefined): boolean {
  return method === PASSKEY_SESSION_METHOD || Boolean(method && /\+(totp|recovery)$/.test(method));
}
