/**
 * The calendar's refusals in the reader's language (docs/api-wire.md "Languages"): ranges,
 * events, RSVPs, attendance and the feed; each in English for `accept-language: en` and in Korean
 * otherwise, never a raw key, never zod's English in Korean.
 */
import { randomUUID } from 'node:crypto';
import { addDays, seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy } from '../studies/test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let admin: TestUser;
let member: TestUser;
let studyId: string;
let limited: string;
const today = seoulDate(new Date());
beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t);
  admin = await createUser(t, { admin: true });
  member = await createUser(t);
  studyId = (await approvedStudy(t, leader, admin)).id;
  await joinStudy(t, leader, member, studyId);
  const ev = await t.call({
    method: 'POST',
    url: `/api/studies/${studyId}/events`,
    headers: leader.headers,
    payload: { title: '특강', date: addDays(today, 15), startTime: '19:00', endTime: '21:00', location: 'online', participantLimit: 1 },
  });
  limited = ev.body.data.id;
  expect((await t.call({ method: 'POST', url: `/api/calendar/events/${limited}/rsvp`, headers: member.headers })).status).toBe(200);
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('calendar refusals (%s)', (locale) => {
  const headers = { 'accept-language': locale };
  const call = async (who: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, status: number, payload?: object) => {
    const r = await t.call({ method, url, headers: { ...headers, ...who?.headers }, ...(payload ? { payload } : {}) });
    expect(r.status, `${method} ${url} ${JSON.stringify(r.body)}`).toBe(status);
    expectErrorInReaderLanguage(r.body, locale);
    return r;
  };

  it('answers ranges, events and the feed in the reader’s language', async () => {
    const order = await call(null, 'GET', `/api/calendar/events?from=${addDays(today, 5)}&to=${today}`, 400);
    expect(order.body.error.details.fields).toMatchObject([{ path: 'query.to' }]);
    await call(null, 'GET', `/api/calendar/events?from=${today}&to=${addDays(today, 400)}`, 400);
    const body = { title: '모각코', date: addDays(today, 20), startTime: '14:00', endTime: '18:00', location: 'online' };
    await call(member, 'POST', `/api/studies/${studyId}/events`, 403, body);
    const times = await call(leader, 'POST', `/api/studies/${studyId}/events`, 400, { ...body, startTime: '18:00', endTime: '14:00' });
    expect(times.body.error.details.fields).toMatchObject([{ path: 'body.endTime', code: 'endTimeAfterStart' }]);
    await call(leader, 'POST', `/api/studies/${studyId}/events`, 400, { ...body, location: 'offline', link: 'javascript:alert(1)' });
    await call(leader, 'PATCH', `/api/studies/${studyId}/events/${limited}`, 400, {});
    await call(leader, 'PATCH', `/api/studies/${studyId}/events/${randomUUID()}`, 404, { title: 'x' });
    await call(null, 'GET', '/api/calendar/feed/not-a-token.ics', 404);
  });

  it('answers RSVPs and attendance in the reader’s language', async () => {
    const full = await call(await createUser(t), 'POST', `/api/calendar/events/${limited}/rsvp`, 409);
    expect(full.body.error.details).toMatchObject({ reason: 'FULL', participantLimit: 1 });
    const events = (await t.call({ method: 'GET', url: `/api/studies/${studyId}/events`, headers: leader.headers })).body.data as Array<{
      id: string;
      eventType: string;
    }>;
    const marker = events.find((e) => e.eventType === 'recruitment')!;
    const regular = events.find((e) => e.eventType === 'regular')!;
    await call(member, 'POST', `/api/calendar/events/${marker.id}/rsvp`, 422);
    await call(await createUser(t), 'POST', `/api/calendar/events/${regular.id}/rsvp`, 403);
    await call(leader, 'DELETE', `/api/studies/${studyId}/events/${regular.id}`, 422);
    await call(leader, 'POST', `/api/studies/${studyId}/events/${regular.id}/attendance`, 409, {
      records: [{ userId: member.id, status: 'PRESENT' }],
    });
  });
});
