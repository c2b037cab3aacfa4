// CPU per call of the jobs navigator's public reads in process (a diagnostic, not a target;
// docs/performance.md "Diagnostics"): CPU_SIZE generated postings (bench/job-data.ts), each read
// through app.inject (the whole Fastify pipeline) as a guest, `process.cpuUsage` over CPU_ROUNDS
// rounds of CPU_CALLS calls of each endpoint in turn; prints min and median µs per call ("main …":
// the main thread alone, without the embedded database's worker thread). The read cache is off
// (JOB_POSTINGS_READ_CACHE_MS=0) unless CPU_READ_CACHE_MS is set.
//   CPU_SIZE=10000  CPU_CALLS=100  CPU_ROUNDS=5  CPU_DRIVER=pglite|postgres  CPU_ONLY=list,search
//   CPU_PROFILE=<label>: a sampling profile of 1,000 more calls of that endpoint (bench/cpu-profile.ts)
import { mainCpu, minMedian, profileCalls } from './cpu-profile.ts';
import { seedPostings } from './job-data.ts';
import { benchDatabase, startBenchApp } from './support.ts';

const size = Number(process.env.CPU_SIZE ?? 10000);
const calls = Number(process.env.CPU_CALLS ?? 100);
const rounds = Number(process.env.CPU_ROUNDS ?? 5);
const driver = process.env.CPU_DRIVER ?? 'pglite';
const only = process.env.CPU_ONLY?.split(',').filter(Boolean);
const env = { JOB_POSTINGS_READ_CACHE_MS: process.env.CPU_READ_CACHE_MS ?? '0' };

const pgdb = driver === 'postgres' ? await benchDatabase(process.env.DATABASE_URL!) : null;
const s = pgdb ? await startBenchApp(env, undefined, pgdb.url) : await startBenchApp({ ...env, DATABASE_URL: '' });
try {
  const seeded = await seedPostings(s, size);
  console.log(`${driver}: ${size} postings in ${seeded.ms} ms`);
  const q = encodeURIComponent;
  const eps = [
    { label: 'bare', url: '/bench/bare' },
    { label: 'list', url: '/api/job-postings' },
    { label: 'search', url: `/api/job-postings?q=${q('자바')}` },
    { label: 'choseong', url: `/api/job-postings?q=${q('ㅂㅇㄷ')}` },
    {
      label: 'filters',
      url: `/api/job-postings?q=${q('백엔드')}&experience=ENTRY&experience=JUNIOR&workMode=REMOTE&workMode=HYBRID&skill=java&skill=kotlin&salaryMin=40000000&sort=validThrough,asc`,
    },
    { label: 'facets', url: `/api/job-postings/facets?q=${q('자바')}` },
  ].filter((e) => !only || e.label === 'bare' || only.includes(e.label));
  const call = async (e: (typeof eps)[number]) => {
    const r = await s.app.inject({ method: 'GET', url: e.url });
    if (r.statusCode !== 200) throw new Error(`${e.label} ${r.statusCode} ${r.body}`);
  };
  for (const e of eps) for (let i = 0; i < 20; i++) await call(e);
  const res = new Map<string, number[]>(
    eps.flatMap((e) => [[e.label, []] as [string, number[]], [`main ${e.label}`, []] as [string, number[]]]),
  );
  for (let r = 0; r < rounds; r++) {
    for (const e of eps) {
      const c0 = process.cpuUsage();
      const m0 = mainCpu();
      const n = e.label === 'facets' ? Math.max(1, Math.round(calls / 10)) : calls;
      for (let i = 0; i < n; i++) await call(e);
      const c = process.cpuUsage(c0);
      const m1 = mainCpu();
      res.get(e.label)!.push((c.user + c.system) / n);
      if (m0 !== null && m1 !== null) res.get(`main ${e.label}`)!.push((m1 - m0) / n);
    }
  }
  console.log(JSON.stringify({ driver, size, calls, rounds, tag: process.env.CPU_TAG ?? '', ...minMedian(res) }));
  const prof = process.env.CPU_PROFILE;
  if (prof) await profileCalls(1000, () => call(eps.find((x) => x.label === prof)!));
} finally {
  await s.close();
  await pgdb?.drop();
}
