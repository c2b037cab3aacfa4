/**
 * Test kit of the second factor (for tests, not production code): enrol a TOTP factor straight
 * into an account, compute its codes, and sign an account in through the real two-step login.
 * Every admin needs a second factor (docs/accounts.md), so the helpers that make admins for other
 * modules' tests (`createUser(t, { admin: true })` …) go through `secondFactorLogin` here.
 */
import { generate, generateSecret } from 'otplib';
import type { TestApp } from '../../../test/support.ts';
import { SecondFactorBox } from './second-factor-box.ts';
import { secondFactors } from './schema.ts';

/** The password the kit gives accounts it signs in (hashed once per test process). */
export const KIT_PASSWORD = 'kit second factor passphrase';
let kitHash: Promise<string> | null = null;
/** The newest time step each secret has been used for (a code is accepted once). */
const lastStep = new Map<string, number>();

/** A confirmed TOTP factor for the account; answers its secret. */
export async function enrolTotp(t: TestApp, userId: string, secret: string = generateSecret()): Promise<string> {
  const box = new SecondFactorBox(t.ctx.config.jwtSecret);
  await t.ctx.db
    .insert(secondFactors)
    .values({ userId, secretEnc: box.sealSecret(secret, userId), confirmedAt: new Date() })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretEnc: box.sealSecret(secret, userId), confirmedAt: new Date(), lastTimeStep: null },
    });
  await t.ctx.sessions.accountChanged(userId);
  return secret;
}

/**
 * A code the server has not accepted yet for this secret: the current step's, or the next one's
 * (still within the server's one-step tolerance) when the current one was used.
 */
export async function nextTotpCode(secret: string, now = Date.now()): Promise<string> {
  const step = Math.max(Math.floor(now / 30_000), (lastStep.get(secret) ?? -1) + 1);
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** The current step's code (whether or not it was used). */
export function totpCodeNow(secret: string, now = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(now / 1000) });
}

/** Password + TOTP through HTTP: the login response's data. */
export async function secondFactorLogin(
  t: TestApp,
  email: string,
  password: string,
  secret: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const first = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (first.status !== 401 || first.body?.error?.code !== 'AUTH-1020')
    throw new Error(`expected a second-factor challenge: ${first.status} ${JSON.stringify(first.body)}`);
  const second = await t.call({
    method: 'POST',
    url: '/api/auth/second-factor/login',
    payload: { challengeToken: first.body.error.details.challengeToken, code: await nextTotpCode(secret) },
  });
  if (second.status !== 200) throw new Error(`second-factor login failed: ${second.status} ${JSON.stringify(second.body)}`);
  return second.body.data;
}

/**
 * An account (an admin, usually) signed in as the server would have it: the kit's password, a
 * TOTP factor, and a real session through the two-step login. Answers the access token.
 */
export async function signInWithSecondFactor(t: TestApp, userId: string): Promise<{ accessToken: string; secret: string }> {
  kitHash ??= t.api.auth.passwords.hash(KIT_PASSWORD);
  await t.api.users.setPasswordHash(userId, await kitHash);
  const acct = await t.api.users.findAccount(userId);
  if (!acct) throw new Error('no such account');
  const secret = await enrolTotp(t, userId);
  const { accessToken } = await secondFactorLogin(t, acct.email, KIT_PASSWORD, secret);
  return { accessToken, secret };
}
