/**
 * Payment flows through HTTP on the real studies module, each application of a study of its own,
 * brought to its state through the studies API and past its deadline by the modules' clock:
 * configuration, starting a payment, card and bank transfer, each allowed and each refused
 * transition, and idempotent confirms. payments-after.test.ts has expiry, refunds, the test item
 * and the back office; studies-integration.test.ts runs the main journeys and races.test.ts the
 * races (concurrent starts and confirms, expiry against confirm).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import {
  CARD,
  createPaymentsTestApp,
  makeUser,
  payerJourney,
  studyApplications,
  type TestClock,
  type TestUser,
} from './payments-test-kit.ts';

let t: TestApp;
let clock: TestClock;
let admin: TestUser;
let leader: TestUser;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ t, clock } = await createPaymentsTestApp());
  admin = await makeUser(t, { admin: true, name: '관리자' });
  leader = await makeUser(t, { name: '박리더' });
  member = await makeUser(t, { name: '김회원' });
  other = await makeUser(t, { name: '이다른' });
});
afterEach(() => clock.reset());
afterAll(() => t.close());

const { payUrl, startCard, confirm, checkout, payment } = payerJourney(() => ({ t, admin }));
const { accepted, inState, passDeadline, state } = studyApplications(() => ({ t, leader, admin, clock }));

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
    const a = await accepted(member, { cost: 45_000, title: '테코테코 1기' });
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
    expect((await state(a)).checkoutId).toBe(r.body.data.orderId);
    const p = await payment(r.body.data.orderId, member);
    expect(p).toMatchObject({ status: 'READY', amount: 45_000, method: 'CARD', applicationStatus: 'ACCEPTED' });
  });

  it("answers someone else's application as one that does not exist (404 BIZ-3001)", async () => {
    const a = await accepted(member);
    const r = await startCard(other, a);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('BIZ-3001');
    const state = await t.call({ method: 'GET', url: `${payUrl(a)}`, headers: other.auth });
    expect(state.status).toBe(404);
    expect(state.body.error).toEqual((await startCard(other, { ...a, applicationId: randomUUID() })).body.error);
    const anon = await t.call({ method: 'POST', url: payUrl(a), payload: { method: 'CARD' } });
    expect(anon.status).toBe(401);
  });

  it.each(['PENDING', 'EXPIRED', 'REJECTED', 'CANCELLED', 'PAYMENT_PENDING', 'CONFIRMED', 'REFUNDED'] as const)(
    'refuses a %s application (BIZ-3002)',
    async (status) => {
      const a = await inState(member, status);
      expect(a.status).toBe(status);
      const r = await startCard(member, a);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('BIZ-3002');
    },
  );

  it('refuses after the deadline, for a free study, for a wrong study and a bad method', async () => {
    const late = await accepted(member);
    passDeadline(late);
    expect((await startCard(member, late)).body.error.code).toBe('BIZ-3002');
    clock.reset();
    // a free study's applicant is a member once accepted: there is nothing to pay
    const free = await accepted(member, { cost: 0 });
    expect(free).toMatchObject({ status: 'CONFIRMED', amount: 0 });
    const nothingToPay = await startCard(member, free);
    expect(nothingToPay.status).toBe(409);
    expect(nothingToPay.body.error.code).toBe('BIZ-3002');
    const a = await accepted(member);
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
    const a = await accepted(member, { cost: 30_000 });
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
    expect(await state(a)).toMatchObject({ status: 'CONFIRMED', paidAmount: 30_000, checkoutId: s.orderId, member: true });
    const confirmedAt = (await state(a)).confirmedAt;
    const again = await confirm(member, s);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(r.body.data);
    // confirming again did not confirm the application again
    expect((await state(a)).confirmedAt).toEqual(confirmedAt);
    // a mail about it goes out from the queue
    await t.ctx.jobs.drain();
    const box = await t.api.mail.outbox({ page: 0, size: 10, to: member.email });
    expect(box.content.some((m) => m.subject.includes('결제가 완료되었습니다'))).toBe(true);
  });

  it('refuses a changed amount (VAL-2004) and changes nothing', async () => {
    const a = await accepted(member, { cost: 30_000 });
    const s = await checkout(member, a);
    const r = await confirm(member, { ...s, amount: 100 });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VAL-2004');
    expect((await payment(s.orderId)).status).toBe('READY');
    expect((await state(a)).status).toBe('ACCEPTED');
    expect((await confirm(member, s)).body.data.status).toBe('DONE');
  });

  it("answers someone else's order as one that does not exist (404) and shows it only to its payer or an admin", async () => {
    const a = await accepted(member);
    const s = await checkout(member, a);
    const r = await confirm(other, s);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('BIZ-3001');
    const peek = await t.call({ method: 'GET', url: `/api/payments/${s.orderId}`, headers: other.auth });
    expect(peek.status).toBe(404);
    expect(peek.body.error).toEqual((await t.call({ method: 'GET', url: '/api/payments/no-such-order', headers: other.auth })).body.error);
    expect((await payment(s.orderId)).status).toBe('READY');
    expect((await t.call({ method: 'GET', url: `/api/payments/${s.orderId}`, headers: admin.auth })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/payments/${s.orderId}` })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/payments/no-such-order', headers: member.auth })).status).toBe(404);
  });

  it('refuses a confirmation after the deadline: the payment EXPIRED, nothing charged', async () => {
    const a = await accepted(member);
    const s = await checkout(member, a);
    passDeadline(a);
    const r = await confirm(member, s);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');
    expect((await payment(s.orderId)).status).toBe('EXPIRED');
    expect((await state(a)).status).toBe('ACCEPTED');
    const gw = await t.api.payments.provider.findByOrderId(s.orderId);
    expect(gw?.status).toBe('IN_PROGRESS'); // authenticated, never approved
  });

  it('refuses when the application moved on before the confirm (cancelled): nothing charged', async () => {
    const a = await accepted(member);
    const s = await checkout(member, a);
    const cancel = await t.call({
      method: 'DELETE',
      url: `/api/studies/${a.studyId}/applications/${a.applicationId}?applicantId=${member.id}`,
      headers: member.auth,
    });
    expect(cancel.body.data.status).toBe('CANCELLED');
    const r = await confirm(member, s);
    expect(r.body.error.code).toBe('BIZ-3002');
    expect((await t.api.payments.provider.findByOrderId(s.orderId))?.status).toBe('IN_PROGRESS');
  });

  it('declined card → failure with the provider message; the application stays ACCEPTED and can be paid again', async () => {
    const a = await accepted(member);
    const s = await checkout(member, a, CARD.decline);
    const r = await confirm(member, s);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      code: 'BIZ-3003',
      message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
      details: { providerCode: 'REJECT_CARD_PAYMENT' },
    });
    expect(await payment(s.orderId)).toMatchObject({ status: 'ABORTED', failure: { code: 'REJECT_CARD_PAYMENT' } });
    expect((await state(a)).status).toBe('ACCEPTED');
    // opening the success page again gives the same failure, not a second attempt
    expect((await confirm(member, s)).body.error.details.providerCode).toBe('REJECT_CARD_PAYMENT');
    const retry = await checkout(member, a, CARD.approve);
    expect((await confirm(member, retry)).body.data.status).toBe('DONE');
    expect((await state(a)).status).toBe('CONFIRMED');
  });

  it('network failure → looked up, ABORTED with PROVIDER_ERROR; the application stays ACCEPTED and can be paid again', async () => {
    const a = await accepted(member);
    const s = await checkout(member, a, CARD.network);
    const r = await confirm(member, s);
    expect(r.status).toBe(422);
    expect(r.body.error.details.providerCode).toBe('PROVIDER_ERROR');
    expect(r.body.error.message).toBe('일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
    expect((await payment(s.orderId)).status).toBe('ABORTED');
    expect((await state(a)).status).toBe('ACCEPTED');
    const retry = await checkout(member, a);
    expect((await confirm(member, retry)).body.data.status).toBe('DONE');
  });

  it('a second start returns the open order; paying it confirms once', async () => {
    const a = await accepted(member);
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

  it('the database itself refuses a second open card order for an application', async () => {
    const a = await accepted(member);
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
    const a = await accepted(member);
    const bank = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    expect(bank.status).toBe(200);
    const card = await startCard(member, a);
    expect(card.status).toBe(200);
    expect(await payment(bank.body.data.orderId)).toMatchObject({ status: 'ABORTED', failure: { code: 'SUPERSEDED' } });
    expect((await confirm(member, await checkout(member, a))).body.data.status).toBe('DONE');
  });

  it('refuses a payment key from another order', async () => {
    const a = await accepted(member);
    const b = await accepted(member);
    const sa = await checkout(member, a);
    const sb = await checkout(member, b);
    const r = await confirm(member, { ...sb, paymentKey: sa.paymentKey });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect((await payment(sb.orderId)).status).not.toBe('DONE');
  });
});

describe('bank transfer', () => {
  it('gives the account, the exact amount, the depositor name and the deadline; asking again gives the same', async () => {
    const a = await accepted(member, { cost: 50_000 });
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
    const a = await accepted(member, { cost: 50_000 });
    const start = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    const orderId = start.body.data.orderId;
    const notRefused = await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: other.auth, payload: {} });
    expect(notRefused.status).toBe(404);
    const n = await t.call({
      method: 'POST',
      url: `${payUrl(a)}/notify-deposit`,
      headers: member.auth,
      payload: { depositorName: '김회원' },
    });
    expect(n.status).toBe(200);
    expect(n.body.data).toMatchObject({ status: 'WAITING_FOR_DEPOSIT', applicationStatus: 'PAYMENT_PENDING', depositorName: '김회원' });
    expect((await state(a)).status).toBe('PAYMENT_PENDING');
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
    expect(await state(a)).toMatchObject({ status: 'CONFIRMED', paidAmount: 50_000 });
    const twice = await t.call({ method: 'POST', url: `/api/admin/payments/${p.id}/deposit/confirm`, headers: admin.auth, payload: {} });
    expect(twice.body.error.code).toBe('BIZ-3002');
  });

  it('an admin returns the deposit with a note → ACCEPTED; the member notifies again', async () => {
    const a = await accepted(member);
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
    expect((await state(a)).status).toBe('ACCEPTED');
    const again = await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} });
    expect(again.body.data.applicationStatus).toBe('PAYMENT_PENDING');
  });

  it('refuses notify without a bank transfer, after the deadline and for a PENDING application', async () => {
    const a = await accepted(member);
    expect((await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: member.auth, payload: {} })).body.error.code).toBe(
      'BIZ-3002',
    );
    const b = await accepted(member);
    await t.call({ method: 'POST', url: payUrl(b), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    passDeadline(b, 1);
    expect((await t.call({ method: 'POST', url: `${payUrl(b)}/notify-deposit`, headers: member.auth, payload: {} })).body.error.code).toBe(
      'BIZ-3002',
    );
    const c = await inState(member, 'PENDING');
    expect((await t.call({ method: 'POST', url: `${payUrl(c)}/notify-deposit`, headers: member.auth, payload: {} })).body.error.code).toBe(
      'BIZ-3002',
    );
  });

  it('choosing the card instead ends an unannounced bank transfer', async () => {
    const a = await accepted(member);
    const bt = await t.call({ method: 'POST', url: payUrl(a), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    const s = await checkout(member, a);
    expect((await payment(bt.body.data.orderId)).status).toBe('ABORTED');
    expect((await confirm(member, s)).body.data.status).toBe('DONE');
  });
});

describe('the payment transaction', () => {
  it("holds the studies module's side: a confirmation rolled back leaves the application as it was", async () => {
    const a = await accepted(member);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.api.studies.confirmPaidApplication(tx, a.applicationId, a.amount, 'order-rolled-back');
        expect((await t.api.studies.getApplicationForPayment(a.applicationId, tx))?.status).toBe('CONFIRMED');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await state(a)).toMatchObject({ status: 'ACCEPTED', member: false, checkoutId: null, confirmedAt: null });
  });
});
