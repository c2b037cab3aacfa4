// GET /api/projects with 10,000 projects in the database, next to a bare route in the same
// process: the default list, the list with filters, a two-syllable Korean text search, a 초성
// search and the open-position filter (no read cache: every request reaches the database; then the
// default list through the 2 s read cache). Prints
// the EXPLAIN of the two-syllable search to show it walks the jamo trigram index.
import { randomBytes } from 'node:crypto';
import { listedCardsForExplain } from '../apps/server/src/modules/projects/project-read-repo.ts';
import { projectsKnobs } from '../apps/server/src/modules/projects/projects-test-kit.ts';
import { seedProjects } from './project-data.ts';
import { type LoadResult, load, printTable, reportTarget, startBenchApp } from './support.ts';

const N = Number(process.env.BENCH_PROJECTS ?? 10_000);
/** Target (GUIDE §7 hot reads): a list request at least half the req/s of the bare route. */
const TARGET_RATIO = 0.5;
const s = await startBenchApp(process.env.DATABASE_URL ? { JWT_SECRET: randomBytes(32).toString('hex') } : {});
try {
  await seedProjects(s, N);
  const knobs = projectsKnobs(s.app.ctx);
  // every request reaches the database (the 2 s read cache is measured last)
  knobs.setReadCacheTtl(0);

  // The plan of two-syllable Korean searches on the list query itself: a word in 0.4 % of the
  // projects (the trigram index finds them) and one in 10 % (walking the newest-first index and
  // stopping after ten matches is cheaper, and the planner knows it).
  const twoSyllable = '형태';
  let usesIndex = false;
  for (const word of [twoSyllable, '가계']) {
    // the page statement the route runs (project-read-repo.ts), with this request's values
    const st = listedCardsForExplain(s.ctx.db, { q: word, sort: 'createdAt,desc' }, 10);
    const plan = await s.ctx.database.exec(`explain analyze ${st.text}`, st.values);
    const planText = plan.rows.map((r) => (r as { 'QUERY PLAN': string })['QUERY PLAN']).join('\n');
    console.log(`\nEXPLAIN ANALYZE of the list query for q=${word}\n${planText}`);
    if (word === twoSyllable) usesIndex = /projects_search_jamo_trgm/.test(planText);
  }
  console.log(`\ntwo-syllable search (q=${twoSyllable}) uses the jamo trigram index: ${usesIndex ? 'yes (met)' : 'NO (not met)'}\n`);

  const q = (s2: string) => encodeURIComponent(s2);
  const list = `${s.url}/api/projects`;
  const filtered = `${s.url}/api/projects?type=SIDE_PROJECT&type=STARTUP&status=RECRUITING&meetingType=ONLINE&stack=React&stack=Go&sort=deadline,asc&page=2`;
  const search = `${s.url}/api/projects?q=${q(twoSyllable)}`;
  const common = `${s.url}/api/projects?q=${q('가계')}&page=1`;
  const choseong = `${s.url}/api/projects?q=${q('ㅎㅌㅅ')}&sort=relevance,desc`;
  const position = `${s.url}/api/projects?position=${q('디자이너')}&sort=viewCount,desc`;
  for (const u of [list, filtered, search, common, choseong, position]) {
    const r = await fetch(u);
    const body = (await r.json()) as { data: { totalElements: number } };
    if (!r.ok) throw new Error(`${u}: ${r.status}`);
    console.log(`${decodeURIComponent(u.slice(s.url.length)).padEnd(64)} → ${body.data.totalElements} projects`);
  }

  await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
  await load('warm-up', list, { duration: 1 });
  const results: LoadResult[] = [];
  const bare = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`);
  results.push(bare);
  results.push(await load('GET /api/projects', list));
  results.push(await load('GET /api/projects?filters', filtered));
  results.push(await load(`GET /api/projects?q=${twoSyllable}`, search));
  results.push(await load('GET /api/projects?q=가계&page=1 (10 %)', common));
  results.push(await load('GET /api/projects?q=ㅎㅌㅅ (초성)', choseong));
  results.push(await load('GET /api/projects?position=디자이너', position));
  // the same lists counting their totals on every request (the totals are otherwise kept 10 s)
  knobs.setListTotalsTtl(0);
  results.push(await load('GET /api/projects (totals uncached)', list));
  results.push(await load('GET /api/projects?filters (totals uncached)', filtered));
  // the default list through the 2 s read cache (caches.ts), as guests' bursts meet it
  knobs.setReadCacheTtl(2_000);
  results.push(await load('GET /api/projects (read cache, 2 s)', list));
  console.log('');
  printTable(results, bare);
  // What the database's own work is per call (the page statements of the default and the filtered
  // list, EXPLAIN ANALYZE without per-node timing, median of 21), beside the targets it bounds.
  const dbWork: string[] = [];
  for (const [what, f, offset] of [
    ['list', { sort: 'createdAt,desc' }, 0],
    [
      'filtered list',
      { type: ['SIDE_PROJECT', 'STARTUP'], status: ['RECRUITING'], meetingType: ['ONLINE'], stack: ['React', 'Go'], sort: 'deadline,asc' },
      20,
    ],
  ] as const) {
    const st = listedCardsForExplain(s.ctx.db, f as Parameters<typeof listedCardsForExplain>[1], 20, offset);
    const runs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const plan = await s.ctx.database.exec(`explain (analyze, timing off) ${st.text}`, st.values);
      const text = plan.rows.map((r) => (r as { 'QUERY PLAN': string })['QUERY PLAN']).join('\n');
      const ms = (name: string) => Number(new RegExp(`${name} Time: ([\\d.]+) ms`).exec(text)?.[1] ?? NaN);
      runs.push(ms('Planning') + ms('Execution'));
    }
    runs.sort((a, b) => a - b);
    dbWork.push(`${what} ${runs[10]!.toFixed(2)} ms`);
  }
  const bareMs = 1000 / bare.rps;
  console.log(
    `the database's work per call (planning + execution): ${dbWork.join(', ')}; the bare route: ${bareMs.toFixed(2)} ms a request`,
  );
  const on = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  for (const r of results.slice(1)) {
    const ratio = r.rps / bare.rps;
    console.log(`ratio ${r.label}: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`);
    reportTarget({
      what: `${r.label}, share of a bare route's req/s at ${N.toLocaleString('en-US')} projects`,
      on,
      figure: `${Math.round(ratio * 100)} % (${Math.round(r.rps)} req/s; database work per call: ${dbWork.join(', ')})`,
      target: `≥ ${TARGET_RATIO * 100} %`,
      met: ratio >= TARGET_RATIO && r.errors + r.non2xx === 0,
    });
  }
} finally {
  await s.close();
}
