/**
 * Applications and payment (SPEC §4, §7): an unpaid seat expires at its deadline, the payment hooks
 * the payments module calls, and what the applicant's inbox says along the way. The rest of the
 * application rules are in applications.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, accept, apply, applyOk, approvedStudy, createUser, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

const study = async (id: string, who: TestUser = admin) =>
  (await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: who.headers })).body.data;
const inbox = async (u: TestUser) =>
  (await t.call({ method: 'GET', url: '/api/notifications?size=50', headers: u.headers })).body.data.content as {
    type: string;
    title: string;
    body: string;
  }[];

describe('payment expiry', () => {
  async function acceptedPaid() {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 15000, capacity: 2 });
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    await accept(t, leader, s.id, app.applicationId);
    return { s, u, app };
  }
  const statusOf = async (studyId: string, appId: string) =>
    (await t.call({ method: 'GET', url: `/api/studies/${studyId}/applications/${appId}`, headers: admin.headers })).body.data.status;

  it('the job queued at accept time expires an unpaid application at its deadline and frees the seat', async () => {
    const { s, u, app } = await acceptedPaid();
    // Not yet: draining "now" runs nothing for this application.
    await t.ctx.jobs.drain();
    expect(await statusOf(s.id, app.applicationId)).toBe('ACCEPTED');
    // Move the deadline into the past, then run the queue as if 73 hours had gone by.
    await t.ctx.db.execute(
      sql`update study_applications set payment_deadline = now() - interval '1 second' where id = ${app.applicationId}`,
    );
    await t.ctx.jobs.drain(new Date(Date.now() + 73 * 3_600_000));
    expect(await statusOf(s.id, app.applicationId)).toBe('EXPIRED');
    expect(await study(s.id)).toMatchObject({ seatsTaken: 0, enrolled: 0 });
    expect((await inbox(u)).some((n) => n.type === 'PAYMENT_EXPIRED')).toBe(true);
    // the expired applicant may apply again
    expect((await apply(t, u, s.id)).status).toBe(201);
  });

  it('the recurring sweep is the safety net; PAYMENT_PENDING does not expire', async () => {
    const one = await acceptedPaid();
    const two = await acceptedPaid();
    await t.api.studies.markPaymentPending(two.app.applicationId);
    await t.ctx.db.execute(
      sql`update study_applications set payment_deadline = now() - interval '1 second' where id in (${one.app.applicationId}, ${two.app.applicationId})`,
    );
    await t.ctx.jobs.runRecurring(true);
    expect(await statusOf(one.s.id, one.app.applicationId)).toBe('EXPIRED');
    expect(await statusOf(two.s.id, two.app.applicationId)).toBe('PAYMENT_PENDING');
    expect((await study(two.s.id)).seatsTaken).toBe(1);
  });

  it('a deadline that was not reached keeps the application when the job runs early', async () => {
    const { s, app } = await acceptedPaid();
    await t.ctx.jobs.drain(new Date(Date.now() + 73 * 3_600_000)); // job due, deadline (in the DB) not passed
    expect(await statusOf(s.id, app.applicationId)).toBe('ACCEPTED');
  });
});

describe('payment hooks (for the payments module)', () => {
  it('confirm, refund, deposit pending and back', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 30000 });
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    await accept(t, leader, s.id, app.applicationId);
    const hooks = t.api.studies;
    expect(await hooks.getApplicationForPayment(app.applicationId)).toMatchObject({
      applicationId: app.applicationId,
      studyId: s.id,
      applicantId: u.id,
      status: 'ACCEPTED',
      amount: 30000,
      studyStartDate: s.startDate,
    });
    expect(await hooks.getApplicationForPayment('00000000-0000-4000-8000-000000000000')).toBeNull();
    await hooks.markPaymentPending(app.applicationId);
    await expect(hooks.markPaymentPending(app.applicationId)).rejects.toMatchObject({ code: 'BIZ-3002' });
    await hooks.returnToAccepted(app.applicationId);
    await hooks.markPaymentPending(app.applicationId);
    await expect(t.ctx.db.transaction((tx) => hooks.confirmPaidApplication(tx, app.applicationId, 100))).rejects.toMatchObject({
      code: 'BIZ-3003',
    });
    await t.ctx.db.transaction((tx) => hooks.confirmPaidApplication(tx, app.applicationId, 30000));
    const confirmed = await hooks.getApplicationForPayment(app.applicationId);
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', paidAmount: 30000 });
    expect(await study(s.id)).toMatchObject({ enrolled: 1, seatsTaken: 1 });
    await hooks.refundApplication(app.applicationId);
    expect((await hooks.getApplicationForPayment(app.applicationId))?.status).toBe('REFUNDED');
    expect(await study(s.id)).toMatchObject({ enrolled: 0, seatsTaken: 0 });
    const m = await t.call({ method: 'GET', url: '/api/studies/my/memberships', headers: u.headers });
    expect(m.body.data[0]).toMatchObject({ isActive: false });
    await expect(hooks.refundApplication(app.applicationId)).rejects.toMatchObject({ code: 'BIZ-3002' });
  });
});

describe('notifications inbox', () => {
  it('counts unread, marks one and all read, and keeps inboxes private', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications/${app.applicationId}/reject`,
      headers: leader.headers,
      payload: { reviewNote: '미안해요' },
    });
    await setStatus(t, admin, s.id, 'TERMINATE', '정리');
    const count = await t.call({ method: 'GET', url: '/api/notifications/unread-count', headers: u.headers });
    expect(count.body.data.count).toBe(1);
    const list = await t.call({ method: 'GET', url: '/api/notifications', headers: u.headers });
    const n = list.body.data.content[0];
    expect(n).toMatchObject({ type: 'APPLICATION_REJECTED', readAt: null });
    expect((await t.call({ method: 'POST', url: `/api/notifications/${n.id}/read`, headers: stranger.headers })).status).toBe(404);
    const read = await t.call({ method: 'POST', url: `/api/notifications/${n.id}/read`, headers: u.headers });
    expect(read.body.data.readAt).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/notifications/unread-count', headers: u.headers })).body.data.count).toBe(0);
    const leaderCount = (await t.call({ method: 'GET', url: '/api/notifications/unread-count', headers: leader.headers })).body.data.count;
    expect(leaderCount).toBeGreaterThan(0);
    const all = await t.call({ method: 'POST', url: '/api/notifications/read-all', headers: leader.headers });
    expect(all.body.data.updated).toBe(leaderCount);
    expect((await t.call({ method: 'GET', url: '/api/notifications/unread-count', headers: leader.headers })).body.data.count).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/notifications' })).status).toBe(401);
    // the queued mails go out through the mail provider (the outbox by default)
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    const mails = await t.ctx.db.execute<{ subject: string; to_address: string }>(
      sql`select subject, to_address from mail_outbox where subject like '%참가 신청 결과%'`,
    );
    expect(mails.rows.length).toBeGreaterThan(0);
    expect(mails.rows[0]!.to_address).toMatch(/@test\.moim\.dev$/);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('TERMINATE and unpaid seat holds (PostgreSQL: a second connection holds the row lock)', () => {
  const statusOf = async (appId: string) => (await t.api.studies.getApplicationForPayment(appId))?.status;
  async function twoHolds() {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 15000, capacity: 3 });
    const free = await createUser(t);
    const busy = await createUser(t);
    const a = await applyOk(t, free, s.id);
    const b = await applyOk(t, busy, s.id);
    await accept(t, leader, s.id, a.applicationId);
    await accept(t, leader, s.id, b.applicationId);
    return { s, free: a.applicationId, busy: b.applicationId, busyUser: busy };
  }
  /** TERMINATE while another transaction (a payment being recorded that then fails) holds `appId`'s row. */
  async function terminateWhileLocked(studyId: string, appId: string) {
    let answer: Awaited<ReturnType<typeof setStatus>> | undefined;
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`select id from study_applications where id = ${appId} for update`);
        answer = await setStatus(t, admin, studyId, 'TERMINATE', '리더 사정으로 중단');
        throw new Error('the payment failed'); // rolls back: the hold is still ACCEPTED, unpaid
      })
      .catch((err: Error) => expect(err.message).toBe('the payment failed'));
    expect(answer?.status).toBe(200);
  }

  it('a hold whose row was locked is skipped, then expired by the job queued for it: never left ACCEPTED in the terminated study', async () => {
    const { s, free, busy, busyUser } = await twoHolds();
    await terminateWhileLocked(s.id, busy);
    expect(await statusOf(free)).toBe('EXPIRED');
    expect(await statusOf(busy)).toBe('ACCEPTED'); // skipped, not waited for (no deadlock)
    expect((await study(s.id)).status).toBe('TERMINATED');
    // its own payment deadline is days away; the retry is not
    await t.ctx.jobs.drain(new Date(Date.now() + 60_000));
    expect(await statusOf(busy)).toBe('EXPIRED');
    expect(await study(s.id)).toMatchObject({ seatsTaken: 0, enrolled: 0 });
    // the applicant is told the study stopped (with the reason), not that a payment deadline passed
    const notes = await inbox(busyUser);
    expect(notes.find((n) => n.type === 'STUDY_TERMINATED')?.body).toContain('리더 사정으로 중단');
    expect(notes.some((n) => n.type === 'PAYMENT_EXPIRED')).toBe(false);
    // the closing was published for payments (once, with the termination as its cause)
    const events = await t.ctx.db.execute<{ cause: string; status: string }>(
      sql`select distinct payload->'payload'->>'cause' as cause, payload->'payload'->>'status' as status from jobs
          where kind like 'event:studies.application-closed:%' and payload->'payload'->>'applicationId' = ${busy}`,
    );
    expect(events.rows).toEqual([{ cause: 'STUDY_TERMINATED', status: 'EXPIRED' }]);
  });

  it('the sweep expires a skipped hold of a terminated study whose retry was lost, whatever its deadline', async () => {
    const { s, busy } = await twoHolds();
    await terminateWhileLocked(s.id, busy);
    await t.ctx.db.execute(sql`delete from jobs where dedupe_key = ${`studies.expire-application:terminated:${busy}`}`);
    await t.ctx.jobs.runRecurring(true);
    expect(await statusOf(busy)).toBe('EXPIRED');
    expect((await study(s.id)).seatsTaken).toBe(0);
  });

  it('a hold that was paid while TERMINATE skipped it stays paid (the retry moves nothing)', async () => {
    const { s, busy } = await twoHolds();
    await terminateWhileLocked(s.id, busy);
    await t.ctx.db.transaction((tx) => t.api.studies.confirmPaidApplication(tx, busy, 15000));
    await t.ctx.jobs.drain(new Date(Date.now() + 60_000));
    expect(await statusOf(busy)).toBe('CONFIRMED');
    expect((await study(s.id)).enrolled).toBe(1);
  });
});

describe('TERMINATE and a reported deposit', () => {
  const statusOf = async (appId: string) => (await t.api.studies.getApplicationForPayment(appId))?.status;

  it('a returned deposit in a terminated study ends the application as EXPIRED, not back to ACCEPTED', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 15000, capacity: 2 });
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    await accept(t, leader, s.id, app.applicationId);
    await t.api.studies.markPaymentPending(app.applicationId);
    await setStatus(t, admin, s.id, 'TERMINATE', '중단');
    expect(await statusOf(app.applicationId)).toBe('PAYMENT_PENDING'); // a reported deposit waits for an admin
    expect(await t.api.studies.returnToAccepted(app.applicationId)).toBe('EXPIRED');
    expect(await statusOf(app.applicationId)).toBe('EXPIRED');
    expect((await study(s.id)).seatsTaken).toBe(0);
    expect((await inbox(u)).some((n) => n.type === 'STUDY_TERMINATED')).toBe(true);
    // the same in a running study still goes back to ACCEPTED
    const s2 = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 15000, capacity: 2 });
    const app2 = await applyOk(t, u, s2.id);
    await accept(t, leader, s2.id, app2.applicationId);
    await t.api.studies.markPaymentPending(app2.applicationId);
    expect(await t.api.studies.returnToAccepted(app2.applicationId)).toBe('ACCEPTED');
  });
});
