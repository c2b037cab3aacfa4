/**
 * Passkeys through HTTP with a software authenticator (passkeys-test-kit.ts: real ES256
 * signatures, real 'none' attestations): registration, sign-in without a username, and every
 * refusal (replayed assertion and challenge, expired challenge, counter regression, removed
 * credential, wrong origin, no user verification, another member's passkeys, the last way in).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { bearer, login, register, type TestUser } from '../../users/test-helpers.ts';
import { authSessions } from '../schema.ts';
import { SoftAuthenticator } from './passkeys-test-kit.ts';
import { passkeyChallenges } from './schema.ts';
import { isMultiFactorMethod } from './service.ts';

const ORIGIN = 'http://localhost:3000';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const page = (origin = ORIGIN): Headers => ({ origin, 'user-agent': CHROME_MAC });

async function addPasskey(u: { auth: Headers }, device: SoftAuthenticator, origin = device.origin, name?: string) {
  const o = await t.call({ method: 'POST', url: '/api/auth/passkeys/register/options', headers: { ...u.auth, ...page(origin) } });
  expect(o.status, JSON.stringify(o.body)).toBe(200);
  const { response, credential } = device.register(o.body.data.options);
  const r = await t.call({
    method: 'POST',
    url: '/api/auth/passkeys/register/verify',
    headers: { ...u.auth, ...page(origin) },
    payload: { response, ...(name ? { name } : {}) },
  });
  return { r, credential, options: o.body.data.options };
}

async function loginOptions(origin = ORIGIN) {
  const o = await t.call({ method: 'POST', url: '/api/auth/passkeys/login/options', headers: page(origin) });
  expect(o.status, JSON.stringify(o.body)).toBe(200);
  return o.body.data.options as { challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification: string };
}

const loginVerify = (response: unknown, origin = ORIGIN) =>
  t.call({ method: 'POST', url: '/api/auth/passkeys/login/verify', headers: page(origin), payload: { response } });

const list = (u: { auth: Headers }) => t.call({ method: 'GET', url: '/api/auth/passkeys', headers: u.auth });

function expectCode(r: { status: number; body: any }, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.error.code).toBe(code);
}

describe('registering a passkey', () => {
  it('asks for a discoverable credential with user verification and no attestation, bound to the page’s host', async () => {
    const u = await register(t);
    const { r, options } = await addPasskey(u, new SoftAuthenticator(ORIGIN));
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ name: 'Chrome · macOS', lastUsedAt: null, transports: ['internal'] });
    const l = await list(u);
    expect(l.body.data.items).toHaveLength(1);
    expect(l.body.data.hasOtherSignIn).toBe(true);
    // a second one with its own name, the first excluded from the options
    const second = await addPasskey(u, new SoftAuthenticator(ORIGIN), ORIGIN, '회사 노트북');
    expect(second.r.status).toBe(201);
    expect(second.options.excludeCredentials).toHaveLength(1);
    expect((await list(u)).body.data.items.map((p: { name: string }) => p.name)).toEqual(['Chrome · macOS', '회사 노트북']);
  });

  it('refuses an attestation without user verification, from another origin, or on another member’s challenge', async () => {
    const u = await register(t);
    const lazy = new SoftAuthenticator(ORIGIN);
    lazy.userVerifies = false;
    expectCode((await addPasskey(u, lazy)).r, 401, 'AUTH-1031');

    const o = await t.call({ method: 'POST', url: '/api/auth/passkeys/register/options', headers: { ...u.auth, ...page() } });
    const phished = new SoftAuthenticator(ORIGIN).register(o.body.data.options, { origin: 'https://moim.example.net' });
    expectCode(
      await t.call({
        method: 'POST',
        url: '/api/auth/passkeys/register/verify',
        headers: { ...u.auth, ...page() },
        payload: { response: phished.response },
      }),
      401,
      'AUTH-1031',
    );

    const other = await register(t);
    const o2 = await t.call({ method: 'POST', url: '/api/auth/passkeys/register/options', headers: { ...u.auth, ...page() } });
    const stolen = new SoftAuthenticator(ORIGIN).register(o2.body.data.options);
    expectCode(
      await t.call({
        method: 'POST',
        url: '/api/auth/passkeys/register/verify',
        headers: { ...other.auth, ...page() },
        payload: { response: stolen.response },
      }),
      400,
      'AUTH-1030',
    );
    // and the challenge was spent by that attempt: the owner cannot use it either
    expectCode(
      await t.call({
        method: 'POST',
        url: '/api/auth/passkeys/register/verify',
        headers: { ...u.auth, ...page() },
        payload: { response: stolen.response },
      }),
      400,
      'AUTH-1030',
    );
    expect((await list(u)).body.data.items).toHaveLength(0);
  });

  it('refuses a page opened at an origin that is not the site’s', async () => {
    const u = await register(t);
    const r = await t.call({
      method: 'POST',
      url: '/api/auth/passkeys/register/options',
      headers: { ...u.auth, ...page('https://evil.example') },
    });
    expectCode(r, 400, 'BIZ-3005');
    expectCode(
      await t.call({ method: 'POST', url: '/api/auth/passkeys/login/options', headers: page('https://evil.example') }),
      400,
      'BIZ-3005',
    );
  });

  it('needs a signed-in member', async () => {
    expectCode(await t.call({ method: 'POST', url: '/api/auth/passkeys/register/options', headers: page() }), 401, 'AUTH-1007');
    expectCode(await t.call({ method: 'GET', url: '/api/auth/passkeys' }), 401, 'AUTH-1007');
  });
});

describe('signing in with a passkey', () => {
  let u: TestUser;
  let device: SoftAuthenticator;
  beforeAll(async () => {
    u = await register(t);
    device = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(u, device)).r.status).toBe(201);
  });

  it('needs no username, issues the same tokens as a password login, and marks the session as a passkey sign-in', async () => {
    const options = await loginOptions();
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const r = await loginVerify(device.assert(options));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: u.id, email: u.email, tokenType: 'Bearer' });
    expect(r.body.data.refreshToken).toEqual(expect.any(String));
    const v = await t.call({ method: 'GET', url: '/api/auth/validate', headers: bearer(r.body.data.accessToken) });
    expect(v.body.data.id).toBe(u.id);
    const refreshed = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: r.body.data.refreshToken } });
    expect(refreshed.status).toBe(200);

    const sessions = await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, u.id));
    const passkeySessions = sessions.filter((s) => isMultiFactorMethod(s.method));
    expect(passkeySessions).toHaveLength(1);
    expect(passkeySessions[0]!.method).toBe('passkey');
    expect(sessions.filter((s) => !isMultiFactorMethod(s.method)).length).toBeGreaterThan(0); // the sign-up's
    expect((await list(u)).body.data.items[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('opens the back office to an admin who signed in with it, without an authenticator app; a password sign-in does not', async () => {
    const a = await register(t);
    const key = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(a, key)).r.status).toBe(201);
    await t.api.users.setAdmin(a.id, true);
    const byPassword = (await login(t, a.email, a.password)).body.data;
    const gated = await t.call({ method: 'GET', url: '/api/admin/users', headers: bearer(byPassword.accessToken) });
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('AUTH-1022');
    const byPasskey = await loginVerify(key.assert(await loginOptions()));
    expect(byPasskey.status, JSON.stringify(byPasskey.body)).toBe(200);
    const open = await t.call({ method: 'GET', url: '/api/admin/users', headers: bearer(byPasskey.body.data.accessToken) });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
  });

  it('the member’s sign-in history shows passkey sign-ins', async () => {
    const r = await loginVerify(device.assert(await loginOptions()));
    expect(r.status).toBe(200);
    const history = await t.call({ method: 'GET', url: '/api/users/me/sign-ins', headers: bearer(r.body.data.accessToken) });
    expect(history.status).toBe(200);
    expect(history.body.data.content[0]).toMatchObject({ method: 'passkey', outcome: 'success' });
  });

  it('refuses a replayed assertion and a challenge used twice', async () => {
    const options = await loginOptions();
    const first = device.assert(options);
    expect((await loginVerify(first)).status).toBe(200);
    expectCode(await loginVerify(first), 400, 'AUTH-1030');
    // a fresh signature over the spent challenge
    expectCode(await loginVerify(device.assert(options)), 400, 'AUTH-1030');
  });

  it('refuses an expired challenge', async () => {
    const options = await loginOptions();
    await t.ctx.db.update(passkeyChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    expectCode(await loginVerify(device.assert(options)), 400, 'AUTH-1030');
  });

  it('refuses a signature counter that does not move forward (a cloned authenticator)', async () => {
    const ok = await loginVerify(device.assert(await loginOptions()));
    expect(ok.status).toBe(200);
    const seen = device.credentials[0]!.counter;
    expectCode(await loginVerify(device.assert(await loginOptions(), { counter: seen })), 401, 'AUTH-1033');
    expectCode(await loginVerify(device.assert(await loginOptions(), { counter: seen - 1 })), 401, 'AUTH-1033');
    // the real device, counting on, still signs in
    expect((await loginVerify(device.assert(await loginOptions(), { counter: seen + 1 }))).status).toBe(200);
  });

  it('refuses an assertion without user verification, from another origin, or with a forged signature', async () => {
    device.userVerifies = false;
    expectCode(await loginVerify(device.assert(await loginOptions())), 401, 'AUTH-1031');
    device.userVerifies = true;
    expectCode(await loginVerify(device.assert(await loginOptions(), { origin: 'https://moim.example.net' })), 401, 'AUTH-1031');
    const forged = device.assert(await loginOptions());
    forged.response.signature = Buffer.from('not a signature').toString('base64url');
    expectCode(await loginVerify(forged), 401, 'AUTH-1031');
    const junk = device.assert(await loginOptions());
    junk.response.clientDataJSON = Buffer.from('{not json').toString('base64url');
    expectCode(await loginVerify(junk), 400, 'AUTH-1030');
  });

  it('refuses an unknown credential and a credential made for another RP ID', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    const v = await register(t);
    await addPasskey(v, stranger);
    await t.call({ method: 'DELETE', url: `/api/auth/passkeys/${(await list(v)).body.data.items[0].id}`, headers: v.auth });
    expectCode(await loginVerify(stranger.assert(await loginOptions())), 401, 'AUTH-1032');
    // the page opened at 127.0.0.1: its own RP ID; a localhost credential does not sign in there
    const loop = await loginOptions('http://127.0.0.1:3000');
    expect(loop.rpId).toBe('127.0.0.1');
    const cross = device.assert({ ...loop, rpId: 'localhost' }, { origin: 'http://127.0.0.1:3000' });
    expectCode(await loginVerify(cross, 'http://127.0.0.1:3000'), 401, 'AUTH-1032');
  });

  it('works at 127.0.0.1 with a passkey made there', async () => {
    const w = await register(t);
    const here = new SoftAuthenticator('http://127.0.0.1:5173');
    const added = await addPasskey(w, here);
    expect(added.r.status, JSON.stringify(added.r.body)).toBe(201);
    expect(added.options.rp.id).toBe('127.0.0.1');
    const r = await loginVerify(here.assert(await loginOptions(here.origin)), here.origin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.id).toBe(w.id);
  });

  it('refuses a removed passkey', async () => {
    const x = await register(t);
    const d = new SoftAuthenticator(ORIGIN);
    await addPasskey(x, d);
    expect((await loginVerify(d.assert(await loginOptions()))).status).toBe(200);
    const id = (await list(x)).body.data.items[0].id;
    const del = await t.call({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: x.auth });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expectCode(await loginVerify(d.assert(await loginOptions())), 401, 'AUTH-1032');
  });

  it('refuses a deactivated account', async () => {
    const y = await register(t);
    const d = new SoftAuthenticator(ORIGIN);
    await addPasskey(y, d);
    const off = await t.call({
      method: 'POST',
      url: '/api/users/me/deactivate',
      headers: y.auth,
      payload: { currentPassword: y.password },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expectCode(await loginVerify(d.assert(await loginOptions())), 403, 'AUTH-1006');
  });
});

describe('managing passkeys', () => {
  it('renames and removes one’s own; another member can neither see, rename nor remove them', async () => {
    const a = await register(t);
    const b = await register(t);
    await addPasskey(a, new SoftAuthenticator(ORIGIN));
    const id = (await list(a)).body.data.items[0].id as string;

    expect((await list(b)).body.data.items).toEqual([]);
    expectCode(
      await t.call({ method: 'PATCH', url: `/api/auth/passkeys/${id}`, headers: b.auth, payload: { name: 'mine now' } }),
      404,
      'BIZ-3001',
    );
    expectCode(await t.call({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: b.auth }), 404, 'BIZ-3001');

    const renamed = await t.call({ method: 'PATCH', url: `/api/auth/passkeys/${id}`, headers: a.auth, payload: { name: '  내 휴대폰  ' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('내 휴대폰');
    expectCode(await t.call({ method: 'PATCH', url: `/api/auth/passkeys/${id}`, headers: a.auth, payload: { name: '' } }), 400, 'VAL-2004');
    expect((await t.call({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: a.auth })).status).toBe(200);
    expect((await list(a)).body.data.items).toEqual([]);
  });

  it('never removes an account’s last way to sign in', async () => {
    // an account without a password (as a social sign-up makes) whose only way in is its passkeys
    const acct = await t.api.users.createUser({ email: `pk-only-${Date.now()}@example.com`, name: '패스키 회원', emailVerified: true });
    const tokens = await t.api.auth.issueSession(acct, { method: 'register' });
    const m = { auth: bearer(tokens.accessToken) };
    await addPasskey(m, new SoftAuthenticator(ORIGIN));
    await addPasskey(m, new SoftAuthenticator(ORIGIN));
    const l = await list(m);
    expect(l.body.data.hasOtherSignIn).toBe(false);
    const [first, second] = l.body.data.items as Array<{ id: string }>;
    expect((await t.call({ method: 'DELETE', url: `/api/auth/passkeys/${first!.id}`, headers: m.auth })).status).toBe(200);
    expectCode(await t.call({ method: 'DELETE', url: `/api/auth/passkeys/${second!.id}`, headers: m.auth }), 409, 'AUTH-1034');
    expect((await list(m)).body.data.items).toHaveLength(1);
  });

  it('answers in the reader’s language', async () => {
    const d = new SoftAuthenticator(ORIGIN);
    const u = await register(t);
    await addPasskey(u, d);
    const stale = d.assert({ challenge: 'bm90LWlzc3VlZA', rpId: 'localhost' });
    const en = await t.call({
      method: 'POST',
      url: '/api/auth/passkeys/login/verify',
      headers: { ...page(), 'accept-language': 'en' },
      payload: { response: stale },
    });
    expectCode(en, 400, 'AUTH-1030');
    expect(en.body.error.message).toBe('The passkey request has expired or was already used. Please try again.');
    const ko = await t.call({
      method: 'POST',
      url: '/api/auth/passkeys/login/verify',
      headers: { ...page(), 'accept-language': 'ko' },
      payload: { response: stale },
    });
    expect(ko.body.error.message).toBe('패스키 요청이 만료되었거나 이미 사용되었습니다. 다시 시도해 주세요.');
  });
});
