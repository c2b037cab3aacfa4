import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { AppError } from './app-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/api/_test/throw/:code', async (req) => {
        throw new AppError((req.params as { code: ErrorCode }).code);
      });
      app.get('/api/_test/crash', async () => {
        throw new Error('secret internals: password=hunter2');
      });
      app.post(
        '/api/_test/echo',
        { schema: { body: z.object({ name: z.string().min(2).max(10), age: z.number().int().min(0).max(150) }) } },
        async (req) => ({ success: true, data: req.body }),
      );
    },
  });
});
afterAll(() => t.close());

describe('error envelope', () => {
  it.each(ERROR_CODES)('%s answers its status with the envelope and Korean message', async (code) => {
    const r = await t.call({ method: 'GET', url: `/api/_test/throw/${code}` });
    expect(r.status).toBe(ERROR_CATALOGUE[code].status);
    expect(r.body).toMatchObject({ success: false, error: { code, message: ERROR_CATALOGUE[code].ko }, message: ERROR_CATALOGUE[code].ko });
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('maps the SPEC codes to the statuses of GUIDE §2', () => {
    const expected: Record<string, number> = {
      'AUTH-1001': 401,
      'AUTH-1002': 401,
      'AUTH-1003': 401,
      'AUTH-1004': 403,
      'AUTH-1005': 403,
      'VAL-2001': 400,
      'VAL-2002': 400,
      'VAL-2003': 400,
      'VAL-2004': 400,
      'VAL-2005': 409,
      'BIZ-3001': 404,
      'BIZ-3002': 409,
      'BIZ-3003': 422,
      'SYS-5001': 500,
      'SYS-5002': 503,
    };
    for (const [code, status] of Object.entries(expected)) expect(ERROR_CATALOGUE[code as ErrorCode].status).toBe(status);
  });

  it('hides internals of unexpected errors behind SYS-5001', async () => {
    const r = await t.call({ method: 'GET', url: '/api/_test/crash' });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('SYS-5001');
    expect(r.res.body).not.toContain('hunter2');
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const r = await t.call({ method: 'GET', url: '/api/no/such/thing' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, error: { code: 'BIZ-3001' } });
    const p = await t.call({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect([p.status, p.body.error.code]).toEqual([404, 'BIZ-3001']);
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/_test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab", ',
    });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toMatch(/^VAL-200/);
  });

  it('refuses a wrong content type with 415', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/_test/echo',
      headers: { 'content-type': 'application/x-something' },
      payload: 'name=ab',
    });
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe('VAL-2007');
  });

  it('refuses an oversized body with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 1 });
    const r = await t.call({ method: 'POST', url: '/api/_test/echo', headers: { 'content-type': 'application/json' }, payload: big });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('VAL-2006');
  });

  it('names the failing fields of a validation error', async () => {
    const missing = await t.call({ method: 'POST', url: '/api/_test/echo', payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VAL-2003');
    expect(missing.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.age']),
    );
    const range = await t.call({ method: 'POST', url: '/api/_test/echo', payload: { name: 'abc', age: 999 } });
    expect(range.body.error.code).toBe('VAL-2004');
    const type = await t.call({ method: 'POST', url: '/api/_test/echo', payload: { name: 12, age: 'x' } });
    expect(type.body.error.code).toBe('VAL-2002');
  });

  it('keeps a well-formed incoming request id and sets security headers', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'abc12345-trace' } });
    expect(r.headers['x-request-id']).toBe('abc12345-trace');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const bad = await t.call({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(bad.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('allows CORS only from the configured origins', async () => {
    const r = await t.call({ method: 'GET', url: '/api/health/live', headers: { origin: 'https://evil.example' } });
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });
});
