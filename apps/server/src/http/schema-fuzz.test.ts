/**
 * Schema fuzz (issue 12, "Proof that stays"): every operation of the OpenAPI document, called as
 * a guest, a member and an admin with inputs fast-check draws from the operation's own schemas
 * (valid-looking values, boundary values and plain junk mixed). The answer is never a 5xx, every
 * error is the SPEC envelope with a catalogue code, and every JSON success matches the response
 * schema the document declares for its status.
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

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Calls that would end the caller's own account or session mid-run (covered by their own tests). */
const SKIP_AS_USER = new Set([
  'POST /api/users/me/deactivate',
  'DELETE /api/users/me',
  'PUT /api/users/me/password',
  'POST /api/auth/logout',
]);

type Schema = Record<string, any>;
interface Op {
  key: string;
  method: string;
  path: string;
  params: Array<{ name: string; in: string; schema: Schema; required?: boolean }>;
  body?: Schema;
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

beforeAll(async () => {
  t = await createTestApp();
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
    if (path.includes('/test-gateway/') || path.startsWith('/api/docs')) continue; // Toss's API and the docs UI
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, r] of Object.entries<Schema>(op.responses ?? {})) responses[status] = r?.content?.['application/json']?.schema;
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
});
afterAll(() => t.close());

describe('schema fuzz over the OpenAPI document', () => {
  it('covers every operation', () => {
    expect(ops.length).toBeGreaterThan(100);
  });

  it(`no 5xx, errors in the envelope, successes match their schema (${RUNS} draws per operation and role, seed ${SEED})`, async () => {
    const problems: string[] = [];
    const validators = new Map<string, ReturnType<typeof ajv.compile>>();
    for (const op of ops) {
      for (const role of roles) {
        if (role.name !== 'guest' && SKIP_AS_USER.has(op.key)) continue;
        const samples = fc.sample(requestArb(op), { numRuns: RUNS, seed: SEED + op.key.length });
        for (const [i, req] of samples.entries()) {
          // every other draw reads in English: the messages follow the reader's language
          const locale = i % 2 === 0 ? 'ko' : 'en';
          const headers = { ...role.headers, 'accept-language': locale };
          const r = await t.app.inject({
            method: op.method as 'GET',
            url: req.url,
            headers: req.hasBody && req.body !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(req.hasBody && req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
          });
          const where = `${role.name} ${op.method} ${req.url.slice(0, 160)} ${req.hasBody ? JSON.stringify(req.body)?.slice(0, 160) : ''}`;
          if (r.statusCode >= 500) {
            problems.push(`${r.statusCode} ${where} → ${r.body.slice(0, 200)}`);
            continue;
          }
          const type = String(r.headers['content-type'] ?? '');
          if (!type.startsWith('application/json')) continue;
          let body: any;
          try {
            body = JSON.parse(r.body);
          } catch {
            problems.push(`unparsable JSON ${where}`);
            continue;
          }
          if (r.statusCode >= 400) {
            const okEnvelope =
              body?.success === false &&
              isErrorCode(body?.error?.code) &&
              typeof body?.error?.message === 'string' &&
              typeof body?.message === 'string';
            if (!okEnvelope) problems.push(`not the envelope ${r.statusCode} ${where} → ${r.body.slice(0, 200)}`);
            // every error answer is one the operation declares (docs/api-wire.md), in the declared shape
            if (!(String(r.statusCode) in op.responses)) problems.push(`undeclared ${r.statusCode} ${body?.error?.code} ${where}`);
            const texts = [
              body?.error?.message,
              ...((body?.error?.details?.fields ?? []) as Array<{ message?: string }>).map((f) => f.message),
            ];
            for (const text of texts) {
              const wrong = readerLanguageProblem(String(text ?? ''), locale);
              if (wrong) problems.push(`${wrong} (${locale}) ${r.statusCode} ${where} → ${String(text).slice(0, 160)}`);
            }
          }
          if (r.statusCode >= 400 && !op.responses[String(r.statusCode)]) continue;
          const schema = op.responses[String(r.statusCode)];
          if (!schema) continue;
          const key = `${op.key} ${r.statusCode}`;
          let validate = validators.get(key);
          if (!validate) {
            validate = ajv.compile({ ...schema, components: doc.components });
            validators.set(key, validate);
          }
          if (!validate(body))
            problems.push(`response off its schema ${r.statusCode} ${where}: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
