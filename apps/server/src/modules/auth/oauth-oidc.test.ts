/**
 * Social login through a REAL OpenID provider (the `oidc-provider` package) on a free port,
 * over real HTTP in both directions: the browser (a fetch-based cookie jar following redirects
 * by hand and submitting oidc-provider's dev login/consent forms) and moim's back channel
 * (discovery, token with PKCE, JWKS, userinfo).
 */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeAdmin, register } from '../users/test-helpers.ts';
import { formAction, freePort, TestBrowser, type Page } from './test-browser.ts';

const ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  alice: { email: 'alice@oidc.example.com', email_verified: true, name: 'Alice 앨리스' },
  bob: { email: 'bob@oidc.example.com', email_verified: true, name: 'Bob' },
  mallory: { email: 'existing.user@example.com', email_verified: false, name: 'Mallory' },
  eve: { email: 'existing.user@example.com', email_verified: true, name: 'Eve (verified)' },
};

let t: TestApp;
let idp: Server;
let moim: string;
let issuer: string;

beforeAll(async () => {
  const idpPort = await freePort();
  const moimPort = await freePort();
  issuer = `http://127.0.0.1:${idpPort}`;
  moim = `http://127.0.0.1:${moimPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'moim-test',
        client_secret: 'moim-test-secret-0123456789abcdef',
        redirect_uris: [`${moim}/api/auth/oauth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: async (_ctx: unknown, id: string) =>
      ACCOUNTS[id] ? { accountId: id, claims: async () => ({ sub: id, ...ACCOUNTS[id] }) } : undefined,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  } as any);
  (provider as any).proxy = false;
  idp = createServer(provider.callback());
  await new Promise<void>((r) => idp.listen(idpPort, '127.0.0.1', () => r()));

  t = await createTestApp({
    env: {
      PUBLIC_URL: moim,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'moim-test',
      OIDC_CLIENT_SECRET: 'moim-test-secret-0123456789abcdef',
      OIDC_DISPLAY_NAME: 'Test IdP',
    },
  });
  await t.app.listen({ port: moimPort, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise((r) => idp?.close(r));
});

const isMoimCallback = (url: string) => url.startsWith(`${moim}/api/auth/oauth/oidc/callback`);

/** Start at moim, log in at the provider as `account`, and stop at the redirect back to moim. */
async function toCallback(b: TestBrowser, account: string, opts: { deny?: boolean; returnTo?: string } = {}): Promise<string> {
  const start = await b.request(`${moim}/api/auth/oauth/oidc/start?returnTo=${encodeURIComponent(opts.returnTo ?? '/study/1-tecoteco')}`);
  expect(start.status).toBe(302);
  expect(start.location!.startsWith(`${issuer}/auth?`)).toBe(true);
  const authUrl = new URL(start.location!);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();
  expect(authUrl.searchParams.get('state')).toBeTruthy();

  let page: Page = await b.follow(start.location!, isMoimCallback);
  for (let step = 0; step < 6; step++) {
    if (page.location && isMoimCallback(page.location)) return page.location;
    if (/name="prompt" value="login"/.test(page.body)) {
      page = await b.follow(formAction(page), isMoimCallback, { form: { prompt: 'login', login: account, password: 'any' } });
    } else if (/name="prompt" value="consent"/.test(page.body)) {
      if (opts.deny) {
        const abort = /href="([^"]*\/abort)"/.exec(page.body)?.[1] ?? `${new URL(formAction(page)).pathname}/abort`;
        page = await b.follow(new URL(abort, page.url).toString(), isMoimCallback);
      } else {
        page = await b.follow(formAction(page), isMoimCallback, { form: { prompt: 'consent' } });
      }
    } else {
      throw new Error(`unexpected page ${page.status} ${page.url}: ${page.body.slice(0, 400)}`);
    }
  }
  throw new Error('never came back to moim');
}

function fragment(location: string): Record<string, string> {
  const u = new URL(location, moim);
  expect(u.pathname).toBe('/auth/callback');
  expect(u.search).toBe(''); // tokens never in the query string
  return Object.fromEntries(new URLSearchParams(u.hash.slice(1)));
}

describe('social login through a real OpenID provider', () => {
  it('lists the provider', async () => {
    const r = await t.call({ method: 'GET', url: '/api/auth/oauth/providers' });
    expect(r.body.data).toEqual(
      expect.arrayContaining([{ id: 'oidc', displayName: 'Test IdP', kind: 'oidc', startUrl: '/api/auth/oauth/oidc/start' }]),
    );
  });

  it('creates an account on first login, signs in by subject afterwards, tokens in the fragment', async () => {
    const b = new TestBrowser();
    const back = await toCallback(b, 'alice');
    const done = await b.request(back);
    expect(done.status).toBe(302);
    expect(done.headers.get('cache-control')).toBe('no-store');
    const f = fragment(done.location!);
    expect(f).toMatchObject({ tokenType: 'Bearer', returnTo: '/study/1-tecoteco' });
    expect(f.error).toBeUndefined();
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${f.accessToken}` } });
    expect(me.body.data).toMatchObject({
      email: 'alice@oidc.example.com',
      name: 'Alice 앨리스',
      hasPassword: false,
      socialProviders: ['oidc'],
    });
    // the browser-binding cookie is cleared
    expect(b.cookieNames(new URL(moim).host)).toEqual([]);
    // refresh works like any login
    const r = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: f.refreshToken } });
    expect(r.status).toBe(200);

    // second time: same account (linked by provider + subject)
    const b2 = new TestBrowser();
    const f2 = fragment((await b2.request(await toCallback(b2, 'alice'))).location!);
    const me2 = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${f2.accessToken}` } });
    expect(me2.body.data.id).toBe(me.body.data.id);
  });

  it('links an existing account only by a verified email', async () => {
    const existing = await register(t, { email: 'existing.user@example.com' });
    const b = new TestBrowser();
    const unverified = fragment((await b.request(await toCallback(b, 'mallory'))).location!);
    expect(unverified.error).toBe('AUTH-1009');
    expect(unverified.accessToken).toBeUndefined();

    const b2 = new TestBrowser();
    const verified = fragment((await b2.request(await toCallback(b2, 'eve'))).location!);
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${verified.accessToken}` } });
    expect(me.body.data).toMatchObject({ id: existing.id, hasPassword: true, socialProviders: ['oidc'] });
  });

  it('refuses a wrong state, a replayed callback and a callback from another browser', async () => {
    const b = new TestBrowser();
    const back = await toCallback(b, 'bob');
    const wrong = new URL(back);
    wrong.searchParams.set('state', 'forged-state-value-0123456789');
    const r = await b.request(wrong.toString());
    expect(r.status).toBe(302);
    const f = fragment(r.location!);
    expect(f.error).toBe('AUTH-1003');
    expect(f.message).toBeTruthy();

    // the real callback, but in a browser that did not start the login
    const other = new TestBrowser();
    expect(fragment((await other.request(back)).location!).error).toBe('AUTH-1003');
    // the state was used by that attempt: replaying it in the right browser fails too
    expect(fragment((await b.request(back)).location!).error).toBe('AUTH-1003');

    const b3 = new TestBrowser();
    const ok = fragment((await b3.request(await toCallback(b3, 'bob'))).location!);
    expect(ok.accessToken).toBeTruthy();
    // a second login in the same browser reuses the provider's session (no login form) and works
    expect(fragment((await b3.request(await toCallback(b3, 'bob'))).location!).accessToken).toBeTruthy();
  });

  it('answers a denied consent with #error', async () => {
    const b = new TestBrowser();
    const back = await toCallback(b, 'bob', { deny: true });
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    const f = fragment((await b.request(back)).location!);
    expect(f.error).toBe('AUTH-1008');
    expect(f.message).toContain('거부');
    expect(f.accessToken).toBeUndefined();
  });

  it('refuses a deactivated account', async () => {
    const b = new TestBrowser();
    const f = fragment((await b.request(await toCallback(b, 'alice'))).location!);
    const id = (await t.call({ method: 'GET', url: '/api/auth/validate', headers: { authorization: `Bearer ${f.accessToken}` } })).body.data
      .id;
    const admin = await makeAdmin(t, await register(t)); // an admin signs in with a second factor
    const deactivated = await t.call({
      method: 'POST',
      url: `/api/admin/users/${id}/deactivate`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(deactivated.status).toBe(200);
    const b2 = new TestBrowser();
    const refused = fragment((await b2.request(await toCallback(b2, 'alice'))).location!);
    expect(refused.error).toBe('AUTH-1006');
  });

  it('sanitises returnTo to a same-site path', async () => {
    const b = new TestBrowser();
    const f = fragment((await b.request(await toCallback(b, 'bob', { returnTo: 'https://evil.example/steal' }))).location!);
    expect(f.returnTo).toBe('/');
    const b2 = new TestBrowser();
    const f2 = fragment((await b2.request(await toCallback(b2, 'bob', { returnTo: '//evil.example' }))).location!);
    expect(f2.returnTo).toBe('/');
  });
});
