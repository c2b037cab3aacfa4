/**
 * Rate limits of the accounts endpoints: 429 BIZ-3004 with Retry-After (memory, or Redis with
 * REDIS_URL). Login guessing is throttled per (account, address) pair (login-throttle.ts).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { register, uniqueEmail } from '../users/test-helpers.ts';
import { LOGIN_PAIR_POLICY } from './login-throttle.ts';
import { ACCOUNT_LIMITS } from '../users/index.ts';

/** the first progressive login delay of the app that tests it (`slow`); the test moves a fake clock past it */
const BASE_MS = 500;
let t: TestApp;
let slow: TestApp;
beforeAll(async () => {
  // the progressive delay off here (tested on `slow`), so these tests need not wait it out
  t = await createTestApp({ rateLimits: true, env: { LOGIN_BACKOFF_BASE_MS: '0' } });
  // `slow` counts in memory even when REDIS_URL is set (an empty variable is unset): the memory
  // store reads Date.now(), which the test fakes, where Redis would expire keys by its own clock
  slow = await createTestApp({ rateLimits: true, env: { LOGIN_BACKOFF_BASE_MS: String(BASE_MS), REDIS_URL: '' } });
});
afterAll(() => slow.close());
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
  it('login: failures from one address do not lock the owner out on another; that address is locked after 5 attempts', async () => {
    const u = await register(t);
    const attacker = newIp();
    for (let i = 1; i <= LOGIN_PAIR_POLICY.attempts; i++) {
      expect((await loginFrom(attacker, u.email, 'wrong password!')).status).toBe(401);
    }
    // the attacker's address: refused even with the right password, for the rest of the window
    const limited = await loginFrom(attacker, u.email.toUpperCase(), u.password);
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // the owner, from their own address, is not affected
    expect((await loginFrom(newIp(), u.email, u.password)).status).toBe(200);
    // nor is another account from the attacker's address
    const v = await register(t);
    expect((await loginFrom(attacker, v.email, v.password)).status).toBe(200);
  });

  it('login: after each failure the (account, address) pair waits a doubling delay before its next attempt', async () => {
    const u = await register(slow);
    const ip = newIp();
    const attempt = (addr: string, password: string) =>
      slow.call({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password }, remoteAddress: addr });
    // only Date is faked (the store's clock), so it moves only when the test moves it; timers,
    // and so the app's I/O, run as usual
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await attempt(ip, 'wrong password!')).status).toBe(401);
      // at once again: refused before the password is even checked, with Retry-After
      expectLimited(await attempt(ip, u.password));
      // another address is not held back
      expect((await attempt(newIp(), u.password)).status).toBe(200);
      vi.advanceTimersByTime(BASE_MS - 50); // not yet past the first delay
      expectLimited(await attempt(ip, u.password));
      vi.advanceTimersByTime(100);
      expect((await attempt(ip, 'wrong password!')).status).toBe(401);
      vi.advanceTimersByTime(BASE_MS + 50); // the second failure doubled the delay: still waiting
      expectLimited(await attempt(ip, u.password));
      vi.advanceTimersByTime(BASE_MS);
      expect((await attempt(ip, u.password)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('login: the email and the username of one account share one budget per address', async () => {
    const username = `budget_${ipN}`;
    const u = await register(t, { username });
    const ip = newIp();
    for (let i = 1; i <= LOGIN_PAIR_POLICY.attempts; i++) {
      const byUsername = i % 2 === 0;
      const r = await from(ip, {
        method: 'POST',
        url: '/api/auth/login',
        payload: byUsername ? { username: username.toUpperCase(), password: 'nope nope' } : { email: u.email, password: 'nope nope' },
      });
      expect(r.status).toBe(401);
    }
    expectLimited(await from(ip, { method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } }));
  });

  it('login: a success clears the failures of that pair', async () => {
    const u = await register(t);
    const ip = newIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i <= 4; i++) {
        expect((await loginFrom(ip, u.email, 'wrong password!')).status).toBe(401);
      }
      expect((await loginFrom(ip, u.email, u.password)).status).toBe(200);
    }
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
