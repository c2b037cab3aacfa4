// Jobs navigator search at 100,000 generated postings (issue 15): p95 of a two-syllable Korean
// query ("자바"), a 초성 query ("ㅂㅇㄷ") and a combined filter query, each through the navigator's
// own search (searchIds: the page of ids and the total, exactly what GET /api/job-postings runs),
// next to the same queries written with plain ILIKE on the same data in the same run.
// Target: p95 ≤ 50 ms on PGlite (and, when DATABASE_URL is set, the same run on PostgreSQL in a
// database of its own). Next to each wall-clock figure: the CPU time of this process per query
// (on PGlite the database runs in it, so that figure does not grow with the machine's load) and
// the load average, because the shared machines are noisy. The plans of the statements the
// navigator ran are printed with EXPLAIN ANALYZE. BENCH_POSTINGS / BENCH_RUNS / BENCH_ILIKE_RUNS
// change the size.
import { loadavg } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { jobPostings } from '../apps/server/src/modules/job-postings/schema.ts';
import {
  FENCE_ROWS,
  FILTER_ESTIMATE_TTL_MS,
  PROBE_ROWS,
  RESCORE_WINDOW,
  conditions,
  facetCounts,
  searchIds,
  type SearchFilters,
} from '../apps/server/src/modules/job-postings/search-repo.ts';
import { seedPostings } from './job-data.ts';
import { benchDatabase, reportTarget, startBenchApp } from './support.ts';

const N = Number(process.env.BENCH_POSTINGS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const ILIKE_RUNS = Number(process.env.BENCH_ILIKE_RUNS ?? 20);
const TARGET_MS = 50;
const load = () => loadavg()[0]!.toFixed(1);
const dialect = new PgDialect();

let allMet = true;
for (const driver of process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']) {
  const pgdb = driver === 'postgres' ? await benchDatabase(process.env.DATABASE_URL!) : null;
  // PGlite even when DATABASE_URL is set: the PostgreSQL run uses a database of its own
  const s = pgdb ? await startBenchApp({}, undefined, pgdb.url) : await startBenchApp({ DATABASE_URL: '' });
  try {
    allMet = (await run(s, driver)) && allMet;
  } finally {
    await s.close();
    await pgdb?.drop();
  }
}
console.log(
  `\njob search at ${N.toLocaleString('en')} postings: target p95 ≤ ${TARGET_MS} ms ${allMet ? 'met for every query' : 'MISSED for at least one query'} (load average now ${load()})`,
);

async function run(s: Awaited<ReturnType<typeof startBenchApp>>, driver: string): Promise<boolean> {
  const db = s.ctx.db;
  const seeded = await seedPostings(s, N);
  const now = new Date();
  console.log(
    `\n=== ${driver}: inserted ${N.toLocaleString('en')} generated postings (indexes built after the load) in ${seeded.ms} ms; load average ${load()}`,
  );

  const none: SearchFilters = { company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [], activeOnly: true };
  type Case = { label: string; filters: SearchFilters; ilike: string; sort: 'relevance' | 'validThrough' };
  const cases: Case[] = [
    { label: "two syllables '자바' (relevance)", filters: { ...none, q: '자바' }, ilike: '자바', sort: 'relevance' },
    { label: "초성 'ㅂㅇㄷ' (relevance)", filters: { ...none, q: 'ㅂㅇㄷ' }, ilike: 'ㅂㅇㄷ', sort: 'relevance' },
    {
      label: "'백엔드' + 신입/주니어 + 원격/하이브리드 + Java/Kotlin + ≥4천만 (deadline)",
      filters: {
        ...none,
        q: '백엔드',
        experience: ['ENTRY', 'JUNIOR'],
        workMode: ['REMOTE', 'HYBRID'],
        skill: ['java', 'kotlin'],
        salaryMin: 40_000_000,
      },
      ilike: '백엔드',
      sort: 'validThrough',
    },
  ];

  // The same search written the plain way: ILIKE over the normalised text, exact count.
  const ilikeQuery = async (c: Case) => {
    const where = sql.join(
      [...conditions({ ...c.filters, q: undefined }, now), sql`${jobPostings.searchText} ilike ${`%${c.ilike}%`}`],
      sql` and `,
    );
    const order = c.sort === 'validThrough' ? sql`valid_through asc nulls last, posted_at desc, id` : sql`posted_at desc, id`;
    const page = await db.execute(sql`select id from job_postings where ${where} order by ${order} limit 20`);
    const count = await db.execute<{ n: string | number }>(sql`select count(*) as n from job_postings where ${where}`);
    return { ids: page.rows, total: Number(count.rows[0]!.n), exact: true };
  };
  const options = (c: Case) => ({
    now,
    sort: c.sort,
    dir: c.sort === 'validThrough' ? ('asc' as const) : ('desc' as const),
    page: 0,
    size: 20,
  });
  const navigatorQuery = (c: Case) => searchIds(db, c.filters, options(c));

  const measure = async (runs: number, fn: () => Promise<{ total: number; exact: boolean }>) => {
    for (let i = 0; i < 5; i++) await fn();
    const times: number[] = [];
    let last = { total: 0, exact: true };
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const a = performance.now();
      last = await fn();
      times.push(performance.now() - a);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((x, y) => x - y);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { p50: at(0.5), p95: at(0.95), cpu: (cpu.user + cpu.system) / 1000 / runs, ...last };
  };

  let met = true;
  for (const c of cases) {
    const before = load();
    const mine = await measure(RUNS, () => navigatorQuery(c));
    const plain = await measure(ILIKE_RUNS, () => ilikeQuery(c));
    const ok = mine.p95 <= TARGET_MS;
    met &&= ok;
    console.log(`\n${c.label}  [${driver}, load average ${before} → ${load()}]`);
    console.log(
      `  navigator   p50 ${mine.p50.toFixed(1).padStart(7)} ms   p95 ${mine.p95.toFixed(1).padStart(7)} ms   cpu ${mine.cpu.toFixed(1).padStart(6)} ms/query   total ${mine.exact ? '' : '≈'}${mine.total}   (${RUNS} runs)`,
    );
    console.log(
      `  plain ILIKE p50 ${plain.p50.toFixed(1).padStart(7)} ms   p95 ${plain.p95.toFixed(1).padStart(7)} ms   cpu ${plain.cpu.toFixed(1).padStart(6)} ms/query   total ${plain.total}${plain.total === 0 ? ' (ILIKE cannot read 초성)' : ''}   (${ILIKE_RUNS} runs)`,
    );
    console.log(`  target p95 ≤ ${TARGET_MS} ms: ${ok ? 'met' : 'MISSED'}`);
    reportTarget({
      what: `jobs search ${c.label}, ${N.toLocaleString('en')} postings, p95 (load ${before})`,
      on: driver,
      figure: `${mine.p95.toFixed(1)} ms (ILIKE ${plain.p95.toFixed(0)} ms)`,
      target: `≤ ${TARGET_MS} ms`,
      met: ok,
    });
  }

  // Not a target: the facet counts of the broadest query (a separate request the page makes).
  const f0 = performance.now();
  await facetCounts(db, cases[0]!.filters, now);
  console.log(`\n(info) facets of '자바' at ${N.toLocaleString('en')}: ${Math.round(performance.now() - f0)} ms, one run`);

  // The plans of exactly the statements searchIds ran for each case (captured, then EXPLAIN ANALYZE).
  console.log(
    `\nplans on ${driver} (relevance probes the newest ${PROBE_ROWS} open postings until ${RESCORE_WINDOW} match, then re-ranks them; ` +
      `filters leaving ≤ ${FENCE_ROWS} postings are read through the facet index alone and the text checked on those rows):`,
  );
  for (const c of cases) {
    const ran: SQL[] = [];
    const spy = new Proxy(db, {
      get: (target, key) =>
        key === 'execute' ? (q: SQL) => (ran.push(q), target.execute(q)) : (target as unknown as Record<PropertyKey, unknown>)[key],
    });
    await searchIds(spy, c.filters, options(c));
    for (const q of ran) {
      if (/^\s*explain/i.test(dialect.sqlToQuery(q).sql)) {
        console.log(`-- ${c.label}: the planner's estimate of the filters (reused for ${FILTER_ESTIMATE_TTL_MS / 1000} s)`);
        continue;
      }
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off) ${q}`);
      console.log(`-- ${c.label}`);
      for (const r of plan.rows) console.log(`   ${r['QUERY PLAN']}`);
    }
  }
  return met;
}
