/**
 * The projects list's read cache (caches.ts): a page is served from memory until a change that
 * can alter a card or which cards a page holds — create, edit, approval, status move, deletion,
 * the deadline job — and with Redis (REDIS_URL) a change in one instance clears the others.
 */
import { addDays } from '@moim/contract';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { ProjectCaches } from './caches.ts';
import { projects } from './schema.ts';
import { projectsKnobs } from './projects-test-kit.ts';
import { type Person, applyOk, createProject, decide, form, move, person, today } from './test-helpers.ts';

let t: TestApp;
const api = () => t.app.apis.projects;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp();
  // long enough that only an invalidation can explain a fresh page
  projectsKnobs(t.ctx).setReadCacheTtl(60_000);
  owner = await person(t);
});
afterAll(() => t.close());

type Card = { id: string; name: string; status: string; positions: { filledCount: number }[] };
const cards = async (query = '') => {
  const r = await t.call({ method: 'GET', url: `/api/projects?${query}` });
  expect(r.status).toBe(200);
  return r.body.data.content as Card[];
};
const card = async (id: string) => (await cards('size=100')).find((c) => c.id === id);

describe('the projects list read cache', () => {
  it('serves a page from memory until a change that shows on a card', async () => {
    const a = await createProject(t, owner, { name: '캐시 프로젝트 가', recruitmentDeadline: addDays(today(), 1), startDate: null });
    expect((await card(a.id))?.name).toBe('캐시 프로젝트 가');
    // a change past the service: the cached page does not see it
    await t.ctx.db.update(projects).set({ tagline: '몰래 바꿈' }).where(eq(projects.id, a.id));
    await t.ctx.db.update(projects).set({ name: '몰래 바꾼 이름' }).where(eq(projects.id, a.id));
    expect((await card(a.id))?.name).toBe('캐시 프로젝트 가');

    // create
    const b = await createProject(t, owner, { name: '캐시 프로젝트 나' });
    expect((await card(b.id))?.name).toBe('캐시 프로젝트 나');
    expect((await card(a.id))?.name).toBe('몰래 바꾼 이름');

    // edit
    const put = await t.call({
      method: 'PUT',
      url: `/api/projects/${b.id}`,
      headers: owner.headers,
      payload: form({
        name: '캐시 프로젝트 나 (고침)',
        positions: b.positions.map(({ id, name, requiredCount, requiredSkills, preferredSkills, responsibilities }) => ({
          id,
          name,
          requiredCount,
          requiredSkills,
          preferredSkills,
          responsibilities,
        })),
      }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await card(b.id))?.name).toBe('캐시 프로젝트 나 (고침)');

    // an approval fills a seat
    const applicant = await person(t);
    const app = await applyOk(t, applicant, b, 0);
    expect((await card(b.id))?.positions[0]?.filledCount).toBe(0);
    expect((await decide(t, owner, b, app.applicationId, 'accept')).status).toBe(200);
    expect((await card(b.id))?.positions[0]?.filledCount).toBe(1);

    // a status move
    expect((await move(t, owner, b.id, 'CLOSE_RECRUITMENT')).status).toBe(200);
    expect((await card(b.id))?.status).toBe('IN_PROGRESS');

    // the deadline job
    expect((await card(a.id))?.status).toBe('RECRUITING');
    expect(await api().closeExpired(addDays(today(), 5))).toBeGreaterThan(0);
    expect((await card(a.id))?.status).toBe('IN_PROGRESS');

    // deletion
    const del = await t.call({ method: 'DELETE', url: `/api/projects/${a.id}`, headers: owner.headers });
    expect(del.status).toBe(200);
    expect(await card(a.id)).toBeUndefined();
  });
});

describe.skipIf(!process.env.REDIS_URL)('ProjectCaches across instances (REDIS_URL)', () => {
  it('a change in one instance clears the list caches of the others', async () => {
    const redisA = new Redis(process.env.REDIS_URL!);
    const redisB = new Redis(process.env.REDIS_URL!);
    const a = new ProjectCaches();
    const b = new ProjectCaches();
    try {
      await a.shareThrough(redisA);
      await b.shareThrough(redisB);
      for (const c of [a, b]) c.lists.set('{"page":0}', '{"success":true}');
      a.invalidate();
      expect(a.lists.get('{"page":0}')).toBeUndefined();
      // the other instance hears of it through Redis pub/sub: wait for its cache to be cleared
      await waitFor(
        () => b.lists.get('{"page":0}'),
        (v) => v === undefined,
        { timeoutMs: 3_000, what: "instance B's list cache to clear" },
      );
      expect(b.lists.get('{"page":0}')).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
