// The navigator's search on a few thousand generated postings, where its cheap paths take over
// (the probe of the newest postings, the estimate of a broad total, the facet-index fence for
// narrow filters): every page must equal the plain definition written straight in SQL — the
// newest RESCORE_WINDOW matches re-ranked by title similarity, or every match in the asked
// order — and every total is the true count, or, when marked inexact, a broad one.
import { jobPostingInput, seoulDate } from '@moim/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { SkillCatalogue, resolveCompany } from './catalogue-repo.ts';
import { generateDemoPostings } from './demo-data.ts';
import { preparePosting } from './posting-repo.ts';
import { jobPostings, type JobCompanyRow } from './schema.ts';
import {
  EXACT_COUNT_LIMIT,
  PROBE_ROWS,
  RESCORE_WINDOW,
  conditions,
  facetCounts,
  searchIds,
  textSearch,
  type SearchFilters,
} from './search-repo.ts';

const N = 2_500;
let t: TestApp;
const now = new Date();
const none: SearchFilters = { company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [], activeOnly: true };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const catalogue = new SkillCatalogue(db);
  await catalogue.ready();
  const items = generateDemoPostings({ count: N, seed: 99, today: seoulDate(now), urlBase: 'https://scale.example.com' }).map((i) =>
    jobPostingInput.parse(i),
  );
  const companies = new Map<string, JobCompanyRow>();
  for (const i of items) if (!companies.has(i.company.name)) companies.set(i.company.name, await resolveCompany(db, i.company));
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
  for (let k = 0; k < rows.length; k += 500) await db.insert(jobPostings).values(rows.slice(k, k + 500));
  await t.ctx.database.exec('analyze job_postings');
}, 120_000);
afterAll(() => t.close());

const where = (c: SQL[]) => sql.join(c, sql` and `);

/** The plain definition: all matches counted, the page cut from them in SQL. */
async function reference(f: SearchFilters, sort: 'relevance' | 'validThrough', page: number, size: number) {
  const db = t.ctx.db;
  const c = conditions(f, now);
  const total = Number(
    (await db.execute<{ n: string | number }>(sql`select count(*) as n from job_postings where ${where(c)}`)).rows[0]!.n,
  );
  const text = textSearch(f.q);
  const r =
    sort === 'relevance' && text && (page + 1) * size <= RESCORE_WINDOW
      ? await db.execute<{ id: string }>(sql`select id from (
          select id, posted_at, ${text.rank} as rank from job_postings where ${where(c)} order by posted_at desc, id limit ${RESCORE_WINDOW}
        ) w order by rank desc, posted_at desc, id limit ${size} offset ${page * size}`)
      : await db.execute<{ id: string }>(
          sql`select id from job_postings where ${where(c)}
              order by ${sort === 'validThrough' ? sql`valid_through asc nulls last, posted_at desc, id` : sql`posted_at desc, id`}
              limit ${size} offset ${page * size}`,
        );
  return { ids: r.rows.map((x) => x.id), total };
}

async function check(f: SearchFilters, sort: 'relevance' | 'validThrough', page = 0, size = 20) {
  const mine = await searchIds(t.ctx.db, f, { now, sort, dir: sort === 'validThrough' ? 'asc' : 'desc', page, size });
  const ref = await reference(f, sort, page, size);
  expect(mine.ids, `${f.q} ${sort} page ${page}`).toEqual(ref.ids);
  if (mine.exact) expect(mine.total, `${f.q} total`).toBe(ref.total);
  else {
    // an estimate only for a broad search, and a sane one
    expect(ref.total).toBeGreaterThan(EXACT_COUNT_LIMIT / 2);
    expect(mine.total).toBeGreaterThan(ref.total / 3);
    expect(mine.total).toBeLessThan(ref.total * 3);
  }
  return { mine, ref };
}

describe(`search over ${N.toLocaleString('en')} generated postings`, () => {
  it('broad words: the probe fills the rescore window; pages and totals match the plain definition', async () => {
    let estimated = 0;
    for (const q of ['자바', 'ㅂㅇㄷ', '개발', '정규직', 'ㅈㄱㅈ', '백엔드 개발자']) {
      for (const page of [0, 1, 4, 5]) {
        const { mine, ref } = await check({ ...none, q }, 'relevance', page);
        if (page === 0) expect(ref.total, q).toBeGreaterThan(RESCORE_WINDOW); // the window is full
        if (!mine.exact) estimated++;
      }
    }
    expect(estimated).toBeGreaterThan(0); // at least one word is broad enough to be estimated
  });

  it('rarer words: fewer matches than the window among the newest postings, found through the index', async () => {
    for (const q of ['결ㅈ', '쿠버네티스', 'ㄷㅇㅌ ㅂㅅ', '부산', '인턴', 'zzzq']) {
      await check({ ...none, q }, 'relevance');
      await check({ ...none, q }, 'relevance', 1, 10);
    }
  });

  it('the probe reads at most PROBE_ROWS postings, so a search over fewer postings is exact', async () => {
    expect(N).toBeGreaterThan(PROBE_ROWS); // the marker row is reachable here
    const { mine } = await check({ ...none, q: '자바', company: [], region: ['BUSAN'] }, 'relevance');
    expect(mine.exact).toBe(true);
  });

  it('text with narrow filters (the facet-index fence) and with broad ones, in each sort', async () => {
    const combos: SearchFilters[] = [
      {
        ...none,
        q: '백엔드',
        experience: ['ENTRY', 'JUNIOR'],
        workMode: ['REMOTE', 'HYBRID'],
        skill: ['java', 'kotlin'],
        salaryMin: 40_000_000,
      },
      { ...none, q: '자바', skill: ['java'] },
      { ...none, q: 'ㅍㄹㅌ', workMode: ['HYBRID'] },
      { ...none, q: '개발', salaryMin: 45_000_000 },
      { ...none, q: '데이터', region: ['SEOUL'], activeOnly: false },
    ];
    for (const f of combos) {
      await check(f, 'validThrough');
      await check(f, 'validThrough', 2, 10);
      await check(f, 'relevance');
    }
  });
});

describe('facet counts over many postings: a sample of the newest, scaled (search-repo.ts facetCounts)', () => {
  // the counts of every value, exact (read-cost.test.ts checks these against the plain statements)
  const exactOf = (f: SearchFilters) => facetCounts(t.ctx.db, f, now, Number.MAX_SAFE_INTEGER);

  it.each([undefined, '개발자', '백엔드'])(
    'q=%s: marked as estimates, each close to the true count, the largest values kept in order',
    async (q) => {
      const f = { ...none, q };
      const exact = await exactOf(f);
      expect(exact.exact).toBe(true);
      const est = await facetCounts(t.ctx.db, f, now, 800);
      expect(est.exact).toBe(false);
      // a newest-first sample of 800 out of ~2,100 open postings, scaled by their count
      expect(est.total).toBeGreaterThan(exact.total * 0.67);
      expect(est.total).toBeLessThan(exact.total * 1.5);
      for (const key of ['experience', 'workMode', 'employmentType', 'region', 'skills', 'companies'] as const) {
        const truth = new Map(exact[key].map((x) => [x.value, x.count]));
        for (const v of est[key]) {
          const real = truth.get(v.value);
          // every value shown exists (skills and companies list only their most common values)
          if (key !== 'skills' && key !== 'companies') expect(real, `${key} ${v.value}`).toBeGreaterThan(0);
          // a common one (a tenth of the matches or more) is near its count
          if (real !== undefined && real >= exact.total / 10) {
            expect(v.count, `${key} ${v.value}`).toBeGreaterThan(real * 0.6);
            expect(v.count, `${key} ${v.value}`).toBeLessThan(real * 1.6);
          }
        }
        // the value shown first is truly among the most common (at least 60 % of the largest count)
        if (est[key][0]) expect(truth.get(est[key][0].value) ?? 0, key).toBeGreaterThanOrEqual(exact[key][0]!.count * 0.6);
      }
    },
  );

  it('counts exactly when the filters no facet owns leave fewer postings than the sample, or the sample reads them all', async () => {
    const few = { ...none, salaryMin: 90_000_000 };
    expect(await facetCounts(t.ctx.db, few, now, 800)).toEqual(await exactOf(few));
    // every open posting fits in the sample: read whole, exact
    const all = await facetCounts(t.ctx.db, none, now, N);
    expect(all.exact).toBe(true);
    expect(all).toEqual(await exactOf(none));
  });
});
