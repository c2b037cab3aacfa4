/**
 * Payment flows through HTTP with the studies module's payment hooks stood in (FakeStudies), so
 * every application state and deadline can be set directly: card and bank transfer, each allowed
 * and each refused transition, idempotent and concurrent confirms, expiry, refunds, the back
 * office and the append-only event log. studies-integration.test.ts runs the main journeys on
 * the real studies module.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import { CARD, FakeStudies, makeUser, payOnCheckoutPage, createAppWithFakeStudies, type TestUser } from './payments-test-kit.ts';

let t: TestApp;
let fake: FakeStudies;
let admin: TestUser;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ t, fake } = await createAppWithFakeStudies());
  admin = await makeUser(t, { admin: true, name: '관리자' });
  member = await makeUser(t, { name: '김회원' });
  other = await makeUser(t, { name: '이다른' });
});
afterAll(() => t.close());

const payUrl = (a: { studyId: string; applicationId: string }) => `/api/studies/${a.studyId}/applications/${a.applicationId}/payment`;

async function startCard(u: TestUser, a: { studyId: string; applicationId: string }) {
  // the browser's Origin: return addresses follow the address the payer opened (http/origin.ts)
  return t.call({ method: 'POST', url: payUrl(a), headers: { ...u.auth, origin: 'http://localhost:3000' }, payload: { method: 'CARD' } });
}

async function confirm(u: TestUser, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: '/api/payments/confirm', headers: u.auth, payload: body });
}

/** Start a card payment and go through the hosted checkout; returns the success redirect's values. */
async function checkout(u: TestUser, a: { studyId: string; applicationId: string }, card: string = CARD.approve) {
  const start = await startCard(u, a);
  expect(start.status).toBe(200);
  const r = await payOnCheckoutPage(t, start.body.data.checkoutUrl, card);
  expect(r.status).toBe(303);
  return { paymentKey: r.params.paymentKey!, orderId: r.params.orderId!, amount: Number(r.params.amount) };
}

async function payment(orderId: string, u: TestUser = admin) {
  return (await t.call({ method: 'GET', url: `/api/payments/${orderId}`, headers: u.auth })).body.data;
}

describe('configuration', () => {
  it('serves the client key and the test cards, never the secret key', async () => {
    const r = await t.call({ method: 'GET', url: '/api/payments/config' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ provider: 'test', clientKey: 'test_ck_moim_builtin_gateway', sdkUrl: null, testMode: true });
    expect(r.body.data.testCards.map((c: { number: string }) => c.number)).toEqual([
      '4242 4242 4242 4242',
      '4000 0000 0000 9995',
      '4000 0000 0000 0119',
    ]);
    expect(JSON.stringify(r.body)).not.toMatch(/_sk_/);
  });
});

describe('starting a payment', () => {
  it('gives the card checkout: orderId, amount from the application, urls, client key', async () => {
    const a = fake.add(member, { amount: 45_000 });
    const r = await startCard(member, a);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      method: 'CARD',
      provider: 'test',
      amount: 45_000,
      orderName: '테코테코 1기 참가비',
      customerName: '김회원',
      successUrl: 'http://localhost:3000/payment/success',
      failUrl: 'http://localhost:3000/payment/fail',
      clientKey: 'test_ck_moim_builtin_gateway',
    });
    expect(r.body.data.orderId).toMatch(/^[A-Za-z0-9_-]{6,64}$/);
    expect(r.body.data.checkoutUrl).toMatch(/^\/api\/payments\/test-gateway\/checkout\?/);
    expect(fake.apps.get(a.applicationId)!.checkoutId).toBe(r.body.data.orderId);
    const p = await payment(r.body.data.orderId, member);
    expect(p).toMatchObject({ status: 'READY', amount: 45_000, method: 'CARD', applicationStatus: 'ACCEPTED' });
  });

  it("refuses to pay someone else's application (AUTH-1004)", async () => {
    const a = fake.add(member);
    const r = await startCard(other, a);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1004');
    const anon = await t.call({ method: 'POST', url: payUrl(a), payload: { method: 'CARD' } });
    expect(anon.status).toBe(401);
  });

  it.each(['PENDING', 'EXPIRED', 'REJECTED', 'CANCELLED', 'PAYMENT_PENDING', 'CONFIRMED', 'REFUNDED'] as const)(
    'refuses a %s application (BIZ-3002)',
    async (status) => {
      const a = fake.add(member, { status });
      const r = await startCard(member, a);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('BIZ-3002');
    },
  );

  it('refuses after the deadline, for a free study, for a wrong study and a bad method', async () => {
    const late = fake.add(member, { paymentDeadline: new Date(Date.now() - 1000) });
    expect((await startCard(member, late)).body.error.code).toBe('BIZ-3002');
    const free = fake.add(member, { amount: 0 });
    expect((await startCard(member, free)).body.error.code).toBe('BIZ-3003');
    const a = fake.add(member);
    const wrongStudy = await startCard(member, { studyId: crypto.randomUUID(), applicationId: a.applicationId });
    expect(wrongStudy.status).toBe(404);
    const bad = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'CASH' } });
    expect(bad.status).toBe(400);
    const unknown = await startCard(member, { studyId: a.studyId, applicationId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
  });
});

describe('card', () => {
  it('success → confirm → DONE, application CONFIRMED with the paid amount, member; confirming again answers the same', async () => {
    const a = fake.add(member, { amount: 30_000 });
    const s = await checkout(member, a);
    const r = await confirm(member, s);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      orderId: s.orderId,
      status: 'DONE',
      amount: 30_000,
      applicationStatus: 'CONFIRMED',
      card: { number: '42424242****424*' },
    });
    expect(r.body.data.approvedAt).toBeTruthy();
    expect(fake.apps.get(a.applicationId)).toMatchObject({ status: 'CONFIRMED', paidAmount: 30_000, checkoutId: s.orderId });
    expect(fake.members.has(`${a.studyId}:${member.id}`)).toBe(true);
    const again = await confirm(member, s);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(r.body.data);
    expect(fake.confirmCalls).toBeGreaterThan(0);
    // a mail about it goes out from the queue
    await t.ctx.jobs.drain();
    const box = await t.api.mail.outbox({ page: 0, size: 10, to: member.email });
    expect(box.content.some((m) => m.subject.includes('결제가 완료되었습니다'))).toBe(true);
  });

  it('refuses a changed amount (VAL-2004) and changes nothing', async () => {
    const a = fake.add(member, { amount: 30_000 });
    const s = await checkout(member, a);
    const r = await confirm(member, { ...s, amount: 100 });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VAL-2004');
    expect((await payment(s.orderId)).status).toBe('READY');
    expect(fake.apps.get(a.applicationId)!.status).toBe('ACCEPTED');
    expect((await confirm(member, s)).body.data.status).toBe('DONE');
  });

  it("refuses to confirm someone else's order (AUTH-1004) and shows it only to its payer or an admin", async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    const r = await confirm(other, s);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1004');
    const peek = await t.call({ method: 'GET', url: `/api/payments/${s.orderId}`, headers: other.auth });
    expect(peek.status).toBe(403);
    expect(peek.body.error.code).toBe('AUTH-1004');
    expect((await t.call({ method: 'GET', url: `/api/payments/${s.orderId}`, headers: admin.auth })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/payments/${s.orderId}` })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/payments/no-such-order', headers: member.auth })).status).toBe(404);
  });

  it('refuses a confirmation after the deadline: the payment EXPIRED, nothing charged', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    fake.apps.get(a.applicationId)!.paymentDeadline = new Date(Date.now() - 1000);
    const r = await confirm(member, s);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');
    expect((await payment(s.orderId)).status).toBe('EXPIRED');
    expect(fake.apps.get(a.applicationId)!.status).toBe('ACCEPTED');
    const gw = await t.api.payments.provider.findByOrderId(s.orderId);
    expect(gw?.status).toBe('IN_PROGRESS'); // authenticated, never approved
  });

  it('refuses when the application moved on before the confirm (cancelled): nothing charged', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    fake.apps.get(a.applicationId)!.status = 'CANCELLED';
    const r = await confirm(member, s);
    expect(r.body.error.code).toBe('BIZ-3002');
    expect((await t.api.payments.provider.findByOrderId(s.orderId))?.status).toBe('IN_PROGRESS');
  });

  it('declined card → failure with the provider message; the application stays ACCEPTED and can be paid again', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a, CARD.decline);
    const r = await confirm(member, s);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      code: 'BIZ-3003',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
      details: { provider: { code: 'REJECT_CARD_PAYMENT' } },
    });
    expect(await payment(s.orderId)).toMatchObject({ status: 'ABORTED', failure: { code: 'REJECT_CARD_PAYMENT' } });
    expect(fake.apps.get(a.applicationId)!.status).toBe('ACCEPTED');
    // opening the success page again gives the same failure, not a second attempt
    expect((await confirm(member, s)).body.error.details.provider.code).toBe('REJECT_CARD_PAYMENT');
    const retry = await checkout(member, a, CARD.approve);
    expect((await confirm(member, retry)).body.data.status).toBe('DONE');
    expect(fake.apps.get(a.applicationId)!.status).toBe('CONFIRMED');
  });

  it('network failure → looked up, ABORTED with PROVIDER_ERROR; the application stays ACCEPTED and can be paid again', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a, CARD.network);
    const r = await confirm(member, s);
    expect(r.status).toBe(422);
    expect(r.body.error.details.provider.code).toBe('PROVIDER_ERROR');
    expect(r.body.error.message).toBe('일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
    expect((await payment(s.orderId)).status).toBe('ABORTED');
    expect(fake.apps.get(a.applicationId)!.status).toBe('ACCEPTED');
    const retry = await checkout(member, a);
    expect((await confirm(member, retry)).body.data.status).toBe('DONE');
  });

  it('a second start returns the open order; paying it confirms once', async () => {
    const a = fake.add(member);
    const first = await startCard(member, a);
    const second = await startCard(member, a);
    expect(second.status).toBe(200);
    expect(second.body.data.orderId).toBe(first.body.data.orderId);
    const s = await checkout(member, a);
    expect(s.orderId).toBe(first.body.data.orderId);
    expect((await confirm(member, s)).body.data.status).toBe('DONE');
    // paid: a new start is refused, not a new order
    expect((await startCard(member, a)).status).toBe(409);
  });

  it('twenty concurrent starts leave one open card order, and every start answers it (any database)', async () => {
    const a = fake.add(member);
    const rs = await Promise.all(Array.from({ length: 20 }, () => startCard(member, a)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.body.data.orderId)).size).toBe(1);
    const open = await t.ctx.db.execute(
      sql`select count(*)::int as n from payments where application_id = ${a.applicationId} and method = 'CARD' and status in ('READY', 'IN_PROGRESS')`,
    );
    expect(open.rows[0]).toEqual({ n: 1 });
    const all = await t.ctx.db.execute(sql`select count(*)::int as n from payments where application_id = ${a.applicationId}`);
    expect(all.rows[0]).toEqual({ n: 1 });
  });

  it('the database itself refuses a second open card order for an application', async () => {
    const a = fake.add(member);
    const r = await startCard(member, a);
    const err = await t.ctx.db
      .execute(
        sql`insert into payments (order_id, kind, application_id, study_id, user_id, order_name, customer_name, amount, method, provider, status)
            select 'dup-' || substr(md5(random()::text), 1, 12), kind, application_id, study_id, user_id, order_name, customer_name, amount, method, provider, 'READY'
            from payments where order_id = ${r.body.data.orderId}`,
      )
      .then(
        () => null,
        (e: { cause?: { code?: string; message?: string } }) => e.cause,
      );
    expect(err?.code).toBe('23505');
    expect(err?.message).toContain('payments_one_open_card_per_application');
  });

  it('a bank transfer not yet sent gives way to a card checkout', async () => {
    const a = fake.add(member);
    const bank = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    expect(bank.status).toBe(200);
    const card = await startCard(member, a);
    expect(card.status).toBe(200);
    expect(await payment(bank.body.data.orderId)).toMatchObject({ status: 'ABORTED', failure: { code: 'SUPERSEDED' } });
    expect((await confirm(member, await checkout(member, a))).body.data.status).toBe('DONE');
  });

  it('refuses a payment key from another order', async () => {
    const a = fake.add(member);
    const b = fake.add(member);
    const sa = await checkout(member, a);
    const sb = await checkout(member, b);
    const r = await confirm(member, { ...sb, paymentKey: sa.paymentKey });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect((await payment(sb.orderId)).status).not.toBe('DONE');
  });

  it('confirms concurrent requests once (5 at once, any database)', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    const before = fake.confirmCalls;
    const rs = await Promise.all(Array.from({ length: 5 }, () => confirm(member, s)));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(rs.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(fake.confirmCalls - before).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)('confirms 20 concurrent requests once on PostgreSQL: one DONE payment, one membership', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    const before = fake.confirmCalls;
    const rs = await Promise.all(Array.from({ length: 20 }, () => confirm(member, s)));
    expect(rs.every((r) => r.status === 200 && r.body.data.status === 'DONE')).toBe(true);
    expect(fake.confirmCalls - before).toBe(1);
    const done = await t.ctx.db.execute(
      sql`select count(*)::int as n from payments where application_id = ${a.applicationId} and status = 'DONE'`,
    );
    expect(done.rows[0]).toEqual({ n: 1 });
    const approvals = await t.ctx.db.execute(
      sql`select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id where p.order_id = ${s.orderId} and e.type = 'APPROVED'`,
    );
    expect(approvals.rows[0]).toEqual({ n: 1 });
  });
});

describe('bank transfer', () => {
  it('gives the account, the exact amount, the depositor name and the deadline; asking again gives the same', async () => {
    const a = fake.add(member, { amount: 50_000 });
    const r = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      method: 'BANK_TRANSFER',
      amount: 50_000,
      account: { bank: '모임은행', accountNumber: '123-456-789012', holder: '(주)모임' },
      deadline: a.paymentDeadline!.toISOString(),
    });
    expect(r.body.data.depositorName).toMatch(/^김회원\d{4}$/);
    const again = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    expect(again.body.data.orderId).toBe(r.body.data.orderId);
    expect((await payment(r.body.data.orderId)).status).toBe('WAITING_FOR_DEPOSIT');
  });

  it('notify → PAYMENT_PENDING; an admin confirms → DONE, CONFIRMED, member', async () => {
    const a = fake.add(member, { amount: 50_000 });
    const start = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    const orderId = start.body.data.orderId;
    const notRefused = await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: other.auth, payload: {} });
    expect(notRefused.status).toBe(403);
    const n = await t.call({
      method: 'POST',
      url: `${payUrl(a)}/notify-deposit`,
      headers: member.auth,
      payload: { depositorName: '김회원' },
    });
    expect(n.status).toBe(200);
    expect(n.body.data).toMatchObject({ status: 'WAITING_FOR_DEPOSIT', applicationStatus: 'PAYMENT_PENDING', depositorName: '김회원' });
    expect(fake.apps.get(a.applicationId)!.status).toBe('PAYMENT_PENDING');
    // notifying twice is harmless
    expect((await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} })).status).toBe(200);
    // a PAYMENT_PENDING application cannot start another payment
    expect((await startCard(member, a)).body.error.code).toBe('BIZ-3002');

    const p = await payment(orderId);
    const notAdmin = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p.id}/deposit/confirm`,
      headers: member.auth,
      payload: {},
    });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.error.code).toBe('AUTH-1005');
    const ok = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p.id}/deposit/confirm`,
      headers: admin.auth,
      payload: { note: '입금 확인' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED', user: { id: member.id, email: member.email } });
    expect(ok.body.data.events.map((e: { type: string }) => e.type)).toEqual(['CREATED', 'DEPOSIT_NOTIFIED', 'DEPOSIT_CONFIRMED']);
    expect(fake.apps.get(a.applicationId)).toMatchObject({ status: 'CONFIRMED', paidAmount: 50_000 });
    const twice = await t.call({ method: 'POST', url: `/api/admin/payments/${p.id}/deposit/confirm`, headers: admin.auth, payload: {} });
    expect(twice.body.error.code).toBe('BIZ-3002');
  });

  it('an admin returns the deposit with a note → ACCEPTED; the member notifies again', async () => {
    const a = fake.add(member);
    const start = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    const p = await payment(start.body.data.orderId);
    const early = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p.id}/deposit/return`,
      headers: admin.auth,
      payload: { note: '아직' },
    });
    expect(early.body.error.code).toBe('BIZ-3002'); // nothing announced yet
    await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} });
    const noNote = await t.call({ method: 'POST', url: `/api/admin/payments/${p.id}/deposit/return`, headers: admin.auth, payload: {} });
    expect(noNote.status).toBe(400);
    const r = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p.id}/deposit/return`,
      headers: admin.auth,
      payload: { note: '입금자명이 다릅니다' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'WAITING_FOR_DEPOSIT',
      returnNote: '입금자명이 다릅니다',
      depositNotifiedAt: null,
      applicationStatus: 'ACCEPTED',
    });
    expect(fake.apps.get(a.applicationId)!.status).toBe('ACCEPTED');
    const again = await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} });
    expect(again.body.data.applicationStatus).toBe('PAYMENT_PENDING');
  });

  it('refuses notify without a bank transfer, after the deadline and for a PENDING application', async () => {
    const a = fake.add(member);
    expect((await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} })).body.error.code).toBe(
      'BIZ-3002',
    );
    const b = fake.add(member);
    await t.call({ method: 'POST', url: payUrl(b), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    fake.apps.get(b.applicationId)!.paymentDeadline = new Date(Date.now() - 1);
    expect((await t.call({ method: 'POST', url: `${payUrl(b)}/notify-deposit`, headers: member.auth, payload: {} })).body.error.code).toBe(
      'BIZ-3002',
    );
    const c = fake.add(member, { status: 'PENDING' });
    expect((await t.call({ method: 'POST', url: `${payUrl(c)}/notify-deposit`, headers: member.auth, payload: {} })).body.error.code).toBe(
      'BIZ-3002',
    );
  });

  it('choosing the card instead ends an unannounced bank transfer', async () => {
    const a = fake.add(member);
    const bt = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    const s = await checkout(member, a);
    expect((await payment(bt.body.data.orderId)).status).toBe('ABORTED');
    expect((await confirm(member, s)).body.data.status).toBe('DONE');
  });
});

describe('expiry', () => {
  it('expires unpaid payments past the deadline, but not a reported deposit awaiting an admin', async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    const b = fake.add(member);
    const bt = await t.call({ method: 'POST', url: payUrl(b), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    await t.call({ method: 'POST', url: `${payUrl(b)}/notify-deposit`, headers: member.auth, payload: {} });
    const c = fake.add(member);
    const unannounced = await t.call({ method: 'POST', url: payUrl(c), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    const past = new Date(Date.now() - 1000);
    await t.ctx.db.execute(
      sql`update payments set deadline = ${past.toISOString()}::timestamptz where order_id in (${s.orderId}, ${bt.body.data.orderId}, ${unannounced.body.data.orderId})`,
    );
    fake.apps.get(a.applicationId)!.status = 'EXPIRED';
    fake.apps.get(c.applicationId)!.status = 'EXPIRED';
    const r = await t.api.payments.sweep();
    expect(r.expired).toBeGreaterThanOrEqual(2);
    expect((await payment(s.orderId)).status).toBe('EXPIRED');
    expect((await payment(unannounced.body.data.orderId)).status).toBe('EXPIRED');
    expect((await payment(bt.body.data.orderId)).status).toBe('WAITING_FOR_DEPOSIT');
    expect((await confirm(member, s)).body.error.code).toBe('BIZ-3002');
  });

  it('the studies module may end the open payments of a closed application at once', async () => {
    const a = fake.add(member);
    const start = await startCard(member, a);
    expect(await t.api.payments.onApplicationClosed(a.applicationId, 'CANCELLED')).toBe(1);
    expect((await payment(start.body.data.orderId)).status).toBe('EXPIRED');
  });
});

describe('refunds', () => {
  async function paidByCard(u: TestUser, o: Parameters<FakeStudies['add']>[1] = {}) {
    const a = fake.add(u, o);
    const s = await checkout(u, a);
    expect((await confirm(u, s)).body.data.status).toBe('DONE');
    return { a, orderId: s.orderId, id: (await payment(s.orderId)).id as string };
  }

  it('a member who leaves before the start gets the card payment back in full, automatically; refunding twice is refused', async () => {
    const { a, orderId, id } = await paidByCard(member, { amount: 30_000 });
    const left = await t.ctx.db.transaction((tx) =>
      t.api.payments.onMemberLeft(
        { studyId: a.studyId, userId: member.id, applicationId: a.applicationId, reason: 'LEFT', studyStartDate: a.studyStartDate },
        tx,
      ),
    );
    expect(left).toMatchObject({ refundStatus: 'REQUESTED', refundDue: 30_000 });
    await t.ctx.jobs.drain(); // the refund
    await t.ctx.jobs.drain(); // the mail it queued
    const p = await payment(orderId);
    expect(p).toMatchObject({ status: 'CANCELED', refundedAmount: 30_000, refundStatus: 'DONE', applicationStatus: 'REFUNDED' });
    expect((await t.api.payments.provider.findByOrderId(orderId))?.status).toBe('CANCELED');
    const twice = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: admin.auth,
      payload: { reason: '또 환불' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('BIZ-3002');
    const box = await t.api.mail.outbox({ page: 0, size: 50, to: member.email });
    expect(box.content.some((m) => m.subject.includes('환불이 완료되었습니다'))).toBe(true);
    // leaving again (a repeat event) changes nothing
    const repeat = await t.api.payments.onMemberLeft({
      studyId: a.studyId,
      userId: member.id,
      applicationId: a.applicationId,
      studyStartDate: a.studyStartDate,
    });
    expect(repeat).toMatchObject({ refundStatus: 'DONE', refundedAmount: 30_000 });
  });

  it('after the start an admin decides the amount (partial cancel); a second refund is refused', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { a, orderId, id } = await paidByCard(member, { amount: 40_000, studyStartDate: yesterday });
    const left = await t.api.payments.onMemberLeft({
      studyId: a.studyId,
      userId: member.id,
      applicationId: a.applicationId,
      studyStartDate: yesterday,
    });
    expect(left).toMatchObject({ refundStatus: 'REQUESTED', refundDue: null });
    await t.ctx.jobs.drain();
    expect((await payment(orderId)).status).toBe('DONE');
    const list = await t.call({ method: 'GET', url: '/api/admin/payments?refundStatus=REQUESTED', headers: admin.auth });
    expect(list.body.data.content.some((r: { orderId: string }) => r.orderId === orderId)).toBe(true);
    const tooMuch = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: admin.auth,
      payload: { amount: 50_000, reason: 'x' },
    });
    expect(tooMuch.body.error.code).toBe('VAL-2004');
    const r = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: admin.auth,
      payload: { amount: 15_000, reason: '진행분 제외 환불' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'PARTIAL_CANCELED',
      refundedAmount: 15_000,
      refundStatus: 'DONE',
      applicationStatus: 'REFUNDED',
    });
    expect(await t.api.payments.provider.findByOrderId(orderId)).toMatchObject({
      status: 'PARTIAL_CANCELED',
      balanceAmount: 25_000,
    });
    const again = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: admin.auth,
      payload: { amount: 1_000, reason: '추가' },
    });
    expect(again.body.error.code).toBe('BIZ-3002');
    const byMember = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: member.auth,
      payload: { reason: 'x' },
    });
    expect(byMember.status).toBe(403);
  });

  it('a bank transfer refund is owed to the member account and recorded when an admin sends it', async () => {
    const a = fake.add(member, { amount: 20_000 });
    const bt = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} });
    const p0 = await payment(bt.body.data.orderId);
    await t.call({ method: 'POST', url: `/api/admin/payments/${p0.id}/deposit/confirm`, headers: admin.auth, payload: {} });
    const left = await t.api.payments.onMemberLeft({
      studyId: a.studyId,
      userId: member.id,
      applicationId: a.applicationId,
      studyStartDate: a.studyStartDate,
    });
    expect(left).toMatchObject({ refundStatus: 'AWAITING_TRANSFER', refundDue: 20_000 });
    const noAccount = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p0.id}/refund`,
      headers: admin.auth,
      payload: { reason: '시작 전 탈퇴' },
    });
    expect(noAccount.body.error.code).toBe('VAL-2003');
    const acct = { refundAccount: { bank: '국민은행', number: '123-45-678901', holder: '김회원' } };
    expect(
      (await t.call({ method: 'PUT', url: `/api/payments/${p0.orderId}/refund-account`, headers: other.auth, payload: acct })).status,
    ).toBe(403);
    const set = await t.call({ method: 'PUT', url: `/api/payments/${p0.orderId}/refund-account`, headers: member.auth, payload: acct });
    expect(set.status).toBe(200);
    expect(set.body.data.refundAccount).toEqual(acct.refundAccount);
    const r = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p0.id}/refund`,
      headers: admin.auth,
      payload: { reason: '시작 전 탈퇴' },
    });
    expect(r.body.data).toMatchObject({ status: 'CANCELED', refundedAmount: 20_000, refundStatus: 'DONE', applicationStatus: 'REFUNDED' });
    const ev = r.body.data.events.find((e: { type: string }) => e.type === 'REFUNDED');
    expect(ev.data.account).toEqual({ bank: '국민은행', number: '*******8901', holder: '김회원' });
    const twice = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p0.id}/refund`,
      headers: admin.auth,
      payload: { reason: 'x' },
    });
    expect(twice.body.error.code).toBe('BIZ-3002');
  });

  it('an admin may decline a refund request; an unpaid member leaving owes nothing', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { a, id } = await paidByCard(member, { studyStartDate: yesterday });
    await t.api.payments.onMemberLeft({
      studyId: a.studyId,
      userId: member.id,
      applicationId: a.applicationId,
      studyStartDate: yesterday,
    });
    const d = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund/decline`,
      headers: admin.auth,
      payload: { note: '진행 후 환불 불가 규정' },
    });
    expect(d.body.data).toMatchObject({ refundStatus: 'DECLINED', status: 'DONE' });
    const none = await t.api.payments.onMemberLeft({
      studyId: crypto.randomUUID(),
      userId: member.id,
      applicationId: crypto.randomUUID(),
    });
    expect(none).toEqual({ refundStatus: 'NONE', orderId: null, refundedAmount: 0, refundDue: null });
  });

  it('refuses to refund a payment that was never completed', async () => {
    const a = fake.add(member);
    const start = await startCard(member, a);
    const p = await payment(start.body.data.orderId);
    const r = await t.call({ method: 'POST', url: `/api/admin/payments/${p.id}/refund`, headers: admin.auth, payload: { reason: 'x' } });
    expect(r.body.error.code).toBe('BIZ-3002');
  });
});

describe('the test item (/checkout/test)', () => {
  it('buys the fixed test item through the same flow, with its own ledger entries', async () => {
    const start = await t.call({ method: 'POST', url: '/api/payments/test-checkout', headers: member.auth, payload: {} });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ amount: 1_000, orderName: 'moim 테스트 상품' });
    const r = await payOnCheckoutPage(t, start.body.data.checkoutUrl, CARD.approve);
    const c = await confirm(member, { paymentKey: r.params.paymentKey, orderId: r.params.orderId, amount: 1000 });
    expect(c.body.data).toMatchObject({ status: 'DONE', kind: 'TEST_ITEM', applicationId: null, studyId: null });
    expect((await t.call({ method: 'POST', url: '/api/payments/test-checkout', payload: {} })).status).toBe(401);
  });
});

describe('back office', () => {
  it('lists transactions with filters and pages; admins only', async () => {
    const all = await t.call({ method: 'GET', url: '/api/admin/payments?size=5', headers: admin.auth });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ number: 0, size: 5, first: true });
    expect(all.body.data.totalElements).toBeGreaterThan(5);
    expect(all.body.data.content[0].user).toHaveProperty('email');
    const done = await t.call({ method: 'GET', url: '/api/admin/payments?status=DONE&method=CARD&size=100', headers: admin.auth });
    expect(done.body.data.content.every((r: { status: string; method: string }) => r.status === 'DONE' && r.method === 'CARD')).toBe(true);
    const two = await t.call({ method: 'GET', url: '/api/admin/payments?status=DONE&status=EXPIRED&size=100', headers: admin.auth });
    expect(new Set(two.body.data.content.map((r: { status: string }) => r.status))).toEqual(new Set(['DONE', 'EXPIRED']));
    const today = new Date().toISOString().slice(0, 10);
    const future = await t.call({ method: 'GET', url: `/api/admin/payments?from=2099-01-01`, headers: admin.auth });
    expect(future.body.data.totalElements).toBe(0);
    const dated = await t.call({
      method: 'GET',
      url: `/api/admin/payments?from=2020-01-01&to=${today.slice(0, 4)}-12-31`,
      headers: admin.auth,
    });
    expect(dated.body.data.totalElements).toBe(all.body.data.totalElements);
    const byName = await t.call({ method: 'GET', url: `/api/admin/payments?q=${encodeURIComponent('moim 테스트')}`, headers: admin.auth });
    expect(byName.body.data.content.every((r: { kind: string }) => r.kind === 'TEST_ITEM')).toBe(true);
    const bad = await t.call({ method: 'GET', url: '/api/admin/payments?status=NOPE', headers: admin.auth });
    expect(bad.status).toBe(400);
    const notAdmin = await t.call({ method: 'GET', url: '/api/admin/payments', headers: member.auth });
    expect(notAdmin.body.error.code).toBe('AUTH-1005');
    const byStudy = fake.add(member);
    await startCard(member, byStudy);
    const s = await t.call({ method: 'GET', url: `/api/admin/payments?studyId=${byStudy.studyId}`, headers: admin.auth });
    expect(s.body.data.totalElements).toBe(1);
  });

  it("shows a payment's event log, which cannot be changed or deleted", async () => {
    const a = fake.add(member);
    const s = await checkout(member, a);
    await confirm(member, s);
    const p = await payment(s.orderId);
    const ev = await t.call({ method: 'GET', url: `/api/admin/payments/${p.id}/events`, headers: admin.auth });
    expect(ev.body.data.map((e: { type: string; toStatus: string }) => [e.type, e.toStatus])).toEqual([
      ['CREATED', 'READY'],
      ['CONFIRM_REQUESTED', 'IN_PROGRESS'],
      ['APPROVED', 'DONE'],
    ]);
    expect(ev.body.data[2]).toMatchObject({ fromStatus: 'IN_PROGRESS', actor: 'provider', amount: 30_000 });
    const refused = (q: Promise<unknown>) =>
      q.then(
        () => 'allowed',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(await refused(t.ctx.db.execute(sql`update payment_events set type = 'X' where payment_id = ${p.id}`))).toMatch(/append-only/);
    expect(await refused(t.ctx.db.execute(sql`delete from payment_events where payment_id = ${p.id}`))).toMatch(/append-only/);
    expect((await t.call({ method: 'GET', url: `/api/admin/payments/${crypto.randomUUID()}`, headers: admin.auth })).status).toBe(404);
  });
});
