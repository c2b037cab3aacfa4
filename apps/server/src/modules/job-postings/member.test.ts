import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser, importPostings, posting, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  alice = await createUser(t, { name: '앨리스' });
  bob = await createUser(t, { name: '밥' });
  const items = [posting({ title: '북마크 1' }), posting({ title: '북마크 2' }), posting({ title: '북마크 3' })];
  await importPostings(t, admin, items);
  for (const it of items) {
    const r = await t.ctx.db.execute<{ id: string }>(sql`select id from job_postings where source_url = ${it.sourceUrl}`);
    ids.push(r.rows[0]!.id);
  }
});
afterAll(() => t.close());

const call = (method: string, url: string, who?: TestUser, payload?: object) =>
  t.call({ method: method as 'GET', url, headers: who?.headers, payload });

describe('bookmarks and recently viewed', () => {
  it('a member bookmarks postings and finds them, newest first; others and guests do not see them', async () => {
    expect((await call('PUT', `/api/job-postings/${ids[0]}/bookmark`)).status).toBe(401);
    expect((await call('PUT', `/api/job-postings/${ids[0]}/bookmark`, alice)).body.data).toEqual({ postingId: ids[0], bookmarked: true });
    await call('PUT', `/api/job-postings/${ids[0]}/bookmark`, alice); // twice is fine
    await call('PUT', `/api/job-postings/${ids[2]}/bookmark`, alice);
    const mine = await call('GET', '/api/job-postings/me/bookmarks', alice);
    expect(mine.body.data).toMatchObject({ totalElements: 2 });
    expect(mine.body.data.content.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0]]);
    expect(mine.body.data.content.every((p: { bookmarked: boolean }) => p.bookmarked)).toBe(true);
    expect((await call('GET', '/api/job-postings/me/bookmarks', bob)).body.data.totalElements).toBe(0);
    expect((await call('GET', '/api/job-postings/me/bookmarks')).status).toBe(401);
    const list = await call('GET', '/api/job-postings?size=10', alice);
    expect(list.body.data.content.filter((p: { bookmarked: boolean }) => p.bookmarked).length).toBe(2);
    const bobsView = await call('GET', '/api/job-postings?size=10', bob);
    expect(bobsView.body.data.content.some((p: { bookmarked: boolean }) => p.bookmarked)).toBe(false);
    expect((await call('DELETE', `/api/job-postings/${ids[0]}/bookmark`, alice)).body.data.bookmarked).toBe(false);
    expect((await call('GET', '/api/job-postings/me/bookmarks', alice)).body.data.totalElements).toBe(1);
    expect((await call('PUT', '/api/job-postings/00000000-0000-4000-8000-000000000000/bookmark', alice)).status).toBe(404);
  });

  it('keeps the postings a member opened, most recent first, and only theirs', async () => {
    await call('GET', `/api/job-postings/${ids[1]}`, alice);
    await call('GET', `/api/job-postings/${ids[0]}`, alice);
    await call('GET', `/api/job-postings/${ids[1]}`, alice);
    await call('GET', `/api/job-postings/${ids[2]}`); // a guest's view is not recorded anywhere
    const recent = await call('GET', '/api/job-postings/me/recent', alice);
    expect(recent.body.data.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    expect(recent.body.data[0].viewedAt).toMatch(/^\d{4}-/);
    expect((await call('GET', '/api/job-postings/me/recent', bob)).body.data).toEqual([]);
  });
});

describe('saved searches', () => {
  let savedId = '';
  it('a member saves a search; only they can see, rename, switch or delete it', async () => {
    const r = await call('POST', '/api/job-postings/me/saved-searches', alice, {
      name: '원격 신입 백엔드',
      filters: { q: '백엔드', experience: ['ENTRY'], workMode: ['REMOTE', 'REMOTE'], skill: [] },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      name: '원격 신입 백엔드',
      alertEnabled: true,
      filters: { q: '백엔드', experience: ['ENTRY'], workMode: ['REMOTE'] },
    });
    expect(r.body.data.filters.skill).toBeUndefined();
    savedId = r.body.data.id;
    expect((await call('GET', '/api/job-postings/me/saved-searches', alice)).body.data).toHaveLength(1);
    expect((await call('GET', '/api/job-postings/me/saved-searches', bob)).body.data).toHaveLength(0);
    // someone else's saved search answers exactly as one that does not exist
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, payload] of [['PATCH', { name: '내꺼' }], ['DELETE']] as const) {
      const theirs = await call(method, `/api/job-postings/me/saved-searches/${savedId}`, bob, payload);
      const none = await call(method, `/api/job-postings/me/saved-searches/${missing}`, bob, payload);
      expect(theirs.status).toBe(404);
      expect(theirs.body.error).toEqual(none.body.error);
      expect(theirs.body.error.code).toBe('BIZ-3001');
    }
    expect((await call('PATCH', `/api/job-postings/me/saved-searches/${savedId}`, undefined, { name: 'x' })).status).toBe(401);
    const renamed = await call('PATCH', `/api/job-postings/me/saved-searches/${savedId}`, alice, { name: '새 이름', alertEnabled: false });
    expect(renamed.body.data).toMatchObject({ name: '새 이름', alertEnabled: false });
    expect((await call('PATCH', `/api/job-postings/me/saved-searches/${savedId}`, alice, {})).status).toBe(400);
  });

  it('refuses an empty search, bad filters and more than 20', async () => {
    expect((await call('POST', '/api/job-postings/me/saved-searches', alice, { name: '빈 검색', filters: {} })).status).toBe(400);
    expect((await call('POST', '/api/job-postings/me/saved-searches', alice, { name: 'x', filters: { workMode: ['MOON'] } })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/job-postings/me/saved-searches', alice, { name: '', filters: { q: 'a' } })).status).toBe(400);
    for (let i = 0; i < 19; i++)
      expect(
        (await call('POST', '/api/job-postings/me/saved-searches', alice, { name: `검색 ${i}`, filters: { q: `q${i}` } })).status,
      ).toBe(201);
    const over = await call('POST', '/api/job-postings/me/saved-searches', alice, { name: '스물한 번째', filters: { q: 'x' } });
    expect([over.status, over.body.error.code]).toEqual([422, 'BIZ-3003']);
    expect((await call('DELETE', `/api/job-postings/me/saved-searches/${savedId}`, alice)).status).toBe(200);
    expect((await call('DELETE', `/api/job-postings/me/saved-searches/${savedId}`, alice)).status).toBe(404);
  });
});

describe('corrections', () => {
  it('a member reports; admins see it with the reporter; the reporter sees the status change', async () => {
    expect(
      (await call('POST', '/api/job-postings/corrections', undefined, { postingId: ids[0], kind: 'DATA_ERROR', message: 'x' })).status,
    ).toBe(401);
    expect((await call('POST', '/api/job-postings/corrections', alice, { kind: 'DATA_ERROR', message: '어느 공고인지 없음' })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/job-postings/corrections', alice, { postingId: ids[0], kind: 'OTHER', message: '' })).status).toBe(
      400,
    );
    const r = await call('POST', '/api/job-postings/corrections', alice, {
      postingId: ids[0],
      kind: 'POSTING_CLOSED',
      message: '이미 마감된 공고입니다.',
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'OPEN', postingTitle: '북마크 1', kind: 'POSTING_CLOSED' });
    const company = await call('POST', '/api/job-postings/corrections', bob, { kind: 'ADD_COMPANY', message: '가상회사도 추가해 주세요' });
    expect(company.body.data).toMatchObject({ postingId: null, status: 'OPEN' });

    expect((await call('GET', '/api/admin/job-postings/corrections', alice)).status).toBe(403);
    const queue = await call('GET', '/api/admin/job-postings/corrections?status=OPEN', admin);
    expect(queue.body.data.totalElements).toBe(2);
    expect(queue.body.data.content.find((c: { id: string }) => c.id === r.body.data.id).reporter).toEqual({ id: alice.id, name: '앨리스' });

    const id = r.body.data.id;
    const move = (status: string, who = admin) =>
      call('PATCH', `/api/admin/job-postings/corrections/${id}`, who, { status, adminNote: '확인 중입니다' });
    expect((await move('IN_REVIEW', alice)).status).toBe(403);
    expect((await move('IN_REVIEW')).body.data).toMatchObject({ status: 'IN_REVIEW', adminNote: '확인 중입니다' });
    expect((await move('RESOLVED')).body.data.status).toBe('RESOLVED');
    for (const to of ['OPEN', 'IN_REVIEW', 'REJECTED', 'RESOLVED']) {
      const refused = await move(to);
      expect(refused.status, to).toBe(409);
      expect(refused.body.error.code).toBe('BIZ-3002');
    }
    const other = company.body.data.id;
    expect((await call('PATCH', `/api/admin/job-postings/corrections/${other}`, admin, { status: 'REJECTED' })).body.data.status).toBe(
      'REJECTED',
    );
    expect((await call('PATCH', `/api/admin/job-postings/corrections/${other}`, admin, { status: 'OPEN' })).status).toBe(409);
    expect((await call('PATCH', `/api/admin/job-postings/corrections/${other}`, admin, { status: 'DONE' })).status).toBe(400);

    const mine = await call('GET', '/api/job-postings/me/corrections', alice);
    expect(mine.body.data.content).toEqual([
      expect.objectContaining({ id, status: 'RESOLVED', adminNote: '확인 중입니다', reporter: null }),
    ]);
    expect((await call('GET', '/api/job-postings/me/corrections', bob)).body.data.content.map((c: { id: string }) => c.id)).toEqual([
      other,
    ]);
    const inbox = await call('GET', '/api/notifications', alice);
    expect(inbox.body.data.content.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining([expect.stringContaining('반영 완료')]),
    );
  });
});
