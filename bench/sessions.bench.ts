// The session check on every authenticated request (issue 12, docs/accounts.md "Session check"):
// one small authenticated route behind today's token-only check (JWT signature, memoised) and the
// same route behind the session check (JWT + the session's state and the account's current roles
// from the shared cache: in memory, and in Redis when REDIS_URL is set), next to a bare route,
// in one process. The cache is warm (one database read per session per 30 s), as in steady use.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { type AuthUser, bearerToken, currentUser } from '../apps/server/src/http/auth-guard.ts';
import { MemorySessionStore, RedisSessionStore, SessionCache } from '../apps/server/src/http/session-cache.ts';
import { load, printTable, startBenchApp, type LoadResult } from './support.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 1);
const rounds = 3;
const redis = process.env.REDIS_URL
  ? new Redis(process.env.REDIS_URL, { lazyConnect: true, keyPrefix: `moim-bench:${randomBytes(4).toString('hex')}:` })
  : null;
if (redis) await redis.connect();

let checks: { label: string; run: (token: string) => Promise<unknown> }[] = [];
const s = await startBenchApp({ JWT_SECRET: randomBytes(32).toString('hex') }, (app, ctx) => {
  const route = (path: string, check: (request: FastifyRequest) => Promise<AuthUser>) =>
    app.get(path, { preHandler: async (request) => void (request.user = await check(request)) }, async (request) => ({
      success: true,
      data: { id: request.user!.id, admin: request.user!.roles.includes('ROLE_ADMIN') },
    }));
  const claims = (request: FastifyRequest) => ctx.tokens.verify(bearerToken(request) ?? '');
  const memory = new SessionCache(new MemorySessionStore());
  memory.useLoader(ctx.sessions.currentLoader!);
  route('/bench/token-only', claims);
  route('/bench/session-memory', async (request) => currentUser(memory, await claims(request)));
  checks = [
    { label: 'token-only check', run: (token) => ctx.tokens.verify(token) },
    { label: 'session check, memory cache', run: async (token) => currentUser(memory, await ctx.tokens.verify(token)) },
  ];
  if (redis) {
    const shared = new SessionCache(new RedisSessionStore(redis));
    shared.useLoader(ctx.sessions.currentLoader!);
    route('/bench/session-redis', async (request) => currentUser(shared, await claims(request)));
    checks.push({ label: 'session check, Redis cache', run: async (token) => currentUser(shared, await ctx.tokens.verify(token)) });
  }
});
try {
  const r = await s.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { email: 'bench.sessions@moim.dev', password: 'bench user passphrase', name: '벤치 사용자' },
  });
  if (r.statusCode !== 201) throw new Error(`could not register the bench user: ${r.statusCode} ${r.body}`);
  const headers = { authorization: `Bearer ${(JSON.parse(r.body) as { data: { accessToken: string } }).data.accessToken}` };
  const paths = ['/bench/token-only', '/bench/session-memory', ...(redis ? ['/bench/session-redis'] : [])];
  for (const p of paths) {
    const check = await fetch(`${s.url}${p}`, { headers });
    if (check.status !== 200) throw new Error(`${p} answered ${check.status}`);
  }

  await load('warm-up', `${s.url}/bench/token-only`, { duration: 1, headers });
  // Interleaved rounds, median per variant: these machines are shared and noisy.
  const variants = [
    { label: 'GET /bench/bare (baseline)', path: '/bench/bare' },
    { label: 'token-only check (before issue 12)', path: '/bench/token-only' },
    { label: 'session check, memory cache', path: '/bench/session-memory' },
    ...(redis ? [{ label: 'session check, Redis cache', path: '/bench/session-redis' }] : []),
  ];
  const runs = new Map<string, LoadResult[]>(variants.map((v) => [v.label, []]));
  for (let round = 0; round < rounds; round++) {
    for (const v of variants) runs.get(v.label)!.push(await load(v.label, `${s.url}${v.path}`, { duration, headers }));
  }
  const median = (rs: LoadResult[]) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!;
  const rows = variants.map((v) => median(runs.get(v.label)!));
  console.log(`${rounds} interleaved rounds of ${duration} s per variant, median round shown`);
  printTable(rows, rows[0]);
  const [, token, mem, red] = rows;
  console.log(`ratio session-memory/token-only: ${(mem!.rps / token!.rps).toFixed(2)}`);
  if (red) console.log(`ratio session-redis/token-only: ${(red.rps / token!.rps).toFixed(2)}`);
  else console.log('(set REDIS_URL to measure the Redis-shared cache too)');

  // The check alone, in process, one call after another (what each request pays on top).
  const bearerValue = headers.authorization.slice('Bearer '.length);
  for (const c of checks) {
    const times: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const t0 = performance.now();
      await c.run(bearerValue);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const us = (q: number) => (times[Math.floor(times.length * q)]! * 1000).toFixed(1);
    console.log(`${c.label.padEnd(44)} per call: p50 ${us(0.5)} µs  p95 ${us(0.95)} µs  (3000 sequential calls)`);
  }
} finally {
  await s.close();
  await redis?.quit();
}
