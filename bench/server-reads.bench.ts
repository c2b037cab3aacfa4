// Issue 19 "Server reads without the cache": each hot read with the study read cache off, as a
// share of a bare Fastify route's req/s in the same process, at 10,000 and 100,000 studies, on
// PGlite and (when DATABASE_URL is set) on PostgreSQL in a database of the bench's own.
// Each endpoint runs right after a bare-route run, and its share is against that run (these
// machines are shared and noisy: the bare route alone moves by ±30 % between runs); BENCH_PAIRS
// such (bare, endpoint) pairs alternate and the median pair's share and p95 are the figures. The
// sizes' apps are all up at once and each endpoint is measured on them back to back, so the p95
// growth compares runs seconds apart. Targets: ≥ 25 % on PostgreSQL, ≥ 15 % on PGlite; the p95
// (autocannon's p97.5, the nearest percentile it reports) at 100k ≤ 1.5× the one at 10k, for the
// hot reads and for the searches people type (a word, a word being typed, 초성; issue 35). The
// projects' and postings' growth: list-growth.bench.ts.
//
//   BENCH_SIZES=10000,100000 (default)  BENCH_SECONDS=3 (per run)  BENCH_PAIRS=3  BENCH_DRIVERS=pglite,postgres
//   BENCH_QUICK=1: one pair of 2-second runs at 2,000 and 20,000 studies (a smoke run, not the figures)
//   BENCH_ONLY=paged: only the endpoints whose label contains one of these (comma-separated) words
//
// The list's Korean text search (q, ranked by where the query appears; migration 0029) is measured
// the same way, with the growth target and no share target: a word in 0.4 % of the studies
// ("리액트"), the same word being typed ("리액ㅌ"), its 초성 ("ㄹㅇㅌ"), and, as information, a word
// in a fifth of them ("알고리즘"); the plan of the first two is printed at each size (EXPLAIN
// ANALYZE: which index the search walks).
import { listPublicForExplain } from '../apps/server/src/modules/studies/study-repo.ts';
import { studiesKnobs } from '../apps/server/src/modules/studies/studies-test-kit.ts';
import { benchDatabase, load, printTable, reportTarget, startBenchApp, type LoadResult } from './support.ts';
import { seedStudies } from './study-data.ts';

const quick = process.env.BENCH_QUICK === '1';
const sizes = (process.env.BENCH_SIZES ?? (quick ? '2000,20000' : '10000,100000')).split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 3));
const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? (quick ? 1 : 3)));
const drivers = (process.env.BENCH_DRIVERS ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');

interface Endpoint {
  label: string;
  path: (slug: string) => string;
  auth?: boolean;
  /** counted for the issue's targets */
  target: boolean;
  /** its p95 growth has the 1.5× target even without a share target (the studies search, issue 35 item 4) */
  growth?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { label: 'GET /api/studies/paged', path: () => '/api/studies/paged', target: true },
  {
    label: 'GET /api/studies/paged?filters',
    path: () => '/api/studies/paged?type=EDUCATIONAL&costType=PAID&recruiting=true&page=3',
    target: true,
  },
  { label: 'GET /api/studies/slug/{slug}', path: (slug) => `/api/studies/slug/${slug}`, target: true },
  { label: 'GET /api/studies/slug/{slug} signed in', path: (slug) => `/api/studies/slug/${slug}`, auth: true, target: true },
  { label: 'GET /api/users/me', path: () => '/api/users/me', auth: true, target: true },
  { label: 'GET /api/health/ready', path: () => '/api/health/ready', target: false },
  // the search's growth has the target for what people type (a word, a word being typed, 초성);
  // a word in a fifth of the studies costs in proportion to its matches (docs/performance.md, Known limits)
  ...(
    [
      ['리액트', 'word, 0.4 %', true],
      ['리액ㅌ', 'typing', true],
      ['ㄹㅇㅌ', '초성', true],
      ['알고리즘', 'word, 20 %', false],
    ] as const
  ).map(([q, what, growth]) => ({
    label: `GET /api/studies/paged?q=${q} (${what})`,
    path: () => `/api/studies/paged?q=${encodeURIComponent(q)}`,
    target: false,
    growth,
  })),
];

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
if (only?.length) ENDPOINTS.splice(0, ENDPOINTS.length, ...ENDPOINTS.filter((e) => only.some((w) => e.label.includes(w))));

const fmt = (n: number) => n.toLocaleString('en-US');
const p95By = new Map<string, number>(); // `${driver}|${label}|${size}` → p97.5 ms

interface SizedApp {
  size: number;
  url: string;
  slug: string;
  auth: Record<string, string>;
  setCache(ttl: number): void;
  close(): Promise<void>;
}

/** One app with `size` studies seeded, the bench user registered, every endpoint checked. */
async function startSized(driver: string, size: number): Promise<SizedApp> {
  const pgdb = driver === 'postgres' ? await benchDatabase(process.env.DATABASE_URL!) : null;
  // PGlite even when DATABASE_URL is set: the PostgreSQL runs use a database of their own
  const s = pgdb ? await startBenchApp({}, undefined, pgdb.url) : await startBenchApp({ DATABASE_URL: '' });
  const close = async () => {
    await s.close();
    await pgdb?.drop();
  };
  try {
    const data = await seedStudies(s.ctx, size);
    console.log(
      `\n--- ${driver}, ${fmt(size)} studies (${fmt(data.approved)} approved), seeded in ${data.ms} ms (search columns filled in ${data.searchMs} ms)`,
    );
    if (ENDPOINTS.some((e) => e.label.includes('?q='))) await explainSearches(s, size);
    const reg = await s.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: 'bench.user@moim.dev', password: 'bench user passphrase', name: '벤치 사용자' },
    });
    if (reg.statusCode !== 201) throw new Error(`could not register the bench user: ${reg.statusCode} ${reg.body}`);
    const token = (JSON.parse(reg.body) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    // every endpoint answers 200 before it is measured
    for (const e of ENDPOINTS) {
      const r = await fetch(`${s.url}${e.path(data.slug)}`, { headers: e.auth ? auth : {} });
      if (r.status !== 200) throw new Error(`${e.label} answered ${r.status}: ${await r.text()}`);
    }
    await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
    // with the cache (what guests get while it is warm): information, not a target
    const bare0 = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`, { duration: seconds });
    printTable([bare0, await load('GET /api/studies/paged (cached)', `${s.url}/api/studies/paged`, { duration: seconds })], bare0);
    const knobs = studiesKnobs(s.app.ctx);
    return { size, url: s.url, slug: data.slug, auth, setCache: (ttl) => knobs.setReadCacheTtl(ttl), close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The plan of the list's text search (study-repo.ts `listPublic`) for a word and for its 초성. */
async function explainSearches(s: Awaited<ReturnType<typeof startBenchApp>>, size: number) {
  for (const [q, index] of [
    ['리액트', 'studies_public_search_jamo_trgm'],
    ['ㄹㅇㅌ', 'studies_public_search_choseong_trgm'],
  ] as const) {
    const st = listPublicForExplain(s.ctx.db, { q, sort: 'relevance,desc' }, new Date(), 10);
    const plan = await s.ctx.database.exec(`explain analyze ${st.text}`, st.values);
    const text = plan.rows.map((r) => (r as { 'QUERY PLAN': string })['QUERY PLAN']).join('\n');
    console.log(
      `\nEXPLAIN ANALYZE of the list's search for q=${q} at ${fmt(size)} studies (uses ${index}: ${text.includes(index) ? 'yes' : 'NO'})`,
    );
    console.log(text);
  }
}

/**
 * Every size's app is up at once and each endpoint is measured on them one after another, so
 * the p95 growth compares two runs seconds apart, not two slots minutes apart (on a shared
 * machine the bare route itself moved by up to 1.7× between such slots).
 */
async function runDriver(driver: string) {
  const apps: SizedApp[] = [];
  try {
    for (const size of sizes) apps.push(await startSized(driver, size));
    for (const a of apps) a.setCache(0);
    for (const e of ENDPOINTS) {
      for (const a of apps) {
        const url = `${a.url}${e.path(a.slug)}`;
        const headers = e.auth ? a.auth : {};
        await load('warm-up', url, { duration: 1, headers });
        const runs: { bare: LoadResult; r: LoadResult; share: number }[] = [];
        for (let i = 0; i < pairs; i++) {
          const bare = await load('GET /bench/bare (baseline)', `${a.url}/bench/bare`, { duration: seconds });
          const r = await load(`${e.label} (no cache), ${fmt(a.size)} studies`, url, { duration: seconds, headers });
          printTable([bare, r], bare);
          runs.push({ bare, r, share: r.rps / bare.rps });
        }
        // the median pair by share (its p95 with it); errors counted over every run
        const { bare, r, share } = [...runs].sort((x, y) => x.share - y.share)[Math.floor(runs.length / 2)]!;
        const errors = runs.reduce((n, x) => n + x.r.errors + x.r.non2xx, 0);
        if (pairs > 1)
          console.log(
            `  median of ${pairs} pairs: ${(share * 100).toFixed(0)} % (${runs.map((x) => (x.share * 100).toFixed(0)).join(', ')})`,
          );
        const need = driver === 'postgres' ? 0.25 : 0.15;
        if (errors > 0) console.log(`  !! ${errors} errors`);
        // a run in which no request completed has no p95 (autocannon reports 0)
        p95By.set(`${driver}|${e.label}|${a.size}`, r.rps > 0 ? r.p95 : Infinity);
        if (e.target) {
          reportTarget({
            what: `${e.label}, no cache, ${fmt(a.size)} studies`,
            on: driver,
            figure: `${(share * 100).toFixed(0)} % of bare (${fmt(r.rps)} vs ${fmt(bare.rps)} req/s, p97.5 ${r.p95} ms${pairs > 1 ? `; pairs ${runs.map((x) => (x.share * 100).toFixed(0)).join('/')} %` : ''})`,
            target: `≥ ${need * 100} %`,
            met: share >= need && errors === 0,
          });
        } else {
          console.log(`  (${e.label}: ${(share * 100).toFixed(0)} % of bare, no target)`);
        }
      }
    }
  } finally {
    for (const a of apps) await a.close();
  }
}

for (const driver of drivers) {
  await runDriver(driver);
  if (sizes.length >= 2) {
    const [small, big] = [Math.min(...sizes), Math.max(...sizes)];
    for (const e of ENDPOINTS) {
      const a = p95By.get(`${driver}|${e.label}|${small}`);
      const b = p95By.get(`${driver}|${e.label}|${big}`);
      if (a === undefined || b === undefined) continue;
      // a p97.5 of 0–1 ms is below autocannon's resolution: compare from 1 ms
      const growth = Math.max(b, 1) / Math.max(a, 1);
      const completed = Number.isFinite(a) && Number.isFinite(b);
      const figure = completed
        ? `${growth.toFixed(2)}× (${a} → ${b} ms)`
        : `no request completed within a run at ${fmt(Number.isFinite(a) ? big : small)} studies`;
      if (!e.target && !e.growth) {
        console.log(`(${e.label}, ${driver}: p95 growth ${fmt(small)} → ${fmt(big)} studies ${figure}, no target)`);
        continue;
      }
      reportTarget({
        what: `${e.label}, p95 growth ${fmt(small)} → ${fmt(big)} studies`,
        on: driver,
        figure,
        target: '≤ 1.5×',
        met: completed && growth <= 1.5,
      });
    }
  }
}
