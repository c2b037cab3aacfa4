/**
 * Every operation of the OpenAPI document lists the error answers it can give (docs/api-wire.md
 * "Codes"), each in the envelope's schema and described by its codes. The schema fuzz checks the
 * other side: every error the server answers is one its operation declares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { declareErrors, routeErrorStatuses } from './route-errors.ts';

type Op = {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: any }> }>;
  'x-moim-access'?: string;
  parameters?: Array<{ in: string }>;
};

let t: TestApp;
let paths: Record<string, Record<string, Op>>;
let refs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).body;
  // each error answer is written once in components.responses and referred to (route-errors.ts)
  const shared = (doc.components?.responses ?? {}) as Record<string, unknown>;
  for (const item of Object.values(doc.paths as Record<string, Record<string, Op>>)) {
    for (const op of Object.values(item)) {
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        const ref = (r as { $ref?: string }).$ref;
        if (ref === undefined) continue;
        refs++;
        op.responses![status] = shared[ref.replace('#/components/responses/', '')] as NonNullable<Op['responses']>[string];
      }
    }
  }
  paths = doc.paths;
});
afterAll(() => t.close());

// the built-in payment gateway speaks its provider's protocol, not moim's envelope
const operations = () =>
  Object.entries(paths)
    .filter(([path]) => !path.startsWith('/api/payments/test-gateway/'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
    );

describe('error answers in the document', () => {
  it('lists, for every operation, the statuses its kind can give, each with the envelope and its codes', () => {
    const missing: string[] = [];
    for (const { key, method, path, op } of operations()) {
      const declared = new Set(Object.keys(op.responses ?? {}));
      const expected = ['400', '500', '503'];
      if (op['x-moim-access'] === 'member' || op['x-moim-access'] === 'admin') expected.push('401', '403');
      if (path.includes('{') || method !== 'get') expected.push('404');
      if (method !== 'get') expected.push('409', '422');
      for (const s of expected) if (!declared.has(s)) missing.push(`${key} ${s}`);
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        // readiness answers 503 with its report (docs/operations.md), not an error
        if (Number(status) < 400 || (path === '/api/health/ready' && status === '503')) continue;
        const schema = r.content?.['application/json']?.schema;
        const success = schema?.properties?.success;
        const isFalse =
          success?.const === false || (Array.isArray(success?.enum) && success.enum.length === 1 && success.enum[0] === false);
        if (!schema?.properties?.error || !isFalse) missing.push(`${key} ${status}: not the envelope`);
        if (!/[A-Z]{3,4}-\d{4}/.test(r.description ?? '')) missing.push(`${key} ${status}: no codes in the description`);
      }
    }
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(100);
    // written once each and referred to, not copied into every operation
    expect(refs).toBeGreaterThan(operations().length * 3);
  });

  it('describes the codes of each status', () => {
    const op = paths['/api/studies/{studyId}/applications']?.post ?? operations().find((o) => o.method === 'post')!.op;
    expect(op.responses?.['409']?.description).toMatch(/BIZ-3002/);
    expect(op.responses?.['422']?.description).toMatch(/BIZ-3003/);
    expect(op.responses?.['404']?.description).toMatch(/BIZ-3001/);
  });

  it('adds what a hook declares (the rate limits’ 429) and what a route adds itself', () => {
    const limited = declareErrors(async () => undefined, [429]);
    expect(routeErrorStatuses({ method: 'GET', url: '/api/x', preHandler: [limited] })).toContain(429);
    expect(routeErrorStatuses({ method: 'GET', url: '/api/x' })).toEqual([400, 500, 503, 504]);
    expect(routeErrorStatuses({ method: 'GET', url: '/api/x', config: { errors: [409] } })).toContain(409);
    const login = paths['/api/auth/login']?.post;
    expect(Object.keys(login?.responses ?? {})).toContain('429');
  });
});
