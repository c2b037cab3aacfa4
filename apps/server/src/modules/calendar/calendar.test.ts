import { addDays, generateSessionDates, seoulDate, weekdayOf } from '@moim/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, propose, setStatus } from '../studies/test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;
const today = seoulDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  leader = await createUser(t, { name: '리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

type Ev = {
  id: string;
  date: string;
  eventType: string;
  startTime: string;
  endTime: string;
  title: string;
  location: string;
  link: string | null;
};
const eventsOf = async (id: string, who?: TestUser): Promise<Ev[]> =>
  (await t.call({ method: 'GET', url: `/api/studies/${id}/events`, headers: who?.headers })).body.data;

/** A Monday at least two weeks ahead, so the test does not depend on today's weekday. */
function nextMonday(minDays = 14): string {
  let d = addDays(today, minDays);
  while (weekdayOf(d) !== 'MON') d = addDays(d, 1);
  return d;
}

describe('generated events', () => {
  it('a weekly Mon/Wed study gets a session every Monday and Wednesday, plus the recruitment deadline', async () => {
    const start = nextMonday();
    const s = await approvedStudy(t, leader, admin, {
      startDate: start,
      endDate: addDays(start, 27), // four weeks
      recruitDeadline: `${addDays(start, -1)}T18:00:00+09:00`,
      scheduleDetails: { weekdays: ['MON', 'WED'], startTime: '20:00', endTime: '22:00' },
      recurrenceType: 'WEEKLY',
      location: { type: 'OFFLINE', address: '강남역 스터디룸' },
    });
    const events = await eventsOf(s.id);
    const regular = events.filter((e) => e.eventType === 'regular');
    expect(regular.map((e) => e.date)).toEqual([0, 2, 7, 9, 14, 16, 21, 23].map((n) => addDays(start, n)));
    expect(regular.every((e) => e.startTime === '20:00' && e.endTime === '22:00' && e.location === 'offline')).toBe(true);
    const recruitment = events.filter((e) => e.eventType === 'recruitment');
    expect(recruitment).toHaveLength(1);
    expect(recruitment[0]).toMatchObject({ date: addDays(start, -1), startTime: '18:00' });
  });

  it('a biweekly study meets every other week, counted from the start date’s week', async () => {
    const start = addDays(nextMonday(), 2); // a Wednesday
    const s = await approvedStudy(t, leader, admin, {
      startDate: start,
      endDate: addDays(start, 40),
      scheduleDetails: { weekdays: ['MON', 'SAT'], startTime: '10:00', endTime: '12:00' },
      recurrenceType: 'BIWEEKLY',
    });
    const dates = (await eventsOf(s.id)).filter((e) => e.eventType === 'regular').map((e) => e.date);
    // week 0 (Mon..Sun holding the Wednesday start): only Saturday is on or after the start
    expect(dates).toEqual([3, 12, 17, 26, 31, 40].map((n) => addDays(start, n)));
    expect(dates).toEqual(
      generateSessionDates({ recurrenceType: 'BIWEEKLY', weekdays: ['MON', 'SAT'], startDate: start, endDate: addDays(start, 40) }),
    );
  });

  it('approval generates once: reactivation does not duplicate; a pending study has none', async () => {
    const pending = await propose(t, leader);
    expect(await eventsOf(pending.id, leader)).toEqual([]);
    const s = await approvedStudy(t, leader, admin);
    const n = (await eventsOf(s.id)).length;
    await setStatus(t, admin, s.id, 'TERMINATE', '잠시');
    await setStatus(t, admin, s.id, 'REACTIVATE');
    expect((await eventsOf(s.id)).length).toBe(n);
  });

  it('a schedule change moves the future sessions and the recruitment event', async () => {
    const start = nextMonday();
    const s = await approvedStudy(t, leader, admin, { startDate: start, endDate: addDays(start, 13), recurrenceType: 'WEEKLY' });
    const r = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { scheduleDetails: { weekdays: ['TUE'], startTime: '19:00', endTime: '21:00' }, recruitDeadline: addDays(start, -3) },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.schedule).toBe('매주 화 19:00–21:00');
    const events = await eventsOf(s.id);
    expect(events.filter((e) => e.eventType === 'regular').map((e) => [e.date, e.startTime])).toEqual([
      [addDays(start, 1), '19:00'],
      [addDays(start, 8), '19:00'],
    ]);
    expect(events.find((e) => e.eventType === 'recruitment')?.date).toBe(addDays(start, -3));
  });
});

describe('the public calendar', () => {
  it('shows events of visible studies in a range, filtered by type and study; links only for members', async () => {
    const start = nextMonday();
    const s = await approvedStudy(t, leader, admin, { startDate: start, endDate: addDays(start, 6), title: '캘린더 공개' });
    const hidden = await propose(t, leader, { startDate: start, endDate: addDays(start, 6) });
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    const special = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/events`,
      headers: leader.headers,
      payload: {
        title: '밋업',
        date: addDays(start, 3),
        startTime: '19:00',
        endTime: '21:00',
        location: 'online',
        link: 'https://meet.example/abc',
        participantLimit: 2,
      },
    });
    expect(special.status).toBe(201);
    const q = `from=${start}&to=${addDays(start, 6)}`;
    const all = (await t.call({ method: 'GET', url: `/api/calendar/events?${q}` })).body.data as (Ev & {
      studyId: string;
      rsvped: boolean | null;
    })[];
    expect(all.some((e) => e.studyId === s.id)).toBe(true);
    expect(all.some((e) => e.studyId === hidden.id)).toBe(false);
    expect(all.find((e) => e.title === '밋업')).toMatchObject({ link: null, rsvped: null });
    const mine = (await t.call({ method: 'GET', url: `/api/calendar/events?${q}&studyId=${s.id}&type=special`, headers: member.headers }))
      .body.data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: '밋업',
      link: 'https://meet.example/abc',
      rsvped: false,
      participantLimit: 2,
      currentParticipants: 0,
    });
    expect((await t.call({ method: 'GET', url: `/api/calendar/events?from=${today}&to=${addDays(today, 400)}` })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/calendar/events?from=${today}&to=${addDays(today, -1)}` })).status).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/calendar/events' })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/studies/${hidden.id}/events` })).status).toBe(404);
  });
});

describe('special events and RSVPs', () => {
  it('only the leader, managers and admins add, change and delete special events', async () => {
    const s = await approvedStudy(t, leader, admin);
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    const body = {
      title: '오프라인 모각코',
      date: addDays(today, 20),
      startTime: '14:00',
      endTime: '18:00',
      location: 'offline',
      address: '판교',
    };
    expect((await t.call({ method: 'POST', url: `/api/studies/${s.id}/events`, headers: member.headers, payload: body })).status).toBe(403);
    const bad = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/events`,
      headers: leader.headers,
      payload: { ...body, endTime: '13:00' },
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2004']);
    const created = await t.call({ method: 'POST', url: `/api/studies/${s.id}/events`, headers: leader.headers, payload: body });
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ eventType: 'special', address: '판교' });
    const moved = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}/events/${id}`,
      headers: admin.headers,
      payload: { startTime: '15:00' },
    });
    expect(moved.body.data.startTime).toBe('15:00');
    expect(
      (await t.call({ method: 'PATCH', url: `/api/studies/${s.id}/events/${id}`, headers: stranger.headers, payload: { title: 'x' } }))
        .status,
    ).toBe(403);
    const regular = (await eventsOf(s.id)).find((e) => e.eventType === 'regular')!;
    // only special events are deleted: a rule of the event's kind, whatever its state (422)
    const keep = await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/events/${regular.id}`, headers: leader.headers });
    expect(keep.status).toBe(422);
    expect(keep.body.error).toMatchObject({ code: 'BIZ-3003', details: { eventType: 'regular' } });
    expect((await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/events/${id}`, headers: member.headers })).status).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/events/${id}`, headers: leader.headers })).status).toBe(200);
    expect((await eventsOf(s.id)).some((e) => e.id === id)).toBe(false);
  });

  it('RSVPs respect the participant limit; regular sessions are for members; the deadline marker takes none', async () => {
    const s = await approvedStudy(t, leader, admin);
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    const ev = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/events`,
      headers: leader.headers,
      payload: { title: '특강', date: addDays(today, 15), startTime: '19:00', endTime: '21:00', location: 'online', participantLimit: 2 },
    });
    const id = ev.body.data.id;
    const [u1, u2, u3] = [await createUser(t), await createUser(t), await createUser(t)];
    const rsvp = (u: TestUser, method: 'POST' | 'DELETE' = 'POST') =>
      t.call({ method, url: `/api/calendar/events/${id}/rsvp`, headers: u.headers });
    expect((await rsvp(u1)).body.data).toMatchObject({ rsvped: true, currentParticipants: 1, participantLimit: 2 });
    expect((await rsvp(u1)).body.data.currentParticipants).toBe(1); // idempotent
    expect((await rsvp(u2)).body.data.currentParticipants).toBe(2);
    const full = await rsvp(u3);
    // full is a state (409): a cancelled RSVP lets the next one in
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'FULL', participantLimit: 2 } });
    expect((await rsvp(u1, 'DELETE')).body.data).toMatchObject({ rsvped: false, currentParticipants: 1 });
    expect((await rsvp(u3)).body.data.currentParticipants).toBe(2);
    const events = await eventsOf(s.id);
    const regular = events.find((e) => e.eventType === 'regular')!;
    expect((await t.call({ method: 'POST', url: `/api/calendar/events/${regular.id}/rsvp`, headers: stranger.headers })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: `/api/calendar/events/${regular.id}/rsvp`, headers: member.headers })).status).toBe(200);
    const marker = events.find((e) => e.eventType === 'recruitment')!;
    expect((await t.call({ method: 'POST', url: `/api/calendar/events/${marker.id}/rsvp`, headers: member.headers })).status).toBe(422);
    expect((await t.call({ method: 'POST', url: `/api/calendar/events/${id}/rsvp` })).status).toBe(401);
  });
});

describe('the iCal feed', () => {
  it('serves a private feed that parses, with stable UIDs, and stops working after rotation', async () => {
    const member = await createUser(t, { name: '피드' });
    const start = nextMonday();
    const s = await approvedStudy(t, leader, admin, { title: '피드 스터디', startDate: start, endDate: addDays(start, 13) });
    await joinStudy(t, leader, member, s.id);
    const tok = await t.call({ method: 'GET', url: '/api/calendar/feed-token', headers: member.headers });
    expect(tok.status).toBe(200);
    const { token, url } = tok.body.data;
    expect(url).toContain(`/api/calendar/feed/${token}.ics`);
    expect((await t.call({ method: 'GET', url: '/api/calendar/feed-token', headers: member.headers })).body.data.token).toBe(token);

    const fetchFeed = () => t.call({ method: 'GET', url: `/api/calendar/feed/${token}.ics` });
    const r = await fetchFeed();
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/calendar');
    const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
    const vevents = parse(r.res.body);
    const regular = (await eventsOf(s.id)).filter((e) => e.eventType === 'regular');
    expect(vevents).toHaveLength(regular.length);
    const uids = vevents.map((v) => String(v.getFirstPropertyValue('uid')));
    expect(uids.sort()).toEqual(regular.map((e) => `${e.id}@moim`).sort());
    const first = vevents.find((v) => v.getFirstPropertyValue('uid') === `${regular[0]!.id}@moim`)!;
    const ev = new ICAL.Event(first);
    expect(ev.summary).toBe('피드 스터디');
    expect(ev.startDate.toJSDate().toISOString()).toBe(new Date(`${regular[0]!.date}T20:00:00+09:00`).toISOString());
    // stable across fetches
    expect(
      parse((await fetchFeed()).res.body)
        .map((v) => String(v.getFirstPropertyValue('uid')))
        .sort(),
    ).toEqual(uids.sort());

    const rotated = await t.call({ method: 'POST', url: '/api/calendar/feed-token', headers: member.headers });
    expect(rotated.body.data.token).not.toBe(token);
    expect((await fetchFeed()).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/calendar/feed/${rotated.body.data.token}.ics` })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/calendar/feed/not-a-token.ics' })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/calendar/feed-token' })).status).toBe(401);
  });
});
