/**
 * The studies section's refusals in the reader's language (docs/api-wire.md "Languages"): the
 * proposal's field and cross-field rules, applying, deciding, members, the page and the status
 * machine; each in English for `accept-language: en` and in Korean otherwise, never a raw key,
 * never zod's English in Korean.
 */
import { randomUUID } from 'node:crypto';
import { addDays, seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, proposal } from './test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t);
  admin = await createUser(t, { admin: true });
  stranger = await createUser(t);
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('studies refusals (%s)', (locale) => {
  const headers = { 'accept-language': locale };
  const call = async (
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    status: number,
    payload?: unknown,
  ) => {
    const r = await t.call({
      method,
      url,
      headers: { ...headers, ...who?.headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(r.status, `${method} ${url} ${JSON.stringify(r.body)}`).toBe(status);
    expectErrorInReaderLanguage(r.body, locale);
    return r;
  };

  it('says what is wrong with a proposal, field by field', async () => {
    const today = seoulDate(new Date());
    const dates = await call(
      leader,
      'POST',
      '/api/studies',
      400,
      proposal({ startDate: addDays(today, -3), endDate: addDays(today, -5), costType: 'PAID' }),
    );
    expect(dates.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['body.startDate', 'body.endDate', 'body.cost']),
    );
    expect(dates.body.error.details.fields[0]).toMatchObject({ code: 'startFromToday' });
    const fields = await call(leader, 'POST', '/api/studies', 400, {
      ...proposal(),
      title: 'x',
      scheduleDetails: { weekdays: ['MON', 'MON'], startTime: '20:00', endTime: '22:00' },
      location: { type: 'OFFLINE' },
    });
    expect(fields.body.error.details.fields.length).toBeGreaterThan(1);
    const s = await approvedStudy(t, leader, admin);
    await call(leader, 'PATCH', `/api/studies/${s.id}`, 400, {});
    await call(leader, 'PATCH', `/api/studies/${s.id}`, 400, { costType: 'FREE', cost: 5000 });
  });

  it('refuses applications, decisions and members in the reader’s language', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 1, questions: [{ text: '어떤 글을 쓰고 싶나요?', required: true }] });
    const u = await createUser(t);
    await call(u, 'POST', `/api/studies/${s.id}/applications`, 400, {
      motivation: '열심히 할게요',
      answers: [{ questionId: 'q9', answer: 'x' }],
    });
    await call(u, 'POST', `/api/studies/${s.id}/applications`, 400, { motivation: '열심히 할게요', answers: [] });
    await call(leader, 'POST', `/api/studies/${s.id}/applications`, 422, { motivation: '열심히 할게요', answers: [] });
    const app = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: u.headers,
      payload: { motivation: '열심히 할게요', answers: [{ questionId: 'q1', answer: '회고' }] },
    });
    expect(app.status).toBe(201);
    await call(u, 'POST', `/api/studies/${s.id}/applications`, 409, {
      motivation: '열심히 할게요',
      answers: [{ questionId: 'q1', answer: '회고' }],
    });
    await call(stranger, 'GET', `/api/studies/${s.id}/applications/${app.body.data.applicationId}`, 404);
    await call(u, 'POST', `/api/studies/${s.id}/applications/${app.body.data.applicationId}/accept`, 403, {});
    await call(stranger, 'GET', `/api/studies/${s.id}/applications`, 403);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/studies/${s.id}/applications/${app.body.data.applicationId}/accept`,
          headers: leader.headers,
          payload: {},
        })
      ).status,
    ).toBe(200);
    await call(await createUser(t), 'POST', `/api/studies/${s.id}/applications`, 409, {
      motivation: '열심히 할게요',
      answers: [{ questionId: 'q1', answer: '회고' }],
    });
    await call(stranger, 'GET', `/api/studies/${s.id}/members`, 403);
    await call(leader, 'POST', `/api/studies/${s.id}/members/leave?userId=${leader.id}`, 422);
    await call(u, 'POST', `/api/studies/${s.id}/members/leave?userId=${leader.id}`, 403);
    await call(leader, 'POST', `/api/studies/${s.id}/members/${stranger.id}/warnings`, 404, { reason: '지각' });
  });

  it('refuses the page, the status machine and unknown studies in the reader’s language', async () => {
    const s = await approvedStudy(t, leader, admin);
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    await call(member, 'GET', `/api/studies/${s.id}/page?draft=true`, 404);
    await call(member, 'PUT', `/api/studies/${s.id}/page/draft`, 403, { sections: [] });
    await call(leader, 'POST', `/api/studies/${s.id}/page/publish`, 409);
    await call(member, 'PATCH', `/api/studies/${s.id}`, 403, { tagline: '새 소개' });
    await call(leader, 'POST', `/api/studies/${s.id}/status`, 409, { action: 'COMPLETE' });
    await call(leader, 'POST', `/api/studies/${s.id}/status`, 403, { action: 'APPROVE' });
    await call(admin, 'POST', `/api/studies/${s.id}/status`, 400, { action: 'REJECT' });
    await call(leader, 'DELETE', `/api/studies/${s.id}`, 409);
    await call(stranger, 'GET', `/api/studies/${randomUUID()}`, 404);
    await call(null, 'GET', `/api/public/studies/${s.id}/cover`, 404);
    await call(leader, 'PUT', `/api/studies/${s.id}/cover`, 400, { base64: 'aGVsbG8=', fileName: 'a.svg', mimeType: 'image/svg+xml' });
  });
});
