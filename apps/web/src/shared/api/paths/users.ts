/** The auth and users modules' paths (SPEC §7) beyond the shell's (./shell.ts). */
import { shellPaths } from './shell';

const seg = encodeURIComponent;

export const authPaths = {
  ...shellPaths.auth,
  oauthProviders: '/api/auth/oauth/providers',
  /** a browser navigation (302 to the provider), not a fetch */
  oauthStart: (provider: string) => `/api/auth/oauth/${seg(provider)}/start`,
  resetRequest: '/api/auth/password-reset/request',
  resetConfirm: '/api/auth/password-reset/confirm',
  // passkeys (features/auth/passkey-sign-in.ts, features/account/passkeys-section.tsx)
  passkeys: '/api/auth/passkeys',
  passkey: (id: string) => `/api/auth/passkeys/${seg(id)}`,
  passkeyRegisterOptions: '/api/auth/passkeys/register/options',
  passkeyRegisterVerify: '/api/auth/passkeys/register/verify',
  passkeyLoginOptions: '/api/auth/passkeys/login/options',
  passkeyLoginVerify: '/api/auth/passkeys/login/verify',
  // second factor and step-up (features/account/second-factor-api.ts)
  secondFactor: '/api/auth/second-factor',
  totpSetup: '/api/auth/second-factor/totp/setup',
  totpConfirm: '/api/auth/second-factor/totp/confirm',
  recoveryCodes: '/api/auth/second-factor/recovery-codes',
  secondFactorLogin: '/api/auth/second-factor/login',
  stepUp: '/api/auth/step-up',
} as const;

export const usersPaths = {
  ...shellPaths.users,
  register: '/api/users/register',
  checkEmail: '/api/users/check-email',
  password: '/api/users/me/password',
  deactivate: '/api/users/me/deactivate',
  // e-mail change (features/account/email-change-section.tsx, email-confirm-page.tsx)
  email: '/api/users/me/email',
  emailConfirm: '/api/users/me/email/confirm',
} as const;
