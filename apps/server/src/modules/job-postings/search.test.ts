import { addDays, seoulDate } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser, importPostings, posting, search, type TestUser } from './test-helpers.ts';
import { textSearch } from './search-repo.ts';

let t: TestApp;
let admin: TestUser;
const today = seoulDate(new Date());
const day = (n: number) => addDays(today, n);
const ids: Record<string, string> = {};

// A hand-made market: titles, companies, levels, modes, salaries and dates chosen so every
// filter and sort below has one known answer.
const data = {
  A: posting({
    title: '자바 백엔드 개발자',
    company: { name: '한빛페이' },
    experienceLevel: 'JUNIOR',
    location: '서울 강남구',
    workMode: 'ONSITE',
    salaryMin: 50_000_000,
    salaryMax: 70_000_000,
    requiredSkills: ['Java', 'Spring'],
    preferredSkills: ['Kafka'],
    postedAt: day(-5),
    validThrough: day(20),
  }),
  B: posting({
    title: '[신입] 백엔드 개발자 (Kotlin)',
    company: { name: '오로라모빌리티' },
    experienceLevel: 'ENTRY',
    location: '판교',
    workMode: 'REMOTE',
    requiredSkills: ['Kotlin', 'Spring Boot'],
    preferredSkills: ['AWS'],
    postedAt: day(-3),
    validThrough: day(3),
  }),
  C: posting({
    title: '프론트엔드 엔지니어 (React)',
    company: { name: '(주)한빛페이' },
    experienceLevel: 'MID',
    employmentType: 'CONTRACT',
    location: '서울 마포구',
    workMode: 'HYBRID',
    salaryMin: 60_000_000,
    salaryMax: 90_000_000,
    requiredSkills: ['JavaScript', 'React'],
    preferredSkills: ['TypeScript'],
    postedAt: day(-4),
    validThrough: null,
  }),
  D: posting({
    title: '결제 시스템 엔지니어',
    company: { name: '미리내뱅크' },
    experienceLevel: 'SENIOR',
    location: '부산 해운대구',
    workMode: 'ONSITE',
    salaryMin: 90_000_000,
    salaryMax: 120_000_000,
    requiredSkills: ['Go', 'k8s'],
    postedAt: day(-2),
    validThrough: day(40),
  }),
  E: posting({
    title: '데이터 분석가',
    company: { name: '구름데이터' },
    experienceLevel: 'ANY',
    employmentType: 'PART_TIME',
    location: '대전 유성구',
    workMode: 'REMOTE',
    salaryMin: 30_000_000,
    salaryMax: 40_000_000,
    requiredSkills: ['SQL', 'Python'],
    preferredSkills: ['Tableau'],
    postedAt: day(-1),
    validThrough: day(10),
  }),
  F: posting({
    title: '[신입] 백엔드 인턴',
    company: { name: '구름데이터' },
    experienceLevel: 'ENTRY',
    employmentType: 'INTERN',
    workMode: 'REMOTE',
    location: '',
    requiredSkills: ['Java'],
    postedAt: day(-30),
    validThrough: day(-1),
  }),
  G: posting({
    title: 'iOS 개발자',
    company: { name: '미리내뱅크' },
    experienceLevel: 'MID',
    requiredSkills: ['Swift'],
    postedAt: day(-6),
    active: false,
  }),
};
type Key = keyof typeof data;
const keysOf = (page: { content: Array<Record<string, any>> }) =>
  page.content.map((p) => (Object.keys(ids) as Key[]).find((k) => ids[k] === p.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  const run = await importPostings(t, admin, Object.values(data));
  expect(run).toMatchObject({ status: 'SUCCEEDED', created: 7, rejected: 0 });
  for (const [k, v] of Object.entries(data)) {
    const r = await t.ctx.db.execute<{ id: string }>(sql`select id from job_postings where source_url = ${v.sourceUrl}`);
    ids[k] = r.rows[0]!.id;
  }
});
afterAll(() => t.close());

describe('filters', () => {
  it('shows open postings by default, newest first; activeOnly=false adds the expired and the closed one', async () => {
    expect(keysOf(await search(t, ''))).toEqual(['E', 'D', 'B', 'C', 'A']);
    const all = await search(t, 'activeOnly=false&size=20');
    expect(all.totalElements).toBe(7);
    const f = all.content.find((p) => p.id === ids.F)!;
    expect(f).toMatchObject({ active: false, closedReason: 'EXPIRED' });
    expect(all.content.find((p) => p.id === ids.G)).toMatchObject({ active: false, closedReason: 'CLOSED' });
  });

  it('each filter narrows on the server; values within one filter are alternatives', async () => {
    const company = (await search(t, 'company=' + (await search(t, 'q=자바')).content[0]!.company.id)).content;
    expect(company.map((p) => p.id).sort()).toEqual([ids.A, ids.C].sort()); // "(주)한빛페이" is the same company
    expect(keysOf(await search(t, 'skill=JS'))).toEqual(['C']); // alias → javascript
    expect(keysOf(await search(t, 'skill=java&skill=go'))).toEqual(['D', 'A']);
    expect(keysOf(await search(t, 'experience=ENTRY'))).toEqual(['B']);
    expect(keysOf(await search(t, 'employmentType=CONTRACT'))).toEqual(['C']);
    expect(keysOf(await search(t, 'region=BUSAN'))).toEqual(['D']);
    expect(keysOf(await search(t, 'region=GYEONGGI'))).toEqual(['B']); // 판교
    expect(keysOf(await search(t, 'workMode=REMOTE'))).toEqual(['E', 'B']);
    // a salary floor keeps postings that can pay it; unknown salaries are left out
    expect(keysOf(await search(t, 'salaryMin=80000000'))).toEqual(['D', 'C']);
  });

  it('combines filters (AND across, OR within)', async () => {
    expect(keysOf(await search(t, 'experience=ENTRY&workMode=REMOTE'))).toEqual(['B']);
    expect(keysOf(await search(t, 'experience=ENTRY&experience=ANY&workMode=REMOTE'))).toEqual(['E', 'B']);
    expect(keysOf(await search(t, 'workMode=REMOTE&activeOnly=false'))).toEqual(['E', 'B', 'F']);
    expect(keysOf(await search(t, 'q=ㅂㅇㄷ&experience=ENTRY&workMode=REMOTE'))).toEqual(['B']);
    expect((await search(t, 'skill=java&workMode=HYBRID')).totalElements).toBe(0);
  });

  it('refuses bad parameters with 400, never 500', async () => {
    for (const qs of [
      'experience=NOPE',
      'size=1000',
      'page=-1',
      'company=not-a-uuid',
      'salaryMin=-5',
      `q=${encodeURIComponent('a\u0000b')}`,
      'sort=title',
      `q=${'가'.repeat(101)}`,
    ]) {
      const r = await t.call({ method: 'GET', url: `/api/job-postings?${qs}` });
      expect(r.status, qs).toBe(400);
      expect(r.body.error.code).toMatch(/^VAL-200/);
    }
  });
});

describe('Korean search', () => {
  it('finds a two-syllable word, a word being typed, 초성 and Latin text', async () => {
    expect(keysOf(await search(t, 'q=자바'))).toEqual(['A', 'C']); // 자바스크립트 (C's skill) contains 자바; the title match ranks first
    expect(keysOf(await search(t, `q=${encodeURIComponent('결ㅈ')}`))).toEqual(['D']);
    expect(keysOf(await search(t, `q=${encodeURIComponent('ㅂㅇㄷ')}`)).sort()).toEqual(['A', 'B']);
    expect(keysOf(await search(t, 'q=REACT'))).toEqual(['C']);
    expect(keysOf(await search(t, 'q=코틀린'))).toEqual(['B']); // the skill's Korean alias is searchable
    expect(keysOf(await search(t, `q=${encodeURIComponent('백엔드 코틀린')}`))).toEqual(['B']); // every word must match
    expect(keysOf(await search(t, 'q=신입'))).toEqual(['B']); // level labels are searchable too
    expect((await search(t, 'q=100%25')).totalElements).toBe(0);
  });

  it('ranks by similarity: the closer title comes first', async () => {
    const r = await search(t, `q=${encodeURIComponent('백엔드 개발자')}`);
    expect(keysOf(r)).toEqual(['A', 'B']); // '자바 백엔드 개발자' is shorter, so more similar
  });

  it('answers a two-syllable and a 초성 query from the trigram indexes', async () => {
    for (const [q, index] of [
      ['자바', 'job_postings_search_jamo_trgm'],
      ['ㅂㅇㄷ', 'job_postings_search_choseong_trgm'],
    ] as const) {
      const s = textSearch(q)!;
      const plan = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute<{ 'QUERY PLAN': string }>(sql`explain select id from job_postings where ${s.where}`);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
    }
  });
});

describe('sorts, paging and detail', () => {
  it('sorts by deadline (open-ended last) and by date either way; pages per GUIDE §2', async () => {
    expect(keysOf(await search(t, 'sort=validThrough'))).toEqual(['B', 'E', 'A', 'D', 'C']);
    expect(keysOf(await search(t, 'sort=postedAt,asc'))).toEqual(['A', 'C', 'B', 'D', 'E']);
    const p1 = await search(t, 'size=2&page=1');
    expect(p1).toMatchObject({ number: 1, totalElements: 5, totalPages: 3, first: false, last: false });
    expect(keysOf(p1)).toEqual(['B', 'C']);
    expect(await search(t, 'size=2&page=2')).toMatchObject({ last: true, totalExact: true });
    expect(await search(t, 'size=2&page=5')).toMatchObject({ content: [], totalElements: 5, totalExact: true }); // past the end: still the true total
  });

  it('sort by match without a skill profile falls back to newest; guests never get a score', async () => {
    const r = await search(t, 'sort=match');
    expect(keysOf(r)).toEqual(['E', 'D', 'B', 'C', 'A']);
    expect(r.content.every((p) => p.match === null && p.bookmarked === false)).toBe(true);
  });

  it('returns one posting in full; an unknown id is 404', async () => {
    const r = await t.call({ method: 'GET', url: `/api/job-postings/${ids.A}` });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      title: '자바 백엔드 개발자',
      company: { name: '한빛페이' },
      experienceLevel: 'JUNIOR',
      experienceMin: 1,
      experienceMax: 3,
      region: 'SEOUL',
      requiredSkills: [
        { id: 'java', name: 'Java', category: 'LANGUAGE' },
        { id: 'springboot', name: 'Spring Boot', category: 'BACKEND' },
      ],
      preferredSkills: [{ id: 'kafka', name: 'Kafka' }],
      sourceUrl: data.A.sourceUrl,
      active: true,
    });
    expect(r.body.data.search_jamo ?? r.body.data.searchJamo).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/api/job-postings/00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/job-postings/nope' })).status).toBe(400);
  });
});

describe('facets and hub counts', () => {
  it('count each facet with the other filters applied, not its own', async () => {
    const r = await t.call({ method: 'GET', url: '/api/job-postings/facets?workMode=REMOTE' });
    expect(r.status).toBe(200);
    const f = r.body.data;
    expect(f.total).toBe(2);
    const asMap = (list: Array<{ value: string; count: number }>) => Object.fromEntries(list.map((x) => [x.value, x.count]));
    expect(asMap(f.workMode)).toEqual({ ONSITE: 2, HYBRID: 1, REMOTE: 2 });
    expect(asMap(f.experience)).toEqual({ ENTRY: 1, ANY: 1 });
    expect(f.companies.map((c: { label: string; count: number }) => [c.label, c.count]).sort()).toEqual([
      ['구름데이터', 1],
      ['오로라모빌리티', 1],
    ]);
    expect(f.skills.find((s: { value: string }) => s.value === 'springboot')).toMatchObject({ label: 'Spring Boot', count: 1 });
    expect(f.experience.find((e: { value: string }) => e.value === 'ENTRY').label).toBe('신입');
    const text = await t.call({ method: 'GET', url: `/api/job-postings/facets?q=${encodeURIComponent('ㅂㅇㄷ')}` });
    expect(text.body.data.total).toBe(2);
    expect(asMap(text.body.data.experience)).toEqual({ JUNIOR: 1, ENTRY: 1 });
  });

  it('gives the hub its live counts over open postings', async () => {
    const r = await t.call({ method: 'GET', url: '/api/job-postings/stats' });
    expect(r.body.data).toMatchObject({ activePostings: 5, companies: 4, newThisWeek: 5, closingSoon: 1, remote: 2, entry: 1 });
    expect(r.body.data.topSkills.length).toBeGreaterThan(0);
  });
});
