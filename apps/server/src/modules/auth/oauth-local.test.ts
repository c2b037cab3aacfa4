/**
 * The built-in local OpenID provider, over real HTTP (moim listening on a free port): the consent
 * page, approve / deny, and the protocol checks of its token endpoint (PKCE, one-time codes,
 * client authentication, redirect_uri).
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { loadConfig } from '../../config.ts';
import { LOCAL_CLIENT_ID, localClientSecret } from '../../providers/oauth/local-provider.ts';
import { formAction, freePort, hiddenFields, TestBrowser } from './test-browser.ts';

let t: TestApp;
let moim: string;
beforeAll(async () => {
  const port = await freePort();
  moim = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: moim } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

const json = async (r: Response): Promise<any> => r.json();
const callback = () => `${moim}/api/auth/oauth/local/callback`;
const isCallback = (url: string) => url.startsWith(callback());

function fragment(location: string): Record<string, string> {
  const u = new URL(location, moim);
  expect(u.pathname).toBe('/auth/callback');
  expect(u.search).toBe('');
  return Object.fromEntries(new URLSearchParams(u.hash.slice(1)));
}

async function consentPage(b: TestBrowser, returnTo = '/users/me') {
  const start = await b.request(`${moim}/api/auth/oauth/local/start?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  expect(start.location!.startsWith(`${moim}/api/auth/oauth/local-provider/authorize?`)).toBe(true);
  const page = await b.request(start.location!);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  return page;
}

async function decide(b: TestBrowser, form: Record<string, string>) {
  const page = await consentPage(b);
  expect(page.body).toContain('moim 테스트 로그인');
  const back = await b.request(formAction(page), { form: { ...hiddenFields(page), ...form } });
  expect(back.status).toBe(302);
  expect(isCallback(back.location!)).toBe(true);
  return fragment((await b.request(back.location!)).location!);
}

describe('local provider: the flow', () => {
  it('is listed and signs in a test identity through the generic OIDC code path', async () => {
    const list = await t.call({ method: 'GET', url: '/api/auth/oauth/providers' });
    expect(list.body.data[0]).toEqual({
      id: 'local',
      displayName: 'moim 테스트 로그인',
      kind: 'oidc',
      startUrl: '/api/auth/oauth/local/start',
    });
    const b = new TestBrowser();
    const f = await decide(b, { identity: 'tester', decision: 'approve' });
    expect(f.returnTo).toBe('/users/me');
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${f.accessToken}` } });
    expect(me.body.data).toMatchObject({ email: 'tester@moim.test', name: '김테스트', socialProviders: ['local'] });
  });

  it('accepts a typed .test identity and refuses any other domain as unverified', async () => {
    const ok = await decide(new TestBrowser(), {
      identity: 'custom',
      email: 'typed.person@team.test',
      name: '직접 입력',
      decision: 'approve',
    });
    expect(ok.accessToken).toBeTruthy();
    const refused = await decide(new TestBrowser(), { identity: 'custom', email: 'member@moim.dev', name: '사칭', decision: 'approve' });
    expect(refused.error).toBe('AUTH-1009');
    const preset = await decide(new TestBrowser(), { identity: 'unverified', decision: 'approve' });
    expect(preset.error).toBe('AUTH-1009');
  });

  it('answers Deny with #error=AUTH-1008', async () => {
    const f = await decide(new TestBrowser(), { identity: 'tester', decision: 'deny' });
    expect(f.error).toBe('AUTH-1008');
    expect(f.accessToken).toBeUndefined();
  });
});

describe('local provider: protocol checks', () => {
  const secret = () => localClientSecret(t.ctx.config.jwtSecret);
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  async function code(challenge: string): Promise<string> {
    const b = new TestBrowser();
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: LOCAL_CLIENT_ID,
      redirect_uri: callback(),
      scope: 'openid email profile',
      state: 'test-state',
      nonce: 'test-nonce',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await b.request(`${moim}/api/auth/oauth/local-provider/authorize?${q}`);
    const back = await b.request(formAction(page), { form: { ...hiddenFields(page), identity: 'tester', decision: 'approve' } });
    const u = new URL(back.location!);
    expect(u.searchParams.get('state')).toBe('test-state');
    expect(u.searchParams.get('iss')).toBe(`${moim}/api/auth/oauth/local-provider`);
    return u.searchParams.get('code')!;
  }

  const token = (form: Record<string, string>, auth?: string) =>
    fetch(`${moim}/api/auth/oauth/local-provider/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}) },
      body: new URLSearchParams(form).toString(),
    });

  it('checks PKCE, one-time codes, the client secret and the redirect_uri', async () => {
    const p = pkce();
    const c = await code(p.challenge);
    const base = { grant_type: 'authorization_code', code: c, redirect_uri: callback(), client_id: LOCAL_CLIENT_ID };
    const wrongSecret = await token({ ...base, client_secret: 'nope', code_verifier: p.verifier });
    expect(wrongSecret.status).toBe(401);
    expect((await json(wrongSecret)).error).toBe('invalid_client');
    const wrongVerifier = await token({ ...base, client_secret: secret(), code_verifier: pkce().verifier });
    expect(wrongVerifier.status).toBe(400);
    expect((await json(wrongVerifier)).error).toBe('invalid_grant');
    // the failed attempt used the code up: the right verifier is too late now
    const late = await token({ ...base, client_secret: secret(), code_verifier: p.verifier });
    expect((await json(late)).error).toBe('invalid_grant');

    const p2 = pkce();
    const c2 = await code(p2.challenge);
    const basic = `Basic ${Buffer.from(`${LOCAL_CLIENT_ID}:${secret()}`).toString('base64')}`;
    const good = await token({ grant_type: 'authorization_code', code: c2, redirect_uri: callback(), code_verifier: p2.verifier }, basic);
    expect(good.status).toBe(200);
    const body = await json(good);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    const info = await fetch(`${moim}/api/auth/oauth/local-provider/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await json(info)).toMatchObject({ email: 'tester@moim.test', email_verified: true, name: '김테스트' });
    const forged = await fetch(`${moim}/api/auth/oauth/local-provider/userinfo`, { headers: { authorization: `Bearer ${body.id_token}` } });
    expect(forged.status).toBe(401);
    const replay = await token({ grant_type: 'authorization_code', code: c2, redirect_uri: callback(), code_verifier: p2.verifier }, basic);
    expect((await json(replay)).error).toBe('invalid_grant');

    const p3 = pkce();
    const c3 = await code(p3.challenge);
    const otherUri = await token({
      ...base,
      code: c3,
      redirect_uri: `${moim}/elsewhere`,
      client_secret: secret(),
      code_verifier: p3.verifier,
    });
    expect((await json(otherUri)).error).toBe('invalid_grant');
  });

  it('shows (never redirects) a bad client or redirect_uri, and requires PKCE S256', async () => {
    const q = (over: Record<string, string>) =>
      new URLSearchParams({
        response_type: 'code',
        client_id: LOCAL_CLIENT_ID,
        redirect_uri: callback(),
        scope: 'openid',
        state: 's',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
        ...over,
      });
    const b = new TestBrowser();
    const evil = await b.request(`${moim}/api/auth/oauth/local-provider/authorize?${q({ redirect_uri: 'https://evil.example/cb' })}`);
    expect(evil.status).toBe(400);
    expect(evil.location).toBeNull();
    const client = await b.request(`${moim}/api/auth/oauth/local-provider/authorize?${q({ client_id: 'someone-else' })}`);
    expect(client.status).toBe(400);
    const plain = await b.request(`${moim}/api/auth/oauth/local-provider/authorize?${q({ code_challenge_method: 'plain' })}`);
    expect(plain.status).toBe(302);
    expect(new URL(plain.location!).searchParams.get('error')).toBe('invalid_request');
    const discovery = await json(await fetch(`${moim}/api/auth/oauth/local-provider/.well-known/openid-configuration`));
    expect(discovery).toMatchObject({ issuer: `${moim}/api/auth/oauth/local-provider`, code_challenge_methods_supported: ['S256'] });
  });
});

describe('local provider: when it is on', () => {
  it('is off in production with a public URL unless OAUTH_LOCAL_ENABLED=true', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/moim-test-unused', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://moim.example.com' }).oauthLocalEnabled).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://moim.example.com', OAUTH_LOCAL_ENABLED: 'true' }).oauthLocalEnabled).toBe(true);
    expect(loadConfig({ ...base }).oauthLocalEnabled).toBe(true); // `npm start` on localhost
    expect(loadConfig({ ...base, NODE_ENV: 'development', OAUTH_LOCAL_ENABLED: 'false' }).oauthLocalEnabled).toBe(false);
  });

  it('is neither listed nor mounted when disabled', async () => {
    const off = await createTestApp({ env: { OAUTH_LOCAL_ENABLED: 'false' } });
    try {
      expect((await off.call({ method: 'GET', url: '/api/auth/oauth/providers' })).body.data).toEqual([]);
      expect((await off.call({ method: 'GET', url: '/api/auth/oauth/local-provider/.well-known/openid-configuration' })).status).toBe(404);
      const start = await off.call({ method: 'GET', url: '/api/auth/oauth/local/start' });
      expect(start.status).toBe(302);
      expect(start.headers.location).toMatch(/^\/auth\/callback#error=BIZ-3001/);
    } finally {
      await off.close();
    }
  });
});
