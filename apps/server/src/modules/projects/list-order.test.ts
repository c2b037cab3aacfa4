/**
 * The list's orders over more projects than a page reads (project-read-repo.ts `pageSubquery`):
 * the deadline order read in two parts (recruiting by deadline, the rest newest first) and
 * relevance. Every page of every size, walked to the end,
 * must give the rule's order (written here as plain SQL) with each project exactly once.
 * Relevance (where the query first appears in the searchable text) is tested here on a real
 * mixture of names; the deadline order over all statuses and page sizes.
 */
import { addDays, type ProjectStatus } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { parseKoreanQuery, searchColumnsOf } from '../../search/korean-search.ts';
import { insertProjectsBulk } from './project-repo.ts';
import { projectsKnobs } from './projects-test-kit.ts';
import { person, today } from './test-helpers.ts';

let t: TestApp;
const STATUSES: ProjectStatus[] = ['RECRUITING', 'IN_PROGRESS', 'RECRUITING', 'COMPLETED', 'CANCELLED', 'RECRUITING', 'DRAFT'];
const N = 360;

beforeAll(async () => {
  t = await createTestApp();
  const knobs = projectsKnobs(t.ctx);
  knobs.setReadCacheTtl(0);
  knobs.setListTotalsTtl(0);
  const owner = await person(t, { name: '주인' });
  const base = Date.now() - N * 60_000;
  const rows = Array.from({ length: N }, (_, i) => {
    // the query at the start of the name, further in the name, and only in the pitch
    const name = i % 3 === 0 ? `캘린더 ${i}` : i % 3 === 1 ? `팀 캘린더 공유 도구 ${i}` : `가계부 앱 ${i}`;
    const tagline = i % 3 === 2 && i % 2 === 0 ? '캘린더와 연동되는 가계부' : '';
    const status = STATUSES[i % STATUSES.length]!;
    return {
      slug: `order-${i}`,
      name,
      type: 'SIDE_PROJECT' as const,
      status,
      ownerId: owner.id,
      meetingType: 'ONLINE' as const,
      // recruiting and open-ended ones, deadlines shared by several projects, and deadlines on
      // projects no longer recruiting (ignored by the order)
      recruitmentDeadline: i % 5 === 0 ? null : addDays(today(), (i * 7) % 13),
      deleted: i % 41 === 0,
      createdAt: new Date(base + ((i * 37) % N) * 60_000),
      tagline,
      ...searchColumnsOf(name, tagline),
    };
  });
  await insertProjectsBulk(t.ctx.db, rows, []);
  await t.ctx.db.execute(sql`analyze projects`);
});
afterAll(() => t.close());

/** Every page of `query` at `size`, in order, and the totals the pages gave. */
async function walk(query: string, size: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 0; ; page++) {
    const r = await t.call({ method: 'GET', url: `/api/projects?${query}&size=${size}&page=${page}` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const data = r.body.data as { content: { id: string }[]; totalElements: number; last: boolean };
    ids.push(...data.content.map((c) => c.id));
    totals.add(data.totalElements);
    if (data.last || data.content.length === 0) break;
  }
  return { ids, totals: [...totals] };
}

/** The rule's order as plain SQL over the listed (or asked) statuses. */
async function expected(statuses: string[], order: string, where = 'true', params: unknown[] = []): Promise<string[]> {
  const r = await t.ctx.database.exec(
    `select id from projects where not deleted and status <> 'DRAFT' and status = any($1::text[]) and ${where} order by ${order}`,
    [statuses, ...params],
  );
  return r.rows.map((x) => String(x.id));
}

const LISTED = ['RECRUITING', 'IN_PROGRESS', 'COMPLETED'];
const DEADLINE = `case when status = 'RECRUITING' then 0 else 1 end,
  case when status = 'RECRUITING' then recruitment_deadline end asc nulls last, created_at desc, id desc`;

describe('the deadline order', () => {
  it.each([
    ['', LISTED],
    ['&status=RECRUITING', ['RECRUITING']],
    ['&status=RECRUITING&status=COMPLETED', ['RECRUITING', 'COMPLETED']],
    ['&status=IN_PROGRESS&status=CANCELLED', ['IN_PROGRESS', 'CANCELLED']],
  ])(
    'gives recruiting projects by closest deadline (open-ended after), then the rest newest first, every page%s',
    async (filter, statuses) => {
      const want = await expected(statuses, DEADLINE);
      expect(want.length).toBeGreaterThan(40);
      for (const size of [7, 20, 100]) {
        const got = await walk(`sort=deadline,asc${filter}`, size);
        expect(got.ids, `size ${size}`).toEqual(want);
        expect(got.totals).toEqual([want.length]);
      }
    },
  );
});

describe('relevance', () => {
  it('puts the projects whose name holds the query before those whose pitch does, newest first among equals, every page', async () => {
    for (const q of ['캘린더', 'ㅋㄹㄷ']) {
      const parsed = parseKoreanQuery(q)!;
      const column = parsed.kind === 'choseong' ? 'search_choseong' : 'search_jamo';
      const want = await expected(LISTED, `strpos(${column}, $3) asc, created_at desc, id desc`, `${column} like $2`, [
        `%${parsed.needle}%`,
        parsed.needle,
      ]);
      expect(want.length).toBeGreaterThan(150);
      const got = await walk(`sort=relevance,desc&q=${encodeURIComponent(q)}`, 30);
      expect(got.ids, q).toEqual(want);
      expect(got.totals).toEqual([want.length]);
      // by name: the name that starts with the word, then the one that holds it, then the pitch's
      const names = await t.call({ method: 'GET', url: `/api/projects?sort=relevance,desc&q=${encodeURIComponent(q)}&size=100` });
      const kinds = (names.body.data as { content: { name: string }[] }).content.map((c) =>
        c.name.startsWith('캘린더') ? 0 : c.name.includes('캘린더') ? 1 : 2,
      );
      expect(kinds).toEqual([...kinds].sort());
      expect(new Set(kinds)).toEqual(new Set([0, 1]));
      const last = await walk(`sort=relevance,desc&q=${encodeURIComponent(q)}`, 100);
      expect(last.ids.length).toBe(want.length);
    }
  });
});
