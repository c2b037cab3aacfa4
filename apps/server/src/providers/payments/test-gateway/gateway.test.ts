/**
 * The built-in test gateway over real HTTP, driven by the Toss Payments adapter exactly as it
 * would drive api.tosspayments.com: hosted checkout, confirm, cancel, lookups, Basic auth,
 * idempotency keys, Toss's error codes, and the three test cards.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { CARD, payOnCheckoutPage } from '../../../modules/payments/payments-test-kit.ts';
import { basicAuth } from '../toss-protocol.ts';
import { TossAdapter } from '../toss-adapter.ts';
import { ProviderError } from '../types.ts';
import { TestGateway, cardOutcome, luhnValid, maskCard } from './engine.ts';

const SECRET = 'test_sk_gateway_suite_0123456789';
const CLIENT = 'test_ck_gateway_suite_0123456789';

let t: TestApp;
let base: string;
let toss: TossAdapter;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { TEST_GATEWAY_SECRET_KEY: SECRET, TEST_GATEWAY_CLIENT_KEY: CLIENT, PUBLIC_URL: 'http://localhost:3000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/api/payments/test-gateway`;
  toss = new TossAdapter({ secretKey: SECRET, clientKey: CLIENT, apiBase: base, timeoutMs: 5_000 });
});
afterAll(() => t.close());

function checkoutUrl(amount = 15_000, orderId = `order-gw-${Date.now()}-${seq++}`) {
  const q = new URLSearchParams({
    clientKey: CLIENT,
    orderId,
    orderName: '토스 티셔츠 외 2건',
    amount: String(amount),
    customerName: '김토스',
    successUrl: 'http://localhost:3000/payment/success',
    failUrl: 'http://localhost:3000/payment/fail',
  });
  return { url: `/api/payments/test-gateway/checkout?${q}`, orderId, amount };
}

/** Checkout with `card` and return the success redirect's parameters. */
async function authenticated(card: string, amount = 15_000) {
  const c = checkoutUrl(amount);
  const r = await payOnCheckoutPage(t, c.url, card);
  expect(r.status).toBe(303);
  expect(r.location.startsWith('http://localhost:3000/payment/success?')).toBe(true);
  return { paymentKey: r.params.paymentKey!, orderId: r.params.orderId!, amount: Number(r.params.amount) };
}

async function raw(path: string, init: { method?: string; body?: unknown; auth?: string | null; idem?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.auth !== null) headers.authorization = init.auth ?? basicAuth(SECRET);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.idem) headers['idempotency-key'] = init.idem;
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('test cards', () => {
  it('decide the outcome; other valid numbers approve, invalid ones are refused', () => {
    expect(cardOutcome('4242 4242 4242 4242')).toBe('APPROVE');
    expect(cardOutcome('4000-0000-0000-9995')).toBe('DECLINE');
    expect(cardOutcome('4000000000000119')).toBe('NETWORK_ERROR');
    expect(cardOutcome('5555 5555 5555 4444')).toBe('APPROVE');
    expect(cardOutcome('1234 5678 9012 3456')).toBeNull();
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(maskCard('4242 4242 4242 4242')).toBe('42424242****424*');
  });
});

describe('hosted checkout page', () => {
  it('renders the order and the test cards as plain HTML (no scripts, works under the CSP)', async () => {
    const r = await t.call({ method: 'GET', url: checkoutUrl().url });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('15,000원');
    expect(r.body).toContain('4242 4242 4242 4242');
    expect(r.body).toContain('4000 0000 0000 9995');
    expect(r.body).toContain('4000 0000 0000 0119');
    expect(r.body).not.toMatch(/<script/i);
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses a wrong client key, a bad amount and a return address on another site', async () => {
    const u = new URL(checkoutUrl().url, 'http://x');
    const bad = (k: string, v: string) => {
      const q = new URLSearchParams(u.searchParams);
      q.set(k, v);
      return `${u.pathname}?${q}`;
    };
    expect((await t.call({ method: 'GET', url: bad('clientKey', 'test_ck_other') })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: bad('amount', '12.5') })).status).toBe(400);
    const evil = await t.call({ method: 'GET', url: bad('successUrl', 'https://evil.example/steal') });
    expect(evil.status).toBe(400);
    expect(evil.body).toContain('허용된 주소가 아닙니다');
  });

  it('redirects a cancelled checkout to failUrl with code, message and orderId', async () => {
    const c = checkoutUrl();
    const r = await payOnCheckoutPage(t, c.url, '', 'cancel');
    expect(r.status).toBe(303);
    expect(r.location.startsWith('http://localhost:3000/payment/fail?')).toBe(true);
    expect(r.params).toEqual({ code: 'PAY_PROCESS_CANCELED', message: '사용자에 의해 결제가 취소되었습니다.', orderId: c.orderId });
  });

  it('shows the form again for an invalid card number', async () => {
    const r = await payOnCheckoutPage(t, checkoutUrl().url, '1234 5678 9012 3456');
    expect(r.status).toBe(422);
    expect(r.html).toContain('카드번호를 다시 확인해주세요.');
    expect(r.html).toContain('aria-invalid="true"');
  });

  it('redirects an authenticated card to successUrl with paymentKey, orderId and amount', async () => {
    const c = checkoutUrl(30_000);
    const r = await payOnCheckoutPage(t, c.url, CARD.approve);
    expect(r.params).toMatchObject({ paymentType: 'NORMAL', orderId: c.orderId, amount: '30000' });
    expect(r.params.paymentKey).toMatch(/^tmoim\d{14}[A-Za-z0-9]{12}$/);
  });
});

describe('the Toss adapter against the gateway over HTTP', () => {
  it('confirms: a Payment object with Toss fields', async () => {
    const a = await authenticated(CARD.approve, 15_000);
    const p = await toss.confirm(a, `idem-${a.orderId}`);
    expect(p).toMatchObject({
      paymentKey: a.paymentKey,
      orderId: a.orderId,
      orderName: '토스 티셔츠 외 2건',
      status: 'DONE',
      method: '카드',
      type: 'NORMAL',
      currency: 'KRW',
      totalAmount: 15_000,
      balanceAmount: 15_000,
      suppliedAmount: 13_636,
      vat: 1_364,
      cancels: null,
      failure: null,
      version: '2022-11-16',
      card: { number: '42424242****424*', installmentPlanMonths: 0, amount: 15_000 },
    });
    expect(p.approvedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(p.receipt?.url).toContain('/api/payments/test-gateway/receipt/');
    const found = await toss.findByOrderId(a.orderId);
    expect(found?.status).toBe('DONE');
  });

  it('answers the same Idempotency-Key with the same response; a repeat without one is ALREADY_PROCESSED_PAYMENT', async () => {
    const a = await authenticated(CARD.approve);
    const first = await raw('/v1/payments/confirm', { body: a, idem: 'same-key-1' });
    const again = await raw('/v1/payments/confirm', { body: a, idem: 'same-key-1' });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    const bare = await raw('/v1/payments/confirm', { body: a });
    expect(bare).toEqual({ status: 400, body: { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' } });
    const otherBody = await raw('/v1/payments/confirm', { body: { ...a, amount: a.amount + 1 }, idem: 'same-key-1' });
    expect(otherBody.status).toBe(400);
    expect(otherBody.body.code).toBe('INVALID_REQUEST');
  });

  it('requires the secret key as Basic auth', async () => {
    const a = await authenticated(CARD.approve);
    const none = await raw('/v1/payments/confirm', { body: a, auth: null });
    expect(none).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' },
    });
    const wrong = await raw('/v1/payments/confirm', { body: a, auth: basicAuth('test_sk_wrong') });
    expect(wrong.status).toBe(401);
    const bearer = await raw('/v1/payments/confirm', { body: a, auth: `Bearer ${SECRET}` });
    expect(bearer.status).toBe(401);
    // Nothing was confirmed by the refused calls.
    expect((await toss.confirm(a, `ok-${a.orderId}`)).status).toBe('DONE');
  });

  it('refuses a wrong amount, an unknown payment and malformed input with Toss codes', async () => {
    const a = await authenticated(CARD.approve, 20_000);
    const wrongAmount = await raw('/v1/payments/confirm', { body: { ...a, amount: 100 } });
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.code).toBe('INVALID_REQUEST');
    const unknown = await raw('/v1/payments/confirm', { body: { ...a, paymentKey: 'tmoim_nope' } });
    expect(unknown).toEqual({ status: 404, body: { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' } });
    const otherOrder = await raw('/v1/payments/confirm', { body: { ...a, orderId: 'another-order-1' } });
    expect(otherOrder.body.code).toBe('NOT_FOUND_PAYMENT');
    const malformed = await fetch(`${base}/v1/payments/confirm`, {
      method: 'POST',
      headers: { authorization: basicAuth(SECRET), 'content-type': 'application/json' },
      body: '{"paymentKey": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('INVALID_REQUEST');
    // The right amount still confirms.
    expect((await toss.confirm(a, `k-${a.orderId}`)).totalAmount).toBe(20_000);
  });

  it('refuses a NUL or a lone surrogate with 400 INVALID_REQUEST (API) or its error page (hosted pages)', async () => {
    const a = await authenticated(CARD.approve, 10_000);
    const invalid = { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' };
    // a lone surrogate in a JSON body (the escape \ud800), a NUL in a path parameter
    expect(await raw('/v1/payments/confirm', { body: { ...a, orderId: '\ud800' } })).toEqual({ status: 400, body: invalid });
    expect(await raw('/v1/payments/confirm', { body: { ...a, paymentKey: 'a\u0000b' } })).toEqual({ status: 400, body: invalid });
    expect(await raw(`/v1/payments/${a.paymentKey}/cancel`, { body: { cancelReason: '\ud800' } })).toEqual({ status: 400, body: invalid });
    expect(await raw('/v1/payments/%00', { method: 'GET' })).toEqual({ status: 400, body: invalid });
    expect(await raw('/v1/payments/orders/%00', { method: 'GET' })).toEqual({ status: 400, body: invalid });
    const pages = [
      await t.call({ method: 'GET', url: '/api/payments/test-gateway/receipt/%00' }),
      await t.call({ method: 'GET', url: `${checkoutUrl().url}&orderName=%00` }),
      await t.call({
        method: 'POST',
        url: '/api/payments/test-gateway/checkout',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ clientKey: CLIENT, orderName: '\ud800' }),
      }),
    ];
    for (const r of pages) {
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('잘못된 요청입니다.');
    }
    // the payment is untouched: it still confirms
    expect((await toss.confirm(a, `k-${a.orderId}`)).totalAmount).toBe(10_000);
  });

  it('declines the insufficient-funds card with REJECT_CARD_PAYMENT', async () => {
    const a = await authenticated(CARD.decline);
    const err = await toss.confirm(a, `k-${a.orderId}`).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({
      code: 'REJECT_CARD_PAYMENT',
      kind: 'rejected',
      httpStatus: 403,
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
    });
    const after = await toss.findByOrderId(a.orderId);
    expect(after).toMatchObject({ status: 'ABORTED', failure: { code: 'REJECT_CARD_PAYMENT' } });
  });

  it('drops the connection for the network-error card; a lookup shows the payment ABORTED', async () => {
    const a = await authenticated(CARD.network);
    const err = await toss.confirm(a, `k-${a.orderId}`).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.kind).toBe('network');
    const after = await toss.findByOrderId(a.orderId);
    expect(after).toMatchObject({
      status: 'ABORTED',
      failure: { code: 'PROVIDER_ERROR', message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.' },
    });
    expect(await toss.findByOrderId('no-such-order-1')).toBeNull();
  });

  it('cancels part, then the rest; refuses more than the balance and a second full cancel', async () => {
    const a = await authenticated(CARD.approve, 30_000);
    await toss.confirm(a, `k-${a.orderId}`);
    const part = await toss.cancel(a.paymentKey, { cancelReason: '부분 환불', cancelAmount: 10_000 }, `c1-${a.orderId}`);
    expect(part).toMatchObject({ status: 'PARTIAL_CANCELED', balanceAmount: 20_000, totalAmount: 30_000 });
    expect(part.cancels).toHaveLength(1);
    expect(part.cancels![0]).toMatchObject({
      cancelAmount: 10_000,
      cancelReason: '부분 환불',
      refundableAmount: 20_000,
      cancelStatus: 'DONE',
    });
    // same idempotency key → the same answer, not a second cancel
    const replay = await toss.cancel(a.paymentKey, { cancelReason: '부분 환불', cancelAmount: 10_000 }, `c1-${a.orderId}`);
    expect(replay).toEqual(part);
    const tooMuch = await toss.cancel(a.paymentKey, { cancelReason: 'x', cancelAmount: 25_000 }, `c2-${a.orderId}`).catch((e) => e);
    expect(tooMuch).toMatchObject({ code: 'NOT_CANCELABLE_AMOUNT', httpStatus: 403 });
    const rest = await toss.cancel(a.paymentKey, { cancelReason: '전액 환불' }, `c3-${a.orderId}`);
    expect(rest).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
    expect(rest.cancels).toHaveLength(2);
    const again = await toss.cancel(a.paymentKey, { cancelReason: '또' }, `c4-${a.orderId}`).catch((e) => e);
    expect(again).toMatchObject({ code: 'ALREADY_CANCELED_PAYMENT', kind: 'rejected' });
    const noReason = await raw(`/v1/payments/${a.paymentKey}/cancel`, { body: {} });
    expect(noReason.body.code).toBe('INVALID_REQUEST');
  });

  it('refuses to cancel a payment that was never approved', async () => {
    const a = await authenticated(CARD.approve);
    const err = await toss.cancel(a.paymentKey, { cancelReason: 'x' }, `c-${a.orderId}`).catch((e) => e);
    expect(err).toMatchObject({ code: 'NOT_CANCELABLE_PAYMENT', httpStatus: 403 });
  });

  it('serves the receipt page of an approved payment', async () => {
    const a = await authenticated(CARD.approve, 12_000);
    const p = await toss.confirm(a, `k-${a.orderId}`);
    const r = await t.call({ method: 'GET', url: new URL(p.receipt!.url).pathname });
    expect(r.status).toBe(200);
    expect(r.body).toContain('12,000원');
  });
});

describe('confirm window', () => {
  it('expires an authentication not confirmed within 10 minutes (NOT_FOUND_PAYMENT_SESSION)', async () => {
    const a = await authenticated(CARD.approve);
    const later = new TestGateway(
      t.ctx.db,
      { clientKey: CLIENT, secretKey: SECRET },
      'http://localhost:3000',
      () => new Date(Date.now() + 11 * 60_000),
    );
    const r = await later.confirm(basicAuth(SECRET), undefined, a);
    expect(r).toMatchObject({ status: 404, body: { code: 'NOT_FOUND_PAYMENT_SESSION' } });
  });
});
