/**
 * The pages the server writes itself, outside the web build — the payment gateway's checkout,
 * receipt and error pages, the local sign-in provider's page — draw their text in the app's
 * Pretendard: the @font-face rules of the web build's subsets their text uses (same-origin
 * /assets files, allowed by the CSP's font-src 'self') and the app's font stack (page-font.ts
 * loadSubsetFaces, withPageFont); without a build, the system fonts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { CARD, payOnCheckoutPage } from '../modules/payments/payments-test-kit.ts';

const SECRET = 'test_sk_gateway_font_0123456789';
const CLIENT = 'test_ck_gateway_font_0123456789';
const STACK = '"Pretendard Variable", "Pretendard", system-ui, sans-serif';
const FACES = {
  latin:
    '@font-face{font-family:Pretendard Variable;src:url(/assets/PretendardVariable.subset.91-a.woff2)format("woff2-variations");unicode-range:U+20-7E}',
  hangul:
    '@font-face{font-family:Pretendard Variable;src:url(/assets/PretendardVariable.subset.12-b.woff2)format("woff2-variations");unicode-range:U+AC00-D7A3}',
  cyrillic:
    '@font-face{font-family:Pretendard Variable;src:url(/assets/PretendardVariable.subset.3-c.woff2)format("woff2-variations");unicode-range:U+400-4FF}',
};

let dist: string;
let t: TestApp;
let bare: TestApp;

const checkout = () =>
  `/api/payments/test-gateway/checkout?${new URLSearchParams({
    clientKey: CLIENT,
    orderId: `order-font-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    orderName: '결제 테스트 상품',
    amount: '1000',
    customerName: '김모임',
    successUrl: '/payment/success',
    failUrl: '/payment/fail',
  })}`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'moim-gateway-font-'));
  mkdirSync(join(dist, '.ssr'));
  const faces = [
    { css: FACES.latin, range: [[0x20, 0x7e]] },
    { css: FACES.hangul, range: [[0xac00, 0xd7a3]] },
    { css: FACES.cyrillic, range: [[0x400, 0x4ff]] },
  ];
  writeFileSync(
    join(dist, '.ssr', 'server-rendered.json'),
    JSON.stringify({ markup: '', data: '', templates: [], font: { stack: STACK, faces } }),
  );
  const env = { TEST_GATEWAY_SECRET_KEY: SECRET, TEST_GATEWAY_CLIENT_KEY: CLIENT };
  t = await createTestApp({ env: { ...env, WEB_DIST_DIR: dist } });
  bare = await createTestApp({ env: { ...env, WEB_DIST_DIR: join(dist, 'none') }, instanceOf: t });
});
afterAll(async () => {
  await bare?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the server's own pages use the app's font", () => {
  it('the checkout page declares the Pretendard subsets of its text and the app font stack, under a CSP that allows them', async () => {
    const r = await t.call({ method: 'GET', url: checkout() });
    expect(r.status).toBe(200);
    const html = String(r.body);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(style).toContain(FACES.hangul);
    expect(style).toContain(FACES.latin);
    expect(style).not.toContain(FACES.cyrillic); // no Cyrillic on the page
    expect(style).toContain(`:root{--font-sans:${STACK}}`);
    expect(style).toMatch(/body\{[^}]*font-family:var\(--font-sans,/);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toMatch(/font-src 'self'/);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
  });

  it('so do the receipt page, the form shown again and the error page', async () => {
    const wrong = await payOnCheckoutPage(t, checkout(), '1234 5678 9012 3456');
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain(FACES.hangul);
    const paid = await payOnCheckoutPage(t, checkout(), CARD.approve);
    expect(paid.status).toBe(303);
    const missing = await t.call({ method: 'GET', url: '/api/payments/test-gateway/receipt/no-such-payment' });
    expect(missing.status).toBe(404);
    expect(String(missing.body)).toContain(FACES.hangul);
    const refused = await t.call({ method: 'GET', url: '/api/payments/test-gateway/checkout?clientKey=x' });
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain(FACES.hangul);
  });

  it("so does the local sign-in provider's page", async () => {
    const r = await t.call({ method: 'GET', url: '/api/auth/oauth/local-provider/authorize' });
    expect(r.status).toBe(400);
    const html = String(r.body);
    expect(html).toContain('잘못된 요청');
    expect(html).toContain(FACES.hangul);
    expect(html).toContain(`:root{--font-sans:${STACK}}`);
    expect(html).toMatch(/font-family:var\(--font-sans,/);
  });

  it('without a web build the page keeps the system fonts', async () => {
    const r = await bare.call({ method: 'GET', url: checkout() });
    expect(r.status).toBe(200);
    expect(String(r.body)).not.toContain('@font-face');
    expect(String(r.body)).not.toContain('/*moim-page-font*/');
    expect(String(r.body)).toContain('결제 테스트 상품');
  });
});
