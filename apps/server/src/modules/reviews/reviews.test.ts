import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, setStatus } from '../studies/test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  leader = await createUser(t, { name: '리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

async function studyWithMembers(n: number, complete = true) {
  const s = await approvedStudy(t, leader, admin);
  const people: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(t, { name: `후기${i}` });
    await joinStudy(t, leader, u, s.id);
    people.push(u);
  }
  await setStatus(t, leader, s.id, 'START');
  if (complete) await setStatus(t, leader, s.id, 'COMPLETE');
  return { s, people };
}
const post = (studyId: string, who: TestUser | undefined, payload: object) =>
  t.call({ method: 'POST', url: `/api/studies/${studyId}/reviews`, headers: who?.headers, payload });

describe('reviews', () => {
  it('members of a completed study review it once; the list has the average, count and tag counts', async () => {
    const { s, people } = await studyWithMembers(3);
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const r = await post(s.id, a, { rating: 5, text: '최고의 스터디', tags: ['SOLID_CURRICULUM', 'WARM', 'SKILL_UP'] });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      rating: 5,
      text: '최고의 스터디',
      author: { id: a.id, name: '후기0' },
      tags: ['SOLID_CURRICULUM', 'WARM', 'SKILL_UP'],
    });
    await post(s.id, b, { rating: 4, tags: ['WARM'] });
    await post(s.id, c, { rating: 4 });
    const again = await post(s.id, a, { rating: 1 });
    // already written: a state (409), as already applied is
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'ALREADY_REVIEWED' } });
    const list = await t.call({ method: 'GET', url: `/api/studies/${s.id}/reviews?size=2` });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ totalElements: 3, size: 2, number: 0 });
    expect(list.body.data.content).toHaveLength(2);
    expect(list.body.data.summary).toEqual({
      count: 3,
      average: 4.3,
      ratingCounts: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 },
      tagCounts: { SOLID_CURRICULUM: 1, WARM: 2, SKILL_UP: 1 },
    });
  });

  it('GET …/reviews/mine: the caller’s own review, null before writing; a guest is refused', async () => {
    const { s, people } = await studyWithMembers(2);
    const [a, b] = people as [TestUser, TestUser];
    const mine = (who?: TestUser) => t.call({ method: 'GET', url: `/api/studies/${s.id}/reviews/mine`, headers: who?.headers });
    expect((await mine(a)).body.data).toBeNull();
    const written = await post(s.id, a, { rating: 4, text: '좋았어요' });
    expect((await mine(a)).body.data).toMatchObject({ id: written.body.data.id, rating: 4, author: { id: a.id } });
    expect((await mine(b)).body.data).toBeNull();
    expect((await mine()).status).toBe(401);
  });

  it('refuses the leader, strangers, guests, unfinished studies and bad input', async () => {
    const { s, people } = await studyWithMembers(1);
    // the leader's own study: a rule (422); a stranger may see the study but not review it (403)
    expect((await post(s.id, leader, { rating: 5 })).status).toBe(422);
    expect((await post(s.id, stranger, { rating: 5 })).status).toBe(403);
    expect((await post(s.id, undefined, { rating: 5 })).status).toBe(401);
    const [a] = people as [TestUser];
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: 3, text: 'x'.repeat(1001) },
      { rating: 3, tags: ['SOLID_CURRICULUM', 'PRACTICAL', 'GOOD_PACE'] },
      { rating: 3, tags: ['WARM', 'WARM'] },
      { rating: 3, tags: ['NOT_A_TAG'] },
      { rating: 3, tags: ['SOLID_CURRICULUM', 'WARM', 'SKILL_UP', 'EXPERT', 'MOTIVATING', 'PORTFOLIO'] },
    ]) {
      const r = await post(s.id, a, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const running = await studyWithMembers(1, false);
    const r = await post(running.s.id, running.people[0], { rating: 5 });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');
    const empty = await t.call({ method: 'GET', url: `/api/studies/${running.s.id}/reviews` });
    expect(empty.body.data.summary).toMatchObject({ count: 0, average: null });
  });
});
