import { PROJECT_STATUSES } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import type { SeededUsers } from '../users/index.ts';
import { choseongOf } from './test-helpers.ts';

let t: TestApp;
let ids: SeededUsers;
beforeAll(async () => {
  t = await createTestApp();
  const shared: Record<string, unknown> = {};
  await t.seeder('users').demo!(t.ctx, shared);
  ids = shared.users as SeededUsers;
  await t.app.modules.find((m) => m.name === 'projects')!.seeder!.demo!(t.ctx, shared);
}, 180_000);
afterAll(() => t.close());

describe('demo projects', () => {
  it('puts a dozen projects in every status, with members, every application outcome and views, mailing nobody', async () => {
    const byStatus = await t.ctx.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from projects group by status`,
    );
    const counts = Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n]));
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(12);
    for (const s of PROJECT_STATUSES) expect(counts[s], s).toBeGreaterThan(0);
    const apps = await t.ctx.db.execute<{ status: string }>(sql`select distinct status from project_applications`);
    expect(apps.rows.map((r) => r.status).sort()).toEqual(['APPROVED', 'PENDING', 'REJECTED', 'WITHDRAWN']);
    const mail = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'notifications.mail'`);
    expect(mail.rows[0]!.n).toBe(0);
    const list = await t.call({ method: 'GET', url: '/api/projects?size=20' });
    expect(list.body.data.totalElements).toBe((counts.RECRUITING ?? 0) + (counts.IN_PROGRESS ?? 0) + (counts.COMPLETED ?? 0));
    expect(list.body.data.content.some((p: { viewCount: number }) => p.viewCount > 0)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/projects?q=${encodeURIComponent('ㅎㄱ ㅎㅌㅅ')}` })).body.data.content[0].name).toBe(
      '한글 형태소 분석기 hanmorph',
    );
  });

  it('gives the demo member something in every part of "my projects"', async () => {
    const token = await t.ctx.tokens.sign({ id: ids.member, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
    const r = await t.call({ method: 'GET', url: '/api/projects/my', headers: { authorization: `Bearer ${token}` } });
    expect(r.body.data.owned.length).toBeGreaterThan(0);
    expect(r.body.data.member.length).toBeGreaterThan(0);
    expect(r.body.data.applications.map((a: { status: string }) => a.status)).toEqual(expect.arrayContaining(['PENDING', 'APPROVED']));
  });

  it("finds every listed demo project by its title's 초성, and finds projects for the search box's own example", async () => {
    const search = async (q: string) =>
      (await t.call({ method: 'GET', url: `/api/projects?size=50&q=${encodeURIComponent(q)}` })).body.data.content as { id: string }[];
    const listed = (await t.call({ method: 'GET', url: '/api/projects?size=50' })).body.data.content as { id: string; name: string }[];
    expect(listed.length).toBeGreaterThan(5);
    for (const p of listed) {
      const full = choseongOf(p.name);
      if (!full) continue; // a title without Hangul
      expect(
        (await search(full)).map((r) => r.id),
        `${p.name}: ${full}`,
      ).toContain(p.id);
      const firstTwo = choseongOf(p.name, 2);
      expect(
        (await search(firstTwo)).map((r) => r.id),
        `${p.name}: ${firstTwo}`,
      ).toContain(p.id);
    }
    // the example the list page's search hint shows (「초성으로도 찾아요: ㅅㅇㄷ」), as the page says it
    const ko = JSON.parse(readFileSync(new URL('../../../../web/src/features/projects/i18n/ko.json', import.meta.url), 'utf8'));
    const example = /[ㄱ-ㅎ]{2,}/.exec(ko.filters.searchHint as string)?.[0];
    expect(example).toBeTruthy();
    expect((await search(example!)).length, example).toBeGreaterThan(0);
  });
});
