/**
 * A rolling restart under load: two built instances on one PostgreSQL and one Redis behind a
 * balancer that probes readiness (harness `readinessBalancer`); a steady stream of signed-in reads
 * while first one instance and then the other gets SIGTERM, exits and is started again on its
 * port. Graceful shutdown (docs/operations.md "Shutdown and rolling restarts") means no request
 * fails: the draining instance leaves the rotation before it stops accepting, and finishes what
 * it had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  loop,
  newStats,
  postgresAvailable,
  readinessBalancer,
  record,
  register,
  request,
  startRedis,
  startServer,
  summary,
  tempDir,
  type RedisProcess,
  type ServerProcess,
} from './harness.ts';
import { waitFor } from '../wait-for.ts';

const pgUp = await postgresAvailable();
if (!pgUp) console.warn('[faults] PostgreSQL is not reachable: the rolling-restart test is skipped');

let db: Awaited<ReturnType<typeof freshDatabase>>;
let redis: RedisProcess;
const servers: ServerProcess[] = [];
const dirs = [tempDir('moim-roll-a-'), tempDir('moim-roll-b-')];
let env: (i: number) => Record<string, string>;

beforeAll(async () => {
  if (!pgUp) return;
  db = await freshDatabase('roll');
  redis = await startRedis();
  env = (i) => ({ DATABASE_URL: db.url, REDIS_URL: redis.url, JOBS_ENABLED: 'true', DATA_DIR: dirs[i]!.path, SHUTDOWN_DRAIN_MS: '1000' });
  servers.push(await startServer(env(0)));
  await servers[0]!.ready();
  servers.push(await startServer(env(1)));
  await servers[1]!.ready();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await redis?.stop();
  await db?.drop();
  for (const d of dirs) d.remove();
});

describe.skipIf(!pgUp)('rolling restart of two instances', () => {
  it('loses no request while each instance in turn is stopped with SIGTERM and started again', async () => {
    const lb = await readinessBalancer(servers.map((s) => s.url));
    const user = await register(servers[0]!.url, 'roll');
    const stats = newStats();
    const load = loop(6, async () => {
      record(
        stats,
        await request(lb.url, 'GET', '/api/users/me', undefined, user.token, 10_000).catch(() => ({
          status: -1,
          body: null,
          ms: 0,
          headers: {},
        })),
      );
    });
    /** the balancer has sent instance `i` `n` more requests than `since` (it is in the rotation) */
    const served = (i: number, n: number, since = 0) =>
      waitFor(() => lb.counts[i]! - since >= n, Boolean, { timeoutMs: 30_000, what: `${n} requests through instance ${i}` });
    try {
      // the load reaches both instances before the first is stopped
      await Promise.all([served(0, 20), served(1, 20)]);
      for (let i = 0; i < 2; i++) {
        const old = servers[i]!;
        old.child.kill('SIGTERM');
        expect(await old.exited).toBe(0);
        servers[i] = await startServer(env(i), old.port);
        await servers[i]!.ready();
        // back in the rotation and serving before the other instance is stopped
        await served(i, 20, lb.counts[i]!);
      }
    } finally {
      await load.stop();
      await lb.close();
    }
    console.log(
      `[faults] rolling restart: ${summary(stats)}, retried on another instance after a refused connection: ${lb.retried}, per instance ${JSON.stringify(lb.counts)}`,
    );
    expect(stats.total).toBeGreaterThan(50);
    expect(stats.byStatus).toEqual({ 200: stats.total });
  });
});
