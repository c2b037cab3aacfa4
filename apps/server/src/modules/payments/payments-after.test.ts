/**
 * What follows a payment, through HTTP on the real studies module (deadlines and a study's start
 * passed by the modules' clock, as in payments.test.ts): expiry, refunds (a member leaving, an
 * admin's partial refund, bank-transfer refunds, declines), the test item, the back office and
 * the append-only event log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import {
  CARD,
  createPaymentsTestApp,
  makeUser,
  payerJourney,
  payOnCheckoutPage,
  studyApplications,
  type StudyTerms,
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
const { accepted, passDeadline, state } = studyApplications(() => ({ t, leader, admin, clock }));
/** Moves the clock past the study's first day (Asia/Seoul): the study has started. */
const passStart = (a: { studyStartDate: string }) => clock.set(new Date(`${a.studyStartDate}T12:00:00+09:00`));

describe('expiry', () => {
  it('expires unpaid payments past the deadline, but not a reported deposit awaiting an admin', async () => {
    const a = await accepted(member);
    const s = await checkout(member, a);
    const b = await accepted(member);
    const bt = await t.call({ method: 'POST', url: payUrl(b), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    await t.call({ method: 'POST', url: `${payUrl(b)}/notify-deposit`, headers: member.auth, payload: {} });
    const c = await accepted(member);
    const unannounced = await t.call({ method: 'POST', url: payUrl(c), headers: member.auth, payload: { method: 'BANK_TRANSFER' } });
    passDeadline(c); // the last accepted: every deadline above has passed
    const r = await t.api.payments.sweep();
    expect(r.expired).toBeGreaterThanOrEqual(2);
    // the studies module's expiry job ends the unpaid holds (the reported deposit is not one)
    await t.ctx.jobs.drain(clock.now());
    expect((await state(a)).status).toBe('EXPIRED');
    expect((await state(b)).status).toBe('PAYMENT_PENDING');
    expect((await state(c)).status).toBe('EXPIRED');
    expect((await payment(s.orderId)).status).toBe('EXPIRED');
    expect((await payment(unannounced.body.data.orderId)).status).toBe('EXPIRED');
    expect((await payment(bt.body.data.orderId)).status).toBe('WAITING_FOR_DEPOSIT');
    expect((await confirm(member, s)).body.error.code).toBe('BIZ-3002');
  });

  it('the studies module may end the open payments of a closed application at once', async () => {
    const a = await accepted(member);
    const start = await startCard(member, a);
    expect(await t.api.payments.onApplicationClosed(a.applicationId, 'CANCELLED')).toBe(1);
    expect((await payment(start.body.data.orderId)).status).toBe('EXPIRED');
  });
});

describe('refunds', () => {
  async function paidByCard(u: TestUser, o: StudyTerms = {}) {
    const a = await accepted(u, o);
    const s = await checkout(u, a);
    expect((await confirm(u, s)).body.data.status).toBe('DONE');
    return { a, orderId: s.orderId, id: (await payment(s.orderId)).id as string };
  }

  it('a member who leaves before the start gets the card payment back in full, automatically; refunding twice is refused', async () => {
    const { a, orderId, id } = await paidByCard(member, { cost: 30_000 });
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
    const { a, orderId, id } = await paidByCard(member, { cost: 40_000 });
    passStart(a);
    const left = await t.api.payments.onMemberLeft({
      studyId: a.studyId,
      userId: member.id,
      applicationId: a.applicationId,
      studyStartDate: a.studyStartDate,
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
    const a = await accepted(member, { cost: 20_000 });
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
    ).toBe(404);
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
    const { a, id } = await paidByCard(member);
    passStart(a);
    await t.api.payments.onMemberLeft({
      studyId: a.studyId,
      userId: member.id,
      applicationId: a.applicationId,
      studyStartDate: a.studyStartDate,
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
    const a = await accepted(member);
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
    // `to` is a Seoul calendar date: this year in Seoul (from 15:00 UTC on 31 December the UTC year
    // is the old one, and `to` would end before the payments made since midnight in Seoul).
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
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
    const byStudy = await accepted(member);
    await startCard(member, byStudy);
    const s = await t.call({ method: 'GET', url: `/api/admin/payments?studyId=${byStudy.studyId}`, headers: admin.auth });
    expect(s.body.data.totalElements).toBe(1);
  });

  it("shows a payment's event log, which cannot be changed or deleted", async () => {
    const a = await accepted(member);
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
