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

const duration = Number(process.env.BENCH_SECONDS ?? 2);
const redis = process.env.REDIS_URL
  ? new Redis(process.env.REDIS_URL, { lazyConnect: true, keyPrefix: `moim-bench:${randomBytes(4).toString('hex')}:` })
  : null;
if (redis) await redis.connect();

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
  if (redis) {
    const shared = new SessionCache(new RedisSessionStore(redis));
    shared.useLoader(ctx.sessions.currentLoader!);
    route('/bench/session-redis', async (request) => currentUser(shared, await claims(request)));
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

  await load('warm-up', `${s.url}/bench/bare`, { duration: 1 });
  const bare = await load('GET /bench/bare (baseline)', `${s.url}/bench/bare`, { duration });
  const rows: LoadResult[] = [bare];
  const token = await load('token-only check (before issue 12)', `${s.url}/bench/token-only`, { duration, headers });
  rows.push(token);
  const mem = await load('session check, memory cache', `${s.url}/bench/session-memory`, { duration, headers });
  rows.push(mem);
  const red = redis ? await load('session check, Redis cache', `${s.url}/bench/session-redis`, { duration, headers }) : null;
  if (red) rows.push(red);
  printTable(rows, bare);
  console.log(`ratio session-memory/token-only: ${(mem.rps / token.rps).toFixed(2)}`);
  if (red) console.log(`ratio session-redis/token-only: ${(red.rps / token.rps).toFixed(2)}`);
  else console.log('(set REDIS_URL to measure the Redis-shared cache too)');
} finally {
  await s.close();
  await redis?.quit();
}
