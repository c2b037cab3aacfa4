/**
 * Issue 12 item 11: a browser on an origin listed in CORS_ORIGINS may call every method and send
 * every request header the API uses; other origins get no CORS grant. (A real browser doing a
 * cross-origin PUT and DELETE: e2e/cors.e2e.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { createUser } from '../modules/studies/test-helpers.ts';

const CLIENT = 'https://client.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: `${CLIENT}, https://other.example` } });
});
afterAll(() => t.close());

function preflight(url: string, method: string, headers: string, origin = CLIENT) {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

const list = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());

describe('CORS preflight (item 11)', () => {
  it.each([
    ['PUT', '/api/users/me'],
    ['PATCH', '/api/studies/3f0c6c1e-3f5f-4a53-9a0f-3d7b1c1a0c11'],
    ['DELETE', '/api/studies/3f0c6c1e-3f5f-4a53-9a0f-3d7b1c1a0c11/applications/3f0c6c1e-3f5f-4a53-9a0f-3d7b1c1a0c12'],
    ['DELETE', '/api/users/me'],
    ['POST', '/api/payments/confirm'],
  ])('allows %s %s with Authorization and Content-Type from a listed origin', async (method, url) => {
    const r = await preflight(url, method, 'authorization,content-type');
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(r.headers['access-control-allow-credentials']).toBe('true');
    expect(list(r.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
    expect(list(r.headers['access-control-allow-headers'])).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });

  it('allows every request header the API reads', async () => {
    const r = await preflight('/api/payments/confirm', 'POST', 'idempotency-key,x-request-id,x-studio-trial-token,accept-language');
    expect(list(r.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['idempotency-key', 'x-request-id', 'x-studio-trial-token', 'accept-language']),
    );
    expect(list(r.headers['access-control-allow-methods'])).toEqual(
      expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete']),
    );
  });

  it('grants nothing to an origin that is not listed', async () => {
    const r = await preflight('/api/users/me', 'PUT', 'authorization,content-type', 'https://evil.example');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers the actual cross-origin DELETE with the origin granted and the envelope', async () => {
    const u = await createUser(t);
    const r = await t.call({
      method: 'DELETE',
      url: '/api/games/states/3f0c6c1e-3f5f-4a53-9a0f-3d7b1c1a0c11',
      headers: { ...u.headers, origin: CLIENT },
    });
    expect(r.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(r.headers['access-control-expose-headers']).toContain('x-request-id');
    expect(r.body.success).toBeDefined();
  });
});
