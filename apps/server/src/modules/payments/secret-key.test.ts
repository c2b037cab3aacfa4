/**
 * The payment secret key lives on the server only: the built web bundle contains no secret key
 * (neither the configured one nor anything shaped like a Toss secret key), and the browser gets
 * the client key from GET /api/payments/config.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { serverRoot } from '../../paths.ts';
import { testGatewayKeys } from '../../providers/payments/index.ts';

const DISTINCTIVE = 'test_sk_moim_DISTINCTIVE_s3cr3t_9f8e7d6c';
const webDist = join(serverRoot, '..', 'web', 'dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(js|html|css|json|txt|map)$/.test(name) ? [p] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TEST_GATEWAY_SECRET_KEY: DISTINCTIVE } });
});
afterAll(() => t.close());

describe('payment keys', () => {
  it('serves the client key from /api/payments/config and never the secret key', async () => {
    const r = await t.call({ method: 'GET', url: '/api/payments/config' });
    expect(r.body.data.clientKey).toBe('test_ck_moim_builtin_gateway');
    expect(r.res.body).not.toContain(DISTINCTIVE);
    expect(r.res.body).not.toMatch(/(test|live)_g?sk_/);
  });

  it('derives a default secret key per installation (none is shipped)', () => {
    const a = testGatewayKeys({ ...t.ctx.config, TEST_GATEWAY_SECRET_KEY: undefined, jwtSecret: 'a'.repeat(40) });
    const b = testGatewayKeys({ ...t.ctx.config, TEST_GATEWAY_SECRET_KEY: undefined, jwtSecret: 'b'.repeat(40) });
    expect(a.secretKey).not.toBe(b.secretKey);
    expect(a.secretKey).toMatch(/^test_sk_moim_[0-9a-f]{32}$/);
  });

  it.runIf(existsSync(join(webDist, 'index.html')))('the built web bundle (apps/web/dist) contains no secret key', () => {
    const list = files(webDist);
    expect(list.length).toBeGreaterThan(0);
    const secrets = [DISTINCTIVE, testGatewayKeys({ ...t.ctx.config, TEST_GATEWAY_SECRET_KEY: undefined }).secretKey];
    if (process.env.TOSS_SECRET_KEY) secrets.push(process.env.TOSS_SECRET_KEY);
    for (const f of list) {
      const text = readFileSync(f, 'utf8');
      for (const s of secrets) expect(text.includes(s), `${f} contains a secret key`).toBe(false);
      expect(/(test|live)_g?sk_[A-Za-z0-9]/.test(text), `${f} contains something shaped like a Toss secret key`).toBe(false);
      expect(/TOSS_SECRET_KEY|TEST_GATEWAY_SECRET_KEY/.test(text), `${f} names a secret-key variable`).toBe(false);
    }
  });

  it.skipIf(existsSync(join(webDist, 'index.html')))(
    'the built web bundle contains no secret key — SKIPPED: apps/web/dist is absent; run `npm run build -w @moim/web` first',
    () => {},
  );
});
