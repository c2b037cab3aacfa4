// An application that closes unpaid leaves no payment open (docs/payments.md "Expiry"): the
// studies module publishes `studies.application-closed` in the transaction that closed it
// (rejected, cancelled, expired at its deadline, or its study terminated), and payments'
// `payments.expire-on-close` expires the open card order or unannounced bank transfer after the
// commit, at least once and idempotently. A completed payment, or a deposit the member reported,
// is never touched. Real studies module, PGlite (each file its own database).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, studiesJourney, type TestUser } from './payments-test-kit.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { admin: true, name: '관리자' });
  leader = await makeUser(t, { name: '리더' });
});
afterAll(() => t.close());

const { paidStudy, applied, accepted, payUrl, cardCheckout, confirm, application } = studiesJourney(() => ({ t, leader, admin }));

const KIND = 'event:studies.application-closed:payments.expire-on-close';
/** Confirmations racing the termination (PGlite serializes them; PostgreSQL runs them in parallel). */
const N = process.env.DATABASE_URL ? 12 : 4;

/** The delivery jobs of the event for one application: their status and the payload's status and cause. */
async function deliveries(applicationId: string) {
  const r = await t.ctx.db.execute<{ status: string; app_status: string; cause: string }>(
    sql`select status, payload->'payload'->>'status' as app_status, payload->'payload'->>'cause' as cause
        from jobs where kind = ${KIND} and payload->'payload'->>'applicationId' = ${applicationId}`,
  );
  return r.rows.map((row) => ({ status: row.status, appStatus: row.app_status, cause: row.cause }));
}

async function payment(orderId: string) {
  const r = await t.ctx.db.execute<{ status: string; refund_status: string }>(
    sql`select status, refund_status from payments where order_id = ${orderId}`,
  );
  return r.rows[0]!;
}

/** The ledger's EXPIRED events of a payment, with their data. */
async function expiredEvents(orderId: string) {
  const r = await t.ctx.db.execute<{ data: Record<string, unknown> }>(
    sql`select e.data from payment_events e join payments p on p.id = e.payment_id where p.order_id = ${orderId} and e.type = 'EXPIRED'`,
  );
  return r.rows.map((row) => row.data);
}

async function startCard(s: Parameters<typeof payUrl>[0], a: Parameters<typeof payUrl>[1], u: TestUser): Promise<string> {
  const r = await t.call({ method: 'POST', url: payUrl(s, a), headers: u.auth, payload: { method: 'CARD' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.orderId as string;
}

async function startTransfer(s: Parameters<typeof payUrl>[0], a: Parameters<typeof payUrl>[1], u: TestUser): Promise<string> {
  const r = await t.call({ method: 'POST', url: payUrl(s, a), headers: u.auth, payload: { method: 'BANK_TRANSFER' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.orderId as string;
}

const drain = async () => {
  for (let i = 0; i < 3; i++) await t.ctx.jobs.drain();
};

describe('studies.application-closed → payments.expire-on-close', () => {
  it('a cancelled application: its open card order expires after the commit, once, also when delivered again', async () => {
    const s = await paidStudy(30_000);
    const m = await makeUser(t, { name: '취소회원' });
    const a = await accepted(s, m);
    const orderId = await startCard(s, a, m);
    const cancelled = await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${a.applicationId}?applicantId=${m.id}`,
      headers: m.auth,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // committed with the cancel: the event waits in the outbox, the order is still open
    expect(await deliveries(a.applicationId)).toEqual([{ status: 'pending', appStatus: 'CANCELLED', cause: 'CANCELLED' }]);
    expect((await payment(orderId)).status).toBe('READY');

    await drain();
    expect(await deliveries(a.applicationId)).toEqual([{ status: 'done', appStatus: 'CANCELLED', cause: 'CANCELLED' }]);
    expect((await payment(orderId)).status).toBe('EXPIRED');
    expect(await expiredEvents(orderId)).toEqual([{ applicationStatus: 'CANCELLED', cause: 'CANCELLED' }]);

    // delivered again (a crash after the handler, before the job was marked done): nothing more
    await t.ctx.db.execute(sql`update jobs set status = 'pending', run_at = now() where kind = ${KIND}`);
    await drain();
    expect((await payment(orderId)).status).toBe('EXPIRED');
    expect(await expiredEvents(orderId)).toHaveLength(1);
  });

  it('an application expired at its deadline: the unannounced bank transfer expires at once, not at its own deadline', async () => {
    const s = await paidStudy(20_000);
    const m = await makeUser(t, { name: '만료회원' });
    const a = await accepted(s, m);
    const orderId = await startTransfer(s, a, m);
    // the application's deadline passes (the payment's own deadline is moved away, so only the
    // event can be what expires it)
    await t.ctx.db.execute(sql`update study_applications set payment_deadline = now() - interval '1 second' where id = ${a.applicationId}`);
    await t.ctx.db.execute(sql`update payments set deadline = now() + interval '1 day' where order_id = ${orderId}`);
    await t.ctx.db.execute(sql`update jobs set run_at = now() where kind = 'studies.expire-application'`);
    await drain();
    expect((await application(s, a, m)).status).toBe('EXPIRED');
    expect(await deliveries(a.applicationId)).toEqual([{ status: 'done', appStatus: 'EXPIRED', cause: 'DEADLINE' }]);
    expect((await payment(orderId)).status).toBe('EXPIRED');
    expect(await expiredEvents(orderId)).toEqual([{ applicationStatus: 'EXPIRED', cause: 'DEADLINE' }]);
  });

  it('a rejected application is published too (nothing was open to end)', async () => {
    const s = await paidStudy();
    const m = await makeUser(t);
    const a = await applied(s, m);
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications/${a.applicationId}/reject`,
      headers: leader.auth,
      payload: { reviewNote: '이번에는 어렵습니다' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await drain();
    expect(await deliveries(a.applicationId)).toEqual([{ status: 'done', appStatus: 'REJECTED', cause: 'REJECTED' }]);
  });

  it('a terminated study: unpaid holds end (seats freed, holders told) and their open payments expire; paid and reported ones are kept', async () => {
    const s = await paidStudy(25_000);
    const holder = await makeUser(t, { name: '보류회원' });
    const reporter = await makeUser(t, { name: '입금회원' });
    const payer = await makeUser(t, { name: '결제회원' });
    const pendingApplicant = await makeUser(t, { name: '대기회원' });
    const hold = await accepted(s, holder);
    const holdOrder = await startCard(s, hold, holder);
    const reported = await accepted(s, reporter);
    const reportedOrder = await startTransfer(s, reported, reporter);
    const notified = await t.call({ method: 'POST', url: `${payUrl(s, reported)}/notify-deposit`, headers: reporter.auth, payload: {} });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);
    const paid = await accepted(s, payer);
    const card = await cardCheckout(s, paid, payer);
    expect((await confirm(payer, card)).body.data).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED' });
    const waiting = await applied(s, pendingApplicant);
    const seatsBefore = (await t.call({ method: 'GET', url: `/api/studies/${s.id}`, headers: leader.auth })).body.data;

    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/status`,
      headers: admin.auth,
      payload: { action: 'TERMINATE', reason: '중단' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await application(s, hold, holder)).status).toBe('EXPIRED');
    expect((await application(s, reported, reporter)).status).toBe('PAYMENT_PENDING');
    expect((await application(s, paid, payer)).status).toBe('CONFIRMED');
    expect((await application(s, waiting, pendingApplicant)).status).toBe('PENDING');
    // the hold's seat is free again; the paid member keeps theirs
    const seatsAfter = (await t.call({ method: 'GET', url: `/api/studies/${s.id}`, headers: leader.auth })).body.data;
    expect(seatsAfter.seatsTaken).toBe(seatsBefore.seatsTaken - 1);
    expect(seatsAfter.enrolled).toBe(seatsBefore.enrolled);
    // the holder is told the study stopped
    const inbox = await t.call({ method: 'GET', url: '/api/notifications', headers: holder.auth });
    expect(inbox.body.data.content.map((n: { type: string }) => n.type)).toContain('STUDY_TERMINATED');
    expect(await deliveries(hold.applicationId)).toEqual([{ status: 'pending', appStatus: 'EXPIRED', cause: 'STUDY_TERMINATED' }]);
    expect(await deliveries(reported.applicationId)).toEqual([]);
    expect(await deliveries(paid.applicationId)).toEqual([]);

    await drain();
    expect((await payment(holdOrder)).status).toBe('EXPIRED');
    expect(await expiredEvents(holdOrder)).toEqual([{ applicationStatus: 'EXPIRED', cause: 'STUDY_TERMINATED' }]);
    expect((await payment(reportedOrder)).status).toBe('WAITING_FOR_DEPOSIT');
    expect(await payment(card.orderId)).toEqual({ status: 'DONE', refund_status: 'NONE' });
    // the closed hold cannot be paid any more
    const again = await t.call({ method: 'POST', url: payUrl(s, hold), headers: holder.auth, payload: { method: 'CARD' } });
    expect(again.body.error.code).toBe('BIZ-3002');
  });

  it('a termination racing the confirmations of its holds: each ends paid with a member or closed with nothing kept', async () => {
    const s = await paidStudy(10_000);
    const rounds = [];
    for (let i = 0; i < N; i++) {
      const m = await makeUser(t, { name: `경합${i}` });
      const a = await accepted(s, m);
      rounds.push({ m, a, c: await cardCheckout(s, a, m) });
    }
    const [terminated, ...answers] = await Promise.all([
      t.call({ method: 'POST', url: `/api/studies/${s.id}/status`, headers: admin.auth, payload: { action: 'TERMINATE', reason: '중단' } }),
      ...rounds.map((x) => confirm(x.m, x.c)),
    ]);
    expect(terminated!.status, JSON.stringify(terminated!.body)).toBe(200);
    await drain();
    let paid = 0;
    for (const [i, { m, a, c }] of rounds.entries()) {
      const app = (await application(s, a, m)).status;
      const p = await payment(c.orderId);
      const outcome = { answer: answers[i]!.status, body: answers[i]!.body, app, payment: p };
      expect(answers[i]!.status, JSON.stringify(outcome)).toBeLessThan(500);
      if (app === 'CONFIRMED') {
        paid++;
        expect(outcome).toMatchObject({ answer: 200, payment: { status: 'DONE' } });
      } else {
        expect(app, JSON.stringify(outcome)).toBe('EXPIRED');
        expect(answers[i]!.status, JSON.stringify(outcome)).toBe(409);
        // never charged (the order expired) or charged and given back at once
        expect(['EXPIRED', 'CANCELED'], JSON.stringify(outcome)).toContain(p.status);
      }
    }
    const seats = (await t.call({ method: 'GET', url: `/api/studies/${s.id}`, headers: leader.auth })).body.data;
    expect(seats.seatsTaken).toBe(paid);
    expect(seats.enrolled).toBe(paid);
  });
});
