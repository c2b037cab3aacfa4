/**
 * Issue 12 item 9: a call whose body fields are all optional accepts an absent body. The
 * operations are enumerated from the OpenAPI document (every request body whose schema requires
 * no property) and each is called by an admin with no body at all, and with an empty body under
 * `Content-Type: application/json`: neither may be refused for its body.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { createUser, type TestUser } from '../modules/studies/test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let doc: any;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
});
afterAll(() => t.close());

interface BodyOp {
  method: string;
  path: string;
  url: string;
  required: boolean;
}

function optionalBodyOps(): BodyOp[] {
  const out: BodyOp[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      if (!schema || schema.type !== 'object' || (schema.required ?? []).length > 0) continue;
      if (path.includes('/test-gateway/')) continue; // Toss's API, not ours
      const params = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path');
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const s = params.find((p: { name: string }) => p.name === name)?.schema;
        return s?.enum?.length ? String(s.enum[0]) : randomUUID();
      });
      out.push({ method: method.toUpperCase(), path, url, required: op.requestBody.required !== false });
    }
  }
  return out;
}

/** Refused because the body itself is missing or not an object (not for what an empty object lacks). */
const refusedForBody = (r: { status: number; body: any }) =>
  r.status === 400 &&
  (r.body?.error?.details?.fields ?? []).some((f: { path: string; code: string }) => f.path === 'body' && f.code !== 'custom');

describe('an absent body is accepted where every body field is optional (item 9)', () => {
  it('POST /api/users/me/deactivate without a body deactivates the account', async () => {
    const u = await createUser(t);
    const r = await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.headers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
  });

  it('every such operation (found in the OpenAPI document) accepts no body and an empty JSON body', async () => {
    const ops = optionalBodyOps();
    expect(ops.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/users/me/deactivate');
    expect(ops.length).toBeGreaterThanOrEqual(8);
    const wrong: string[] = [];
    const sig = (r: { status: number; body: any }) => `${r.status} ${r.body?.error?.code ?? ''}`;
    for (const op of ops) {
      if (op.path === '/api/users/me/deactivate' || op.path === '/api/users/me') continue; // would end the admin's account
      // `{}` first: the answer an absent body must get (a PATCH with nothing to change is refused for that, not for its body)
      const object = await t.call({ method: op.method as 'POST', url: op.url, headers: admin.headers, payload: {} });
      const none = await t.call({ method: op.method as 'POST', url: op.url, headers: admin.headers });
      const empty = await t.call({
        method: op.method as 'POST',
        url: op.url,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '',
      });
      for (const [what, r] of [
        ['no body', none],
        ['empty JSON', empty],
      ] as const) {
        if (refusedForBody(r)) wrong.push(`${op.method} ${op.path} (${what}) → ${r.status} ${JSON.stringify(r.body?.error)}`);
        else if (sig(r) !== sig(object) && r.status < 500) wrong.push(`${op.method} ${op.path} (${what}) → ${sig(r)}, {} → ${sig(object)}`);
        expect(r.status, `${op.method} ${op.path}`).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the document marks those bodies optional, and the others required', () => {
    const ops = optionalBodyOps();
    expect(ops.filter((o) => o.required).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const apply = doc.paths['/api/studies/{id}/applications'].post;
    expect(apply.requestBody.required).toBe(true);
  });

  it('a body with required fields is still refused when absent, naming the missing fields', async () => {
    const r = await t.call({ method: 'POST', url: '/api/studies', headers: admin.headers });
    expect(r.status).toBe(400);
    expect(r.body.error.details.fields).toContainEqual(expect.objectContaining({ path: 'body.title', code: 'missing' }));
    const apply = await t.call({ method: 'POST', url: `/api/studies/${randomUUID()}/applications`, headers: admin.headers });
    expect(apply.status).toBe(400);
    expect(apply.body.error.code).toBe('VAL-2003');
  });
});
