/** Helpers for the accounts integration tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/support.ts';
import { enrolTotp, secondFactorLogin } from '../auth/second-factor-test-kit.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  accessToken: string;
  refreshToken: string;
  auth: { authorization: string };
  /** the TOTP secret of an account the helpers gave a second factor (makeAdmin) */
  totpSecret?: string;
}

let n = 0;
export function uniqueEmail(prefix = 'user'): string {
  n++;
  return `${prefix}${n}.${randomBytes(3).toString('hex')}@example.com`;
}

export async function register(
  t: TestApp,
  over: Partial<{ email: string; password: string; name: string; username: string }> = {},
): Promise<TestUser> {
  const email = over.email ?? uniqueEmail();
  const password = over.password ?? 'a perfectly fine passphrase';
  const name = over.name ?? '테스트 사용자';
  const r = await t.call({
    method: 'POST',
    url: '/api/users/register',
    payload: { email, password, name, ...(over.username ? { username: over.username } : {}) },
  });
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  return {
    id: r.body.data.id,
    email,
    password,
    name,
    accessToken: r.body.data.accessToken,
    refreshToken: r.body.data.refreshToken,
    auth: { authorization: `Bearer ${r.body.data.accessToken}` },
  };
}

export async function login(t: TestApp, email: string, password: string) {
  return t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** Make an existing user an admin through the users service (the way the start-up seeder does). */
export async function makeAdmin(t: TestApp, u: TestUser): Promise<TestUser> {
  await t.api.users.setAdmin(u.id, true);
  // an admin has a second factor and signs in through it (docs/accounts-factors.md "Second factor")
  const secret = await enrolTotp(t, u.id);
  const r = await secondFactorLogin(t, u.email, u.password, secret);
  return {
    ...u,
    accessToken: r.accessToken,
    refreshToken: r.refreshToken,
    auth: { authorization: `Bearer ${r.accessToken}` },
    totpSecret: secret,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
