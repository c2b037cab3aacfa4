/**
 * Schema fuzz (issue 12, "Proof that stays"): every operation of the OpenAPI document, called as
 * a guest, a member and an admin with inputs fast-check draws from the operation's own schemas
 * (valid-looking values, boundary values and plain junk mixed). The answer is never a 5xx, every
 * error is the SPEC envelope with a catalogue code, and every JSON success matches the response
 * schema the document declares for its status. The built-in payment gateway's routes (Toss's API
 * and its hosted pages, which declare no input schemas) are fuzzed from schemas written here: no
 * 5xx, and every JSON error in Toss's `{code, message}` with one of Toss's codes.
 *
 * Fixed seed and a bounded count in CI; more on demand (DEVELOPERS.md):
 *   FUZZ_RUNS=50 FUZZ_SEED=123 npx vitest run --project server src/http/schema-fuzz.test.ts
 */
import { isErrorCode } from '@moim/contract';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerLanguageProblem } from '../../test/languages.ts';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { createUser } from '../modules/studies/test-helpers.ts';
import { CARD, payOnCheckoutPage } from '../modules/payments/payments-test-kit.ts';
import { TOSS_ERRORS, basicAuth } from '../providers/payments/toss-protocol.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Calls that would end the caller's own account or session mid-run (covered by their own tests). */
const SKIP_AS_USER = new Set([
  'POST /api/users/me/deactivate',
  'DELETE /api/users/me',
  'PUT /api/users/me/password',
  'POST /api/auth/logout',
  // would take the admin's second factor away (admin routes then answer AUTH-1022; second-factor.test.ts)
  'DELETE /api/auth/second-factor',
]);

type Schema = Record<string, any>;
interface Op {
  key: string;
  method: string;
  path: string;
  params: Array<{ name: string; in: string; schema: Schema; required?: boolean }>;
  body?: Schema;
  /** send the body as a form (`application/x-www-form-urlencoded`) instead of JSON */
  form?: boolean;
  responses: Record<string, Schema | undefined>;
}

let t: TestApp;
let roles: Array<{ name: string; headers: Record<string, string> }>;
let ops: Op[];
let doc: Schema;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
(addFormats as unknown as (a: unknown) => void)(ajv);

const junk = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', '0', '-1', 'null', '%', '../', 'a'.repeat(300), '😀', '\u00ad', 'a\u0000b', '\ud800'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && s.$ref; i++) {
    const path = String(s.$ref).replace(/^#\//, '').split('/');
    s = path.reduce((o: Schema, k) => o?.[k], doc) ?? {};
  }
  return s;
}

/** An arbitrary for a JSON schema: mostly valid-looking values, sometimes junk. */
function arb(schema0: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema0);
  if (depth > 4) return junk;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a: Schema) => arb(a, depth + 1)));
  if (s.enum) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...s.enum) }, { weight: 1, arbitrary: junk });
  if (s.const !== undefined) return fc.constant(s.const);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  let valid: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') valid = fc.uuid();
      else if (s.format === 'date')
        valid = fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      else if (s.format === 'date-time')
        valid = fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
      else if (s.format === 'email') valid = fc.emailAddress();
      else if (s.format === 'uri') valid = fc.webUrl();
      else valid = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 300), unit: 'grapheme' });
      break;
    case 'integer':
      valid = fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1e6, 1e9) });
      break;
    case 'number':
      valid = fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
      break;
    case 'boolean':
      valid = fc.boolean();
      break;
    case 'array':
      valid = fc.array(arb(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
      break;
    case 'object': {
      const props = Object.entries<Schema>(s.properties ?? {});
      const required = new Set<string>(s.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) shape[k] = arb(v, depth + 1);
      valid = fc.record(shape, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
      break;
    }
    default:
      valid = fc.jsonValue({ maxDepth: 2 });
  }
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: junk });
}

/** Percent-encodes a path segment; a lone surrogate becomes its (invalid) UTF-8 bytes, as a raw client would send. */
function encodePathSegment(v: string): string {
  return Array.from(v, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function requestArb(op: Op): fc.Arbitrary<{ url: string; body: unknown; hasBody: boolean }> {
  if (op.form) return formRequestArb(op);
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => arb(p.schema)));
  const queryArb = fc.tuple(...queryParams.map((p) => fc.option(arb(p.schema), { freq: 2 })));
  const bodyArb = op.body
    ? fc.oneof({ weight: 8, arbitrary: arb(op.body) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) })
    : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, bodyArb).map(([pv, qv, body]) => {
    let path = op.path;
    pathParams.forEach((p, i) => {
      const v = String(pv[i] ?? '');
      path = path.replace(`{${p.name}}`, encodePathSegment(v === '' ? 'x' : v));
    });
    const q = new URLSearchParams();
    queryParams.forEach((p, i) => {
      const v = qv[i];
      if (v === null || v === undefined) return;
      for (const item of Array.isArray(v) ? v : [v]) q.append(p.name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    });
    const qs = q.toString();
    return { url: qs ? `${path}?${qs}` : path, body, hasBody: !!op.body };
  });
}

/* The built-in payment gateway (providers/payments/test-gateway): Toss's API and the hosted pages. */

const GATEWAY = '/api/payments/test-gateway';
const GATEWAY_SECRET = 'test_sk_schema_fuzz_0123456789ab';
const GATEWAY_CLIENT = 'test_ck_schema_fuzz_0123456789ab';
const str = (extra: Schema = {}): Schema => ({ type: 'string', maxLength: 64, ...extra });
const checkoutFields: Record<string, Schema> = {
  clientKey: { enum: [GATEWAY_CLIENT] },
  orderId: str({ minLength: 6 }),
  orderName: str(),
  amount: { type: 'integer', minimum: 0, maximum: 200_000_000 },
  customerName: str(),
  successUrl: { enum: ['/payment/success', 'http://localhost:3000/payment/success', 'https://evil.example/'] },
  failUrl: { enum: ['/payment/fail', '//evil.example/'] },
};
const checkoutQuery = Object.entries(checkoutFields).map(([name, schema]) => ({ name, in: 'query', schema }));
const checkoutBody: Schema = {
  type: 'object',
  properties: { ...checkoutFields, cardNumber: { enum: [...Object.values(CARD), '1234'] }, action: { enum: ['pay', 'cancel'] } },
};
/** a payment key the gateway knows (filled in beforeAll), or anything */
let knownPaymentKey = 'tmoim_unknown';
const paymentKey = (): Schema => ({ anyOf: [{ enum: [knownPaymentKey] }, str()] });
const gatewayOps = (): Op[] => {
  const op = (method: string, path: string, more: Partial<Op> = {}): Op => ({
    key: `${method} ${GATEWAY}${path}`,
    method,
    path: `${GATEWAY}${path}`,
    params: [],
    responses: {},
    ...more,
  });
  const keyParam = [{ name: 'paymentKey', in: 'path', schema: paymentKey() }];
  return [
    op('GET', '/checkout', { params: checkoutQuery }),
    op('POST', '/checkout', { body: checkoutBody }),
    op('POST', '/checkout', { body: checkoutBody, form: true }),
    op('POST', '/v1/payments/confirm', {
      body: {
        type: 'object',
        properties: { paymentKey: paymentKey(), orderId: str(), amount: { type: 'integer', minimum: -1, maximum: 1_000_000 } },
      },
    }),
    op('POST', '/v1/payments/{paymentKey}/cancel', {
      params: keyParam,
      body: { type: 'object', properties: { cancelReason: str(), cancelAmount: { type: 'integer', minimum: -1, maximum: 1_000_000 } } },
    }),
    op('GET', '/v1/payments/{paymentKey}', { params: keyParam }),
    op('GET', '/v1/payments/orders/{orderId}', { params: [{ name: 'orderId', in: 'path', schema: str() }] }),
    op('GET', '/receipt/{paymentKey}', { params: keyParam }),
  ];
};

/** A form post: the fields as strings (a NUL survives form encoding; a lone surrogate does not). */
function formRequestArb(op: Op): fc.Arbitrary<{ url: string; body: unknown; hasBody: boolean }> {
  return arb(op.body).map((v) => {
    const form = new URLSearchParams();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) form.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    }
    return { url: op.path, body: form.toString(), hasBody: true };
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { TEST_GATEWAY_SECRET_KEY: GATEWAY_SECRET, TEST_GATEWAY_CLIENT_KEY: GATEWAY_CLIENT } });
  const member = await createUser(t);
  const admin = await createUser(t, { admin: true });
  roles = [
    { name: 'guest', headers: {} },
    { name: 'member', headers: member.headers },
    { name: 'admin', headers: admin.headers },
  ];
  doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
  ops = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    if (path.includes('/test-gateway/') || path.startsWith('/api/docs')) continue; // the gateway is fuzzed below; the docs UI
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, r] of Object.entries<Schema>(op.responses ?? {})) {
        // an error answer is named once in components.responses and referred to (route-errors.ts)
        const answer = typeof r?.$ref === 'string' ? doc.components.responses[r.$ref.split('/').pop()!] : r;
        responses[status] = answer?.content?.['application/json']?.schema;
      }
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        responses,
      });
    }
  }
  const q = new URLSearchParams({ clientKey: GATEWAY_CLIENT, orderId: 'order-fuzz-1', orderName: 'fuzz', amount: '10000' });
  q.set('successUrl', '/payment/success');
  q.set('failUrl', '/payment/fail');
  const paid = await payOnCheckoutPage(t, `${GATEWAY}/checkout?${q}`, CARD.approve);
  knownPaymentKey = paid.params.paymentKey ?? knownPaymentKey;
});
afterAll(() => t.close());

type Dialect = 'envelope' | 'toss';

/** A path Fastify's router refuses before routing (http/error-handler.ts `handleFrameworkError`). */
function routerRefuses(url: string): boolean {
  const path = url.split('?')[0]!;
  try {
    return path.split('/').some((segment) => decodeURIComponent(segment).length > 200);
  } catch {
    return true;
  }
}

/** One drawn request against `op` as `role`; what is wrong with the answer goes into `problems`. */
async function check(
  op: Op,
  headers: Record<string, string>,
  who: string,
  req: { url: string; body: unknown; hasBody: boolean },
  dialect: Dialect,
  problems: string[],
  validators: Map<string, ReturnType<typeof ajv.compile>>,
  locale: 'ko' | 'en' = 'ko',
) {
  const sendsBody = req.hasBody && req.body !== undefined;
  const contentType = op.form ? 'application/x-www-form-urlencoded' : 'application/json';
  headers = { ...headers, 'accept-language': locale };
  const r = await t.app.inject({
    method: op.method as 'GET',
    url: req.url,
    headers: sendsBody ? { ...headers, 'content-type': contentType } : headers,
    ...(sendsBody ? { payload: op.form ? String(req.body) : JSON.stringify(req.body) } : {}),
  });
  const where = `${who} ${op.method} ${req.url.slice(0, 160)} ${req.hasBody ? JSON.stringify(req.body)?.slice(0, 160) : ''}`;
  if (r.statusCode >= 500) {
    problems.push(`${r.statusCode} ${where} → ${r.body.slice(0, 200)}`);
    return;
  }
  const type = String(r.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return;
  let body: any;
  try {
    body = JSON.parse(r.body);
  } catch {
    problems.push(`unparsable JSON ${where}`);
    return;
  }
  if (r.statusCode >= 400) {
    const envelope =
      body?.success === false &&
      isErrorCode(body?.error?.code) &&
      typeof body?.error?.message === 'string' &&
      typeof body?.message === 'string';
    const okError =
      dialect === 'toss'
        ? (typeof body?.code === 'string' && body.code in TOSS_ERRORS && typeof body?.message === 'string') ||
          // the router's own refusals (a path that is not UTF-8, a parameter over 200 characters)
          // come before any route is found, so in moim's envelope even under the gateway's prefix
          (envelope && routerRefuses(req.url) && ['VAL-2002', 'VAL-2004'].includes(body.error.code))
        : envelope;
    if (!okError) problems.push(`not the ${dialect} error ${r.statusCode} ${where} → ${r.body.slice(0, 200)}`);
    if (dialect === 'toss') return;
    // every error answer is one the operation declares (docs/api-wire.md), in the declared shape,
    // and in the reader's language
    if (!(String(r.statusCode) in op.responses)) problems.push(`undeclared ${r.statusCode} ${body?.error?.code} ${where}`);
    const fields = (body?.error?.details?.fields ?? []) as Array<{ message?: string }>;
    for (const text of [body?.error?.message, ...fields.map((f) => f.message)]) {
      const wrong = readerLanguageProblem(text, locale);
      if (wrong) problems.push(`${wrong} (${locale}) ${r.statusCode} ${where} → ${String(text).slice(0, 160)}`);
    }
    if (!op.responses[String(r.statusCode)]) return;
  }
  const schema = op.responses[String(r.statusCode)];
  if (!schema) return;
  const key = `${op.key} ${r.statusCode}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    validators.set(key, validate);
  }
  if (!validate(body)) problems.push(`response off its schema ${r.statusCode} ${where}: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
}

describe('schema fuzz over the OpenAPI document', () => {
  it('covers every operation', () => {
    expect(ops.length).toBeGreaterThan(100);
    const keys = ops.map((o) => o.key);
    for (const key of [
      'GET /api/admin/security-log',
      'GET /api/users/me/sign-ins',
      'GET /api/users/me/sessions',
      'DELETE /api/users/me/sessions/{id}',
      'POST /api/users/me/sessions/end-others',
      // passkeys
      'GET /api/auth/passkeys',
      'POST /api/auth/passkeys/register/options',
      'POST /api/auth/passkeys/register/verify',
      'POST /api/auth/passkeys/login/options',
      'POST /api/auth/passkeys/login/verify',
      'PATCH /api/auth/passkeys/{id}',
      'DELETE /api/auth/passkeys/{id}',
      // second factor and step-up, and an admin's recovery of a lost one
      'POST /api/auth/second-factor/login',
      'GET /api/auth/second-factor',
      'POST /api/auth/second-factor/totp/setup',
      'POST /api/auth/second-factor/totp/confirm',
      'POST /api/auth/second-factor/recovery-codes',
      'POST /api/auth/step-up',
      'GET /api/admin/users/{id}/second-factor',
      'POST /api/admin/users/{id}/second-factor/reset',
      // e-mail change
      'POST /api/users/me/email',
      'POST /api/users/me/email/confirm',
      // check-in and attendance
      'GET /api/studies/{id}/check-in/rules',
      'PUT /api/studies/{id}/check-in/rules',
      'GET /api/studies/{id}/events/{eventId}/check-in/code',
      'GET /api/studies/{id}/events/{eventId}/check-in/link',
      'GET /api/studies/{id}/events/{eventId}/check-in/room',
      'POST /api/studies/{id}/check-in',
      'GET /api/studies/{id}/attendance',
      'GET /api/studies/{id}/attendance/corrections',
      'GET /api/studies/{id}/attendance/me',
      'GET /api/studies/{id}/attendance/export',
      'POST /api/users/me/data-exports',
      'GET /api/users/me/data-exports',
      'GET /api/users/me/data-exports/{id}/download',
    ])
      expect(keys, key).toContain(key);
  });

  it(`no 5xx, errors in the envelope, successes match their schema (${RUNS} draws per operation and role, seed ${SEED})`, async () => {
    const problems: string[] = [];
    const validators = new Map<string, ReturnType<typeof ajv.compile>>();
    for (const op of ops) {
      for (const role of roles) {
        if (role.name !== 'guest' && SKIP_AS_USER.has(op.key)) continue;
        const samples = fc.sample(requestArb(op), { numRuns: RUNS, seed: SEED + op.key.length });
        // every other draw reads in English: the messages follow the reader's language
        for (const [i, req] of samples.entries())
          await check(op, role.headers, role.name, req, 'envelope', problems, validators, i % 2 === 0 ? 'ko' : 'en');
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe('schema fuzz over the built-in payment gateway', () => {
  it('covers every gateway operation of the document', () => {
    const listed = new Set(gatewayOps().map((o) => o.key));
    const documented = Object.entries<Schema>(doc.paths)
      .filter(([path]) => path.includes('/test-gateway/'))
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.length).toBeGreaterThan(0);
    for (const key of documented) expect(listed, key).toContain(key);
  });

  it(`no 5xx, errors in Toss's shape (${RUNS * 4} draws per operation and caller, seed ${SEED})`, async () => {
    const problems: string[] = [];
    const callers: Array<{ name: string; headers: Record<string, string> }> = [
      { name: 'anonymous', headers: {} },
      { name: 'secret key', headers: { authorization: basicAuth(GATEWAY_SECRET) } },
      { name: 'wrong key', headers: { authorization: basicAuth('test_sk_wrong_000000000000') } },
    ];
    for (const op of gatewayOps()) {
      for (const caller of callers) {
        const samples = fc.sample(requestArb(op), { numRuns: RUNS * 4, seed: SEED + op.key.length + (op.form ? 1 : 0) });
        for (const req of samples) await check(op, caller.headers, caller.name, req, 'toss', problems, new Map());
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
