// The jobs navigator's server cost (issue 35, part 3): GET /api/job-postings as a share of a
// bare Fastify route's req/s in the same process at 10,000 postings (bench/job-data.ts), on
// PGlite and (with DATABASE_URL) on PostgreSQL in a database of the bench's own, and the facet
// counts of a broad word at 100,000 postings.
//   - list and search, as served: a guest's page through the read cache (2 s, cleared by every
//     change: modules/job-postings/caches.ts), and the same endpoints with the caches off
//     (job-postings-test-kit.ts), every request reaching the database (the list, "자바", "ㅂㅇㄷ";
//     the combined filter query is printed without a target). BENCH_PAIRS (3) alternating (bare,
//     endpoint) runs of BENCH_SECONDS (3) at BENCH_CONNECTIONS (10); the median pair's share.
//     Target as served: ≥ 25 % of bare. Without the cache: the statements one request runs are
//     caught at the pool and each EXPLAIN ANALYZEd with its values (planning + execution, median
//     of 21); that work alone leaves a bare route at most bare / (bare + work) of its req/s, and
//     the target is half of that share (the server's own work per call no more than the
//     database's), as for the projects list (docs/performance.md "Known limits").
//   - facets at BENCH_FACET_POSTINGS (100,000), caches off: p50/p95 over BENCH_FACET_RUNS (40)
//     requests through the whole route (app.inject), one at a time; target p95 ≤ 100 ms for a
//     broad word ("자바", ~19 % of the postings); three more filter sets with a quarter of the
//     runs, no target. Over FACET_SAMPLE_ROWS open postings the counts are estimates (printed ~N):
//     the newest 3,000 counted and scaled by the open postings' count, which is counted once a
//     minute per filter set (its cost falls in the warm-up requests). Then the plain seven statements, and EXPLAIN ANALYZE of the facet statement.
//   BENCH_JOB_POSTINGS (10,000)  BENCH_DRIVERS=pglite,postgres  BENCH_ONLY=list,search,facets
import { sql, type SQL } from 'drizzle-orm';
import { setJobPostingsReadCache } from '../apps/server/src/modules/job-postings/job-postings-test-kit.ts';
import { jobCompanies, jobPostings as p } from '../apps/server/src/modules/job-postings/schema.ts';
import { conditions, facetCounts, type FacetKey, type SearchFilters } from '../apps/server/src/modules/job-postings/search-repo.ts';
import { seedPostings } from './job-data.ts';
import { benchDatabase, load, printTable, reportTarget, startBenchApp, statementWorkMs, type LoadResult } from './support.ts';

const N = Number(process.env.BENCH_JOB_POSTINGS ?? 10_000);
const FACET_N = Number(process.env.BENCH_FACET_POSTINGS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const facetRuns = Number(process.env.BENCH_FACET_RUNS ?? 40);
const drivers = (process.env.BENCH_DRIVERS ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const wants = (w: string) => !only?.length || only.includes(w);
const SHARE = 0.25;
/** Without the read cache: the share reached, against the share the database's own work per call leaves. */
const UNCACHED_OF_CEILING = 0.5;
const FACET_P95_MS = 100;
const fmt = (n: number) => n.toLocaleString('en-US');
const q = encodeURIComponent;

const ENDPOINTS = [
  { label: 'list', path: '/api/job-postings', target: true },
  { label: 'search 자바', path: `/api/job-postings?q=${q('자바')}`, target: true },
  { label: 'search ㅂㅇㄷ (초성)', path: `/api/job-postings?q=${q('ㅂㅇㄷ')}`, target: true },
  {
    label: 'search 백엔드 + 5 filters, by deadline',
    path: `/api/job-postings?q=${q('백엔드')}&experience=ENTRY&experience=JUNIOR&workMode=REMOTE&workMode=HYBRID&skill=java&skill=kotlin&salaryMin=40000000&sort=validThrough,asc`,
    target: false,
  },
].filter((e) => wants(e.label.startsWith('list') ? 'list' : 'search'));

type App = Awaited<ReturnType<typeof startBenchApp>>;

async function start(driver: string): Promise<{ s: App; close(): Promise<void> }> {
  const pgdb = driver === 'postgres' ? await benchDatabase(process.env.DATABASE_URL!) : null;
  // PGlite even when DATABASE_URL is set: the PostgreSQL runs use a database of their own
  const s = pgdb ? await startBenchApp({}, undefined, pgdb.url) : await startBenchApp({ DATABASE_URL: '' });
  return {
    s,
    async close() {
      await s.close();
      await pgdb?.drop();
    },
  };
}

type Caught = { text: string; values: unknown[] };

/** The statements a guest request to `path` runs per call (caught at the pool on a second request; EXPLAINs left out). */
async function statementsOf(s: App, path: string): Promise<Caught[]> {
  const pool = (s.ctx.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const plain = pool.query;
  // once first: what is read once and kept (the skill catalogue, the planner's estimate of the filters) is not per call
  await s.app.inject({ method: 'GET', url: path });
  const caught: Caught[] = [];
  pool.query = function (this: unknown, config: unknown, ...rest: unknown[]) {
    const c = config as { text?: string; values?: unknown[] } | string;
    const text = typeof c === 'string' ? c : c.text;
    if (text && /^\s*(select|with)\b/i.test(text))
      caught.push({ text, values: (typeof c === 'string' ? undefined : c.values) ?? (Array.isArray(rest[0]) ? rest[0] : []) });
    return plain.call(this, config, ...rest);
  };
  try {
    const r = await s.app.inject({ method: 'GET', url: path });
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode}`);
  } finally {
    pool.query = plain;
  }
  return caught;
}

/** The database's own work of the statements (EXPLAIN (ANALYZE, TIMING OFF): planning + execution, median of 21), in ms. */
async function databaseWork(s: App, caught: Caught[]): Promise<number> {
  let sum = 0;
  for (const c of caught) sum += await statementWorkMs(s.ctx.database, c);
  return sum;
}

/** The median of `pairs` (bare, endpoint) pairs by share. */
async function share(s: App, label: string, url: string) {
  await load('warm-up', url, { duration: 1, connections });
  const runs: { bare: LoadResult; r: LoadResult; share: number }[] = [];
  for (let i = 0; i < pairs; i++) {
    const bare = await load('GET /bench/bare', `${s.url}/bench/bare`, { duration: seconds, connections });
    const r = await load(label, url, { duration: seconds, connections });
    printTable([bare, r], bare);
    runs.push({ bare, r, share: r.rps / bare.rps });
  }
  const median = [...runs].sort((a, b) => a.share - b.share)[Math.floor(runs.length / 2)]!;
  return { ...median, errors: runs.reduce((n, x) => n + x.r.errors + x.r.non2xx, 0), all: runs.map((x) => x.share) };
}

async function throughput(driver: string) {
  const { s, close } = await start(driver);
  try {
    const seeded = await seedPostings(s, N);
    console.log(`\n=== ${driver}: ${fmt(N)} postings loaded in ${fmt(seeded.ms)} ms`);
    for (const e of ENDPOINTS) {
      const r = await fetch(`${s.url}${e.path}`);
      const body = (await r.json()) as { data: { totalElements: number; totalExact: boolean } };
      if (r.status !== 200) throw new Error(`${e.label}: ${r.status}`);
      console.log(`${e.label.padEnd(40)} → ${body.data.totalExact ? '' : '≈'}${body.data.totalElements} postings`);
    }
    const rows: string[] = [];
    for (const e of ENDPOINTS) {
      const url = `${s.url}${e.path}`;
      setJobPostingsReadCache(s.ctx, 2_000);
      const cached = await share(s, `${e.label} (read cache)`, url);
      setJobPostingsReadCache(s.ctx, 0);
      const uncached = await share(s, `${e.label} (no cache)`, url);
      const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
      rows.push(
        `| ${e.label.padEnd(38)} | ${fmt(cached.bare.rps).padStart(6)} | ${fmt(cached.r.rps).padStart(6)} ${pct(cached.share).padStart(7)} | ${fmt(uncached.r.rps).padStart(6)} ${pct(uncached.share).padStart(7)} (bare ${fmt(uncached.bare.rps)}) |`,
      );
      const figure = `${pct(cached.share)} of bare (${fmt(cached.r.rps)} vs ${fmt(cached.bare.rps)} req/s; pairs ${cached.all.map(pct).join('/')}); no cache ${pct(uncached.share)} (${fmt(uncached.r.rps)} req/s)`;
      if (e.target) {
        reportTarget({
          what: `GET /api/job-postings ${e.label}, as served (read cache), ${fmt(N)} postings`,
          on: driver,
          figure: `${pct(cached.share)} of bare (${fmt(cached.r.rps)} vs ${fmt(cached.bare.rps)} req/s; pairs ${cached.all.map(pct).join('/')})`,
          target: `≥ ${SHARE * 100} %`,
          met: cached.share >= SHARE && cached.errors === 0,
        });
        // without the cache (what a query nobody asked in the last seconds costs), against the
        // share its statements' own work in the database leaves
        const caught = await statementsOf(s, e.path);
        const work = await databaseWork(s, caught);
        const bareMs = 1000 / uncached.bare.rps;
        const ceiling = bareMs / (bareMs + work);
        const ofCeiling = uncached.share / ceiling;
        console.log(
          `  ${e.label}, no cache: ${caught.length} statements, ${work.toFixed(2)} ms of database work per call; the share it leaves ${pct(ceiling)}, reached ${pct(uncached.share)} = ${Math.round(ofCeiling * 100)} % of it`,
        );
        reportTarget({
          what: `GET /api/job-postings ${e.label}, no cache, ${fmt(N)} postings, against the share the database's own work leaves`,
          on: driver,
          figure: `${pct(uncached.share)} of bare (${fmt(uncached.r.rps)} vs ${fmt(uncached.bare.rps)} req/s) = ${Math.round(ofCeiling * 100)} % of the ${pct(ceiling)} that ${caught.length} statements' ${work.toFixed(2)} ms leave`,
          target: `≥ ${UNCACHED_OF_CEILING * 100} % of it`,
          met: ofCeiling >= UNCACHED_OF_CEILING && uncached.errors === 0,
        });
      } else console.log(`  (${e.label}: ${figure}, no target)`);
      if (cached.errors + uncached.errors > 0) console.log(`  !! ${cached.errors + uncached.errors} errors`);
    }
    console.log(`\n${driver}, ${fmt(N)} postings, ${connections} connections, median of ${pairs} pairs (req/s, share of bare):`);
    console.log(`| ${'endpoint'.padEnd(38)} |   bare | as served (read cache) | no cache |`);
    for (const r of rows) console.log(r);
  } finally {
    await close();
  }
}

async function facets(driver: string) {
  const { s, close } = await start(driver);
  try {
    const seeded = await seedPostings(s, FACET_N);
    console.log(`\n=== ${driver}: ${fmt(FACET_N)} postings loaded in ${fmt(seeded.ms)} ms (facets)`);
    setJobPostingsReadCache(s.ctx, 0);
    const cases = [
      { label: "broad word '자바'", path: `/api/job-postings/facets?q=${q('자바')}`, target: true },
      { label: "초성 'ㅂㅇㄷ'", path: `/api/job-postings/facets?q=${q('ㅂㅇㄷ')}`, target: false },
      { label: 'no words (every open posting)', path: '/api/job-postings/facets', target: false },
      {
        label: "'자바' + 원격/하이브리드 + 신입/주니어",
        path: `/api/job-postings/facets?q=${q('자바')}&workMode=REMOTE&workMode=HYBRID&experience=ENTRY&experience=JUNIOR`,
        target: false,
      },
    ];
    const lines: string[] = [];
    for (const c of cases) {
      const call = async () => {
        const r = await s.app.inject({ method: 'GET', url: c.path });
        if (r.statusCode !== 200) throw new Error(`${c.label}: ${r.statusCode} ${r.body}`);
        const data = (JSON.parse(r.body) as { data: { total: number; exact?: boolean } }).data;
        exact = data.exact !== false;
        return data.total;
      };
      let exact = true;
      const times: number[] = [];
      let total = 0;
      // the cases without a target get a quarter of the runs (every open posting is slow to count)
      const runs = c.target ? facetRuns : Math.max(5, Math.round(facetRuns / 4));
      try {
        for (let i = 0; i < 3; i++) await call();
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          total = await call();
          times.push(performance.now() - t0);
        }
      } catch (err) {
        // a request over the database's time-out answers 504: that case has no figure
        console.log(`  !! ${(err as Error).message.slice(0, 160)}`);
        lines.push(`| ${c.label.padEnd(36)} |       — | failed after ${times.length} requests |`);
        if (c.target)
          reportTarget({
            what: `GET /api/job-postings/facets ${c.label}, ${fmt(FACET_N)} postings, no cache, p95`,
            on: driver,
            figure: `failed: ${(err as Error).message.slice(0, 80)}`,
            target: `≤ ${FACET_P95_MS} ms`,
            met: false,
          });
        continue;
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
      const [p50, p95] = [at(0.5), at(0.95)];
      lines.push(
        `| ${c.label.padEnd(36)} | ${`${exact ? '' : '~'}${fmt(total)}`.padStart(7)} | ${p50.toFixed(1).padStart(7)} | ${p95.toFixed(1).padStart(7)} |`,
      );
      if (c.target)
        reportTarget({
          what: `GET /api/job-postings/facets ${c.label}, ${fmt(FACET_N)} postings, no cache, p95`,
          on: driver,
          figure: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${exact ? '' : 'about '}${fmt(total)} matches${exact ? '' : ', sampled'})`,
          target: `≤ ${FACET_P95_MS} ms`,
          met: p95 <= FACET_P95_MS,
        });
    }
    console.log(`\n${driver}, facets at ${fmt(FACET_N)} postings, no cache, ${facetRuns} requests one at a time (ms):`);
    console.log(`| ${'filters'.padEnd(36)} | matches |     p50 |     p95 |`);
    for (const l of lines) console.log(l);
    // beside it, the same counts the plain way (one grouping statement per facet, each reading every match)
    const db0 = s.ctx.db;
    const none0: SearchFilters = { company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [], activeOnly: true };
    const plain = async (f: SearchFilters) => {
      const now = new Date();
      const w = (k?: FacetKey) => sql`where ${sql.join(conditions(f, now, k), sql` and `)}`;
      const group = (k: FacetKey, col: SQL) =>
        db0.execute(sql`select ${col} as v, count(*) from ${p} ${w(k)} group by 1 having ${col} is not null order by 2 desc, 1 limit 20`);
      await Promise.all([
        db0.execute(sql`select count(*) from ${p} ${w()}`),
        db0.execute(
          sql`select c.id, c.name, count(*) from ${p} join ${jobCompanies} c on c.id = ${p.companyId} ${w('company')} group by c.id, c.name order by 3 desc, 2 limit 20`,
        ),
        db0.execute(
          sql`select s, count(*) from ${p}, unnest(${p.requiredSkills} || ${p.preferredSkills}) s ${w('skill')} group by 1 order by 2 desc, 1 limit 30`,
        ),
        group('experience', sql`${p.experienceLevel}`),
        group('employmentType', sql`${p.employmentType}`),
        group('workMode', sql`${p.workMode}`),
        group('region', sql`${p.region}`),
      ]);
    };
    const plainTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await plain({ ...none0, q: '자바' });
      plainTimes.push(performance.now() - t0);
    }
    plainTimes.sort((a, b) => a - b);
    console.log(
      `(the plain way, seven grouping statements, for '자바': median of 5 ${plainTimes[2]!.toFixed(1)} ms, worst ${plainTimes[4]!.toFixed(1)} ms)`,
    );
    // the statement facetCounts runs, with its plan
    const ran: SQL[] = [];
    const db = s.ctx.db;
    const spy = new Proxy(db, {
      get: (target, key) =>
        key === 'execute' ? (x: SQL) => (ran.push(x), target.execute(x)) : (target as unknown as Record<PropertyKey, unknown>)[key],
    });
    const none = { company: [], skill: [], experience: [], employmentType: [], region: [], workMode: [], activeOnly: true };
    await facetCounts(spy, { ...none, q: '자바' }, new Date());
    for (const x of ran) {
      // the planner's estimate is itself an EXPLAIN: only the statements that read rows are shown
      const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, costs off) ${x}`).catch(() => null);
      if (!plan) continue;
      console.log(`\nEXPLAIN ANALYZE of a statement of the facet counts for '자바' on ${driver} at ${fmt(FACET_N)} postings:`);
      for (const r of plan.rows) console.log(`   ${r['QUERY PLAN']}`);
    }
  } finally {
    await close();
  }
}

for (const driver of drivers) {
  if (ENDPOINTS.length) await throughput(driver);
  if (wants('facets')) await facets(driver);
}
