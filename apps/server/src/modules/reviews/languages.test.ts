/**
 * The reviews' refusals in the reader's language (docs/api-wire.md "Languages"): an unfinished
 * study, the leader, a stranger, a second review and bad input; each in English for
 * `accept-language: en` and in Korean otherwise, never a raw key, never zod's English in Korean.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, setStatus } from '../studies/test-helpers.ts';

let t: TestApp;
let leader: TestUser;
let member: TestUser;
let done: string;
let running: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t, { admin: true });
  leader = await createUser(t);
  member = await createUser(t);
  for (const complete of [true, false]) {
    const s = await approvedStudy(t, leader, admin);
    await joinStudy(t, leader, member, s.id);
    await setStatus(t, leader, s.id, 'START');
    if (complete) await setStatus(t, leader, s.id, 'COMPLETE');
    if (complete) done = s.id;
    else running = s.id;
  }
  expect(
    (await t.call({ method: 'POST', url: `/api/studies/${done}/reviews`, headers: member.headers, payload: { rating: 5 } })).status,
  ).toBe(201);
});
afterAll(() => t.close());

describe.each(['ko', 'en'] as const)('review refusals (%s)', (locale) => {
  it('answers every refusal in the reader’s language', async () => {
    const cases: Array<[TestUser, string, object, number]> = [
      [member, done, { rating: 4 }, 409],
      [leader, done, { rating: 5 }, 422],
      [await createUser(t), done, { rating: 5 }, 403],
      [member, running, { rating: 5 }, 409],
      [member, randomUUID(), { rating: 5 }, 404],
      [member, done, { rating: 3, tags: ['WARM', 'WARM'] }, 400],
      [member, done, { rating: 9, text: 'x'.repeat(1001) }, 400],
    ];
    for (const [who, studyId, payload, status] of cases) {
      const r = await t.call({
        method: 'POST',
        url: `/api/studies/${studyId}/reviews`,
        headers: { ...who.headers, 'accept-language': locale },
        payload,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expectErrorInReaderLanguage(r.body, locale);
    }
  });
});
