/**
 * Issue 12 item 8: the OpenAPI document says exactly who may call each operation, because its
 * `security` is generated from the guards the routes install. Every operation is called as a
 * guest, with a forged token and as a member; the answers must agree with the document.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { createUser, type TestUser } from '../modules/studies/test-helpers.ts';
import { users } from '../modules/users/schema.ts';

interface Operation {
  method: string;
  path: string;
  url: string;
  security?: Array<Record<string, string[]>>;
  access?: string;
  hasBody: boolean;
}

let t: TestApp;
let member: TestUser;
let ops: Operation[];

type JsonSchema = { format?: string; enum?: unknown[]; pattern?: string; type?: string };

/** A value a path parameter's schema accepts (enough to get past validation). */
function sampleParam(schema: JsonSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.format === 'uuid' || !schema?.pattern) return randomUUID();
  if (/\[A-Z\]/.test(schema.pattern)) return 'TETRIS';
  return randomUUID();
}

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t);
  const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
  ops = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path');
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        encodeURIComponent(sampleParam(params.find((p: { name: string }) => p.name === name)?.schema)),
      );
      ops.push({ method: method.toUpperCase(), path, url, security: op.security, access: op['x-moim-access'], hasBody: !!op.requestBody });
    }
  }
});
afterAll(() => t.close());

const requiresToken = (op: Operation) => !!op.security && op.security.length > 0 && !op.security.some((s) => Object.keys(s).length === 0);
const requiresBearer = (op: Operation) => requiresToken(op) && op.security!.some((s) => 'bearerAuth' in s);

function call(op: Operation, headers: Record<string, string> = {}) {
  return t.call({
    method: op.method as 'GET',
    url: op.url,
    headers: op.hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(op.hasBody ? { payload: '{}' } : {}),
  });
}

describe('OpenAPI security is generated from the route guards (item 8)', () => {
  it('declares security on the operations the issue named', () => {
    const find = (m: string, p: string) => ops.find((o) => o.method === m && o.path === p);
    for (const [m, p] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/studies'],
      ['POST', '/api/studies/{id}/applications/{appId}/accept'],
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/register/options'],
      ['POST', '/api/auth/passkeys/register/verify'],
      ['PATCH', '/api/auth/passkeys/{id}'],
      ['DELETE', '/api/auth/passkeys/{id}'],
    ] as const) {
      const op = find(m, p);
      expect(op, `${m} ${p}`).toBeDefined();
      expect(op!.security, `${m} ${p}`).toEqual([{ bearerAuth: [] }]);
      expect(op!.access).toBe('member');
    }
    // the security log: the back office's search is admin-only, a member's sessions are their own
    for (const [m, p] of [
      ['GET', '/api/users/me/sign-ins'],
      ['GET', '/api/users/me/sessions'],
      ['DELETE', '/api/users/me/sessions/{id}'],
      ['POST', '/api/users/me/sessions/end-others'],
      // the member's own data exports (docs/privacy.md)
      ['POST', '/api/users/me/data-exports'],
      ['GET', '/api/users/me/data-exports'],
      ['GET', '/api/users/me/data-exports/{id}/download'],
    ] as const)
      expect(find(m, p)?.access, `${m} ${p}`).toBe('member');
    expect(find('GET', '/api/admin/security-log')?.access).toBe('admin');
    // the second factor, step-up, e-mail change and check-in: a signed-in member's own
    for (const [m, p] of [
      ['GET', '/api/auth/second-factor'],
      ['POST', '/api/auth/second-factor/totp/setup'],
      ['POST', '/api/auth/second-factor/totp/confirm'],
      ['POST', '/api/auth/second-factor/recovery-codes'],
      ['DELETE', '/api/auth/second-factor'],
      ['POST', '/api/auth/step-up'],
      ['PUT', '/api/users/me/password'],
      ['POST', '/api/users/me/email'],
      ['GET', '/api/studies/{id}/check-in/rules'],
      ['PUT', '/api/studies/{id}/check-in/rules'],
      ['GET', '/api/studies/{id}/events/{eventId}/check-in/code'],
      ['GET', '/api/studies/{id}/events/{eventId}/check-in/link'],
      ['GET', '/api/studies/{id}/events/{eventId}/check-in/room'],
      ['POST', '/api/studies/{id}/check-in'],
      ['GET', '/api/studies/{id}/attendance'],
      ['GET', '/api/studies/{id}/attendance/corrections'],
      ['GET', '/api/studies/{id}/attendance/me'],
      ['GET', '/api/studies/{id}/attendance/export'],
    ] as const) {
      expect(find(m, p)?.access, `${m} ${p}`).toBe('member');
      expect(find(m, p)?.security, `${m} ${p}`).toEqual([{ bearerAuth: [] }]);
    }
    // a login's second step and the e-mail change link carry their own credential (a challenge, a token)
    expect(find('POST', '/api/auth/second-factor/login')?.access).toBe('guest');
    expect(find('POST', '/api/users/me/email/confirm')?.access).toBe('guest');
    // an admin's view and reset of a member's factor
    expect(find('GET', '/api/admin/users/{id}/second-factor')?.access).toBe('admin');
    expect(find('POST', '/api/admin/users/{id}/second-factor/reset')?.access).toBe('admin');
    const admin = find('GET', '/api/admin/studies');
    expect(admin?.security).toEqual([{ bearerAuth: [] }]);
    expect(admin?.access).toBe('admin');
    const optional = find('GET', '/api/studies/{id}');
    expect(optional?.security).toEqual([{}, { bearerAuth: [] }]);
    expect(find('GET', '/api/studies')?.security).toBeUndefined();
    // passkey sign-in is for guests (the passkey is the credential)
    expect(find('POST', '/api/auth/passkeys/login/options')?.access).toBe('guest');
    expect(find('POST', '/api/auth/passkeys/login/verify')?.access).toBe('guest');
    expect(ops.length).toBeGreaterThan(100);
  });

  it('every operation that requires a token answers a guest 401 AUTH-1007, and a forged token 401 AUTH-1003', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter(requiresBearer)) {
      const guest = await call(op);
      if (guest.status !== 401 || guest.body?.error?.code !== 'AUTH-1007')
        wrong.push(`${op.method} ${op.path} guest → ${guest.status} ${guest.body?.error?.code}`);
      const forged = await call(op, { authorization: 'Bearer not.a.token' });
      if (forged.status !== 401 || forged.body?.error?.code !== 'AUTH-1003')
        wrong.push(`${op.method} ${op.path} forged → ${forged.status} ${forged.body?.error?.code}`);
    }
    expect(wrong).toEqual([]);
    // the built-in gateway's Toss-style API takes its secret key as HTTP Basic
    for (const op of ops.filter((o) => requiresToken(o) && !requiresBearer(o))) {
      expect(op.security).toEqual([{ gatewaySecretKey: [] }]);
      expect((await call(op)).status).toBe(401);
    }
  });

  it('no operation without a required token answers a guest 401 (the document hides no guard)', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => !requiresToken(o))) {
      const r = await call(op);
      if (r.status === 401 && op.access !== 'self-checked') wrong.push(`${op.method} ${op.path} → 401 ${r.body?.error?.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('admin operations say so and refuse a member with 403 AUTH-1005', async () => {
    const admins = ops.filter((o) => o.access === 'admin');
    expect(admins.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const op of admins) {
      if (!op.path.startsWith('/api/admin/')) wrong.push(`${op.method} ${op.path} is admin-only outside /api/admin`);
      const r = await call(op, member.headers);
      if (r.status !== 403 || r.body?.error?.code !== 'AUTH-1005') wrong.push(`${op.method} ${op.path} member → ${r.status}`);
    }
    // an admin account without a second factor is refused on every admin operation (docs/accounts.md)
    const [bare] = await t.ctx.db
      .insert(users)
      .values({
        email: `no-2fa-${randomUUID()}@test.moim.dev`,
        name: '관리자',
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        systemRole: 'ROLE_ADMIN',
      })
      .returning({ id: users.id });
    const bareToken = await t.ctx.tokens.sign({ id: bare!.id, roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' });
    for (const op of admins) {
      const r = await call(op, { authorization: `Bearer ${bareToken}` });
      if (r.status !== 403 || r.body?.error?.code !== 'AUTH-1022')
        wrong.push(`${op.method} ${op.path} admin without a second factor → ${r.status}`);
    }
    // and every /api/admin operation is admin-only
    for (const op of ops.filter((o) => o.path.startsWith('/api/admin/')))
      if (op.access !== 'admin') wrong.push(`${op.method} ${op.path} is ${op.access}`);
    expect(wrong).toEqual([]);
  });
});
