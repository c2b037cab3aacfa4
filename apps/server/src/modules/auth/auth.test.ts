import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, login, makeAdmin, register, uniqueEmail } from '../users/test-helpers.ts';
import { authSessions } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: unknown) => t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const validate = (token: string) => t.call({ method: 'GET', url: '/api/auth/validate', headers: bearer(token) });
const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

function pastToken(secret: string, sub: string, opts: { expired?: boolean; alg?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: ['ROLE_USER'], sys: 'ROLE_USER' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('moim')
    .setAudience('moim-api')
    .setIssuedAt(now - 3600)
    .setExpirationTime(opts.expired === false ? now + 600 : now - 60)
    .sign(new TextEncoder().encode(secret));
}

describe('login', () => {
  it('answers tokens and the user (SPEC §3 login response)', async () => {
    const u = await register(t, { username: 'login.tester' });
    const r = await login(t, `  ${u.email.toUpperCase()} `, u.password);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 900,
      id: u.id,
      email: u.email,
      username: 'login.tester',
      name: u.name,
      roles: ['ROLE_USER'],
      systemRole: 'ROLE_USER',
      profileImage: null,
      user: { id: u.id, email: u.email, username: 'login.tester', roles: ['ROLE_USER'], systemRole: 'ROLE_USER' },
    });
    expect(d.accessToken.split('.')).toHaveLength(3);
    expect(d.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(d.refreshExpiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(r.res.body).not.toMatch(/argon2|passwordHash|password_hash|tokenHash/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect((await validate(d.accessToken)).body.data.id).toBe(u.id);
  });

  it('answers wrong password and unknown email with the same AUTH-1001, in comparable time', async () => {
    const u = await register(t);
    const strip = (b: any) => ({ ...b, requestId: undefined });
    const wrong = await login(t, u.email, 'not the password at all');
    const unknown = await login(t, uniqueEmail('nobody'), 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1001');
    expect(strip(unknown.body)).toEqual(strip(wrong.body));

    // Both verify an argon2id hash (a dummy one for the unknown email): similar cost. The fastest
    // of several interleaved tries is compared, since load on the machine only ever adds time.
    const once = async (email: string) => {
      const t0 = performance.now();
      await login(t, email, 'not the password at all');
      return performance.now() - t0;
    };
    const known: number[] = [];
    const ghost: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await once(u.email));
      ghost.push(await once(uniqueEmail('nobody')));
    }
    const ratio = Math.min(...ghost) / Math.min(...known);
    const detail = `known ${known.map(Math.round)} ms, unknown ${ghost.map(Math.round)} ms`;
    expect(ratio, detail).toBeGreaterThan(0.3); // without the dummy hash it would be ~0.03
    expect(ratio, detail).toBeLessThan(3);
  });

  it('tells a deactivated account AUTH-1006 only with the right password', async () => {
    const u = await register(t);
    const d = await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.auth, payload: { password: u.password } });
    expect(d.status).toBe(200);
    const right = await login(t, u.email, u.password);
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe('AUTH-1006');
    expect(right.body.error.message).toContain('비활성화');
    expect((await login(t, u.email, 'wrong password here')).body.error.code).toBe('AUTH-1001');
  });

  it('refuses a social-only account (no password) with AUTH-1001', async () => {
    const email = uniqueEmail('social');
    await t.api.users.createUser({ email, name: '소셜 사용자', emailVerified: true });
    expect((await login(t, email, 'any password at all')).body.error.code).toBe('AUTH-1001');
  });

  it('re-hashes a password made with older argon2 parameters on login', async () => {
    const u = await register(t);
    const weak = await argon2.hash(u.password, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.api.users.setPasswordHash(u.id, weak);
    expect((await login(t, u.email, u.password)).status).toBe(200);
    const acct = await t.api.users.findAccount(u.id);
    expect(acct!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login(t, u.email, u.password)).status).toBe(200);
  });

  it('accepts `username` (SPEC §3): the account’s username, any case, or its email, as the original client sends', async () => {
    const username = `Kim_${Date.now().toString(36)}`;
    const u = await register(t, { username });
    const as = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/auth/login', payload });
    for (const id of [username, username.toLowerCase(), u.email, ` ${u.email.toUpperCase()} `]) {
      const r = await as({ username: id, password: u.password });
      expect(r.status, id).toBe(200);
      expect(r.body.data.id).toBe(u.id);
      expect(r.body.data.username).toBe(username);
      expect((await validate(r.body.data.accessToken)).status).toBe(200);
    }
    const wrong = await as({ username, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1001');
    const unknown = await as({ username: 'nobody_here', password: u.password });
    expect(unknown.body.error.code).toBe('AUTH-1001');
  });

  it('requires email or username: VAL-2003 when neither is given', async () => {
    for (const payload of [{ password: 'some password' }, { password: 'some password', email: undefined }]) {
      const r = await t.call({ method: 'POST', url: '/api/auth/login', payload });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VAL-2003');
    }
    for (const username of ['', '   ', 'a'.repeat(400), 'bad\u0000name']) {
      const r = await t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'some password' } });
      expect(r.status, JSON.stringify(username)).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });

  it('answers garbage with 4xx in the envelope, never 500', async () => {
    const bodies: unknown[] = [
      [],
      ['a@b.co', 'password'],
      { email: ['a@b.co'], password: 'x' },
      { email: 42, password: 42 },
      { email: 'a@b.co' },
      { email: "'; drop table users; --", password: "' or 1=1 --" },
      { email: 'a'.repeat(10_000) + '@b.co', password: 'x' },
      { email: 'a@b.co', password: 'p'.repeat(10_000) },
      { email: 'a\u0000@b.co', password: 'password1' },
      { email: null, password: null },
      'just a string',
    ];
    for (const payload of bodies) {
      const r = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: payload as any,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, JSON.stringify(payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.success).toBe(false);
    }
  });
});

describe('refresh', () => {
  it('rotates: a new refresh token every use, the old one dead', async () => {
    const u = await register(t);
    const first = await refresh(u.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(u.refreshToken);
    expect(first.body.data.user.id).toBe(u.id);
    const second = await refresh(first.body.data.refreshToken);
    expect(second.status).toBe(200);
    expect((await validate(second.body.data.accessToken)).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again (the newest one dies too)', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password); // another login (family) of the same user
    const r1 = await refresh(u.refreshToken);
    const r2 = await refresh(r1.body.data.refreshToken);
    expect(r2.status).toBe(200);

    const reuse = await refresh(u.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('AUTH-1003');
    // every token of that login is dead, including the newest one and its access token
    expect((await refresh(r2.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
    expect((await validate(r2.body.data.accessToken)).body.error.code).toBe('AUTH-1003');
    // the other login is untouched
    expect((await refresh(other.body.data.refreshToken)).status).toBe(200);
  });

  it('answers two simultaneous refreshes with the same token with the same successor (two tabs); more in refresh-grace.test.ts', async () => {
    const u = await register(t);
    const [a, b] = await Promise.all([refresh(u.refreshToken), refresh(u.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.refreshToken).toBe(b.body.data.refreshToken);
    // the login goes on
    expect((await refresh(a.body.data.refreshToken)).status).toBe(200);
  });

  it('ends at the family’s absolute lifetime (AUTH-1002)', async () => {
    const u = await register(t);
    const r1 = await refresh(u.refreshToken);
    await t.ctx.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, u.id));
    const r = await refresh(r1.body.data.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('AUTH-1002');
  });

  it('refuses unknown, malformed and missing tokens', async () => {
    expect((await refresh('A'.repeat(43))).body.error.code).toBe('AUTH-1003');
    for (const bad of ['short', 'has spaces in it ....................', 42, ['x'], null, 'x'.repeat(5000)]) {
      const r = await refresh(bad);
      expect([r.status, r.body.error.code]).toEqual([400, expect.stringMatching(/^VAL-/)]);
    }
    const none = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(none.body.error.code).toBe('VAL-2003');
  });

  it('refuses a deactivated account’s refresh token (AUTH-1006)', async () => {
    const u = await register(t);
    const second = await login(t, u.email, u.password);
    await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.auth, payload: { password: u.password } });
    // deactivation revoked every session
    expect((await refresh(second.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
  });
});

describe('logout', () => {
  it('revokes the current login: its refresh token and access token stop working', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const r = await t.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ loggedOut: true });
    expect((await refresh(u.refreshToken)).body.error.code).toBe('AUTH-1003');
    expect((await validate(u.accessToken)).body.error.code).toBe('AUTH-1003');
    expect((await validate(other.body.data.accessToken)).status).toBe(200);
  });

  it('works with only the refresh token (expired access token) and refuses no credentials', async () => {
    const u = await register(t);
    const expired = await pastToken(t.ctx.config.jwtSecret, u.id);
    const r = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(expired),
      payload: { refreshToken: u.refreshToken },
    });
    expect(r.status).toBe(200);
    expect((await refresh(u.refreshToken)).body.error.code).toBe('AUTH-1003');
    const none = await t.call({ method: 'POST', url: '/api/auth/logout' });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('AUTH-1007');
    const expiredOnly = await t.call({ method: 'POST', url: '/api/auth/logout', headers: bearer(expired) });
    expect(expiredOnly.body.error.code).toBe('AUTH-1002');
  });

  it('does not let user B log out user A’s session', async () => {
    const a = await register(t);
    const b = await register(t);
    await t.call({ method: 'POST', url: '/api/auth/logout', headers: b.auth, payload: { refreshToken: a.refreshToken } });
    expect((await refresh(a.refreshToken)).status).toBe(200);
    expect((await refresh(b.refreshToken)).body.error.code).toBe('AUTH-1003');
  });
});

describe('validate and token checks', () => {
  it('answers the user for a valid token', async () => {
    const u = await register(t);
    const r = await validate(u.accessToken);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      id: u.id,
      email: u.email,
      username: null,
      name: u.name,
      roles: ['ROLE_USER'],
      systemRole: 'ROLE_USER',
      profileImage: null,
    });
  });

  it('answers AUTH-1002 for an expired token and AUTH-1003 for forged ones', async () => {
    const u = await register(t);
    const expired = await pastToken(t.ctx.config.jwtSecret, u.id);
    expect((await validate(expired)).body.error.code).toBe('AUTH-1002');
    expect((await me(expired)).body.error.code).toBe('AUTH-1002');

    const otherKey = await pastToken('x'.repeat(40), u.id, { expired: false });
    const [h, p] = u.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, roles: ['ROLE_USER', 'ROLE_ADMIN'], sys: 'ROLE_ADMIN' })).toString('base64url')}.${u.accessToken.split('.')[2]}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const forged of [otherKey, tampered, none, 'not.a.jwt', 'garbage']) {
      const r = await validate(forged);
      expect(r.status, forged.slice(0, 20)).toBe(401);
      expect(r.body.error.code).toBe('AUTH-1003');
    }
    const missing = await t.call({ method: 'GET', url: '/api/auth/validate' });
    expect(missing.body.error.code).toBe('AUTH-1007');
    const admin = await t.call({ method: 'GET', url: '/api/admin/users', headers: bearer(tampered) });
    expect([admin.status, admin.body.error.code]).toEqual([401, 'AUTH-1003']);
  });

  it('stops a deactivated or deleted user’s access token at /validate and /users/me', async () => {
    const a = await register(t);
    const a2 = await login(t, a.email, a.password);
    await t.api.users.findAccount(a.id);
    // deactivate through the admin route's service path: the user's own access token is still a valid JWT
    // (an admin signs in with a second factor: makeAdmin enrols one)
    const admin = await makeAdmin(t, await register(t));
    const d = await t.call({
      method: 'POST',
      url: `/api/admin/users/${a.id}/deactivate`,
      headers: bearer(admin.accessToken),
    });
    expect(d.status).toBe(200);
    expect((await validate(a2.body.data.accessToken)).body.error.code).toBe('AUTH-1006');
    expect((await me(a2.body.data.accessToken)).body.error.code).toBe('AUTH-1006');

    const b = await register(t);
    const b2 = await login(t, b.email, b.password);
    const del = await t.call({ method: 'DELETE', url: '/api/users/me', headers: b.auth, payload: { password: b.password } });
    expect(del.status).toBe(200);
    expect((await validate(b2.body.data.accessToken)).body.error.code).toBe('AUTH-1003');
    expect((await me(b2.body.data.accessToken)).body.error.code).toBe('AUTH-1003');
  });
});

describe('short access-token lifetime', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '60' } });
  });
  afterAll(() => s.close());
  afterEach(() => vi.useRealTimers());

  it('expires the access token after ACCESS_TOKEN_TTL_SECONDS (AUTH-1002), refresh still works', async () => {
    const u = await register(s);
    const r = await login(s, u.email, u.password);
    expect(r.body.data.expiresIn).toBe(60);
    expect((await s.call({ method: 'GET', url: '/api/users/me', headers: bearer(r.body.data.accessToken) })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const late = await s.call({ method: 'GET', url: '/api/users/me', headers: bearer(r.body.data.accessToken) });
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('AUTH-1002');
    const fresh = await s.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: r.body.data.refreshToken } });
    expect(fresh.status).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/users/me', headers: bearer(fresh.body.data.accessToken) })).status).toBe(200);
  });
});
