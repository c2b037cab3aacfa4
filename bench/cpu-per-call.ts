// CPU per call in process (not a target, a diagnostic): each hot read through app.inject (the whole
// Fastify pipeline: hooks, helmet, CORS, compression decision, serialisation), read cache off,
// `process.cpuUsage` over ROUNDS rounds of CALLS calls; prints min and median µs per call. "main …"
// is the main thread's share alone (its run time from /proc/self/task/<pid>/schedstat): the event
// loop's cost per call, without worker threads (the embedded database's) and the GC's helpers.
//   CPU_SIZE=10000  CPU_CALLS=300  CPU_ROUNDS=8  CPU_DRIVER=pglite|postgres  CPU_ONLY=paged,slug
//   CPU_PROFILE=<label word>: also a node:inspector profile of that endpoint, self time by function.
// On PostgreSQL (a server on this machine) it also prints the database's CPU per call ("db …"): the
// user + system time of the bench database's backends, from /proc/<pid>/stat (10 ms ticks, so use
// rounds of ≥ 1,000 calls), since on a 2-core machine the backends share the cores with the server.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { mainCpu, minMedian, profileCalls } from './cpu-profile.ts';
import { startBenchApp, benchDatabase } from './support.ts';
import { seedStudies } from './study-data.ts';
import { studiesKnobs } from '../apps/server/src/modules/studies/studies-test-kit.ts';

const size = Number(process.env.CPU_SIZE ?? 10000);
const calls = Number(process.env.CPU_CALLS ?? 300);
const rounds = Number(process.env.CPU_ROUNDS ?? 8);
const driver = process.env.CPU_DRIVER ?? 'pglite';
const only = process.env.CPU_ONLY?.split(',').filter(Boolean);

const pgdb = driver === 'postgres' ? await benchDatabase(process.env.DATABASE_URL!) : null;
const s = pgdb ? await startBenchApp({}, undefined, pgdb.url) : await startBenchApp({ DATABASE_URL: '' });
try {
  const data = await seedStudies(s.ctx, size);
  const reg = await s.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { email: 'bench.user@moim.dev', password: 'bench user passphrase', name: '벤치 사용자' },
  });
  const token = (JSON.parse(reg.body) as { data: { accessToken: string } }).data.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  studiesKnobs(s.app.ctx).setReadCacheTtl(0);
  const eps = [
    { label: 'bare', url: '/bench/bare' },
    { label: 'paged', url: '/api/studies/paged' },
    { label: 'filters', url: '/api/studies/paged?type=EDUCATIONAL&costType=PAID&recruiting=true&page=3' },
    { label: 'slug', url: `/api/studies/slug/${data.slug}` },
    { label: 'slug-auth', url: `/api/studies/slug/${data.slug}`, headers: auth },
    { label: 'me', url: '/api/users/me', headers: auth },
    // the list's Korean text search: a word in 0.4 % of the studies, typed, its 초성; a word in 20 %
    { label: 'search', url: `/api/studies/paged?q=${encodeURIComponent('리액트')}` },
    { label: 'typing', url: `/api/studies/paged?q=${encodeURIComponent('리액ㅌ')}` },
    { label: 'choseong', url: `/api/studies/paged?q=${encodeURIComponent('ㄹㅇㅌ')}` },
    { label: 'common', url: `/api/studies/paged?q=${encodeURIComponent('알고리즘')}` },
  ].filter((e) => !only || e.label === 'bare' || only.includes(e.label));
  const call = async (e: (typeof eps)[number]) => {
    const r = await s.app.inject({
      method: 'GET',
      url: e.url,
      headers: { ...(process.env.CPU_ENCODING ? { 'accept-encoding': process.env.CPU_ENCODING } : {}), ...e.headers },
    });
    if (r.statusCode !== 200) throw new Error(`${e.label} ${r.statusCode} ${r.body}`);
  };
  for (const e of eps) for (let i = 0; i < 50; i++) await call(e);
  // the bench database's backends (the app's pool), for their CPU time
  let backendCpu = () => 0;
  if (pgdb) {
    const c = new pg.Client({ connectionString: pgdb.url });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await c.end();
    backendCpu = () => {
      let ticks = 0;
      for (const { pid } of rows) {
        try {
          const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          ticks += Number(f[11]) + Number(f[12]);
        } catch {
          /* a connection closed */
        }
      }
      return ticks * 10_000; // µs, at 100 ticks per second
    };
  }
  const res = new Map<string, number[]>(
    eps.flatMap((e) => [
      [e.label, []],
      ...(mainCpu() !== null ? [[`main ${e.label}`, []] as [string, number[]]] : []),
      ...(pgdb ? [[`db ${e.label}`, []] as [string, number[]]] : []),
    ]),
  );
  for (let r = 0; r < rounds; r++) {
    for (const e of eps) {
      const c0 = process.cpuUsage();
      const m0 = mainCpu();
      const b0 = backendCpu();
      for (let i = 0; i < calls; i++) await call(e);
      const c = process.cpuUsage(c0);
      const m1 = mainCpu();
      res.get(e.label)!.push((c.user + c.system) / calls);
      if (m0 !== null && m1 !== null) res.get(`main ${e.label}`)!.push((m1 - m0) / calls);
      if (pgdb) res.get(`db ${e.label}`)!.push((backendCpu() - b0) / calls);
    }
  }
  const out = minMedian(res);
  console.log(JSON.stringify({ driver, size, calls, rounds, tag: process.env.CPU_TAG ?? '', ...out }));
  const prof = process.env.CPU_PROFILE;
  if (prof) {
    const e = eps.find((x) => x.label === prof)!;
    await profileCalls(3000, () => call(e));
  }
} finally {
  await s.close();
  await pgdb?.drop();
}
