/**
 * Return addresses follow the address the visitor opened (http/origin.ts): the same moim,
 * PUBLIC_URL=http://localhost:PORT, browsed at http://localhost:PORT and at http://127.0.0.1:PORT.
 * Card payment's success address and social login's callback stay on the opened origin (so the
 * CSP's form-action 'self' and the host-bound login cookie work); an origin that is not allowed
 * gets a clear BIZ-3005 instead of a silent failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { loadConfig } from '../config.ts';
import { formAction, freePort, hiddenFields, TestBrowser } from '../modules/auth/test-browser.ts';
import { CARD, makeUser, type TestUser } from '../modules/payments/payments-test-kit.ts';
import { isAllowedOrigin } from './origin.ts';

let t: TestApp;
let port: number;
let buyer: TestUser;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ env: { PUBLIC_URL: `http://localhost:${port}` } });
  await t.app.listen({ port, host: '127.0.0.1' });
  buyer = await makeUser(t);
});
afterAll(() => t.close());

const fragment = (location: string) => Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));

describe.each(['localhost', '127.0.0.1'])('opened at http://%s:PORT', (host) => {
  const origin = () => `http://${host}:${port}`;

  it('social login with the built-in provider comes back to the same origin and signs in', async () => {
    const b = new TestBrowser();
    const start = await b.request(`${origin()}/api/auth/oauth/local/start?returnTo=%2Fusers%2Fme`);
    expect(start.status).toBe(302);
    expect(start.location!.startsWith(`${origin()}/api/auth/oauth/local-provider/authorize?`)).toBe(true);
    const consent = await b.request(start.location!);
    expect(consent.status).toBe(200);
    const back = await b.request(formAction(consent), { form: { ...hiddenFields(consent), identity: 'tester', decision: 'approve' } });
    expect(back.location!.startsWith(`${origin()}/api/auth/oauth/local/callback?`)).toBe(true);
    const done = await b.request(back.location!);
    expect(done.location!.startsWith(`${origin()}/auth/callback#`)).toBe(true);
    const f = fragment(done.location!);
    expect(f.error).toBeUndefined();
    expect(f.accessToken).toBeTruthy();
    expect(f.returnTo).toBe('/users/me');
  });

  it('card payment: the checkout returns to /payment/success on the same origin, allowed by the page CSP', async () => {
    const res = await fetch(`${origin()}/api/payments/test-checkout`, {
      method: 'POST',
      headers: { ...buyer.auth, origin: origin(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const checkout = ((await res.json()) as { data: { checkoutUrl: string } }).data;
    const q = new URL(checkout.checkoutUrl, origin()).searchParams;
    expect(q.get('successUrl')).toBe(`${origin()}/payment/success`);
    expect(q.get('failUrl')).toBe(`${origin()}/payment/fail`);

    const b = new TestBrowser();
    const page = await b.request(new URL(checkout.checkoutUrl, origin()).toString());
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/form-action 'self'/);
    const paid = await b.request(formAction(page), { form: { ...hiddenFields(page), cardNumber: CARD.approve, action: 'pay' } });
    expect(paid.status).toBe(303);
    expect(paid.location!.startsWith(`${origin()}/payment/success?`)).toBe(true);
  });
});

describe('an origin that is not allowed', () => {
  it('card payment answers 400 BIZ-3005 naming the address to use, not a return address it would block', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/payments/test-checkout',
      headers: { ...buyer.auth, host: 'moim.intranet:8080', origin: 'http://moim.intranet:8080' },
      payload: {},
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BIZ-3005');
    expect(r.body.error.message).toContain(`http://localhost:${port}`);
    expect(r.body.error.details).toEqual({ opened: 'http://moim.intranet:8080', publicOrigin: `http://localhost:${port}` });
  });

  it('social login start sends the visitor to the error page on the host they opened', async () => {
    const r = await t.call({ method: 'GET', url: '/api/auth/oauth/local/start', headers: { host: 'moim.intranet:8080' } });
    expect(r.status).toBe(302);
    const location = String(r.headers.location);
    expect(location.startsWith('/auth/callback#')).toBe(true);
    expect(fragment(`http://x${location}`).error).toBe('BIZ-3005');
  });

  it('the built-in provider refuses a redirect_uri on an origin that is not allowed', async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: 'moim-local',
      redirect_uri: 'https://evil.example/api/auth/oauth/local/callback',
      scope: 'openid',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const r = await t.call({ method: 'GET', url: `/api/auth/oauth/local-provider/authorize?${q}` });
    expect(r.status).toBe(400);
    expect(r.body).toContain('redirect_uri');
  });
});

describe('the allow-list', () => {
  const prod = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/moim-test-unused', JWT_SECRET: 'x'.repeat(32), ...env });

  it('a production site allows PUBLIC_URL and ALLOWED_ORIGINS only', () => {
    const c = prod({ PUBLIC_URL: 'https://moim.example', ALLOWED_ORIGINS: 'https://www.moim.example' });
    expect(isAllowedOrigin('https://moim.example', c)).toBe(true);
    expect(isAllowedOrigin('https://www.moim.example', c)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', c)).toBe(false);
    expect(isAllowedOrigin('https://evil.example', c)).toBe(false);
  });

  it('loopback on any port is allowed in development and for a localhost PUBLIC_URL', () => {
    const dev = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/moim-test-unused', JWT_SECRET: 'x'.repeat(32) });
    expect(isAllowedOrigin('http://127.0.0.1:5173', dev)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', dev)).toBe(true);
    expect(isAllowedOrigin('http://10.0.0.5:3000', dev)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:3000', prod({ PUBLIC_URL: 'http://localhost:3000' }))).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', prod({ PUBLIC_URL: 'http://localhost:3000', ALLOW_LOOPBACK_ORIGINS: 'false' }))).toBe(
      false,
    );
  });

  it('refuses an ALLOWED_ORIGINS entry that is not an origin', () => {
    expect(() => prod({ ALLOWED_ORIGINS: 'https://moim.example/path' })).toThrow(/ALLOWED_ORIGINS/);
  });
});
