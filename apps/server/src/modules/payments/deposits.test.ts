/**
 * Deposit studies (docs/deposits.md) on the real studies and calendar modules, over HTTP: the
 * leader's rule, the deposit paid through the same checkout (card and bank transfer), refunds
 * after each session by the rule through the provider's partial cancellation (idempotent), the
 * end (remainder, bonus for perfect attendees), the admin's payout list, and who may see what.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL (test/support.ts).
 */
import { addDays, type Study } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, studiesJourney, type TestUser } from './payments-test-kit.ts';

let now = new Date();
let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp({ overrides: { calendarClock: () => now, paymentsClock: () => now } });
  admin = await makeUser(t, { admin: true, name: '관리자' });
  leader = await makeUser(t, { name: '리더' });
}, 120_000);
afterAll(() => t.close());

const { paidStudy, accepted, cardCheckout, confirm, payUrl } = studiesJourney(() => ({ t, leader, admin }));
const get = (url: string, u: TestUser) => t.call({ method: 'GET', url, headers: u.auth });
const drain = async () => {
  for (let i = 0; i < 3; i++) await t.ctx.jobs.drain();
};
const settle = async (s: Study) => {
  await t.api.payments.deposits.settleStudy(s.id, now);
  await drain();
};

type Session = { id: string; date: string; endTime: string; eventType: string };
async function sessionsOf(s: Study): Promise<Session[]> {
  const r = await get(`/api/studies/${s.id}/events?from=${s.startDate}&to=${addDays(s.endDate, 1)}`, leader);
  return (r.body.data as Session[]).filter((e) => e.eventType === 'regular');
}
const after = (s: Session, hours: number) => new Date(new Date(`${s.date}T${s.endTime}:00+09:00`).getTime() + hours * 3_600_000);
async function record(s: Study, e: Session, records: { userId: string; status: string }[]) {
  const r = await t.call({
    method: 'POST',
    url: `/api/studies/${s.id}/events/${e.id}/attendance`,
    headers: leader.auth,
    payload: { records },
  });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
}
async function payByCard(s: Study, m: TestUser) {
  const a = await accepted(s, m);
  const c = await cardCheckout(s, a, m);
  const r = await confirm(m, c);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c.orderId;
}
async function payByTransfer(s: Study, m: TestUser) {
  const a = await accepted(s, m);
  const bt = await t.call({ method: 'POST', url: payUrl(s, a), headers: m.auth, payload: { method: 'BANK_TRANSFER' } });
  await t.call({ method: 'POST', url: `${payUrl(s, a)}/notify-deposit`, headers: m.auth, payload: {} });
  const orderId: string = bt.body.data.orderId;
  const id: string = (await get(`/api/payments/${orderId}`, m)).body.data.id;
  const ok = await t.call({ method: 'POST', url: `/api/admin/payments/${id}/deposit/confirm`, headers: admin.auth, payload: {} });
  expect(ok.body.data.status).toBe('DONE');
  await t.call({
    method: 'PUT',
    url: `/api/payments/${orderId}/refund-account`,
    headers: m.auth,
    payload: { refundAccount: { bank: '모임은행', number: '110-123-456789', holder: m.name } },
  });
  return orderId;
}
const mine = async (s: Study, m: TestUser) => (await get(`/api/studies/${s.id}/deposit/me`, m)).body.data;
const sum = (rs: { amount: number; kind: string }[], kinds = ['SESSION', 'FINAL']) =>
  rs.filter((r) => kinds.includes(r.kind)).reduce((a, r) => a + r.amount, 0);

describe('the leader’s rule', () => {
  it('is set by the leader until a seat is held; others are refused; bad input is a clear 400', async () => {
    now = new Date();
    const s = await paidStudy(10_000);
    const member = await makeUser(t);
    const put = (u: TestUser, payload: object) => t.call({ method: 'PUT', url: `/api/studies/${s.id}/deposit`, headers: u.auth, payload });
    expect((await get(`/api/studies/${s.id}/deposit`, member)).body.data).toMatchObject({ rule: { amount: 0 }, locked: false });
    const bad = await put(leader, { amount: 999 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: 'body.amount' });
    expect((await put(leader, { amount: 20_000, late: 'QUARTER' })).status).toBe(400);
    const stranger = await put(member, { amount: 20_000 });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe('AUTH-1004');
    const ok = await put(leader, { amount: 20_000, late: 'NONE', forfeit: 'PERFECT_ATTENDEES' });
    expect(ok.body.data.rule).toEqual({ amount: 20_000, late: 'NONE', excused: 'FULL', forfeit: 'PERFECT_ATTENDEES' });
    // the applicant pays the fee and the deposit through the same checkout
    const a = await accepted(s, member);
    expect(a.amountDue).toBe(30_000);
    const locked = await put(leader, { amount: 5_000 });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('BIZ-3002');
    expect(locked.headers['content-language'] ?? 'ko').toBeTruthy();
    expect((await get(`/api/studies/${s.id}/deposit`, member)).body.data.locked).toBe(true);
    const en = await t.call({
      method: 'PUT',
      url: `/api/studies/${s.id}/deposit`,
      headers: { ...leader.auth, 'accept-language': 'en' },
      payload: { amount: 5_000 },
    });
    expect(en.body.error.message).toMatch(/deposit rule/);
  });
});

describe('refunds by attendance', () => {
  let s: Study;
  let sessions: Session[];
  let perfect: TestUser, late: TestUser, transfer: TestUser, leaver: TestUser;
  const orders: Record<string, string> = {};
  const DEPOSIT = 40_000;

  beforeAll(async () => {
    now = new Date();
    s = await paidStudy(10_000);
    const r = await t.call({
      method: 'PUT',
      url: `/api/studies/${s.id}/deposit`,
      headers: leader.auth,
      payload: { amount: DEPOSIT, late: 'HALF', excused: 'FULL', forfeit: 'PERFECT_ATTENDEES' },
    });
    expect(r.status).toBe(200);
    perfect = await makeUser(t, { name: '개근' });
    late = await makeUser(t, { name: '지각' });
    transfer = await makeUser(t, { name: '이체' });
    leaver = await makeUser(t, { name: '탈퇴' });
    orders.perfect = await payByCard(s, perfect);
    orders.late = await payByCard(s, late);
    orders.leaver = await payByCard(s, leaver);
    orders.transfer = await payByTransfer(s, transfer);
    sessions = await sessionsOf(s);
    expect(sessions.length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('after a session: an equal share back for the present, half for the late, nothing for the absent; once', async () => {
    const share = Math.floor(DEPOSIT / sessions.length);
    const first = sessions[0]!;
    now = after(first, 0.5);
    await record(s, first, [
      { userId: perfect.id, status: 'PRESENT' },
      { userId: late.id, status: 'LATE' },
      { userId: transfer.id, status: 'ABSENT' },
      { userId: leaver.id, status: 'PRESENT' },
    ]);
    // not yet: the leader's corrections of the session count for an hour
    await settle(s);
    expect((await mine(s, perfect)).refunds).toHaveLength(0);
    now = after(first, 2);
    await settle(s);
    const p = await mine(s, perfect);
    expect(p.refunds).toMatchObject([{ kind: 'SESSION', eventId: first.id, attendance: 'PRESENT', status: 'DONE', channel: 'CARD' }]);
    expect(p.refunds[0].amount).toBeGreaterThanOrEqual(share);
    expect((await mine(s, late)).refunds[0]).toMatchObject({
      attendance: 'LATE',
      amount: Math.floor(p.refunds[0].amount / 2),
      status: 'DONE',
    });
    expect((await mine(s, transfer)).refunds[0]).toMatchObject({ attendance: 'ABSENT', amount: 0, status: 'DONE' });
    // the provider cancelled part of the payment: the member's payment history shows it
    const pay = (await get(`/api/payments/${orders.perfect}`, perfect)).body.data;
    expect(pay).toMatchObject({ status: 'PARTIAL_CANCELED', refundedAmount: p.refunds[0].amount });
    // again (a second sweep, a redelivered job): nothing more
    await settle(s);
    await t.api.payments.deposits.executeRefund(p.refunds[0].id);
    expect((await mine(s, perfect)).refunds).toHaveLength(1);
    expect((await get(`/api/payments/${orders.perfect}`, perfect)).body.data.refundedAmount).toBe(p.refunds[0].amount);
    expect((await get(`/api/payments/${orders.perfect}/deposit-refunds`, perfect)).body.data).toHaveLength(1);
  });

  it('a member who left is refunded by the leave’s rules, not by attendance', async () => {
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/members/leave?userId=${leaver.id}`,
      headers: leaver.auth,
      payload: {},
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    await drain();
    const before = (await mine(s, leaver)).refunds.length;
    now = after(sessions[1]!, 2);
    await settle(s);
    expect((await mine(s, leaver)).refunds).toHaveLength(before);

    // After the start an admin decides the leave's refund. The deposit share already given back
    // (session 1, present) is not given twice: at most the rest, and the payment ends fully refunded.
    const pay = (await get(`/api/payments/${orders.leaver}`, leaver)).body.data as { id: string; amount: number; refundedAmount: number };
    const given = sum((await mine(s, leaver)).refunds);
    expect(given).toBeGreaterThan(0);
    expect(pay.refundedAmount).toBe(given);
    const detail = (await get(`/api/admin/payments/${pay.id}`, admin)).body.data;
    expect(detail).toMatchObject({ refundStatus: 'REQUESTED', refundableAmount: pay.amount - given });
    const refund = (amount: number) =>
      t.call({
        method: 'POST',
        url: `/api/admin/payments/${pay.id}/refund`,
        headers: admin.auth,
        payload: { amount, reason: '중도 탈퇴' },
      });
    const over = await refund(pay.amount - given + 1);
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('VAL-2004');
    const done = await refund(pay.amount - given);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'CANCELED', refundStatus: 'DONE', refundedAmount: pay.amount, refundableAmount: 0 });
    expect((await refund(1)).status).toBe(409);
  });

  it('at the end: the rest by the final records, the kept money shared among perfect attendees; all adds up', async () => {
    for (const e of sessions.slice(1)) {
      now = after(e, 0.5);
      await record(s, e, [
        { userId: perfect.id, status: 'PRESENT' },
        { userId: late.id, status: e === sessions[1] ? 'ABSENT' : 'PRESENT' },
        { userId: transfer.id, status: e === sessions[2] ? 'EXCUSED' : 'PRESENT' },
      ]);
    }
    // a correction of the first session after it was refunded: the end pays the difference
    await record(s, sessions[0]!, [{ userId: late.id, status: 'PRESENT' }]);
    now = new Date(`${addDays(s.endDate, 1)}T12:00:00+09:00`);
    await settle(s);
    const p = await mine(s, perfect);
    const l = await mine(s, late);
    const b = await mine(s, transfer);
    for (const a of [p, l, b]) {
      expect(a.settled).toBe(true);
      expect(sum(a.refunds) + a.kept).toBe(DEPOSIT);
    }
    expect(p.kept).toBe(0);
    expect(l.kept).toBeGreaterThan(0); // one absence
    expect(b.kept).toBe(b.refunds[0].amount === 0 ? DEPOSIT - sum(b.refunds) : 0); // absent at the first, excused (in full) at the third
    expect(b.kept).toBeGreaterThan(0);
    // the kept money goes to the one perfect attendee, through the payout list
    const bonus = p.refunds.filter((r: { kind: string }) => r.kind === 'BONUS');
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatchObject({ amount: l.kept + b.kept, channel: 'TRANSFER', status: 'AWAITING_TRANSFER' });
    // the card payments: the provider cancelled exactly what was refunded
    expect((await get(`/api/payments/${orders.perfect}`, perfect)).body.data).toMatchObject({
      status: 'PARTIAL_CANCELED',
      refundedAmount: DEPOSIT,
    }); // the fee stays paid
    // idempotent: a second end changes nothing
    await settle(s);
    expect((await mine(s, perfect)).refunds).toHaveLength(p.refunds.length);
  });

  it('bank transfers come back through the admin’s payout list, each sent once', async () => {
    const list = await get(`/api/admin/deposit-refunds?status=AWAITING_TRANSFER&studyId=${s.id}`, admin);
    expect(list.status).toBe(200);
    const rows = list.body.data as { id: string; userId: string; amount: number; kind: string; refundAccount: unknown; user: unknown }[];
    const forTransfer = rows.filter((r) => r.userId === transfer.id);
    expect(forTransfer.length).toBeGreaterThan(0);
    expect(forTransfer[0]!.refundAccount).toMatchObject({ bank: '모임은행' });
    // the page names the member it pays
    expect(forTransfer[0]!.user).toMatchObject({ id: transfer.id, email: transfer.email });
    // the back office's home counts every payout waiting for a transfer, and each one sent leaves it
    const waiting = (await get('/api/admin/deposit-refunds?status=AWAITING_TRANSFER', admin)).body.data as unknown[];
    const toSend = async () => (await get('/api/admin/overview', admin)).body.data.depositPayoutsToSend as number;
    expect(await toSend()).toBe(waiting.length);
    // the list's study picker: this study with what waits for a transfer, counted as the list counts it
    const picker = async () =>
      (
        (await get('/api/admin/deposit-refunds/studies', admin)).body.data as { studyId: string; awaitingTransfer: number; total: number }[]
      ).find((x) => x.studyId === s.id);
    const before = await picker();
    expect(before).toMatchObject({ studyTitle: s.title, awaitingTransfer: rows.length });
    expect(before!.total).toBeGreaterThanOrEqual(rows.length);
    for (const r of forTransfer) {
      const sent = await t.call({ method: 'POST', url: `/api/admin/deposit-refunds/${r.id}/sent`, headers: admin.auth });
      expect(sent.body.data.status).toBe('DONE');
    }
    expect(await toSend()).toBe(waiting.length - forTransfer.length);
    expect(await picker()).toMatchObject({ awaitingTransfer: rows.length - forTransfer.length, total: before!.total });
    const twice = await t.call({ method: 'POST', url: `/api/admin/deposit-refunds/${forTransfer[0]!.id}/sent`, headers: admin.auth });
    expect(twice.status).toBe(409);
    const pay = (await get(`/api/payments/${orders.transfer}`, transfer)).body.data;
    expect(pay.refundedAmount).toBe(sum(forTransfer));
    // not an admin: no payout list
    expect((await get('/api/admin/deposit-refunds', leader)).status).toBe(403);
    expect((await get('/api/admin/deposit-refunds/studies', leader)).status).toBe(403);
  });

  it('a member sees their own refunds only; the leader sees everyone’s', async () => {
    const accounts = await get(`/api/studies/${s.id}/deposit/accounts`, leader);
    expect(accounts.status).toBe(200);
    expect((accounts.body.data as { userId: string }[]).map((a) => a.userId)).toEqual(
      expect.arrayContaining([perfect.id, late.id, transfer.id]),
    );
    const refused = await get(`/api/studies/${s.id}/deposit/accounts`, late);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('AUTH-1004');
    expect((await get(`/api/payments/${orders.perfect}/deposit-refunds`, late)).status).toBe(404);
    const outsider = await makeUser(t);
    expect((await get(`/api/studies/${s.id}/deposit/me`, outsider)).status).toBe(404);
  });
});
