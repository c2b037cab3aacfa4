/**
 * The auth section's refusals in the reader's language (docs/api-wire.md "Languages"): each
 * answer in English for `accept-language: en` and in Korean otherwise, never a raw key, never
 * zod's English in Korean; the social-login refusals carried in the callback fragment too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage, expectReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { register } from '../users/test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://moim.example.com' } });
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('auth refusals (%s)', (locale) => {
  const headers = { 'accept-language': locale };

  it('answers the login, refresh, validation and reset refusals in the reader’s language', async () => {
    const u = await register(t);
    const refusals = [
      { method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'not the password' }, status: 401 },
      { method: 'POST', url: '/api/auth/login', payload: { password: 'x' }, status: 400 },
      { method: 'POST', url: '/api/auth/login', payload: { email: 'not an email', password: 'x' }, status: 400 },
      { method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'a'.repeat(40) }, status: 401 },
      { method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'has spaces and !!! in it' }, status: 400 },
      {
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: 'b'.repeat(40), newPassword: 'a fine new passphrase' },
        status: 401,
      },
      { method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: 'b'.repeat(40), newPassword: 'short' }, status: 400 },
      { method: 'GET', url: '/api/auth/validate', status: 401 },
      { method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: 'nul\u0000inside' }, status: 400 },
    ] as const;
    for (const r of refusals) {
      const res = await t.call({ method: r.method, url: r.url, headers, ...('payload' in r ? { payload: r.payload } : {}) });
      expect(res.status, `${r.method} ${r.url}`).toBe(r.status);
      expectErrorInReaderLanguage(res.body, locale);
      expect(res.headers['content-language']).toBe(locale);
    }
    const nul = await t.call({ method: 'POST', url: '/api/auth/login', headers, payload: { email: u.email, password: 'nul\u0000inside' } });
    expect(nul.body.error.details.fields).toMatchObject([{ path: 'body.password', code: 'unsafe_text' }]);
  });

  it('says a revoked session and a weak password in the reader’s language', async () => {
    const u = await register(t);
    await t.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: { refreshToken: u.refreshToken } });
    const revoked = await t.call({ method: 'GET', url: '/api/users/me', headers: { ...u.auth, ...headers } });
    expect([revoked.status, revoked.body.error.code]).toEqual([401, 'AUTH-1003']);
    expectErrorInReaderLanguage(revoked.body, locale);
    const reused = await t.call({ method: 'POST', url: '/api/auth/refresh', headers, payload: { refreshToken: u.refreshToken } });
    expect([reused.status, reused.body.error.code]).toEqual([401, 'AUTH-1003']);
    expectErrorInReaderLanguage(reused.body, locale);

    const weak = await t.call({
      method: 'POST',
      url: '/api/users/register',
      headers,
      payload: { email: `weak.${Date.now()}@example.com`, password: 'password123', name: 'Weak' },
    });
    expect(weak.status).toBe(400);
    expectErrorInReaderLanguage(weak.body, locale);
    expect(weak.body.error.details).toMatchObject({ reason: 'COMMON', fields: [{ path: 'body.password', code: 'common' }] });
  });

  it('writes the reset answer and the social-login refusals in the reader’s language', async () => {
    const reset = await t.call({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      headers,
      payload: { email: 'nobody@example.com' },
    });
    expect(reset.status).toBe(200);
    expectReaderLanguage(reset.body.data.message, locale);

    const noState = await t.call({ method: 'GET', url: '/api/auth/oauth/local/callback?code=x', headers });
    expect(noState.status).toBe(302);
    const fragment = new URLSearchParams(String(noState.headers.location).split('#')[1]);
    expect(fragment.get('error')).toBe('AUTH-1003');
    expectReaderLanguage(fragment.get('message'), locale);

    const elsewhere = await t.call({
      method: 'GET',
      url: '/api/auth/oauth/local/start',
      headers: { ...headers, host: 'other.example.org', origin: 'https://other.example.org' },
    });
    const moved = new URLSearchParams(String(elsewhere.headers.location).split('#')[1]);
    expect(moved.get('error')).toBe('BIZ-3005');
    expectReaderLanguage(moved.get('message'), locale);
  });
});
