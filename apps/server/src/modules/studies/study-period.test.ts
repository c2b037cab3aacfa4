/**
 * A study's period runs from its first session to its last: the server snaps what a leader
 * proposes or changes, and refuses a period without a session (400 VAL-2004, in the reader's
 * language).
 */
import { addDays, seoulDate, weekdayOf } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, propose, proposal, setStatus } from './test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let stranger: TestUser;
let admin: TestUser;

/** The first date on or after `from` that is `day`. */
function next(from: string, day: string): string {
  let d = from;
  while (weekdayOf(d) !== day) d = addDays(d, 1);
  return d;
}
const wed = next(addDays(seoulDate(new Date()), 14), 'WED');

beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t, { name: '목요리더' });
  stranger = await createUser(t, { name: '행인' });
  admin = await createUser(t, { name: '관리자', admin: true });
});
afterAll(() => t.close());

const thursdays = {
  scheduleDetails: { weekdays: ['THU' as const], startTime: '19:30', endTime: '21:30' },
  recurrenceType: 'WEEKLY' as const,
};

describe('the period of a proposed study', () => {
  it('a weekly Thursday study proposed Wednesday to Wednesday is stored from its first to its last Thursday', async () => {
    const s = await approvedStudy(t, leader, admin, { ...thursdays, startDate: wed, endDate: addDays(wed, 35) });
    expect(s.startDate).toBe(addDays(wed, 1));
    expect(s.endDate).toBe(addDays(wed, 29));
    expect([weekdayOf(s.startDate), weekdayOf(s.endDate)]).toEqual(['THU', 'THU']);
    expect(s.duration).toBe('5주');
    // the calendar's sessions (made at approval) are the same five Thursdays
    const events = await t.call({ method: 'GET', url: `/api/studies/${s.id}/events` });
    const regular = events.body.data.filter((e: { eventType: string }) => e.eventType === 'regular').map((e: { date: string }) => e.date);
    expect(regular).toEqual([1, 8, 15, 22, 29].map((n) => addDays(wed, n)));
  });

  it.each([
    ['ko', '이 기간에는 모임일이 없습니다'],
    ['en', 'No session falls in this period'],
  ])('refuses a period holding no session (%s)', async (locale, text) => {
    const r = await t.call({
      method: 'POST',
      url: '/api/studies',
      headers: { ...leader.headers, 'accept-language': locale },
      payload: proposal({ ...thursdays, startDate: addDays(wed, -2), endDate: wed }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VAL-2004');
    expect(r.body.error.details.fields).toEqual([
      { path: 'body.startDate', code: 'noSessionInPeriod', message: expect.stringContaining(text) },
    ]);
    expect(r.body.message).toContain(text);
    expect(r.body.message).not.toContain('form.');
  });
});

describe('a change of the period or the weekdays', () => {
  it('snaps the changed period to the sessions, and refuses one without a session', async () => {
    const s = await propose(t, leader, { ...thursdays, startDate: addDays(wed, 1), endDate: addDays(wed, 29) });
    const longer = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { endDate: addDays(wed, 41) },
    });
    expect(longer.status).toBe(200);
    expect(longer.body.data.endDate).toBe(addDays(wed, 36));
    // sessions move to Tuesdays: the start moves to the first Tuesday of the period
    const tuesdays = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { scheduleDetails: { weekdays: ['TUE'], startTime: '19:30', endTime: '21:30' } },
    });
    expect(tuesdays.status).toBe(200);
    expect(tuesdays.body.data).toMatchObject({ startDate: addDays(wed, 6), endDate: addDays(wed, 34) });
    const none = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { startDate: addDays(wed, 7), endDate: addDays(wed, 10) },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.details.fields[0]).toMatchObject({ path: 'body.startDate', code: 'noSessionInPeriod' });
    const after = await t.call({ method: 'GET', url: `/api/studies/${s.id}`, headers: leader.headers });
    expect(after.body.data).toMatchObject({ startDate: addDays(wed, 6), endDate: addDays(wed, 34) });
  });

  it('a study that has begun keeps the day it began when its weekdays change; only its end follows', async () => {
    const s = await approvedStudy(t, leader, admin, { ...thursdays, startDate: addDays(wed, 1), endDate: addDays(wed, 29) });
    expect((await setStatus(t, leader, s.id, 'START')).status).toBe(200);
    const r = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { scheduleDetails: { weekdays: ['TUE'], startTime: '19:30', endTime: '21:30' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'IN_PROGRESS', startDate: addDays(wed, 1), endDate: addDays(wed, 27) });
  });

  it('a stranger cannot change the period (a pending study answers as if it did not exist)', async () => {
    const s = await propose(t, leader, { ...thursdays, startDate: addDays(wed, 1), endDate: addDays(wed, 29) });
    const r = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: stranger.headers,
      payload: { endDate: addDays(wed, 43) },
    });
    expect([r.status, r.body.error.code]).toEqual([404, 'BIZ-3001']);
    const after = await t.call({ method: 'GET', url: `/api/studies/${s.id}`, headers: leader.headers });
    expect(after.body.data.endDate).toBe(addDays(wed, 29));
  });
});
