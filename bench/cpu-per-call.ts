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
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { startBenchApp, benchDatabase } from './support.ts';
import { seedStudies } from './study-data.ts';

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
  s.app.apis.studies.setReadCacheTtl(0);
  const eps = [
    { label: 'bare', url: '/bench/bare' },
    { label: 'paged', url: '/api/studies/paged' },
    { label: 'filters', url: '/api/studies/paged?type=EDUCATIONAL&costType=PAID&recruiting=true&page=3' },
    { label: 'slug', url: `/api/studies/slug/${data.slug}` },
    { label: 'slug-auth', url: `/api/studies/slug/${data.slug}`, headers: auth },
    { label: 'me', url: '/api/users/me', headers: auth },
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
  // The main thread's own CPU (the event loop: HTTP, JSON, the driver's JS), apart from the
  // process's (which counts worker threads, e.g. the embedded database's): its scheduler run time
  // in ns from /proc (Linux; null elsewhere).
  const mainCpu = (): number | null => {
    try {
      return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
    } catch {
      return null;
    }
  };
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
  const out: Record<string, string> = {};
  for (const [label, xs] of res) {
    xs.sort((a, b) => a - b);
    out[label] = `min ${Math.round(xs[0]!)} med ${Math.round(xs[Math.floor(xs.length / 2)]!)}`;
  }
  console.log(JSON.stringify({ driver, size, calls, rounds, tag: process.env.CPU_TAG ?? '', ...out }));
  const prof = process.env.CPU_PROFILE;
  if (prof) {
    const e = eps.find((x) => x.label === prof)!;
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let i = 0; i < 3000; i++) await call(e);
    const { profile } = await session.post('Profiler.stop');
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const counts = new Map<number, number>();
    for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    let total = 0;
    for (const [id, n] of counts) {
      const node = byId.get(id)!;
      const f = node.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*srvpg\//, '')}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + n);
      total += n;
    }
    const mods = new Map<string, number>();
    for (const [k, n] of self) {
      const file = k.split(' ')[1] ?? '';
      const m = file.startsWith('wasm')
        ? 'wasm'
        : file.startsWith('node:')
          ? file.split(':')[0] + ':' + file.split(':')[1]
          : file.includes('/')
            ? file
                .split('/')
                .slice(0, file.startsWith('@') ? 2 : 1)
                .join('/')
            : k;
      mods.set(m, (mods.get(m) ?? 0) + n);
    }
    console.log('-- by module');
    for (const [k, n] of [...mods].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${k}`);
    console.log('-- by function');
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.CPU_TOP ?? 45));
    for (const [k, n] of top) console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${k}`);
    // inclusive: each sample's stack, every distinct frame counted once
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const name = (id: number) => {
      const f = byId.get(id)!.callFrame;
      return `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*srvpg\//, '')}:${f.lineNumber + 1}`;
    };
    const incl = new Map<string, number>();
    for (const [id, n] of counts) {
      const seen = new Set<string>();
      for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) seen.add(name(x));
      for (const k of seen) incl.set(k, (incl.get(k) ?? 0) + n);
    }
    console.log('-- inclusive');
    for (const [k, n] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.CPU_TOP_INCL ?? 60)))
      console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${k}`);
    if (process.env.CPU_PROFILE_OUT) (await import('node:fs')).writeFileSync(process.env.CPU_PROFILE_OUT, JSON.stringify(profile));
  }
} finally {
  await s.close();
  await pgdb?.drop();
}
