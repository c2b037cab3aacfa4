// The navigator's cheaper reads (docs/job-postings.md "Server cost"):
// - facet counts in one statement over the matches (search-repo.ts `facetCounts`) equal the plain
//   definition — each facet's column grouped with every filter but its own, one statement per
//   facet — on generated postings, over words, 초성, each facet filter and mixes of them;
// - a guest's page comes from the read cache until a posting changes: an import, the back
//   office's form and the expiry sweep each show at once, also on a second instance when Redis
//   is there; a member's page never comes from it.
import { envelope, jobPostingInput, jobPostingPage, seoulDate, type JobPostingInput } from '@moim/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { SkillCatalogue, resolveCompany } from './catalogue-repo.ts';
import { generateDemoPostings } from './demo-data.ts';
import { preparePosting } from './posting-repo.ts';
import { summaryRows, summaryRowsByIds } from './repo.ts';
import { jobCompanies, jobPostings as p, type JobCompanyRow } from './schema.ts';
import { conditions, facetCounts, type FacetKey, type SearchFilters } from './search-repo.ts';
import { createUser, importPostings, jobsApi, posting, search, type TestUser } from './test-helpers.ts';

const now = new Date();
const none: SearchFilters = { company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [], activeOnly: true };

describe('facet counts in one statement', () => {
  let t: TestApp;
  let companyIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.ctx.db;
    const catalogue = new SkillCatalogue(db);
    await catalogue.ready();
    const items = generateDemoPostings({ count: 600, seed: 7, today: seoulDate(now), urlBase: 'https://facets.example.com' }).map((i) =>
      jobPostingInput.parse(i),
    );
    const companies = new Map<string, JobCompanyRow>();
    for (const i of items) if (!companies.has(i.company.name)) companies.set(i.company.name, await resolveCompany(db, i.company));
    companyIds = [...companies.values()].map((c) => c.id);
    const ids = new Map<string, string>();
    for (const n of new Set(items.flatMap((i) => [...i.requiredSkills, ...i.preferredSkills])))
      ids.set(n, (await catalogue.resolve(db, [n]))[0]!);
    const rows = items.map(
      (i) =>
        preparePosting(
          i,
          companies.get(i.company.name)!,
          { required: i.requiredSkills.map((n) => ids.get(n)!), preferred: i.preferredSkills.map((n) => ids.get(n)!) },
          catalogue,
          { now },
        ).values,
    );
    for (let k = 0; k < rows.length; k += 300) await db.insert(p).values(rows.slice(k, k + 300));
  }, 120_000);
  afterAll(() => t.close());

  const where = (c: SQL[]) => (c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``);

  /** The plain definition: one grouping statement per facet, its own filter left out. */
  async function reference(f: SearchFilters) {
    const db = t.ctx.db;
    const group = async (key: FacetKey, column: SQL, limit: number) =>
      (
        await db.execute<{ value: string; n: string | number }>(
          sql`select ${column} as value, count(*) as n from ${p} ${where(conditions(f, now, key))} group by 1 having ${column} is not null order by 2 desc, 1 limit ${limit}`,
        )
      ).rows.map((r) => [r.value, Number(r.n)]);
    const total = (await db.execute<{ n: string | number }>(sql`select count(*) as n from ${p} ${where(conditions(f, now))}`)).rows[0]!.n;
    const companies = (
      await db.execute<{ value: string; n: string | number }>(
        sql`select c.id as value, c.name as label, count(*) as n from ${p} join ${jobCompanies} c on c.id = ${p.companyId}
          ${where(conditions(f, now, 'company'))} group by c.id, c.name order by 3 desc, 2 limit 20`,
      )
    ).rows.map((r) => [r.value, Number(r.n)]);
    const skills = (
      await db.execute<{ value: string; n: string | number }>(
        sql`select s as value, count(*) as n from ${p}, unnest(${p.requiredSkills} || ${p.preferredSkills}) as s
          ${where(conditions(f, now, 'skill'))} group by 1 order by 2 desc, 1 limit 30`,
      )
    ).rows.map((r) => [r.value, Number(r.n)]);
    return {
      total: Number(total),
      companies,
      skills,
      experience: await group('experience', sql`${p.experienceLevel}`, 10),
      employmentType: await group('employmentType', sql`${p.employmentType}`, 10),
      workMode: await group('workMode', sql`${p.workMode}`, 10),
      region: await group('region', sql`${p.region}`, 20),
    };
  }

  it('equal the plain definition for words, 초성 and every kind of filter', async () => {
    const cases: SearchFilters[] = [
      none,
      { ...none, q: '자바' },
      { ...none, q: 'ㅂㅇㄷ' },
      { ...none, q: '백엔드 서울' },
      { ...none, workMode: ['REMOTE'] },
      { ...none, q: '자바', workMode: ['REMOTE', 'HYBRID'], experience: ['ENTRY', 'JUNIOR'] },
      { ...none, skill: ['java', 'kotlin'], region: ['SEOUL'], salaryMin: 40_000_000 },
      { ...none, company: companyIds.slice(0, 3), employmentType: ['FULL_TIME', 'CONTRACT'], activeOnly: false },
      {
        ...none,
        q: '개발',
        company: companyIds.slice(0, 5),
        skill: ['react'],
        experience: ['MID'],
        employmentType: ['FULL_TIME'],
        region: ['SEOUL', 'GYEONGGI'],
        workMode: ['ONSITE'],
        salaryMin: 30_000_000,
      },
      { ...none, q: '없는단어없음' },
    ];
    for (const f of cases) {
      const mine = await facetCounts(t.ctx.db, f, now);
      const pairs = (rows: Array<{ value: string; count: number }>) => rows.map((r) => [r.value, r.count]);
      const ref = await reference(f);
      expect(
        {
          total: mine.total,
          companies: pairs(mine.companies),
          skills: pairs(mine.skills),
          experience: pairs(mine.experience),
          employmentType: pairs(mine.employmentType),
          workMode: pairs(mine.workMode),
          region: pairs(mine.region),
        },
        JSON.stringify(f),
      ).toEqual(ref);
    }
    // the labels: company names, skill names, Korean labels of the enums
    const labelled = await t.call({ method: 'GET', url: '/api/job-postings/facets?workMode=REMOTE' });
    const f = labelled.body.data as {
      companies: Array<{ value: string; label: string }>;
      experience: Array<{ value: string; label: string }>;
    };
    const names = new Map((await t.ctx.db.select().from(jobCompanies)).map((c) => [c.id, c.name]));
    for (const c of f.companies) expect(c.label).toBe(names.get(c.value));
    expect(f.experience.find((e) => e.value === 'ENTRY')?.label).toBe('신입');
  });

  it('read a page’s cards by one prepared statement, the same rows as the Drizzle read', async () => {
    const db = t.ctx.db;
    const all = await db.select({ id: p.id }).from(p).orderBy(p.postedAt).limit(40);
    const ids = all.map((r) => r.id);
    // a lapsed posting (open, its date passed), a closed one, salaries past 2³¹ and none
    await db.execute(sql`update ${p} set valid_through = now() - interval '1 day' where id = ${ids[0]}`);
    await db.execute(sql`update ${p} set active = false, closed_reason = 'CLOSED' where id = ${ids[1]}`);
    await db.execute(sql`update ${p} set salary_min = 3000000000, salary_max = null where id = ${ids[2]}`);
    await db.execute(sql`update ${p} set salary_min = null, salary_max = null where id = ${ids[3]}`);
    await db
      .update(jobCompanies)
      .set({ nameEn: 'Quote "Co"', logoUrl: 'https://logo.example.com/a.png' })
      .where(sql`true`);
    // in the order asked, an unknown id left out, a repeated id twice
    const asked = [...ids.slice(0, 25).reverse(), '00000000-0000-4000-8000-000000000000', ids[5]!];
    const raw = await summaryRows(db, asked);
    expect(raw).toEqual(await summaryRowsByIds(db, asked));
    expect(raw.map((r) => r.id)).toEqual(asked.filter((id) => ids.includes(id)));
    expect(raw.find((r) => r.id === ids[2])!.salaryMin).toBe(3_000_000_000);
    expect(raw[0]!.postedAt).toBeInstanceOf(Date);
    expect(await summaryRows(db, [])).toEqual([]);
  });

  it('write a guest’s page as the route’s schema serializes it', async () => {
    const serialize = serializerCompiler({ schema: envelope(jobPostingPage), method: 'GET', url: '/api/job-postings' }) as (
      x: unknown,
    ) => string;
    const pages = [
      '',
      '?activeOnly=false&size=50',
      `?q=${encodeURIComponent('자바')}`,
      `?q=${encodeURIComponent('ㅂㅇㄷ')}&page=1`,
      '?sort=validThrough,asc&workMode=REMOTE&workMode=HYBRID',
      `?q=${encodeURIComponent('없는단어없음')}`,
      '?page=500',
    ];
    let cards = 0;
    for (const qs of pages) {
      const r = await t.app.inject({ method: 'GET', url: `/api/job-postings${qs}` });
      expect(r.statusCode, qs).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(r.body) as { data: { content: Array<{ active: boolean; closedReason: string | null }> } };
      cards += body.data.content.length;
      // the same bytes: the schema's keys, in its order, nothing else, every value valid
      expect(r.body, qs).toBe(serialize(body));
    }
    expect(cards).toBeGreaterThan(60);
    const closed = await search(t, 'activeOnly=false&size=100&sort=postedAt,asc');
    const shown = closed.content as Array<{ active: boolean; closedReason: string | null }>;
    expect(shown.some((c) => c.closedReason === 'EXPIRED' && !c.active)).toBe(true);
    expect(shown.some((c) => c.closedReason === 'CLOSED' && !c.active)).toBe(true);
  });
});

describe('the guests’ read cache', () => {
  let t: TestApp;
  let second: TestApp | null = null;
  let admin: TestUser;
  let member: TestUser;
  const word = '캐시확인용공고';
  const titled = (over: Partial<JobPostingInput> = {}) => posting({ title: `${word} 백엔드`, ...over });

  beforeAll(async () => {
    t = await createTestApp({ env: { JOB_POSTINGS_READ_CACHE_MS: '60000' } });
    admin = await createUser(t, { admin: true });
    member = await createUser(t);
    if (process.env.REDIS_URL) second = await createTestApp({ instanceOf: t, env: { JOB_POSTINGS_READ_CACHE_MS: '60000' } });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const q = `q=${encodeURIComponent(word)}`;

  it('keeps a guest’s page until a posting changes, then shows the change at once', async () => {
    expect((await search(t, q)).totalElements).toBe(0);
    if (second) expect((await search(second, q)).totalElements).toBe(0);
    await importPostings(t, admin, [titled()]);
    expect((await search(t, q)).totalElements).toBe(1);
    // another instance hears of the change through Redis
    if (second) await expect.poll(async () => (await search(second!, q)).totalElements).toBe(1);
    // the same query written another way is the same page
    expect((await search(t, `q=${encodeURIComponent(`  ${word}  `)}`)).totalElements).toBe(1);
  });

  it('is left out for members: their page carries their own bookmarks', async () => {
    const [first] = (await search(t, q)).content;
    const mark = await t.call({ method: 'PUT', url: `/api/job-postings/${first!.id}/bookmark`, headers: member.headers });
    expect(mark.status).toBe(200);
    expect((await search(t, q, member)).content[0]).toMatchObject({ id: first!.id, bookmarked: true });
    expect((await search(t, q)).content[0]).toMatchObject({ id: first!.id, bookmarked: false });
  });

  it('follows the back office’s form and the expiry sweep', async () => {
    const before = await search(t, q);
    const id = before.content[0]!.id as string;
    // a row written straight into the database, past the services: the cached page does not see it
    await t.ctx.db.execute(sql`update job_postings set title = ${`${word} 몰래 바꾼 제목`} where id = ${id}`);
    expect((await search(t, q)).content[0]!.title).toBe(before.content[0]!.title);
    const detail = await t.call({ method: 'GET', url: `/api/job-postings/${id}` });
    expect(detail.status).toBe(200);
    const edited = await t.call({
      method: 'PUT',
      url: `/api/admin/job-postings/postings/${id}`,
      headers: admin.headers,
      payload: { ...editable(detail.body.data), title: `${word} 프론트엔드` },
    });
    expect(edited.status).toBe(200);
    expect((await search(t, q)).content[0]!.title).toBe(`${word} 프론트엔드`);
    // the deadline passes and the sweep closes it: the open list no longer has it
    await t.ctx.db.execute(sql`update job_postings set valid_through = now() - interval '1 hour' where id = ${id}`);
    expect(await jobsApi(t).expire()).toBe(1);
    expect((await search(t, q)).totalElements).toBe(0);
  });
});

/** A posting's detail as the back office's form takes it back. */
function editable(d: Record<string, any>): JobPostingInput {
  return {
    company: { name: d.company.name },
    title: d.title,
    employmentType: d.employmentType,
    experienceLevel: d.experienceLevel,
    location: d.location,
    workMode: d.workMode,
    requiredSkills: d.requiredSkills.map((s: { name: string }) => s.name),
    preferredSkills: d.preferredSkills.map((s: { name: string }) => s.name),
    sourceUrl: d.sourceUrl,
  };
}
