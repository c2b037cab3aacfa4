/**
 * The users section's refusals in the reader's language (docs/api-wire.md "Languages"): taken
 * email and username, the identity checks of the account settings, pictures, the admin's own
 * account; each in English for `accept-language: en` and in Korean otherwise, never a raw key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeAdmin, register, type TestUser } from './test-helpers.ts';

let t: TestApp;
let u: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await register(t, { username: `taken_${Date.now().toString(36)}` });
  admin = await makeAdmin(t, await register(t));
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('users refusals (%s)', (locale) => {
  const headers = { 'accept-language': locale };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, status: number, who?: TestUser, payload?: object) => {
    const r = await t.call({ method, url, headers: { ...headers, ...who?.auth }, ...(payload ? { payload } : {}) });
    expect(r.status, `${method} ${url} ${JSON.stringify(r.body)}`).toBe(status);
    expectErrorInReaderLanguage(r.body, locale);
    return r;
  };

  it('says a taken email or username with the field at fault', async () => {
    const email = await call('POST', '/api/users/register', 409, undefined, {
      email: u.email,
      password: 'a perfectly fine passphrase',
      name: 'Dup',
    });
    expect(email.body.error).toMatchObject({ code: 'VAL-2005', details: { fields: [{ path: 'body.email', code: 'taken' }] } });
    const taken = await call('PUT', '/api/users/me', 409, admin, {
      username: (await t.call({ method: 'GET', url: '/api/users/me', headers: u.auth })).body.data.username,
    });
    expect(taken.body.error).toMatchObject({ code: 'VAL-2008', details: { fields: [{ path: 'body.username', code: 'taken' }] } });
  });

  it('answers the account settings’ identity checks in the reader’s language', async () => {
    await call('PUT', '/api/users/me/password', 401, u, { currentPassword: 'not my password', newPassword: 'another fine passphrase' });
    const same = await call('PUT', '/api/users/me/password', 400, u, { currentPassword: u.password, newPassword: u.password });
    expect(same.body.error.details.fields).toMatchObject([{ path: 'body.newPassword', code: 'same_as_current' }]);
    const missing = await call('DELETE', '/api/users/me', 400, u, {});
    expect(missing.body.error).toMatchObject({ code: 'VAL-2003', details: { fields: [{ path: 'body.password', code: 'missing' }] } });
    await call('DELETE', '/api/users/me', 401, u, { password: 'not my password' });
    await call('PUT', '/api/users/me', 400, u, { name: 'bell\u0007' });
  });

  it('answers pictures and the admin’s own account in the reader’s language', async () => {
    await call('GET', `/api/public/users/${randomUUID()}/image`, 404);
    await call('GET', `/api/public/users/${u.id}/image`, 404);
    const bad = await call('PUT', '/api/users/me', 400, u, {
      profileImageData: { base64: 'aGVsbG8=', fileName: 'a.svg', mimeType: 'image/svg+xml' },
    });
    expect(bad.body.error.details.fields).toMatchObject([{ path: 'body.profileImageData.mimeType', code: 'unsupported_type' }]);
    const liar = await call('PUT', '/api/users/me', 400, u, {
      profileImageData: { base64: 'aGVsbG8gd29ybGQ=', fileName: 'a.png', mimeType: 'image/png' },
    });
    expect(liar.body.error.details).toMatchObject({
      declared: 'image/png',
      fields: [{ path: 'body.profileImageData.mimeType', code: 'type_mismatch' }],
    });
    await call('POST', `/api/admin/users/${admin.id}/deactivate`, 422, admin);
    await call('PUT', `/api/admin/users/${admin.id}/roles`, 422, admin, { roles: ['ROLE_USER'] });
    await call('POST', `/api/admin/users/${u.id}/reactivate`, 409, admin);
  });
});
