/**
 * moim with PAYMENT_PROVIDER=toss, whose TOSS_API_BASE points at another moim's built-in gateway
 * listening on a real port: the whole card flow through the Toss adapter over HTTP, including a
 * declined card and a lost connection (the application stays ACCEPTED and can be paid again),
 * refunds as Toss cancels, and the browser side (client key, SDK, CSP).
 */
import { addDays, seoulDate } from '@moim/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import {
  CARD,
  createPaymentsTestApp,
  makeUser,
  payOnCheckoutPage,
  studyApplications,
  type TestClock,
  type TestUser,
} from './payments-test-kit.ts';

const SECRET = 'test_sk_tossmode_gateway_key_0001';
const CLIENT = 'test_ck_tossmode_gateway_key_0001';
const SHOP = 'http://shop.example';

let gateway: TestApp;
let shop: TestApp;
let clock: TestClock;
let member: TestUser;
let leader: TestUser;
let admin: TestUser;

beforeAll(async () => {
  gateway = await createTestApp({ env: { TEST_GATEWAY_SECRET_KEY: SECRET, TEST_GATEWAY_CLIENT_KEY: CLIENT, CORS_ORIGINS: SHOP } });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gateway.app.server.address() as AddressInfo;
  ({ t: shop, clock } = await createPaymentsTestApp({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_SECRET_KEY: SECRET,
      TOSS_CLIENT_KEY: CLIENT,
      TOSS_API_BASE: `http://127.0.0.1:${port}/api/payments/test-gateway`,
      PUBLIC_URL: SHOP,
    },
  }));
  member = await makeUser(shop, { name: '박토스' });
  leader = await makeUser(shop, { name: '김리더' });
  admin = await makeUser(shop, { admin: true });
});
afterEach(() => clock.reset());
afterAll(async () => {
  await shop?.close();
  await gateway?.close();
});

/** Start on the shop, then do what Toss's payment window does, on the gateway's hosted page. */
async function payThroughWidget(applicationId: string, studyId: string, card: string) {
  const start = await shop.call({
    method: 'POST',
    url: `/api/studies/${studyId}/applications/${applicationId}/payment`,
    // the shop opened at its public address: the return addresses follow it
    headers: { ...member.auth, origin: SHOP },
    payload: { method: 'CARD' },
  });
  expect(start.status).toBe(200);
  const c = start.body.data;
  expect(c).toMatchObject({
    provider: 'toss',
    checkoutUrl: null,
    clientKey: CLIENT,
    successUrl: `${SHOP}/payment/success`,
    failUrl: `${SHOP}/payment/fail`,
  });
  const q = new URLSearchParams({
    clientKey: c.clientKey,
    orderId: c.orderId,
    orderName: c.orderName,
    amount: String(c.amount),
    customerName: c.customerName,
    successUrl: c.successUrl,
    failUrl: c.failUrl,
  });
  const r = await payOnCheckoutPage(gateway, `/api/payments/test-gateway/checkout?${q}`, card);
  expect(r.location.startsWith(`${SHOP}/payment/success?`)).toBe(true);
  return { paymentKey: r.params.paymentKey!, orderId: r.params.orderId!, amount: Number(r.params.amount) };
}

const { accepted, state } = studyApplications(() => ({ t: shop, leader, admin, clock }));

const confirm = (body: object) => shop.call({ method: 'POST', url: '/api/payments/confirm', headers: member.auth, payload: body });

describe('PAYMENT_PROVIDER=toss', () => {
  it('gives the browser the client key and the SDK, allows Toss in the CSP, and serves no built-in gateway', async () => {
    const cfg = await shop.call({ method: 'GET', url: '/api/payments/config' });
    expect(cfg.body.data).toMatchObject({
      provider: 'toss',
      clientKey: CLIENT,
      sdkUrl: 'https://js.tosspayments.com/v2/standard',
      testMode: true,
      testCards: [],
    });
    expect(JSON.stringify(cfg.body)).not.toContain(SECRET);
    const csp = String(cfg.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.tosspayments.com");
    expect(csp).toContain('frame-src');
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.tosspayments\.com/);
    const gw = await shop.call({ method: 'GET', url: '/api/payments/test-gateway/checkout' });
    expect(gw.status).toBe(404);
    // the test-mode app adds nothing to its CSP
    const plain = await gateway.call({ method: 'GET', url: '/api/payments/config' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('tosspayments');
  });

  it('confirms a card payment with Toss over HTTP: DONE, application CONFIRMED; confirming again answers the same', async () => {
    const a = await accepted(member, { cost: 25_000 });
    const s = await payThroughWidget(a.applicationId, a.studyId, CARD.approve);
    const r = await confirm(s);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'DONE',
      provider: 'toss',
      amount: 25_000,
      card: { number: '42424242****424*' },
      applicationStatus: 'CONFIRMED',
    });
    expect((await confirm(s)).body.data).toEqual(r.body.data);
    const wrong = await confirm({ ...s, amount: 1 });
    expect(wrong.body.error.code).toBe('VAL-2004');
  });

  it('a declined card fails with Toss’s message; the application stays ACCEPTED and is paid on the next try', async () => {
    const a = await accepted(member);
    const s = await payThroughWidget(a.applicationId, a.studyId, CARD.decline);
    const r = await confirm(s);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
      details: { providerCode: 'REJECT_CARD_PAYMENT' },
    });
    expect((await state(a)).status).toBe('ACCEPTED');
    const again = await payThroughWidget(a.applicationId, a.studyId, CARD.approve);
    expect((await confirm(again)).body.data.status).toBe('DONE');
  });

  it('a lost connection is looked up (ABORTED); the application stays ACCEPTED and is paid on the next try', async () => {
    const a = await accepted(member);
    const s = await payThroughWidget(a.applicationId, a.studyId, CARD.network);
    const r = await confirm(s);
    expect(r.status).toBe(422);
    expect(r.body.error.details.providerCode).toBe('PROVIDER_ERROR');
    const p = await shop.call({ method: 'GET', url: `/api/payments/${s.orderId}`, headers: member.auth });
    expect(p.body.data).toMatchObject({ status: 'ABORTED', applicationStatus: 'ACCEPTED' });
    const events = await shop.call({ method: 'GET', url: `/api/admin/payments/${p.body.data.id}/events`, headers: admin.auth });
    expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(['CREATED', 'CONFIRM_REQUESTED', 'CONFIRM_FAILED']);
    const again = await payThroughWidget(a.applicationId, a.studyId, CARD.approve);
    expect((await confirm(again)).body.data.status).toBe('DONE');
    expect((await state(a)).status).toBe('CONFIRMED');
  });

  it('refunds as a Toss cancel (partial)', async () => {
    const a = await accepted(member, { cost: 30_000 });
    const s = await payThroughWidget(a.applicationId, a.studyId, CARD.approve);
    const p = (await confirm(s)).body.data;
    const r = await shop.call({
      method: 'POST',
      url: `/api/admin/payments/${p.id}/refund`,
      headers: admin.auth,
      payload: { amount: 10_000, reason: '부분 환불' },
    });
    expect(r.body.data).toMatchObject({ status: 'PARTIAL_CANCELED', refundedAmount: 10_000 });
    const atToss = await shop.api.payments.provider.findByOrderId(s.orderId);
    expect(atToss).toMatchObject({ status: 'PARTIAL_CANCELED', balanceAmount: 20_000 });
  });

  it('returns a deposit by attendance as Toss partial cancels, each with its own idempotency key, once', async () => {
    // three weekly sessions (Tuesdays, 20:00–22:00), the first on a Tuesday a week or more away
    let start = addDays(seoulDate(new Date()), 7);
    while (new Date(`${start}T00:00:00Z`).getUTCDay() !== 2) start = addDays(start, 1);
    const end = addDays(start, 14);
    const a = await accepted(member, { cost: 10_000, deposit: 30_000, startDate: start, endDate: end });
    expect(a).toMatchObject({ amount: 40_000, depositAmount: 30_000 });
    const s = await payThroughWidget(a.applicationId, a.studyId, CARD.approve);
    expect((await confirm(s)).body.data.status).toBe('DONE');
    const events = await shop.call({
      method: 'GET',
      url: `/api/studies/${a.studyId}/events?from=${start}&to=${addDays(end, 1)}`,
      headers: leader.auth,
    });
    const sessions = (events.body.data as { id: string; date: string; endTime: string; eventType: string }[]).filter(
      (e) => e.eventType === 'regular',
    );
    expect(sessions).toHaveLength(3);
    const after = (e: (typeof sessions)[number], hours: number) =>
      new Date(new Date(`${e.date}T${e.endTime}:00+09:00`).getTime() + hours * 3_600_000);
    /** the leader records the member's attendance once the session is held */
    const record = async (e: (typeof sessions)[number], status: string) => {
      clock.set(after(e, 0.5));
      const r = await shop.call({
        method: 'POST',
        url: `/api/studies/${a.studyId}/events/${e.id}/attendance`,
        headers: leader.auth,
        payload: { records: [{ userId: member.id, status }] },
      });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    };
    await record(sessions[0]!, 'PRESENT');
    await record(sessions[1]!, 'LATE');
    const drain = async () => {
      for (let i = 0; i < 3; i++) await shop.ctx.jobs.drain();
    };
    // the first two sessions are over; the third not yet
    const second = after(sessions[1]!, 1.5);
    await shop.api.payments.deposits.settleStudy(a.studyId, second);
    await drain();
    let atToss = await shop.api.payments.provider.findByOrderId(s.orderId);
    expect(atToss).toMatchObject({ status: 'PARTIAL_CANCELED', balanceAmount: 40_000 - 10_000 - 5_000 });
    expect(atToss!.cancels!.map((c) => c.cancelAmount)).toEqual([10_000, 5_000]);
    // a second sweep and a repeated job: nothing more at Toss
    await shop.api.payments.deposits.settleStudy(a.studyId, second);
    const rows = await shop.call({ method: 'GET', url: `/api/payments/${s.orderId}/deposit-refunds`, headers: member.auth });
    for (const r of rows.body.data as { id: string }[]) await shop.api.payments.deposits.executeRefund(r.id);
    await drain();
    atToss = await shop.api.payments.provider.findByOrderId(s.orderId);
    expect(atToss!.cancels).toHaveLength(2);
    // the end: the absence keeps its share, nothing more goes back; the fee stays paid
    await record(sessions[2]!, 'ABSENT');
    await shop.api.payments.deposits.settleStudy(a.studyId, new Date(`${addDays(end, 1)}T12:00:00+09:00`));
    await drain();
    atToss = await shop.api.payments.provider.findByOrderId(s.orderId);
    expect(atToss!.balanceAmount).toBe(25_000);
    const mine = (await shop.call({ method: 'GET', url: `/api/payments/${s.orderId}`, headers: member.auth })).body.data;
    expect(mine).toMatchObject({ status: 'PARTIAL_CANCELED', refundedAmount: 15_000 });
  });
});
