/**
 * Payments with the real studies module, through the HTTP API only: a paid study, applications
 * accepted by the leader, card and bank-transfer payments confirming the seat (membership, "my
 * studies" groups), a declined card and a retry, refunds when a member leaves. The races
 * (concurrent starts and confirms, expiry against confirm) are in races.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { CARD, makeUser, studiesJourney, type TestUser } from './payments-test-kit.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { admin: true, name: '관리자' });
  leader = await makeUser(t, { name: '리더' });
});
afterAll(() => t.close());

const { paidStudy, applied, accepted, payUrl, cardCheckout, confirm, application, activeMembers } = studiesJourney(() => ({
  t,
  leader,
  admin,
}));
async function myGroups(u: TestUser) {
  const r = await t.call({ method: 'GET', url: '/api/studies/my?format=grouped', headers: u.auth });
  return r.body.data.groups as Record<string, Array<{ study: { id: string } }>>;
}

/** An accepted applicant of a 20,000 KRW study who chose a bank transfer and reported the deposit. */
async function reportedDeposit() {
  const s = await paidStudy(20_000);
  const m = await makeUser(t);
  const a = await accepted(s, m);
  const bt = await t.call({ method: 'POST', url: payUrl(s, a), headers: m.auth, payload: { method: 'BANK_TRANSFER' } });
  await t.call({ method: 'POST', url: `${payUrl(s, a)}/notify-deposit`, headers: m.auth, payload: {} });
  const id: string = (await t.call({ method: 'GET', url: `/api/payments/${bt.body.data.orderId}`, headers: m.auth })).body.data.id;
  return { s, m, a, bt, id };
}

describe('with the studies module', () => {
  it('card: accepted → paid → CONFIRMED with paidAmount and confirmedAt, a member of the study', async () => {
    const s = await paidStudy(30_000);
    const m = await makeUser(t, { name: '카드회원' });
    const a = await accepted(s, m);
    expect(a.status).toBe('ACCEPTED');
    expect((await myGroups(m)).awaitingPayment!.some((i) => i.study.id === s.id)).toBe(true);
    const c = await cardCheckout(s, a, m);
    expect(c.amount).toBe(30_000);
    expect((await application(s, a, m)).checkoutId).toBe(c.orderId);
    const r = await confirm(m, c);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED' });
    const after = await application(s, a, m);
    expect(after).toMatchObject({ status: 'CONFIRMED', paidAmount: 30_000, checkoutId: c.orderId });
    expect(after.confirmedAt).toBeTruthy();
    expect(await activeMembers(s)).toContain(m.id);
    expect((await myGroups(m)).confirmed!.some((i) => i.study.id === s.id)).toBe(true);
    // the same success page opened again
    expect((await confirm(m, c)).body.data.status).toBe('DONE');
  });

  it('refuses a PENDING application, someone else’s, and a changed amount', async () => {
    const s = await paidStudy();
    const m = await makeUser(t);
    const pending = await applied(s, m);
    const r = await t.call({ method: 'POST', url: payUrl(s, pending), headers: m.auth, payload: { method: 'CARD' } });
    expect(r.body.error.code).toBe('BIZ-3002');
    await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications/${pending.applicationId}/accept`,
      headers: leader.auth,
      payload: {},
    });
    const stranger = await makeUser(t);
    expect(
      (await t.call({ method: 'POST', url: payUrl(s, pending), headers: stranger.auth, payload: { method: 'CARD' } })).body.error.code,
    ).toBe('BIZ-3001');
    const c = await cardCheckout(s, pending, m);
    expect((await confirm(m, { ...c, amount: c.amount - 1 })).body.error.code).toBe('VAL-2004');
    expect((await application(s, pending, m)).status).toBe('ACCEPTED');
  });

  it('bank transfer: notify → depositPending group; the admin confirms → CONFIRMED, member', async () => {
    const s = await paidStudy(20_000);
    const m = await makeUser(t, { name: '이체회원' });
    const a = await accepted(s, m);
    const bt = await t.call({ method: 'POST', url: payUrl(s, a), headers: m.auth, payload: { method: 'BANK_TRANSFER' } });
    expect(bt.body.data).toMatchObject({ method: 'BANK_TRANSFER', amount: 20_000 });
    const n = await t.call({ method: 'POST', url: `${payUrl(s, a)}/notify-deposit`, headers: m.auth, payload: {} });
    expect(n.body.data.applicationStatus).toBe('PAYMENT_PENDING');
    expect((await application(s, a, m)).status).toBe('PAYMENT_PENDING');
    expect((await myGroups(m)).depositPending!.some((i) => i.study.id === s.id)).toBe(true);
    const list = await t.call({
      method: 'GET',
      url: `/api/admin/payments?method=BANK_TRANSFER&status=WAITING_FOR_DEPOSIT&studyId=${s.id}`,
      headers: admin.auth,
    });
    expect(list.body.data.totalElements).toBe(1);
    const id = list.body.data.content[0].id;
    const back = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/deposit/return`,
      headers: admin.auth,
      payload: { note: '입금이 확인되지 않습니다' },
    });
    expect(back.body.data.applicationStatus).toBe('ACCEPTED');
    await t.call({ method: 'POST', url: `${payUrl(s, a)}/notify-deposit`, headers: m.auth, payload: {} });
    const ok = await t.call({ method: 'POST', url: `/api/admin/payments/${id}/deposit/confirm`, headers: admin.auth, payload: {} });
    expect(ok.body.data).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED' });
    expect(await activeMembers(s)).toContain(m.id);
  });

  it('a declined card leaves the application ACCEPTED; the next card pays it', async () => {
    const s = await paidStudy();
    const m = await makeUser(t);
    const a = await accepted(s, m);
    const bad = await confirm(m, await cardCheckout(s, a, m, CARD.decline));
    expect(bad.body.error.details.providerCode).toBe('REJECT_CARD_PAYMENT');
    expect((await application(s, a, m)).status).toBe('ACCEPTED');
    const net = await confirm(m, await cardCheckout(s, a, m, CARD.network));
    expect(net.body.error.details.providerCode).toBe('PROVIDER_ERROR');
    expect((await application(s, a, m)).status).toBe('ACCEPTED');
    expect((await confirm(m, await cardCheckout(s, a, m))).body.data.status).toBe('DONE');
    expect((await application(s, a, m)).status).toBe('CONFIRMED');
  });

  it('leaving before the start refunds the card in full: REFUNDED, membership inactive, in the ledger and mailed', async () => {
    const s = await paidStudy(25_000);
    const m = await makeUser(t);
    const a = await accepted(s, m);
    const c = await cardCheckout(s, a, m);
    await confirm(m, c);
    const left = await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${m.id}`, headers: m.auth, payload: {} });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    // the outbox event studies.member-left, then the refund's notice and its mail
    for (let i = 0; i < 4; i++) await t.ctx.jobs.drain();
    const p = (await t.call({ method: 'GET', url: `/api/payments/${c.orderId}`, headers: m.auth })).body.data;
    expect(p).toMatchObject({ status: 'CANCELED', refundedAmount: 25_000, refundStatus: 'DONE', applicationStatus: 'REFUNDED' });
    expect((await application(s, a, m)).status).toBe('REFUNDED');
    expect(await activeMembers(s)).not.toContain(m.id);
    const box = await t.api.mail.outbox({ page: 0, size: 20, to: (await t.api.users.getUser(m.id))!.email });
    expect(box.content.some((x) => x.subject.includes('환불이 완료되었습니다'))).toBe(true);
    const twice = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${p.id}/refund`,
      headers: admin.auth,
      payload: { reason: '중복' },
    });
    expect(twice.body.error.code).toBe('BIZ-3002');
  });

  it('leaving a bank-transfer seat before the start owes the money back; the admin sends it', async () => {
    const { s, m, bt, id } = await reportedDeposit();
    await t.call({ method: 'POST', url: `/api/admin/payments/${id}/deposit/confirm`, headers: admin.auth, payload: {} });
    await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${m.id}`, headers: m.auth, payload: {} });
    await t.ctx.jobs.drain(); // the refund comes from the outbox event studies.member-left
    const p = (await t.call({ method: 'GET', url: `/api/payments/${bt.body.data.orderId}`, headers: m.auth })).body.data;
    expect(p).toMatchObject({ refundStatus: 'AWAITING_TRANSFER', status: 'DONE' });
    await t.call({
      method: 'PUT',
      url: `/api/payments/${p.orderId}/refund-account`,
      headers: m.auth,
      payload: { refundAccount: { bank: '신한은행', number: '110-123-456789', holder: '회원' } },
    });
    const r = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: admin.auth,
      payload: { reason: '시작 전 탈퇴 환불' },
    });
    expect(r.body.data).toMatchObject({ status: 'CANCELED', refundedAmount: 20_000, applicationStatus: 'REFUNDED' });
  });

  it('a deposit returned after the study was terminated ends the application (EXPIRED) and the transfer, never back to ACCEPTED', async () => {
    const { s, m, a, id } = await reportedDeposit();
    const stop = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/status`,
      headers: admin.auth,
      payload: { action: 'TERMINATE', reason: '운영 중단' },
    });
    expect(stop.body.data.status).toBe('TERMINATED');
    // a reported deposit waits for an admin, even in a terminated study
    expect((await application(s, a, m)).status).toBe('PAYMENT_PENDING');
    const back = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/deposit/return`,
      headers: admin.auth,
      payload: { note: '입금이 확인되지 않습니다' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'EXPIRED', applicationStatus: 'EXPIRED' });
    // the ledger in the order written: both events come from one transaction and share `at`
    expect(back.body.data.events.map((e: { type: string }) => e.type).slice(-2)).toEqual(['DEPOSIT_RETURNED', 'EXPIRED']);
    expect((await application(s, a, m)).status).toBe('EXPIRED');
    // nothing left to pay: no "deposit again" mail, the notice says the study stopped
    for (let i = 0; i < 3; i++) await t.ctx.jobs.drain();
    const box = await t.api.mail.outbox({ page: 0, size: 20, to: m.email });
    expect(box.content.some((x) => x.subject.includes('입금 확인이 보류되었습니다'))).toBe(false);
    const inbox = await t.call({ method: 'GET', url: '/api/notifications?size=50', headers: m.auth });
    expect(inbox.body.data.content.map((n: { type: string }) => n.type)).toContain('STUDY_TERMINATED');
    // a new payment cannot start
    const again = await t.call({ method: 'POST', url: payUrl(s, a), headers: m.auth, payload: { method: 'BANK_TRANSFER' } });
    expect(again.body.error.code).toBe('BIZ-3002');
  });

  it('an unpaid applicant gets a reminder mail 24 h before the deadline (queued by the studies module at accept time)', async () => {
    const s = await paidStudy();
    const m = await makeUser(t);
    const a = await accepted(s, m);
    const dayBefore = new Date(new Date(a.paymentDeadline!).getTime() - 23 * 3600_000);
    await t.ctx.jobs.drain(dayBefore);
    await t.ctx.jobs.drain(dayBefore);
    const box = await t.api.mail.outbox({ page: 0, size: 20, to: m.email });
    expect(box.content.some((x) => /결제 기한/.test(x.subject))).toBe(true);
  });
});
