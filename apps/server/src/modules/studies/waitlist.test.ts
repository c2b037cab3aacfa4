/**
 * The waitlist (docs/waitlist.md): joining a full study's line, one's place, leaving it, the
 * organisers' view, and every way a seat frees (a member leaves, an unpaid hold or offer lapses,
 * the leader raises the capacity) reaching the next in line — a free study's at once, a paid
 * study's as an offer with its own deadline that the person pays themselves. Deadlines run on the
 * studies module's injected clock. The races are in waitlist-concurrency.test.ts (PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, accept, applyOk, approvedStudy, createUser, createUsers, joinStudy, propose, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ overrides: { studiesClock: clock } });
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
});
afterAll(() => t.close());

const join = (u: TestUser, studyId: string, motivation = '자리가 나면 꼭 참여하고 싶어요.') =>
  t.call({ method: 'POST', url: `/api/studies/${studyId}/waitlist`, headers: u.headers, payload: { motivation } });
const mine = async (u: TestUser, studyId: string) =>
  (await t.call({ method: 'GET', url: `/api/studies/${studyId}/waitlist/me`, headers: u.headers })).body.data as {
    length: number;
    position: number | null;
    applicationId: string | null;
  };
const line = (u: TestUser, studyId: string) => t.call({ method: 'GET', url: `/api/studies/${studyId}/waitlist`, headers: u.headers });
const leaveLine = (u: TestUser, studyId: string) =>
  t.call({ method: 'DELETE', url: `/api/studies/${studyId}/waitlist/me`, headers: u.headers });
const leaveStudy = (u: TestUser, studyId: string) =>
  t.call({ method: 'POST', url: `/api/studies/${studyId}/members/leave?userId=${u.id}`, headers: u.headers });
const statusOf = async (studyId: string, appId: string) =>
  (await t.call({ method: 'GET', url: `/api/studies/${studyId}/applications/${appId}`, headers: admin.headers })).body.data;
const study = async (id: string) => (await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: admin.headers })).body.data;
const inbox = async (u: TestUser) =>
  (await t.call({ method: 'GET', url: '/api/notifications?size=50', headers: u.headers })).body.data.content as {
    type: string;
    body: string;
  }[];

/** A free study of `capacity` seats, all taken by new members. */
async function fullFreeStudy(capacity: number) {
  const s = await approvedStudy(t, leader, admin, { capacity });
  const members = await createUsers(t, capacity);
  for (const m of members) await joinStudy(t, leader, m, s.id);
  return { s, members };
}

async function joinOk(u: TestUser, studyId: string) {
  const r = await join(u, studyId);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.data.status).toBe('WAITLISTED');
  return r.body.data as { applicationId: string };
}

describe('joining and leaving the line', () => {
  it('a study with a free seat has no line: apply instead (409 BIZ-3002 NOT_FULL)', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 3 });
    const r = await join(await createUser(t), s.id);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'NOT_FULL' } });
  });

  it('a full study: joined in order, each sees their own place and the length, twice is refused', async () => {
    const { s, members } = await fullFreeStudy(2);
    const [a, b, c] = await createUsers(t, 3);
    await joinOk(a!, s.id);
    await joinOk(b!, s.id);
    expect(await mine(a!, s.id)).toMatchObject({ length: 2, position: 1 });
    expect(await mine(b!, s.id)).toMatchObject({ length: 2, position: 2 });
    expect(await mine(c!, s.id)).toMatchObject({ length: 2, position: null, applicationId: null });
    // twice
    const again = await join(a!, s.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'ALREADY_APPLIED' } });
    // a member, the leader
    const member = await join(members[0]!, s.id);
    expect(member.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'ALREADY_MEMBER' } });
    const own = await join(leader, s.id);
    expect(own.status).toBe(422);
    expect(own.body.error.code).toBe('BIZ-3003');
    // an ordinary application to a full study still says FULL (the page offers the line)
    const apply = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: c!.headers,
      payload: { motivation: '신청합니다' },
    });
    expect(apply.body.error).toMatchObject({ code: 'BIZ-3002', details: { label: 'FULL' } });
    // my studies show the place as a pending application
    const my = (await t.call({ method: 'GET', url: '/api/studies/my', headers: a!.headers })).body.data;
    expect(JSON.stringify(my.groups.pending)).toContain(s.id);
  });

  it('a closed study has no line (409 BIZ-3002 CLOSED); a study one may not see is 404', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 1 });
    await joinStudy(t, leader, await createUser(t), s.id);
    await setStatus(t, admin, s.id, 'TERMINATE', '운영 중단');
    const r = await join(await createUser(t), s.id);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'CLOSED' } });
    // a PENDING study is the leader's and the admins' alone
    const pending = await propose(t, leader, { capacity: 1 });
    const p = await join(await createUser(t), pending.id);
    expect(p.status).toBe(404);
    expect(p.body.error.code).toBe('BIZ-3001');
    const hidden = await t.call({
      method: 'POST',
      url: `/api/studies/00000000-0000-4000-8000-000000000000/waitlist`,
      headers: leader.headers,
      payload: { motivation: '보이지 않는 스터디' },
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('BIZ-3001');
  });

  it('leaving the line: the next moves up; leaving twice is 404 BIZ-3001', async () => {
    const { s } = await fullFreeStudy(1);
    const [a, b] = await createUsers(t, 2);
    const first = await joinOk(a!, s.id);
    await joinOk(b!, s.id);
    const r = await leaveLine(a!, s.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ applicationId: first.applicationId, status: 'CANCELLED' });
    expect(await mine(b!, s.id)).toMatchObject({ length: 1, position: 1 });
    const twice = await leaveLine(a!, s.id);
    expect(twice.status).toBe(404);
    expect(twice.body.error.code).toBe('BIZ-3001');
    // one who left may join again, at the end
    await joinOk(a!, s.id);
    expect(await mine(a!, s.id)).toMatchObject({ length: 2, position: 2 });
  });
});

describe('who sees the line and who may remove from it', () => {
  it('the leader sees names in order; a member, a stranger and the people in line see only the length and their place', async () => {
    const { s, members } = await fullFreeStudy(1);
    const [a, b] = await createUsers(t, 2);
    await joinOk(a!, s.id);
    await joinOk(b!, s.id);
    const seen = await line(leader, s.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data.entries.map((e: { applicant: { id: string }; position: number }) => [e.applicant.id, e.position])).toEqual([
      [a!.id, 1],
      [b!.id, 2],
    ]);
    for (const who of [members[0]!, a!, await createUser(t)]) {
      const r = await line(who, s.id);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH-1004');
      expect(JSON.stringify(r.body)).not.toContain(b!.name);
    }
    expect((await line(admin, s.id)).status).toBe(200);
  });

  it('nobody but the person removes them from the line, except the organisers (reject); a member cannot', async () => {
    const { s, members } = await fullFreeStudy(1);
    const [a, b] = await createUsers(t, 2);
    const app = await joinOk(a!, s.id);
    // another person's cancel: 404 as if it did not exist (the leader: 403)
    for (const who of [b!, members[0]!]) {
      const r = await t.call({
        method: 'DELETE',
        url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${who.id}`,
        headers: who.headers,
      });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('BIZ-3001');
      const rej = await t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/applications/${app.applicationId}/reject`,
        headers: who.headers,
        payload: { reviewNote: '빼 주세요' },
      });
      expect(rej.status).toBe(404);
      expect(rej.body.error.code).toBe('BIZ-3001');
    }
    // leaving the line removes only one's own place
    const notMine = await leaveLine(b!, s.id);
    expect(notMine.status).toBe(404);
    expect(notMine.body.error.code).toBe('BIZ-3001');
    expect((await statusOf(s.id, app.applicationId)).status).toBe('WAITLISTED');
    // an accept is not how the line moves
    const acc = await accept(t, leader, s.id, app.applicationId);
    expect(acc.status).toBe(409);
    expect(acc.body.error.code).toBe('BIZ-3002');
    // the leader takes someone off the line with a note
    const rej = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications/${app.applicationId}/reject`,
      headers: leader.headers,
      payload: { reviewNote: '이번 기수는 마감합니다' },
    });
    expect(rej.status).toBe(200);
    expect(rej.body.data.status).toBe('REJECTED');
    expect(await mine(a!, s.id)).toMatchObject({ length: 0, position: null });
  });
});

describe('a freed seat goes to the next in line', () => {
  it('free study: a member leaves → the first in line is a member at once and told; the rest move up', async () => {
    const { s, members } = await fullFreeStudy(2);
    const [a, b] = await createUsers(t, 2);
    const first = await joinOk(a!, s.id);
    await joinOk(b!, s.id);
    expect((await leaveStudy(members[0]!, s.id)).status).toBe(200);
    expect(await statusOf(s.id, first.applicationId)).toMatchObject({ status: 'CONFIRMED' });
    expect(await study(s.id)).toMatchObject({ capacity: 2, enrolled: 2, seatsTaken: 2 });
    expect((await t.api.studies.membership(s.id, a!.id))?.isActive).toBe(true);
    expect((await inbox(a!)).some((n) => n.type === 'WAITLIST_SEAT')).toBe(true);
    expect(await mine(b!, s.id)).toMatchObject({ length: 1, position: 1 });
    // a removal by the leader frees a seat too
    expect(
      (await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${members[1]!.id}`, headers: leader.headers }))
        .status,
    ).toBe(200);
    expect((await t.api.studies.membership(s.id, b!.id))?.isActive).toBe(true);
    expect(await study(s.id)).toMatchObject({ enrolled: 2, seatsTaken: 2 });
  });

  it('the leader raises the capacity: as many as the new seats come in, in order', async () => {
    const { s } = await fullFreeStudy(1);
    const people = await createUsers(t, 3);
    for (const p of people) await joinOk(p, s.id);
    const r = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: leader.headers, payload: { capacity: 3 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ capacity: 3, enrolled: 3, seatsTaken: 3 });
    expect((await t.api.studies.membership(s.id, people[0]!.id))?.isActive).toBe(true);
    expect((await t.api.studies.membership(s.id, people[1]!.id))?.isActive).toBe(true);
    expect(await t.api.studies.membership(s.id, people[2]!.id)).toBeNull();
    expect(await mine(people[2]!, s.id)).toMatchObject({ position: 1, length: 1 });
  });

  it('a line of people who all left: the seat stays free, and a new applicant may take it', async () => {
    const { s, members } = await fullFreeStudy(1);
    const a = await createUser(t);
    await joinOk(a, s.id);
    await leaveLine(a, s.id);
    await leaveStudy(members[0]!, s.id);
    expect(await study(s.id)).toMatchObject({ enrolled: 0, seatsTaken: 0 });
    await joinStudy(t, leader, await createUser(t), s.id);
  });

  it('paid study: a lapsed hold passes as an offer with its own deadline; nobody is charged; a lapsed offer passes on; the offered person pays', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 20000, capacity: 1, paymentDeadlineHours: 48 });
    const [holder, a, b] = await createUsers(t, 3);
    const held = await applyOk(t, holder!, s.id);
    expect((await accept(t, leader, s.id, held.applicationId)).status).toBe(200);
    // the seat is held unpaid: full, so the line is open
    const first = await joinOk(a!, s.id);
    const second = await joinOk(b!, s.id);

    // 49 hours on: the holder's deadline passed; the expiry job passes the seat to `a`
    offsetMs = 49 * HOUR;
    await t.ctx.jobs.drain(clock());
    expect((await statusOf(s.id, held.applicationId)).status).toBe('EXPIRED');
    const offer = await statusOf(s.id, first.applicationId);
    expect(offer).toMatchObject({ status: 'ACCEPTED', amountDue: 20000, paidAmount: null });
    expect(Math.abs(new Date(offer.paymentDeadline).getTime() - (clock().getTime() + 48 * HOUR))).toBeLessThan(5000);
    expect(await study(s.id)).toMatchObject({ seatsTaken: 1, enrolled: 0 });
    expect((await inbox(a!)).some((n) => n.type === 'WAITLIST_SEAT' && n.body.includes('20,000'))).toBe(true);
    expect(await mine(b!, s.id)).toMatchObject({ position: 1 });
    // nobody was charged: no payment exists for the people offered a seat
    const charged = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments where user_id in (${a!.id}, ${b!.id})`,
    );
    expect(charged.rows[0]!.n).toBe(0);

    // the offer lapses too: it passes to `b`
    offsetMs += 49 * HOUR;
    await t.ctx.jobs.drain(clock());
    expect((await statusOf(s.id, first.applicationId)).status).toBe('EXPIRED');
    expect((await statusOf(s.id, second.applicationId)).status).toBe('ACCEPTED');
    expect((await inbox(a!)).some((n) => n.type === 'PAYMENT_EXPIRED')).toBe(true);

    // `b` pays: a member; the study is full and stays so
    await t.ctx.db.transaction((tx) => t.api.studies.confirmPaidApplication(tx, second.applicationId, 20000));
    expect((await statusOf(s.id, second.applicationId)).status).toBe('CONFIRMED');
    expect(await study(s.id)).toMatchObject({ seatsTaken: 1, enrolled: 1 });
    offsetMs = 0;
  });

  it('paid study: a cancelled hold and a refunded member each pass their seat on as an offer', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 10000, capacity: 2 });
    const [h1, h2, a, b] = await createUsers(t, 4);
    const app1 = await applyOk(t, h1!, s.id);
    const app2 = await applyOk(t, h2!, s.id);
    await accept(t, leader, s.id, app1.applicationId);
    await accept(t, leader, s.id, app2.applicationId);
    await t.ctx.db.transaction((tx) => t.api.studies.confirmPaidApplication(tx, app2.applicationId, 10000));
    const wa = await joinOk(a!, s.id);
    const wb = await joinOk(b!, s.id);
    await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${app1.applicationId}?applicantId=${h1!.id}`,
      headers: h1!.headers,
    });
    expect((await statusOf(s.id, wa.applicationId)).status).toBe('ACCEPTED');
    await t.api.studies.refundApplication(app2.applicationId);
    expect((await statusOf(s.id, wb.applicationId)).status).toBe('ACCEPTED');
    expect(await study(s.id)).toMatchObject({ seatsTaken: 2, enrolled: 0 });
  });

  it('a terminated study gives no seat (an expiring hold there does not promote) until it is reactivated', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 10000, capacity: 1 });
    const [h, a] = await createUsers(t, 2);
    const held = await applyOk(t, h!, s.id);
    await accept(t, leader, s.id, held.applicationId);
    const w = await joinOk(a!, s.id);
    await setStatus(t, admin, s.id, 'TERMINATE', '운영 중단');
    await t.ctx.jobs.drain(new Date(Date.now() + 60_000));
    expect((await statusOf(s.id, w.applicationId)).status).toBe('WAITLISTED');
    expect(await study(s.id)).toMatchObject({ seatsTaken: 0 });
    // reactivated: the line that waited through it gets the freed seat, as an offer
    expect((await setStatus(t, admin, s.id, 'REACTIVATE')).status).toBe(200);
    expect((await statusOf(s.id, w.applicationId)).status).toBe('ACCEPTED');
    expect(await study(s.id)).toMatchObject({ seatsTaken: 1, enrolled: 0 });
  });
});
