/** Rate limits of the accounts endpoints: 429 BIZ-3004 with Retry-After (memory, or Redis with REDIS_URL). */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { register, uniqueEmail } from '../users/test-helpers.ts';
import { ACCOUNT_LIMITS } from './rate-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
});
afterAll(() => t.close());

let ipN = 0;
/** A client address of this test's own, so the limits of one test do not touch another. */
const newIp = () => `10.0.${Math.floor(++ipN / 250)}.${ipN % 250}`;
const from = (ip: string, o: InjectOptions) => t.call({ ...o, remoteAddress: ip });
const loginFrom = (ip: string, email: string, password: string) =>
  from(ip, { method: 'POST', url: '/api/auth/login', payload: { email, password } });

function expectLimited(r: { status: number; body: any; headers: Record<string, unknown> }) {
  expect(r.status).toBe(429);
  expect(r.body.error.code).toBe('BIZ-3004');
  expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('login: 5 failed attempts per email per 15 minutes, then 429 even with the right password', async () => {
    const ip = newIp();
    const u = await register(t);
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerEmail.limit; i++) {
      expect((await loginFrom(newIp(), u.email, 'wrong password!')).status).toBe(401);
    }
    const limited = await loginFrom(ip, u.email.toUpperCase(), u.password);
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // another account from the same address is not affected
    const v = await register(t);
    expect((await loginFrom(ip, v.email, v.password)).status).toBe(200);
  });

  it('login: a success clears the failures of that email', async () => {
    const u = await register(t);
    const ip = newIp();
    for (let i = 0; i < 4; i++) expect((await loginFrom(ip, u.email, 'wrong password!')).status).toBe(401);
    expect((await loginFrom(ip, u.email, u.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginFrom(ip, u.email, 'wrong password!')).status).toBe(401);
    expect((await loginFrom(ip, u.email, u.password)).status).toBe(200);
  });

  it('login: 20 attempts per IP per 15 minutes', async () => {
    const ip = newIp();
    for (let i = 0; i < ACCOUNT_LIMITS.loginPerIp.limit; i++) {
      expect((await loginFrom(ip, uniqueEmail('spray'), 'some password')).status).toBe(401);
    }
    expectLimited(await loginFrom(ip, uniqueEmail('spray'), 'some password'));
    expect((await loginFrom(newIp(), uniqueEmail('spray'), 'some password')).status).toBe(401);
  });

  it('register: 10 per IP per hour', async () => {
    const ip = newIp();
    for (let i = 0; i < ACCOUNT_LIMITS.registerPerIp.limit; i++) {
      const r = await from(ip, {
        method: 'POST',
        url: '/api/users/register',
        payload: { email: uniqueEmail('bulk'), password: 'bulk signup passphrase', name: '대량' },
      });
      expect(r.status).toBe(201);
    }
    expectLimited(
      await from(ip, {
        method: 'POST',
        url: '/api/users/register',
        payload: { email: uniqueEmail('bulk'), password: 'bulk signup passphrase', name: '대량' },
      }),
    );
  });

  it('check-email: 30 per IP per minute', async () => {
    const ip = newIp();
    for (let i = 0; i < ACCOUNT_LIMITS.checkEmailPerIp.limit; i++) {
      expect((await from(ip, { method: 'POST', url: '/api/users/check-email', payload: { email: uniqueEmail('probe') } })).status).toBe(
        200,
      );
    }
    expectLimited(await from(ip, { method: 'POST', url: '/api/users/check-email', payload: { email: uniqueEmail('probe') } }));
  });

  it('password reset: 3 per email and 10 per IP per hour', async () => {
    const email = uniqueEmail('reset');
    for (let i = 0; i < ACCOUNT_LIMITS.resetRequestPerEmail.limit; i++) {
      expect((await from(newIp(), { method: 'POST', url: '/api/auth/password-reset/request', payload: { email } })).status).toBe(200);
    }
    expectLimited(await from(newIp(), { method: 'POST', url: '/api/auth/password-reset/request', payload: { email } }));

    const ip = newIp();
    for (let i = 0; i < ACCOUNT_LIMITS.resetRequestPerIp.limit; i++) {
      const r = await from(ip, { method: 'POST', url: '/api/auth/password-reset/request', payload: { email: uniqueEmail('reset') } });
      expect(r.status).toBe(200);
    }
    expectLimited(await from(ip, { method: 'POST', url: '/api/auth/password-reset/request', payload: { email: uniqueEmail('reset') } }));
  });

  it('password checks of a signed-in user: 5 per 15 minutes', async () => {
    const u = await register(t);
    for (let i = 0; i < ACCOUNT_LIMITS.passwordCheckPerUser.limit; i++) {
      const r = await from(newIp(), {
        method: 'PUT',
        url: '/api/users/me/password',
        headers: u.auth,
        payload: { currentPassword: 'guessing wrong', newPassword: 'another passphrase' },
      });
      expect(r.status).toBe(401);
    }
    expectLimited(
      await from(newIp(), {
        method: 'POST',
        url: '/api/users/me/deactivate',
        headers: u.auth,
        payload: { password: u.password },
      }),
    );
  });
});
