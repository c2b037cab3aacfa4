/**
 * The second factor through HTTP: TOTP enrolment, the two-step login and its refusals (wrong
 * code, replayed code, recovery code twice, expired challenge), step-up, the admin gate, password
 * reset keeping the factor, and the throttle on guesses.
 */
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, login, register, type TestUser } from '../users/test-helpers.ts';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, recoveryCodes, secondFactors } from './schema.ts';
import { nextTotpCode, signInWithSecondFactor } from './second-factor-test-kit.ts';
import { sha256 } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload !== undefined ? { payload } : {}) });

/** Register and turn TOTP on through the API; answers the secret, the codes and a fresh token. */
async function enrolled(): Promise<TestUser & { secret: string; codes: string[] }> {
  const u = await register(t);
  const setup = await call('POST', '/api/auth/second-factor/totp/setup', u.accessToken);
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.data.secret as string;
  expect(setup.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/moim:/);
  const done = await call('POST', '/api/auth/second-factor/totp/confirm', u.accessToken, { code: await nextTotpCode(secret) });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { ...u, secret, codes: done.body.data.recoveryCodes };
}

async function challenge(u: { email: string; password: string }): Promise<string> {
  const r = await login(t, u.email, u.password);
  expect(r.status).toBe(401);
  expect(r.body.error.code).toBe('AUTH-1020');
  expect(r.body.error.details.reason).toBe('SECOND_FACTOR_REQUIRED');
  expect(r.body.data).toBeUndefined();
  return r.body.error.details.challengeToken as string;
}

const second = (challengeToken: string, code: string) => call('POST', '/api/auth/second-factor/login', undefined, { challengeToken, code });

describe('enrolment', () => {
  it('turns TOTP on with a valid code, shows 10 recovery codes once, and ends the other sessions', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const before = await call('GET', '/api/auth/second-factor', u.accessToken);
    expect(before.body.data).toMatchObject({ enabled: false, recoveryCodesLeft: 0, required: false });
    const setup = await call('POST', '/api/auth/second-factor/totp/setup', u.accessToken);
    const secret = setup.body.data.secret as string;
    // a wrong code does not turn it on
    const wrong = await call('POST', '/api/auth/second-factor/totp/confirm', u.accessToken, { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1021');
    const ok = await call('POST', '/api/auth/second-factor/totp/confirm', u.accessToken, { code: await nextTotpCode(secret) });
    expect(ok.status).toBe(200);
    const codes = ok.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const after = await call('GET', '/api/auth/second-factor', u.accessToken);
    expect(after.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // the session opened without the factor is over; this one goes on
    expect((await call('GET', '/api/users/me', other.body.data.accessToken)).body.error.code).toBe('AUTH-1003');
    expect((await call('GET', '/api/users/me', u.accessToken)).status).toBe(200);
    // codes are stored hashed: no plaintext code in the table
    const rows = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(rows).toHaveLength(10);
    for (const r of rows) expect(codes).not.toContain(r.codeHash);
    // a second setup while on is a state conflict
    expect((await call('POST', '/api/auth/second-factor/totp/setup', u.accessToken)).body.error.code).toBe('BIZ-3002');
  });

  it('keeps the secret encrypted at rest', async () => {
    const u = await enrolled();
    const [row] = await t.ctx.db.select().from(secondFactors).where(eq(secondFactors.userId, u.id));
    expect(row!.secretEnc).not.toContain(u.secret);
  });

  it('confirming without a started setup is a state conflict', async () => {
    const u = await register(t);
    const r = await call('POST', '/api/auth/second-factor/totp/confirm', u.accessToken, { code: '123456' });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');
  });
});

describe('login with a second factor', () => {
  it('answers a challenge instead of tokens; the TOTP code completes it', async () => {
    const u = await enrolled();
    const token = await challenge(u);
    const r = await second(token, await nextTotpCode(u.secret));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.accessToken).toBeTruthy();
    expect((await call('GET', '/api/users/me', r.body.data.accessToken)).status).toBe(200);
    // the challenge is single-use
    const again = await second(token, await nextTotpCode(u.secret));
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('AUTH-1003');
  });

  it('refuses a wrong code, and a code already accepted (no replay within its step)', async () => {
    const u = await enrolled();
    const token = await challenge(u);
    const wrong = await second(token, '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1021');
    const code = await nextTotpCode(u.secret);
    expect((await second(token, code)).status).toBe(200);
    // the same code on a new challenge: refused
    const replay = await second(await challenge(u), code);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('AUTH-1021');
  });

  it('the member’s sign-in history shows the second step, a wrong code as a failure', async () => {
    const u = await enrolled();
    const token = await challenge(u);
    expect((await second(token, '000000')).status).toBe(401);
    const ok = await second(token, await nextTotpCode(u.secret));
    expect(ok.status).toBe(200);
    const history = await call('GET', '/api/users/me/sign-ins', ok.body.data.accessToken);
    expect(history.status).toBe(200);
    const steps = (history.body.data.content as { method: string; outcome: string; reason: string | null }[]).filter(
      (e) => e.method === 'second_factor',
    );
    expect(steps).toEqual([
      expect.objectContaining({ outcome: 'success' }),
      expect.objectContaining({ outcome: 'failure', reason: 'bad_totp_code' }),
    ]);
  });

  it('accepts a recovery code once; the second use is refused', async () => {
    const u = await enrolled();
    const code = u.codes[3]!;
    const first = await second(await challenge(u), code.toUpperCase());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const twice = await second(await challenge(u), code);
    expect(twice.status).toBe(401);
    expect(twice.body.error.code).toBe('AUTH-1021');
    expect((await call('GET', '/api/auth/second-factor', first.body.data.accessToken)).body.data.recoveryCodesLeft).toBe(9);
  });

  it('a challenge takes five wrong codes, then it is dead', async () => {
    const u = await enrolled();
    const token = await challenge(u);
    for (let i = 0; i < 5; i++) expect((await second(token, '000000')).body.error.code).toBe('AUTH-1021');
    const dead = await second(token, await nextTotpCode(u.secret));
    expect(dead.body.error.code).toBe('AUTH-1003');
  });

  it('a challenge expires after five minutes', async () => {
    const u = await enrolled();
    const token = await challenge(u);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    const late = await second(token, await generate({ secret: u.secret }));
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('AUTH-1002');
  });

  it('a wrong password still answers AUTH-1001 (no challenge, nothing told)', async () => {
    const u = await enrolled();
    const r = await login(t, u.email, 'not the password at all');
    expect(r.body.error.code).toBe('AUTH-1001');
    expect(r.body.error.details?.challengeToken).toBeUndefined();
  });

  it('a password reset does not remove the second factor', async () => {
    const u = await enrolled();
    const token = 'reset-token-for-the-second-factor-test';
    await t.ctx.db
      .insert(passwordResetTokens)
      .values({ tokenHash: sha256(token), userId: u.id, expiresAt: new Date(Date.now() + 600_000) });
    const reset = await call('POST', '/api/auth/password-reset/confirm', undefined, { token, newPassword: 'another fine passphrase' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await challenge({ email: u.email, password: 'another fine passphrase' });
  });
});

describe('step-up', () => {
  it('sensitive acts pass within 5 minutes of the login, then ask again (AUTH-1023) until a fresh proof', async () => {
    const u = await enrolled();
    const s = await second(await challenge(u), await nextTotpCode(u.secret));
    const token = s.body.data.accessToken as string;
    expect((await call('GET', '/api/auth/second-factor', token)).body.data.verifiedUntil).toBeTruthy();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await call('POST', '/api/auth/second-factor/recovery-codes', token);
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('AUTH-1023');
    expect(stale.body.error.details).toMatchObject({ reason: 'STEP_UP_REQUIRED', windowSeconds: 300 });
    expect((await call('DELETE', '/api/auth/second-factor', token)).body.error.code).toBe('AUTH-1023');
    // a wrong password is not a proof
    const wrong = await call('POST', '/api/auth/step-up', token, { password: 'wrong password here' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1001');
    const proof = await call('POST', '/api/auth/step-up', token, { code: await nextTotpCode(u.secret, Date.now()) });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    const fresh = await call('POST', '/api/auth/second-factor/recovery-codes', token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recoveryCodes).toHaveLength(10);
    // the old recovery codes no longer work
    vi.useRealTimers();
    expect((await second(await challenge(u), u.codes[0]!)).body.error.code).toBe('AUTH-1021');
  });

  it('deleting the account without a password needs a fresh proof', async () => {
    const u = await register(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await t.call({ method: 'DELETE', url: '/api/users/me', headers: u.auth, payload: { confirmation: u.email } });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('AUTH-1023');
    expect((await call('POST', '/api/auth/step-up', u.accessToken, { password: u.password })).status).toBe(200);
    // now the step-up lets the delete through to its own rules (a password account still confirms with the password)
    const next = await t.call({ method: 'DELETE', url: '/api/users/me', headers: u.auth, payload: { password: u.password } });
    expect(next.status).toBe(200);
  });

  it('turning the factor off with a fresh proof: login no longer asks for it', async () => {
    const u = await enrolled();
    expect((await call('DELETE', '/api/auth/second-factor', u.accessToken)).status).toBe(200);
    const r = await login(t, u.email, u.password);
    expect(r.status).toBe(200);
  });
});

describe('admins must have a second factor', () => {
  it('an admin without one gets AUTH-1022 naming the setup page; after enrolling, the back office opens', async () => {
    const u = await register(t);
    await t.api.users.setAdmin(u.id, true);
    const r = await login(t, u.email, u.password);
    expect(r.status).toBe(200);
    const token = r.body.data.accessToken as string;
    const refused = await call('GET', '/api/admin/users', token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('AUTH-1022');
    expect(refused.body.error.details).toMatchObject({ reason: 'SECOND_FACTOR_SETUP_REQUIRED', setupPath: '/users/me/security' });
    const status = await call('GET', '/api/auth/second-factor', token);
    expect(status.body.data).toMatchObject({ enabled: false, required: true });
    const setup = await call('POST', '/api/auth/second-factor/totp/setup', token);
    await call('POST', '/api/auth/second-factor/totp/confirm', token, { code: await nextTotpCode(setup.body.data.secret) });
    expect((await call('GET', '/api/admin/users', token)).status).toBe(200);
  });

  it('changing roles needs a fresh proof', async () => {
    const admin = await register(t);
    await t.api.users.setAdmin(admin.id, true);
    const { accessToken } = await signInWithSecondFactor(t, admin.id);
    const member = await register(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const r = await call('PUT', `/api/admin/users/${member.id}/roles`, accessToken, { roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1023');
  });

  it('another user cannot read or turn off someone else’s factor (everything is the caller’s own)', async () => {
    const a = await enrolled();
    const b = await register(t);
    const status = await call('GET', '/api/auth/second-factor', b.accessToken);
    expect(status.body.data.enabled).toBe(false);
    await call('DELETE', '/api/auth/second-factor', b.accessToken);
    await challenge(a);
  });
});

describe('throttle', () => {
  let s: TestApp;
  // a second app of this file's own (rate limits on): its start may queue behind a busy machine
  beforeAll(async () => {
    s = await createTestApp({ rateLimits: true, env: { LOGIN_BACKOFF_BASE_MS: '0' } });
  }, 180_000);
  afterAll(() => s.close());

  it('second-factor guesses share the login throttle per account and address', async () => {
    const u = await register(s);
    const setup = await s.call({ method: 'POST', url: '/api/auth/second-factor/totp/setup', headers: u.auth });
    const secret = setup.body.data.secret as string;
    await s.call({
      method: 'POST',
      url: '/api/auth/second-factor/totp/confirm',
      headers: u.auth,
      payload: { code: await nextTotpCode(secret) },
    });
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const c = await login(s, u.email, u.password);
      const token = c.body.error.details.challengeToken;
      for (let i = 0; i < 4; i++) {
        const r = await s.call({
          method: 'POST',
          url: '/api/auth/second-factor/login',
          payload: { challengeToken: token, code: '000000' },
        });
        statuses.push(r.status);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});
