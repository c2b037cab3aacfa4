/**
 * Check-in and attendance (docs/attendance.md "Check-in and attendance"): the window and late rule,
 * the rotating code (current and previous step only), the online link, every refusal, the
 * leader's room, corrections and their log, the report, the CSV and a member's own record. Time
 * is the calendar module's clock, set by the test (no sleeps).
 */
import { CHECK_IN_STEP_SECONDS, type Study, seoulInstant } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, proposal, setStatus } from '../studies/test-helpers.ts';
import { CheckInCodes } from './check-in-code.ts';

let t: TestApp;
let now = new Date();
/** the studies module's clock (a leave's date); real time unless a test sets it */
let studiesNow: Date | null = null;
let admin: TestUser;
let leader: TestUser;
let otherLeader: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;
let study: Study;
let other: Study;
let first: { id: string; date: string };
let second: { id: string; date: string };
let otherFirst: { id: string };
let codes: CheckInCodes;

const start = proposal().startDate; // a Monday two weeks or more ahead; sessions Mon/Wed 20:00
const at = (date: string, minutesFromStart: number, seconds = 0) =>
  new Date(seoulInstant(date, '20:00').getTime() + minutesFromStart * 60_000 + seconds * 1000);
const step = (d: Date) => Math.floor(d.getTime() / 1000 / CHECK_IN_STEP_SECONDS);

const get = (url: string, who?: TestUser) => t.call({ method: 'GET', url, headers: who?.headers });
const checkIn = (who: TestUser, payload: Record<string, unknown>, studyId = study.id) =>
  t.call({ method: 'POST', url: `/api/studies/${studyId}/check-in`, headers: who.headers, payload });
const codeOf = async (who: TestUser, studyId: string, eventId: string) =>
  get(`/api/studies/${studyId}/events/${eventId}/check-in/code`, who);

async function sessions(s: Study) {
  const r = await get(`/api/studies/${s.id}/events`);
  return (r.body.data as { id: string; date: string; eventType: string }[]).filter((e) => e.eventType === 'regular');
}

beforeAll(async () => {
  t = await createTestApp({ overrides: { calendarClock: () => now, studiesClock: () => studiesNow ?? new Date() } });
  codes = new CheckInCodes(t.ctx.config.jwtSecret);
  admin = await createUser(t, { admin: true });
  leader = await createUser(t, { name: '리더' });
  otherLeader = await createUser(t, { name: '다른리더' });
  alice = await createUser(t, { name: '앨리스' });
  bob = await createUser(t, { name: '=HYPERLINK("http://evil")' });
  carol = await createUser(t, { name: '캐럴' });
  outsider = await createUser(t, { name: '옆스터디' });
  study = await approvedStudy(t, leader, admin, { location: { type: 'OFFLINE', address: '강남역' } });
  other = await approvedStudy(t, otherLeader, admin);
  for (const m of [alice, bob, carol]) await joinStudy(t, leader, m, study.id);
  await joinStudy(t, otherLeader, outsider, other.id);
  [first, second] = (await sessions(study)) as unknown as [typeof first, typeof second];
  otherFirst = (await sessions(other))[0]!;
  expect(first.date).toBe(start);
}, 180_000);
afterAll(() => t.close());

describe('rules', () => {
  it('default to 15 minutes before to 30 after, late after 10; members read them, organisers change them', async () => {
    const r = await get(`/api/studies/${study.id}/check-in/rules`, alice);
    expect(r.body.data).toEqual({ studyId: study.id, opensBeforeMinutes: 15, closesAfterMinutes: 30, lateAfterMinutes: 10 });
    expect((await get(`/api/studies/${study.id}/check-in/rules`, outsider)).status).toBe(403);
    const put = (who: TestUser, payload: object) =>
      t.call({ method: 'PUT', url: `/api/studies/${study.id}/check-in/rules`, headers: who.headers, payload });
    const bad = await put(leader, { opensBeforeMinutes: 10, closesAfterMinutes: 20, lateAfterMinutes: 30 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: 'body.lateAfterMinutes' });
    expect((await put(alice, { opensBeforeMinutes: 10, closesAfterMinutes: 40, lateAfterMinutes: 5 })).body.error.code).toBe('AUTH-1004');
    const ok = await put(leader, { opensBeforeMinutes: 15, closesAfterMinutes: 30, lateAfterMinutes: 10 });
    expect(ok.status).toBe(200);
  });
});

describe('the code', () => {
  it('is shown to organisers only during the window, six digits of the event and the step', async () => {
    now = at(first.date, -16);
    const early = await codeOf(leader, study.id, first.id);
    expect(early.status).toBe(409);
    expect(early.body.error.details.reason).toBe('WINDOW_NOT_OPEN');
    now = at(first.date, -15);
    const r = await codeOf(leader, study.id, first.id);
    expect(r.status).toBe(200);
    expect(r.body.data.code).toMatch(/^\d{6}$/);
    expect(r.body.data.code).toBe(codes.code(first.id, step(now)));
    expect(r.body.data.path).toBe(`/study/${encodeURIComponent(study.slug)}/check-in?e=${first.id}&c=${r.body.data.code}`);
    expect(r.body.data.periodSeconds).toBe(30);
    // it changes with the step
    now = new Date(now.getTime() + 30_000);
    expect((await codeOf(leader, study.id, first.id)).body.data.code).toBe(codes.code(first.id, step(now)));
    // a member is not shown the code (nor the room, the report, the corrections, the CSV)
    for (const url of [
      `/api/studies/${study.id}/events/${first.id}/check-in/code`,
      `/api/studies/${study.id}/events/${first.id}/check-in/room`,
      `/api/studies/${study.id}/attendance`,
      `/api/studies/${study.id}/attendance/corrections`,
      `/api/studies/${study.id}/attendance/export`,
    ]) {
      const m = await get(url, alice);
      expect(m.status, url).toBe(403);
      expect(m.body.error.code).toBe('AUTH-1004');
      expect((await get(url, otherLeader)).status, url).toBe(403);
    }
  });

  it('a member checks in with the current code (PRESENT), once; the room shows it', async () => {
    now = at(first.date, -5);
    const code = (await codeOf(leader, study.id, first.id)).body.data.code;
    const r = await checkIn(alice, { eventId: first.id, code });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ eventId: first.id, status: 'PRESENT', checkedInAt: now.toISOString() });
    const again = await checkIn(alice, { eventId: first.id, code });
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe('ALREADY_CHECKED_IN');
    expect(again.body.error.message).toBe('이미 이 모임에 출석했습니다.');
    const room = await get(`/api/studies/${study.id}/events/${first.id}/check-in/room`, leader);
    expect(room.body.data.state).toBe('OPEN');
    expect(room.body.data.counts).toEqual({ PRESENT: 1, LATE: 0, ABSENT: 0, EXCUSED: 0, none: 2 });
    expect(room.body.data.members[0]).toMatchObject({ userId: alice.id, status: 'PRESENT', method: 'CODE' });
  });

  it('the previous step is accepted; older ones are refused as expired, in the reader’s language', async () => {
    now = at(first.date, 2);
    const prev = codes.code(first.id, step(now) - 1);
    const r = await checkIn(bob, { eventId: first.id, code: prev });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const old = codes.code(first.id, step(now) - 2);
    const x = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/check-in`,
      headers: { ...carol.headers, 'accept-language': 'en' },
      payload: { eventId: first.id, code: old },
    });
    expect(x.status).toBe(422);
    expect(x.body.error).toMatchObject({ code: 'BIZ-3003', details: { reason: 'CODE_EXPIRED' } });
    expect(x.body.error.message).toMatch(/expired/);
  });

  it('refuses a code of another event', async () => {
    now = at(first.date, 3);
    const theirs = (await codeOf(otherLeader, other.id, otherFirst.id)).body.data.code;
    expect(theirs).toMatch(/^\d{6}$/);
    const r = await checkIn(carol, { eventId: first.id, code: theirs });
    expect(r.status).toBe(422);
    expect(r.body.error.details.reason).toBe('CODE_INVALID');
    // the next session's code is not this one's either
    const r2 = await checkIn(carol, { eventId: first.id, code: codes.code(second.id, step(now)) });
    expect(r2.body.error.details.reason).toBe('CODE_INVALID');
    // the code of this study's event sent with another study's id: that event is not found there
    const r3 = await checkIn(outsider, { eventId: first.id, code: codes.code(first.id, step(now)) }, other.id);
    expect([r3.status, r3.body.error.code]).toEqual([404, 'BIZ-3001']);
  });

  it('refuses another study’s member, a stranger and the leader', async () => {
    now = at(first.date, 3);
    const code = codes.code(first.id, step(now));
    const o = await checkIn(outsider, { eventId: first.id, code });
    expect(o.status).toBe(403);
    expect(o.body.error).toMatchObject({ code: 'AUTH-1004', message: '이 스터디의 멤버만 출석 체크할 수 있습니다.' });
    const l = await checkIn(leader, { eventId: first.id, code });
    expect(l.status).toBe(422);
    expect(l.body.error.details.reason).toBe('LEADER');
  });

  it('marks LATE after the late rule, and typed digits without an event find the open session', async () => {
    now = at(first.date, 11);
    const r = await checkIn(carol, { code: codes.code(first.id, step(now)) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ eventId: first.id, status: 'LATE' });
  });

  it('refuses outside the window: before it opens and after it closes', async () => {
    now = at(second.date, -16);
    const before = await checkIn(alice, { eventId: second.id, code: codes.code(second.id, step(now)) });
    expect(before.status).toBe(409);
    expect(before.body.error.details).toMatchObject({ reason: 'WINDOW_NOT_OPEN', opensAt: at(second.date, -15).toISOString() });
    const typed = await checkIn(alice, { code: codes.code(second.id, step(now)) });
    expect(typed.body.error.details.reason).toBe('NO_OPEN_SESSION');
    now = at(second.date, 30, 1);
    const after = await checkIn(alice, { eventId: second.id, code: codes.code(second.id, step(now)) });
    expect(after.status).toBe(409);
    expect(after.body.error.details.reason).toBe('WINDOW_CLOSED');
    expect((await codeOf(leader, study.id, second.id)).body.error.details.reason).toBe('WINDOW_CLOSED');
  });

  it('refuses a malformed code at the door (400)', async () => {
    const r = await checkIn(alice, { eventId: first.id, code: '12a456' });
    expect([r.status, r.body.error.code]).toEqual([400, 'VAL-2002']);
    const both = await checkIn(alice, { eventId: first.id });
    expect([both.status, both.body.error.code]).toEqual([400, 'VAL-2001']);
  });
});

describe('corrections', () => {
  it('the leader corrects records; each change is logged with who, when, from and to', async () => {
    now = at(first.date, 40);
    const post = (records: object[], who = leader) =>
      t.call({ method: 'POST', url: `/api/studies/${study.id}/events/${first.id}/attendance`, headers: who.headers, payload: { records } });
    expect((await post([{ userId: bob.id, status: 'ABSENT' }], alice)).status).toBe(403);
    const r = await post([
      { userId: carol.id, status: 'PRESENT' }, // LATE → PRESENT
      { userId: alice.id, status: 'PRESENT' }, // unchanged: not logged
    ]);
    expect(r.status).toBe(200);
    const log = await get(`/api/studies/${study.id}/attendance/corrections`, leader);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({
      eventId: first.id,
      eventDate: first.date,
      userId: carol.id,
      userName: '캐럴',
      fromStatus: 'LATE',
      toStatus: 'PRESENT',
      actor: { id: leader.id, name: '리더' },
      createdAt: now.toISOString(),
    });
    // a correction keeps that the member checked in
    const room = await get(`/api/studies/${study.id}/events/${first.id}/check-in/room`, leader);
    expect(room.body.data.state).toBe('AFTER');
    expect(room.body.data.members.find((m: { userId: string }) => m.userId === carol.id)).toMatchObject({
      status: 'PRESENT',
      method: 'CODE',
    });
  });
});

describe('the record', () => {
  it('rates, streaks and absences come from check-ins plus corrections', async () => {
    // second session: alice checks in, bob is marked absent by the leader, carol nothing (absent)
    now = at(second.date, 0);
    expect((await checkIn(alice, { eventId: second.id, code: codes.code(second.id, step(now)) })).status).toBe(200);
    now = at(second.date, 45);
    await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/events/${second.id}/attendance`,
      headers: leader.headers,
      payload: { records: [{ userId: bob.id, status: 'ABSENT' }] },
    });
    const r = await get(`/api/studies/${study.id}/attendance`, leader);
    expect(r.status).toBe(200);
    const s = r.body.data.sessions.filter((x: { taken: boolean }) => x.taken);
    expect(s.map((x: { eventId: string }) => x.eventId)).toEqual([first.id, second.id]);
    expect(s[1].counts).toEqual({ PRESENT: 1, LATE: 0, ABSENT: 1, EXCUSED: 0, none: 1 });
    const by = Object.fromEntries(r.body.data.members.map((m: { userId: string }) => [m.userId, m]));
    expect(by[alice.id].summary).toMatchObject({ rate: 100, streak: 2, absent: 0 });
    expect(by[bob.id].summary).toMatchObject({ rate: 50, streak: 0, absent: 1, present: 1 });
    expect(by[carol.id].summary).toMatchObject({ rate: 50, streak: 0, absent: 1, present: 1 });
    // membership rates read the same definition
    const rates = await t.api.calendar.attendanceRates(
      study.id,
      [alice, bob].map((m) => ({ userId: m.id, joinedAt: new Date(0) })),
      second.date,
    );
    expect(rates.get(alice.id)).toBe(100);
    expect(rates.get(bob.id)).toBe(50);
  });

  it('a member sees their own record; someone outside the study does not', async () => {
    const r = await get(`/api/studies/${study.id}/attendance/me`, carol);
    expect(r.status).toBe(200);
    expect(r.body.data.summary).toMatchObject({ rate: 50 });
    expect(r.body.data.sessions.slice(0, 2).map((x: { status: string | null }) => x.status)).toEqual(['PRESENT', null]);
    expect((await get(`/api/studies/${study.id}/attendance/me`, outsider)).status).toBe(403);
    expect((await get(`/api/studies/${study.id}/attendance/me`, leader)).status).toBe(403);
  });

  it('exports CSV with formula-looking cells neutralised', async () => {
    const r = await t.call({ method: 'GET', url: `/api/studies/${study.id}/attendance/export`, headers: leader.headers });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.res.body.startsWith('\uFEFF"이름"')).toBe(true);
    expect(r.res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(r.res.body).not.toMatch(/(^|,)"=/m);
  });
});

describe('online sessions and cancelled ones', () => {
  it('the leader reveals a link for an online session; a member checks in with it; offline sessions have none', async () => {
    now = at(start, 1);
    const link = await get(`/api/studies/${other.id}/events/${otherFirst.id}/check-in/link`, otherLeader);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const token = new URL(link.body.data.path, 'http://x').searchParams.get('l')!;
    const wrong = await checkIn(outsider, { eventId: otherFirst.id, link: 'A'.repeat(32) }, other.id);
    expect(wrong.body.error.details.reason).toBe('CODE_INVALID');
    const r = await checkIn(outsider, { eventId: otherFirst.id, link: token }, other.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const offline = await get(`/api/studies/${study.id}/events/${first.id}/check-in/link`, leader);
    expect([offline.status, offline.body.error.code]).toEqual([422, 'BIZ-3003']);
  });

  it('a terminated study’s sessions are cancelled: check-in is refused', async () => {
    const s = await approvedStudy(t, leader, admin, { title: '중단될 스터디' });
    const m = await createUser(t);
    await joinStudy(t, leader, m, s.id);
    const [e] = await sessions(s);
    expect((await setStatus(t, admin, s.id, 'TERMINATE', '운영 중단')).status).toBe(200);
    now = at(e!.date, 0);
    const r = await checkIn(m, { eventId: e!.id, code: codes.code(e!.id, step(now)) }, s.id);
    expect(r.status).toBe(409);
    expect(r.body.error.details.reason).toBe('SESSION_CANCELLED');
  });
});

describe('the study’s curve', () => {
  it('counts every session over the members of that day, those who left since included, and follows the first session’s members', async () => {
    const third = (await sessions(study))[2]!;
    // carol leaves the day before the third session; alice checks in to it, bob does not come
    studiesNow = at(third.date, -24 * 60);
    const left = await t.call({ method: 'POST', url: `/api/studies/${study.id}/members/leave?userId=${carol.id}`, headers: carol.headers });
    studiesNow = null;
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    now = at(third.date, 0);
    expect((await checkIn(alice, { eventId: third.id, code: codes.code(third.id, step(now)) })).status).toBe(200);
    now = at(third.date, 45);
    const r = await get(`/api/studies/${study.id}/attendance`, leader);
    expect(r.status).toBe(200);
    const { trend, members } = r.body.data as {
      trend: { eventId: string; enrolled: number; attended: number; rate: number | null; retention: number | null }[];
      members: { userId: string }[];
    };
    expect(members.map((m) => m.userId)).not.toContain(carol.id);
    expect(trend.map((x) => x.eventId)).toEqual([first.id, second.id, third.id]);
    // the second session still counts carol, who was a member then (absent): 1 of 3 came
    const counts = (r.body.data.sessions as { eventId: string; counts: unknown }[]).find((x) => x.eventId === second.id)!.counts;
    expect(counts).toEqual({ PRESENT: 1, LATE: 0, ABSENT: 1, EXCUSED: 0, none: 1 });
    expect(trend.map((x) => [x.enrolled, x.attended, x.rate, x.retention])).toEqual([
      [3, 3, 100, 100],
      [3, 1, 33.3, 100],
      [2, 1, 50, 66.7],
    ]);
    // the curve is the leader's: a member is refused it with the rest of the report
    expect((await get(`/api/studies/${study.id}/attendance`, alice)).status).toBe(403);
  });
});
