import { addDays, seoulDate } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import type { StudiesEvents } from './index.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;
const left: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Another subscriber of the outbox event (payments has its own): it hears about members who leave.
  t.ctx.events.channel<StudiesEvents>().subscribe('studies.member-left', 'test.record', async (e) => {
    left.push(e.payload);
  });
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

const members = (studyId: string, who: TestUser, q = '') =>
  t.call({ method: 'GET', url: `/api/studies/${studyId}/members${q}`, headers: who.headers });
const seats = async (id: string) => (await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: admin.headers })).body.data;

async function studyWith(n: number) {
  const s = await approvedStudy(t, leader, admin);
  const people: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(t, { name: `멤버${i + 1}` });
    await joinStudy(t, leader, u, s.id);
    people.push(u);
  }
  return { s, people };
}

describe('member list and count', () => {
  it('members, the leader and admins see the list; strangers and guests do not', async () => {
    const { s, people } = await studyWith(2);
    const r = await members(s.id, people[0]!);
    expect(r.status).toBe(200);
    expect(r.body.data.totalElements).toBe(3);
    const rows = r.body.data.content;
    expect(rows[0]).toMatchObject({
      memberId: leader.id,
      name: '리더',
      role: 'OWNER',
      isActive: true,
      attendanceRate: null,
      warningCount: 0,
    });
    expect(rows.slice(1).map((m: { role: string }) => m.role)).toEqual(['MEMBER', 'MEMBER']);
    expect((await members(s.id, leader)).status).toBe(200);
    expect((await members(s.id, admin)).status).toBe(200);
    const st = await members(s.id, stranger);
    expect(st.status).toBe(403);
    expect(st.body.error.code).toBe('AUTH-1004');
    expect((await t.call({ method: 'GET', url: `/api/studies/${s.id}/members` })).status).toBe(401);
  });

  it('the count is public and counts the seats (the leader takes none)', async () => {
    const { s } = await studyWith(2);
    const r = await t.call({ method: 'GET', url: `/api/studies/${s.id}/members/count` });
    expect(r.body.data).toEqual({ count: 2 });
    expect((await seats(s.id)).enrolled).toBe(2);
  });
});

describe('leaving and removal', () => {
  it('a member leaves; the seat is freed, history kept, the payments module told', async () => {
    const { s, people } = await studyWith(2);
    const [a] = people as [TestUser];
    const r = await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${a.id}`, headers: a.headers });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ memberId: a.id, isActive: false });
    expect(await seats(s.id)).toMatchObject({ enrolled: 1, seatsTaken: 1 });
    const hist = await members(s.id, leader, '?active=false');
    expect(hist.body.data.content).toHaveLength(1);
    expect(hist.body.data.content[0]).toMatchObject({ memberId: a.id, isActive: false, inactiveReason: 'LEFT' });
    await t.ctx.jobs.drain();
    expect(left.at(-1)).toMatchObject({ studyId: s.id, userId: a.id, reason: 'LEFT', studyStartDate: s.startDate });
    // a former member sees the list no more
    expect((await members(s.id, a)).status).toBe(403);
    // and may come back through a new application
    await joinStudy(t, leader, a, s.id);
    expect((await seats(s.id)).enrolled).toBe(2);
  });

  it('the leader or an admin removes a member; a member cannot remove another; the leader cannot leave', async () => {
    const { s, people } = await studyWith(3);
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const bad = await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${b.id}`, headers: a.headers });
    expect(bad.status).toBe(403);
    expect(bad.body.error.code).toBe('AUTH-1004');
    const byLeader = await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${b.id}`, headers: leader.headers });
    expect(byLeader.body.data).toMatchObject({ isActive: false });
    expect((await members(s.id, leader, '?active=false')).body.data.content[0].inactiveReason).toBe('REMOVED');
    expect(
      (await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${c.id}`, headers: admin.headers })).status,
    ).toBe(200);
    const owner = await t.call({ method: 'POST', url: `/api/studies/${s.id}/members/leave?userId=${leader.id}`, headers: leader.headers });
    // a rule, whatever the study's state: the leader never leaves (422)
    expect(owner.status).toBe(422);
    expect(owner.body.error.code).toBe('BIZ-3003');
    const notMember = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/members/leave?userId=${stranger.id}`,
      headers: stranger.headers,
    });
    expect([notMember.status, notMember.body.error.code]).toEqual([404, 'BIZ-3001']);
    const inbox = await t.call({ method: 'GET', url: '/api/notifications', headers: b.headers });
    expect(inbox.body.data.content.some((n: { type: string }) => n.type === 'MEMBER_REMOVED')).toBe(true);
  });

  it('nobody leaves a finished study', async () => {
    const { s, people } = await studyWith(1);
    await setStatus(t, leader, s.id, 'START');
    await setStatus(t, leader, s.id, 'COMPLETE');
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/members/leave?userId=${people[0]!.id}`,
      headers: people[0]!.headers,
    });
    expect([r.status, r.body.error.code]).toEqual([409, 'BIZ-3002']);
  });
});

describe('warnings and roles', () => {
  it('the third warning makes the membership inactive and frees the seat', async () => {
    const { s, people } = await studyWith(1);
    const [a] = people as [TestUser];
    const warn = (n: number) =>
      t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/members/${a.id}/warnings`,
        headers: leader.headers,
        payload: { reason: `지각 ${n}회` },
      });
    expect((await warn(1)).body.data).toMatchObject({ warningCount: 1, isActive: true });
    expect((await warn(2)).body.data).toMatchObject({ warningCount: 2, isActive: true });
    const third = await warn(3);
    expect(third.status).toBe(201);
    expect(third.body.data).toMatchObject({ warningCount: 3, isActive: false });
    expect(await seats(s.id)).toMatchObject({ enrolled: 0, seatsTaken: 0 });
    await t.ctx.jobs.drain();
    expect(left.at(-1)).toMatchObject({ userId: a.id, reason: 'WARNINGS' });
    expect((await warn(4)).status).toBe(404);
    const inbox = await t.call({ method: 'GET', url: '/api/notifications', headers: a.headers });
    expect(inbox.body.data.content.filter((n: { type: string }) => n.type === 'MEMBER_WARNED')).toHaveLength(3);
    // removed by warnings: no coming back
    const again = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: a.headers,
      payload: { motivation: '다시 해볼게요' },
    });
    expect(again.body.error.code).toBe('BIZ-3003');
  });

  it('only the leader or an admin warns; nobody warns the leader; a reason is required', async () => {
    const { s, people } = await studyWith(2);
    const [a, b] = people as [TestUser, TestUser];
    const byMember = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/members/${b.id}/warnings`,
      headers: a.headers,
      payload: { reason: '시끄러움' },
    });
    expect([byMember.status, byMember.body.error.code]).toEqual([403, 'AUTH-1004']);
    const leaderWarned = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/members/${leader.id}/warnings`,
      headers: admin.headers,
      payload: { reason: '?' },
    });
    expect([leaderWarned.status, leaderWarned.body.error.code]).toEqual([422, 'BIZ-3003']);
    const noReason = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/members/${b.id}/warnings`,
      headers: leader.headers,
      payload: {},
    });
    expect([noReason.status, noReason.body.error.code]).toEqual([400, 'VAL-2003']);
  });

  it('the leader promotes a member to MANAGER and back; others cannot', async () => {
    const { s, people } = await studyWith(2);
    const [a, b] = people as [TestUser, TestUser];
    const role = (who: TestUser, target: TestUser, r: string) =>
      t.call({ method: 'PUT', url: `/api/studies/${s.id}/members/${target.id}/role`, headers: who.headers, payload: { role: r } });
    expect((await role(a, b, 'MANAGER')).status).toBe(403);
    const up = await role(leader, a, 'MANAGER');
    expect(up.body.data).toMatchObject({ memberId: a.id, role: 'MANAGER' });
    expect((await role(a, b, 'MANAGER')).status).toBe(403); // managers do not hand out roles
    expect((await role(leader, leader, 'MEMBER')).status).toBe(404);
    expect((await role(leader, a, 'OWNER')).status).toBe(400);
    expect((await role(admin, a, 'MEMBER')).body.data.role).toBe('MEMBER');
  });
});

describe('attendance', () => {
  it('rates come from recorded attendance of past events (PRESENT and LATE count; EXCUSED is left out)', async () => {
    const { s, people } = await studyWith(2);
    const [a, b] = people as [TestUser, TestUser];
    await setStatus(t, leader, s.id, 'START');
    const events = (await t.call({ method: 'GET', url: `/api/studies/${s.id}/events`, headers: leader.headers })).body.data.filter(
      (e: { eventType: string }) => e.eventType === 'regular',
    );
    expect(events.length).toBeGreaterThan(4);
    // The first four sessions "happened" (moved to the past; the members joined before them).
    const today = seoulDate(new Date());
    for (let i = 0; i < 4; i++) {
      await t.ctx.db.execute(sql`update study_events set date = ${addDays(today, i - 4)} where id = ${events[i].id}`);
    }
    await t.ctx.db.execute(sql`update study_memberships set joined_at = now() - interval '30 days' where study_id = ${s.id}`);
    const record = (eventId: string, records: { userId: string; status: string }[], who = leader) =>
      t.call({ method: 'POST', url: `/api/studies/${s.id}/events/${eventId}/attendance`, headers: who.headers, payload: { records } });
    expect(
      (
        await record(events[0].id, [
          { userId: a.id, status: 'PRESENT' },
          { userId: b.id, status: 'ABSENT' },
        ])
      ).status,
    ).toBe(200);
    await record(events[1].id, [
      { userId: a.id, status: 'LATE' },
      { userId: b.id, status: 'PRESENT' },
    ]);
    await record(events[2].id, [
      { userId: a.id, status: 'ABSENT' },
      { userId: b.id, status: 'EXCUSED' },
    ]);
    // events[3] happened but no attendance was taken: it does not count
    const list = await members(s.id, leader);
    const rate = (id: string) => list.body.data.content.find((m: { memberId: string }) => m.memberId === id).attendanceRate;
    expect(rate(a.id)).toBeCloseTo(66.7, 1); // 2 of 3
    expect(rate(b.id)).toBe(50); // 1 of 2 (the excused one left out)
    const mine = await t.call({ method: 'GET', url: '/api/studies/my/memberships', headers: b.headers });
    expect(mine.body.data.find((m: { studyId: string }) => m.studyId === s.id).attendanceRate).toBe(50);
    // correcting a record replaces it
    await record(events[0].id, [{ userId: b.id, status: 'PRESENT' }]);
    expect((await members(s.id, leader)).body.data.content.find((m: { memberId: string }) => m.memberId === b.id).attendanceRate).toBe(100);
    const sheet = await t.call({ method: 'GET', url: `/api/studies/${s.id}/events/${events[0].id}/attendance`, headers: leader.headers });
    expect(sheet.body.data.records).toHaveLength(2);
  });

  it('only the leader (or a manager, or an admin) records, only for members, only for sessions that happened', async () => {
    const { s, people } = await studyWith(1);
    const [a] = people as [TestUser];
    const events = (await t.call({ method: 'GET', url: `/api/studies/${s.id}/events` })).body.data;
    const future = events.find((e: { eventType: string }) => e.eventType === 'regular');
    const recordOn = (eventId: string, who: TestUser, userId: string) =>
      t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/events/${eventId}/attendance`,
        headers: who.headers,
        payload: { records: [{ userId, status: 'PRESENT' }] },
      });
    expect((await recordOn(future.id, leader, a.id)).status).toBe(409);
    await t.ctx.db.execute(sql`update study_events set date = ${addDays(seoulDate(new Date()), -1)} where id = ${future.id}`);
    expect((await recordOn(future.id, a, a.id)).status).toBe(403);
    expect((await recordOn(future.id, leader, stranger.id)).status).toBe(422);
    expect((await recordOn(future.id, leader, leader.id)).status).toBe(422);
    expect((await recordOn(future.id, admin, a.id)).status).toBe(200);
  });
});
