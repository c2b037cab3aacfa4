// The event example end to end (GUIDE §1): a paying member who leaves before the start gets the
// refund through the outbox event `studies.member-left`. The server "dies" after the leave
// commits and before any handler ran (its job queue never polls); a new server on the same
// database delivers the event, and the refund happens exactly once, also when the delivery is
// repeated (at least once: the handler is idempotent).
import { addDays, seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/support.ts';
import type { Database } from '../../db/client.ts';
import { CARD, makeUser, payOnCheckoutPage } from './payments-test-kit.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const eventJobs = async () =>
  (await database.exec(`select status from jobs where kind = 'event:studies.member-left:payments.refund-on-leave'`)).rows.map((r) =>
    String(r.status),
  );

const payment = async (orderId: string) =>
  (await database.exec(`select status, refund_status, refunded_amount from payments where order_id = $1`, [orderId])).rows[0];

describe('refund on leave through the outbox', () => {
  it('survives a crash between the commit and the handler, and refunds exactly once', async () => {
    const first: TestApp = await createTestApp({ database });
    const admin = await makeUser(first, { admin: true, name: '관리자' });
    const leader = await makeUser(first, { name: '리더' });
    const member = await makeUser(first, { name: '회원' });
    const today = seoulDate(new Date());
    const start = addDays(today, 14);
    const proposed = await first.call({
      method: 'POST',
      url: '/api/studies',
      headers: leader.auth,
      payload: {
        title: '환불 이벤트 스터디',
        generation: 1,
        type: 'PARTICIPATORY',
        welcomeMessage: '함께 공부해요!',
        scheduleDetails: { weekdays: ['TUE'], startTime: '20:00', endTime: '22:00' },
        location: { type: 'ONLINE' },
        capacity: 10,
        recruitDeadline: addDays(today, 13),
        startDate: start,
        endDate: addDays(start, 28),
        recurrenceType: 'WEEKLY',
        costType: 'PAID',
        cost: 25_000,
      },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const studyId = proposed.body.data.id as string;
    await first.call({ method: 'POST', url: `/api/studies/${studyId}/status`, headers: admin.auth, payload: { action: 'APPROVE' } });
    const applied = await first.call({
      method: 'POST',
      url: `/api/studies/${studyId}/applications`,
      headers: member.auth,
      payload: { motivation: '열심히 참여하겠습니다.' },
    });
    const appId = applied.body.data.applicationId as string;
    await first.call({ method: 'POST', url: `/api/studies/${studyId}/applications/${appId}/accept`, headers: leader.auth, payload: {} });
    const started = await first.call({
      method: 'POST',
      url: `/api/studies/${studyId}/applications/${appId}/payment`,
      headers: member.auth,
      payload: { method: 'CARD' },
    });
    const paid = await payOnCheckoutPage(first, started.body.data.checkoutUrl, CARD.approve);
    const confirmed = await first.call({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: member.auth,
      payload: { paymentKey: paid.params.paymentKey, orderId: paid.params.orderId, amount: Number(paid.params.amount) },
    });
    expect(confirmed.body.data).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED' });
    const orderId = paid.params.orderId!;

    const left = await first.call({
      method: 'POST',
      url: `/api/studies/${studyId}/members/leave?userId=${member.id}`,
      headers: member.auth,
      payload: {},
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    // committed: the membership ended and the event waits in the outbox; no refund yet
    expect(await eventJobs()).toEqual(['pending']);
    const before = await first.call({ method: 'GET', url: `/api/payments/${orderId}`, headers: member.auth });
    expect(before.body.data).toMatchObject({ status: 'DONE', refundStatus: 'NONE' });
    await first.close(); // the "crash": this server never ran a handler

    const second: TestApp = await createTestApp({ database });
    try {
      for (let i = 0; i < 4; i++) await second.ctx.jobs.drain(); // the event, then the refund's notice and mail
      expect(await eventJobs()).toEqual(['done']);
      // (tokens of the first server are not valid on the second in tests: read the rows)
      expect(await payment(orderId)).toEqual({ status: 'CANCELED', refund_status: 'DONE', refunded_amount: 25_000 });
      expect((await second.api.studies.getApplicationForPayment(appId))?.status).toBe('REFUNDED');

      // delivered again (a crash after the handler, before the job was marked done): no second refund
      await database.exec(
        `update jobs set status = 'pending', run_at = now() where kind = 'event:studies.member-left:payments.refund-on-leave'`,
      );
      for (let i = 0; i < 4; i++) await second.ctx.jobs.drain();
      expect(await eventJobs()).toEqual(['done']);
      expect(await payment(orderId)).toEqual({ status: 'CANCELED', refund_status: 'DONE', refunded_amount: 25_000 });
      const ledger = await database.exec(
        `select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id where p.order_id = $1 and e.type = 'REFUND_REQUESTED'`,
        [orderId],
      );
      expect(ledger.rows[0]!.n).toBe(1);
      const box = await second.api.mail.outbox({ page: 0, size: 50, to: member.email });
      expect(box.content.filter((m) => m.subject.includes('환불이 완료되었습니다'))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
