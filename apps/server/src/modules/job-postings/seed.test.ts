import { seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { generateDemoPostings } from './demo-data.ts';
import { DEMO_POSTING_COUNT } from './seed.ts';
import { createUser, search, type TestUser } from './test-helpers.ts';

let t: TestApp;
let users: { admin: TestUser; leader: TestUser; member: TestUser; other: TestUser };

beforeAll(async () => {
  t = await createTestApp();
  users = {
    admin: await createUser(t, { admin: true }),
    leader: await createUser(t),
    member: await createUser(t),
    other: await createUser(t),
  };
});
afterAll(() => t.close());

describe('demo data', () => {
  it('is generated, not random: the same seed and day give the same postings', () => {
    const a = generateDemoPostings({ count: 50, today: '2026-11-23' });
    const b = generateDemoPostings({ count: 50, today: '2026-11-23' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(new Set(a.map((p) => p.sourceUrl)).size).toBe(50);
    expect(a.every((p) => p.sourceUrl.startsWith('https://careers.example.com/'))).toBe(true);
    expect(JSON.stringify(generateDemoPostings({ count: 50, today: '2026-11-23', seed: 2 }))).not.toBe(JSON.stringify(a));
  });

  it('loads a few hundred postings through the import service, with a run report and member data', async () => {
    const mod = t.app.modules.find((m) => m.name === 'job-postings')!;
    const shared = { users: { admin: users.admin.id, leader: users.leader.id, member: users.member.id, others: [users.other.id] } };
    await mod.seeder!.demo!(t.ctx, shared);
    const runs = await t.call({ method: 'GET', url: '/api/admin/job-postings/runs', headers: users.admin.headers });
    expect(runs.body.data.content[0]).toMatchObject({
      origin: 'demo-dataset (generated)',
      status: 'SUCCEEDED',
      created: DEMO_POSTING_COUNT,
      rejected: 0,
    });
    const all = await search(t, 'activeOnly=false&size=1');
    expect(all.totalElements).toBe(DEMO_POSTING_COUNT);
    const open = await search(t, 'size=1');
    expect(open.totalElements).toBeGreaterThan(DEMO_POSTING_COUNT * 0.6);
    expect(open.totalElements).toBeLessThan(DEMO_POSTING_COUNT); // some are past their deadline
    // what the end-to-end journey searches for exists
    const journey = await search(t, `q=${encodeURIComponent('ㅂㅇㄷ')}&experience=ENTRY&workMode=REMOTE`);
    expect(journey.totalElements).toBeGreaterThan(0);
    const stats = await t.call({ method: 'GET', url: '/api/job-postings/stats' });
    expect(stats.body.data.companies).toBeGreaterThan(30);
    // the leader got a profile, bookmarks and a saved search; a member sent corrections
    expect(
      (await t.call({ method: 'GET', url: '/api/job-postings/me/bookmarks', headers: users.leader.headers })).body.data.totalElements,
    ).toBe(3);
    expect(
      (await t.call({ method: 'GET', url: '/api/job-postings/me/saved-searches', headers: users.leader.headers })).body.data,
    ).toHaveLength(1);
    const withMatch = await search(t, 'sort=match&size=3', users.leader);
    expect(withMatch.content[0]!.match.score).toBeGreaterThan(50);
    expect(
      (await t.call({ method: 'GET', url: '/api/job-postings/me/profile', headers: users.member.headers })).body.data.profile,
    ).toBeNull();
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/job-postings/corrections', headers: users.admin.headers })).body.data.totalElements,
    ).toBe(2);
    expect(seoulDate(new Date(withMatch.content[0]!.postedAt)) <= seoulDate(new Date())).toBe(true);
  });
});
