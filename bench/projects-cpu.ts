// CPU per call of GET /api/projects in process (a diagnostic, not a target; docs/performance.md
// "session 14"): 10,000 projects (bench/project-data.ts), each list through app.inject (the whole
// Fastify pipeline), `process.cpuUsage` over ROUNDS rounds of CALLS calls of each endpoint in turn;
// prints min and median µs per call ("main …": the main thread alone, from /proc schedstat,
// without the embedded database's worker thread). Totals are counted on every call
// (setListTotalsTtl(0)) unless CPU_TOTALS_TTL is set.
//   CPU_SIZE=10000  CPU_CALLS=200  CPU_ROUNDS=5  CPU_DRIVER=pglite|postgres  CPU_ONLY=list,filters  CPU_TAG=…
import { mainCpu, minMedian, profileCalls } from './cpu-profile.ts';
import { startBenchApp, benchDatabase } from './support.ts';
import { seedProjects } from './project-data.ts';
import { projectsKnobs } from '../apps/server/src/modules/projects/projects-test-kit.ts';

const size = Number(process.env.CPU_SIZE ?? 10000);
const calls = Number(process.env.CPU_CALLS ?? 200);
const rounds = Number(process.env.CPU_ROUNDS ?? 5);
const driver = process.env.CPU_DRIVER ?? 'pglite';
const only = process.env.CPU_ONLY?.split(',').filter(Boolean);

const pgdb = driver === 'postgres' ? await benchDatabase(process.env.DATABASE_URL!) : null;
const s = pgdb ? await startBenchApp({}, undefined, pgdb.url) : await startBenchApp({ DATABASE_URL: '' });
try {
  await seedProjects(s, size);
  const knobs = projectsKnobs(s.app.ctx);
  knobs.setListTotalsTtl(Number(process.env.CPU_TOTALS_TTL ?? 0));
  // the read cache off: every call does the list's work
  knobs.setReadCacheTtl(0);
  const q = encodeURIComponent;
  const eps = [
    { label: 'bare', url: '/bench/bare' },
    { label: 'list', url: '/api/projects' },
    {
      label: 'filters',
      url: '/api/projects?type=SIDE_PROJECT&type=STARTUP&status=RECRUITING&meetingType=ONLINE&stack=React&stack=Go&sort=deadline,asc&page=2',
    },
    { label: 'search', url: `/api/projects?q=${q('형태')}` },
    { label: 'choseong', url: `/api/projects?q=${q('ㅎㅌㅅ')}&sort=relevance,desc` },
    { label: 'position', url: `/api/projects?position=${q('디자이너')}&sort=viewCount,desc` },
  ].filter((e) => !only || e.label === 'bare' || only.includes(e.label));
  const call = async (e: (typeof eps)[number]) => {
    const r = await s.app.inject({ method: 'GET', url: e.url });
    if (r.statusCode !== 200) throw new Error(`${e.label} ${r.statusCode} ${r.body}`);
  };
  for (const e of eps) for (let i = 0; i < 50; i++) await call(e);
  const res = new Map<string, number[]>(
    eps.flatMap((e) => [[e.label, []] as [string, number[]], [`main ${e.label}`, []] as [string, number[]]]),
  );
  for (let r = 0; r < rounds; r++) {
    for (const e of eps) {
      const c0 = process.cpuUsage();
      const m0 = mainCpu();
      for (let i = 0; i < calls; i++) await call(e);
      const c = process.cpuUsage(c0);
      const m1 = mainCpu();
      res.get(e.label)!.push((c.user + c.system) / calls);
      if (m0 !== null && m1 !== null) res.get(`main ${e.label}`)!.push((m1 - m0) / calls);
    }
  }
  const out = minMedian(res);
  console.log(JSON.stringify({ driver, size, calls, rounds, tag: process.env.CPU_TAG ?? '', ...out }));
  // CPU_PROFILE=<label>: self time by function over 2,000 more calls of that endpoint
  const prof = process.env.CPU_PROFILE;
  if (prof) {
    const e = eps.find((x) => x.label === prof)!;
    await profileCalls(2000, () => call(e));
  }
} finally {
  await s.close();
  await pgdb?.drop();
}
