import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { oauthAccounts } from '../auth/schema.ts';
import { users } from './schema.ts';
import { bearer, login, register, uniqueEmail } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () => Number((await t.ctx.db.select({ n: count() }).from(users))[0]!.n);
const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const putMe = (token: string, payload: unknown) =>
  t.call({ method: 'PUT', url: '/api/users/me', headers: bearer(token), payload: payload as object });
const refresh = (refreshToken: string) => t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

/** Every value that is not an acceptable field value of any kind. */
const GARBAGE: unknown[] = [
  'x'.repeat(100_000),
  'bad\u0000null',
  'bell\u0007',
  'line\nbreak',
  'rtl\u202eoverride',
  "'; drop table users; --",
  42,
  true,
  null,
  [],
  ['a'],
  {},
  { $gt: '' },
];

describe('register', () => {
  it('creates the account and signs it in (201, login response)', async () => {
    const before = await userCount();
    const email = uniqueEmail('new');
    const r = await t.call({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: `  ${email}  `, password: 'a long enough passphrase', name: '  김하늘 ', username: 'Haneul_K' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      email,
      name: '김하늘',
      username: 'Haneul_K',
      roles: ['ROLE_USER'],
      systemRole: 'ROLE_USER',
      tokenType: 'Bearer',
    });
    expect(r.res.body).not.toMatch(/argon2|password/i);
    expect(await userCount()).toBe(before + 1);
    expect((await me(r.body.data.accessToken)).body.data.email).toBe(email);
  });

  it('refuses a taken email case-insensitively (VAL-2005) and a taken username (VAL-2008)', async () => {
    const u = await register(t, { username: 'taken.name' });
    const dupEmail = await t.call({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: u.email.toUpperCase(), password: 'another fine passphrase', name: '다른 사람' },
    });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.error.code).toBe('VAL-2005');
    const dupName = await t.call({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: uniqueEmail(), password: 'another fine passphrase', name: '다른 사람', username: 'TAKEN.NAME' },
    });
    expect(dupName.status).toBe(409);
    expect(dupName.body.error.code).toBe('VAL-2008');
  });

  it('lets exactly one of two simultaneous sign-ups with the same email through', async () => {
    const email = uniqueEmail('race');
    const payload = { email, password: 'race condition passphrase', name: '경쟁' };
    const rs = await Promise.all([0, 1, 2].map(() => t.call({ method: 'POST', url: '/api/users/register', payload })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(rs.filter((r) => r.status === 409).every((r) => r.body.error.code === 'VAL-2005')).toBe(true);
  });

  it('refuses short, common and email-like passwords and an invalid email; nothing stored', async () => {
    const before = await userCount();
    const email = uniqueEmail('weak');
    const cases: [Record<string, unknown>, string][] = [
      [{ email, password: 'short', name: '약함' }, 'VAL-2004'],
      [{ email, password: 'password123', name: '약함' }, 'VAL-2001'],
      [{ email, password: 'Qwerty123456', name: '약함' }, 'VAL-2001'],
      [{ email, password: '1q2w3e4r', name: '약함' }, 'VAL-2001'],
      [{ email, password: email, name: '약함' }, 'VAL-2001'],
      [{ email, password: 'p'.repeat(129), name: '약함' }, 'VAL-2004'],
      [{ email: 'not-an-email', password: 'a fine passphrase', name: '약함' }, 'VAL-2002'],
      [{ email: 'a@b', password: 'a fine passphrase', name: '약함' }, 'VAL-2002'],
      [{ email, password: 'a fine passphrase', name: '   ' }, 'VAL-2004'],
      [{ email, password: 'a fine passphrase', name: 'x'.repeat(51) }, 'VAL-2004'],
      [{ email, password: 'a fine passphrase', name: '약함', username: 'no spaces allowed' }, 'VAL-2002'],
    ];
    for (const [payload, code] of cases) {
      const r = await t.call({ method: 'POST', url: '/api/users/register', payload });
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error.code, JSON.stringify(payload)).toBe(code);
    }
    const common = await t.call({ method: 'POST', url: '/api/users/register', payload: { email, password: 'password123', name: '약함' } });
    expect(common.body.error.message).toContain('흔한 비밀번호');
    expect(await userCount()).toBe(before);
  });

  it('answers garbage in every field with 4xx and stores nothing', async () => {
    const before = await userCount();
    const good = { email: uniqueEmail('garbage'), password: 'a fine passphrase', name: '정상', username: 'ok_name' };
    for (const field of Object.keys(good)) {
      for (const g of GARBAGE) {
        // SQL-looking text is a legal (if odd) name or password: stored as data, see below
        if ((field === 'name' || field === 'password') && g === "'; drop table users; --") continue;
        if (field === 'username' && g === null) continue; // no username
        const r = await t.call({ method: 'POST', url: '/api/users/register', payload: { ...good, [field]: g } });
        expect(r.status, `${field}=${JSON.stringify(g).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(r.body.success).toBe(false);
      }
    }
    for (const payload of [[], [good], 'string', 123]) {
      const r = await t.call({
        method: 'POST',
        url: '/api/users/register',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect([r.status, r.body.error.code]).toEqual([400, 'VAL-2002']);
    }
    expect(await userCount()).toBe(before);
  });

  it('stores SQL-looking text in a name verbatim (parameterised), and the table is intact', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const u = await register(t, { name });
    expect((await me(u.accessToken)).body.data.name).toBe(name);
    expect(await userCount()).toBeGreaterThan(0);
  });
});

describe('check-email', () => {
  it('answers availability case-insensitively', async () => {
    const u = await register(t);
    const taken = await t.call({ method: 'POST', url: '/api/users/check-email', payload: { email: ` ${u.email.toUpperCase()} ` } });
    expect(taken.body.data).toEqual({ available: false });
    const free = await t.call({ method: 'POST', url: '/api/users/check-email', payload: { email: uniqueEmail('free') } });
    expect(free.body.data).toEqual({ available: true });
    for (const g of GARBAGE) {
      const r = await t.call({ method: 'POST', url: '/api/users/check-email', payload: { email: g } });
      expect([r.status, r.body.error.code]).toEqual([400, expect.stringMatching(/^VAL-/)]);
    }
  });
});

describe('GET/PUT /api/users/me', () => {
  it('answers the profile of the token’s user', async () => {
    const u = await register(t, { username: 'me.user' });
    const r = await me(u.accessToken);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.data).toEqual({
      id: u.id,
      email: u.email,
      username: 'me.user',
      name: u.name,
      roles: ['ROLE_USER'],
      systemRole: 'ROLE_USER',
      profileImage: null,
      bio: null,
      links: [],
      profileImageStatus: 'NONE',
      profileImageThumb: null,
      hasPassword: true,
      socialProviders: [],
      locale: 'ko',
      createdAt: expect.any(String),
    });
    expect((await t.call({ method: 'GET', url: '/api/users/me' })).body.error.code).toBe('AUTH-1007');
  });

  it('lists the caller’s linked social providers, each once, in order, and no one else’s', async () => {
    const a = await register(t);
    const b = await register(t);
    const link = (userId: string, provider: string) =>
      t.ctx.db.insert(oauthAccounts).values({ userId, provider, subject: `${provider}-${randomUUID()}` });
    await link(a.id, 'oidc');
    await link(a.id, 'local');
    await link(a.id, 'oidc'); // a second identity at the same provider
    await link(b.id, 'kakao');
    expect((await me(a.accessToken)).body.data.socialProviders).toEqual(['local', 'oidc']);
    expect((await me(b.accessToken)).body.data.socialProviders).toEqual(['kakao']);
  });

  it('updates name, username, bio and links; B’s token only ever reaches B’s profile', async () => {
    const a = await register(t);
    const b = await register(t);
    const r = await putMe(b.accessToken, {
      name: '바뀐 이름',
      username: 'b.user',
      bio: '첫 줄\n둘째 줄',
      links: [
        { label: 'GitHub', url: 'https://github.com/b' },
        { label: 'Blog', url: 'http://blog.example.com/b' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: b.id, name: '바뀐 이름', username: 'b.user', bio: '첫 줄\n둘째 줄' });
    expect(r.body.data.links).toHaveLength(2);
    // an id in the body is not a field: it is ignored, B stays B and A is untouched
    const sneaky = await putMe(b.accessToken, { id: a.id, name: '해킹' });
    expect(sneaky.body.data.id).toBe(b.id);
    const aAfter = await me(a.accessToken);
    expect(aAfter.body.data.name).toBe(a.name);
    // partial update keeps the rest; null clears username and bio
    const partial = await putMe(b.accessToken, { username: null, bio: null });
    expect(partial.body.data).toMatchObject({ name: '해킹', username: null, bio: null });
    expect(partial.body.data.links).toHaveLength(2);
  });

  it('stores links typed without a scheme as the addresses meant (the contract’s one link rule)', async () => {
    const u = await register(t);
    const r = await putMe(u.accessToken, {
      links: [
        { label: 'GitHub', url: 'github.com/moim' },
        { label: 'Blog', url: ' www.moim-blog.dev/posts ' },
        { label: 'Site', url: '//moim.dev' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.links).toEqual([
      { label: 'GitHub', url: 'https://github.com/moim' },
      { label: 'Blog', url: 'https://www.moim-blog.dev/posts' },
      { label: 'Site', url: 'https://moim.dev' },
    ]);
    expect((await me(u.accessToken)).body.data.links[0].url).toBe('https://github.com/moim');
    for (const url of ['javascript:alert(1)', 'javascript://github.com/%0Aalert(1)', 'data:text/html,hi']) {
      const bad = await putMe(u.accessToken, { links: [{ label: 'x', url }] });
      expect(bad.status, url).toBe(400);
      expect(bad.body.error.details.fields[0]).toMatchObject({
        path: 'body.links.0.url',
        message: '웹 주소를 입력해 주세요. (예: github.com/moim)',
      });
    }
  });

  it('refuses a taken username, bad links and garbage; nothing changes', async () => {
    await register(t, { username: 'occupied' });
    const u = await register(t, { username: 'mine' });
    const taken = await putMe(u.accessToken, { username: 'Occupied' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('VAL-2008');
    const badLinks: unknown[] = [
      [{ label: 'x', url: 'javascript:alert(1)' }],
      [{ label: 'x', url: 'ftp://files.example.com' }],
      [{ label: 'x', url: 'not a url' }],
      Array.from({ length: 6 }, (_, i) => ({ label: `l${i}`, url: `https://e.com/${i}` })),
      [{ label: '', url: 'https://e.com' }],
      [{ label: 'x'.repeat(31), url: 'https://e.com' }],
      [{ label: 'x', url: `https://e.com/${'a'.repeat(400)}` }],
      { label: 'x', url: 'https://e.com' },
    ];
    for (const links of badLinks) {
      const r = await putMe(u.accessToken, { links });
      expect(r.status, JSON.stringify(links).slice(0, 60)).toBe(400);
    }
    for (const field of ['name', 'username', 'bio', 'links', 'profileImageData']) {
      for (const g of GARBAGE) {
        if ((field === 'name' || field === 'bio') && g === "'; drop table users; --") continue;
        if (field === 'bio' && (g === 'line\nbreak' || g === null)) continue; // newlines and clearing are allowed in a bio
        if ((field === 'username' || field === 'profileImageData') && g === null) continue; // null clears
        if (field === 'links' && Array.isArray(g) && g.length === 0) continue; // no links
        const r = await putMe(u.accessToken, { [field]: g });
        expect(r.status, `${field}=${JSON.stringify(g).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }
    }
    const after = await me(u.accessToken);
    expect(after.body.data).toMatchObject({ username: 'mine', name: u.name, bio: null, links: [] });
    for (const payload of [[], 'x', 5]) {
      const r = await t.call({
        method: 'PUT',
        url: '/api/users/me',
        headers: { ...u.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect([r.status, r.body.error.code]).toEqual([400, 'VAL-2002']);
    }
  });
});

describe('PUT /api/users/me/password', () => {
  it('needs the current password, keeps this login and revokes every other one', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const wrong = await t.call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: u.auth,
      payload: { currentPassword: 'not my password', newPassword: 'brand new passphrase' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1001');
    const weak = await t.call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: 'iloveyou' },
    });
    expect(weak.body.error.code).toBe('VAL-2001');
    const r = await t.call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: 'brand new passphrase' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ changed: true, otherSessionsRevoked: 1 });
    expect((await refresh(other.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
    expect((await refresh(u.refreshToken)).status).toBe(200);
    expect((await login(t, u.email, u.password)).body.error.code).toBe('AUTH-1001');
    expect((await login(t, u.email, 'brand new passphrase')).status).toBe(200);
  });

  it('refuses garbage', async () => {
    const u = await register(t);
    for (const g of GARBAGE) {
      if (g === "'; drop table users; --") continue; // a legal password
      const r = await t.call({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: u.auth,
        payload: { currentPassword: u.password, newPassword: g },
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await login(t, u.email, u.password)).status).toBe(200);
  });
});

describe('POST /api/users/me/deactivate', () => {
  it('checks a password that is sent; then no login (AUTH-1006), sessions revoked, nothing deleted', async () => {
    const u = await register(t, { username: 'to.deactivate' });
    const other = await login(t, u.email, u.password);
    const wrong = await t.call({
      method: 'POST',
      url: '/api/users/me/deactivate',
      headers: u.auth,
      payload: { password: 'wrong password!' },
    });
    expect(wrong.body.error.code).toBe('AUTH-1001');
    const onlyConfirmation = await t.call({
      method: 'POST',
      url: '/api/users/me/deactivate',
      headers: u.auth,
      payload: { confirmation: u.email },
    });
    expect(onlyConfirmation.body.error.code).toBe('VAL-2003'); // a password account confirms with its password
    const r = await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.auth, payload: { password: u.password } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'DEACTIVATED' });
    expect((await login(t, u.email, u.password)).body.error.code).toBe('AUTH-1006');
    expect((await refresh(other.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
    const kept = await t.api.users.getUser(u.id);
    expect(kept).toMatchObject({ email: u.email, name: u.name, username: 'to.deactivate', status: 'DEACTIVATED' });
    // the email stays taken
    const again = await t.call({ method: 'POST', url: '/api/users/check-email', payload: { email: u.email } });
    expect(again.body.data.available).toBe(false);
  });

  it('needs no body (SPEC §7 names none): the signed-in owner deactivates with an empty call', async () => {
    const u = await register(t);
    const r = await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.auth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ status: 'DEACTIVATED' });
    expect((await login(t, u.email, u.password)).body.error.code).toBe('AUTH-1006');
  });

  it('still refuses deletion without the password (it cannot be undone)', async () => {
    const u = await register(t);
    const r = await t.call({ method: 'DELETE', url: '/api/users/me', headers: u.auth });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VAL-2003');
    expect((await t.api.users.getUser(u.id))!.status).toBe('ACTIVE');
  });
});

describe('deactivate and delete refuse garbage', () => {
  it('answers 4xx and leaves the account active', async () => {
    const u = await register(t);
    for (const url of ['/api/users/me/deactivate', '/api/users/me']) {
      const method = url.endsWith('deactivate') ? 'POST' : 'DELETE';
      for (const field of ['password', 'confirmation']) {
        for (const g of GARBAGE) {
          if (g === null) continue;
          const r = await t.call({ method, url, headers: u.auth, payload: { [field]: g } });
          expect(r.status, `${method} ${field}=${JSON.stringify(g).slice(0, 30)}`).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
        }
      }
      for (const payload of ['[]', '"x"', '5']) {
        const r = await t.call({ method, url, headers: { ...u.auth, 'content-type': 'application/json' }, payload });
        expect([r.status, r.body.error.code]).toEqual([400, 'VAL-2002']);
      }
    }
    expect((await t.api.users.getUser(u.id))!.status).toBe('ACTIVE');
  });
});

describe('DELETE /api/users/me', () => {
  it('anonymises the account, keeps the row, revokes every session', async () => {
    const u = await register(t, { username: 'to.delete' });
    await putMe(u.accessToken, { bio: '지워질 소개', links: [{ label: 'x', url: 'https://x.example.com' }] });
    const other = await login(t, u.email, u.password);
    const wrong = await t.call({ method: 'DELETE', url: '/api/users/me', headers: u.auth, payload: { password: 'wrong password!' } });
    expect(wrong.body.error.code).toBe('AUTH-1001');
    const r = await t.call({ method: 'DELETE', url: '/api/users/me', headers: u.auth, payload: { password: u.password } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'DELETED' });

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({
      email: `deleted-${u.id}@deleted.invalid`,
      name: '탈퇴한 사용자',
      username: null,
      bio: null,
      links: [],
      passwordHash: null,
      profileImage: null,
      status: 'DELETED',
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await refresh(other.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
    expect((await login(t, u.email, u.password)).body.error.code).toBe('AUTH-1001');
    // the email and username are free again
    expect((await t.call({ method: 'POST', url: '/api/users/check-email', payload: { email: u.email } })).body.data.available).toBe(true);
    const again = await register(t, { email: u.email, username: 'to.delete' });
    expect(again.id).not.toBe(u.id);
    // other modules still resolve the id (foreign keys hold), without personal data
    const profiles = await t.api.users.publicProfiles([u.id]);
    expect(profiles.get(u.id)).toMatchObject({ name: '탈퇴한 사용자', active: false, profileImage: null });
  });

  it('lets a social-only account confirm with its email', async () => {
    const email = uniqueEmail('social');
    const created = await t.api.users.createUser({ email, name: '소셜', emailVerified: true });
    const s = await t.api.auth.issueSession(created, { method: 'oauth:test' });
    const wrong = await t.call({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(s.accessToken),
      payload: { confirmation: 'someone@else.com' },
    });
    expect(wrong.body.error.code).toBe('VAL-2001');
    const r = await t.call({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(s.accessToken),
      payload: { confirmation: email.toUpperCase() },
    });
    expect(r.status).toBe(200);
  });
});
