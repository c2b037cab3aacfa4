/**
 * Two built server instances on one PostgreSQL database (fresh per run) and one Redis (the
 * suite's own), behind a proxy that alternates between them request by request: what a
 * deployment past one machine looks like (docs/operations.md). Each assertion would fail if the
 * instances kept the state in question to themselves.
 */
import { playTetrisBot } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PGBOUNCER_BIN,
  freshDatabase,
  postgresAvailable,
  register,
  request,
  roundRobin,
  startPgbouncer,
  startRedis,
  startServer,
  tempDir,
  type Balancer,
  type PgBouncerProcess,
  type RedisProcess,
  type ServerProcess,
} from './harness.ts';
import { waitFor } from '../wait-for.ts';

const pgUp = await postgresAvailable();
if (!pgUp) console.warn('[faults] PostgreSQL is not reachable: the two-instance tests are skipped');
if (pgUp && !PGBOUNCER_BIN) console.warn('[faults] pgbouncer is not installed: the run through PgBouncer is skipped');

/**
 * `direct`: both instances on PostgreSQL itself. `pgbouncer`: both through one PgBouncer in
 * transaction mode (DATABASE_POOL_MODE=transaction), migrations over DATABASE_DIRECT_URL.
 */
function twoInstances(mode: 'direct' | 'pgbouncer') {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let redis: RedisProcess;
  let bouncer: PgBouncerProcess | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let lb: Balancer;
  const dirs = [tempDir('moim-faults-a-'), tempDir('moim-faults-b-')];

  const via = (method: string, path: string, body?: unknown, token?: string) => request(lb.url, method, path, body, token);

  beforeAll(async () => {
    db = await freshDatabase(mode === 'direct' ? 'pair' : 'bouncer');
    redis = await startRedis();
    let database: Record<string, string> = { DATABASE_URL: db.url };
    if (mode === 'pgbouncer') {
      bouncer = await startPgbouncer();
      database = { DATABASE_URL: bouncer.url(db.name), DATABASE_DIRECT_URL: db.url, DATABASE_POOL_MODE: 'transaction' };
    }
    const common = { ...database, REDIS_URL: redis.url, RATE_LIMITS_ENABLED: 'true', JOBS_ENABLED: 'true' };
    // The first instance migrates; the second starts while it may still be doing so (the
    // migration lock makes it wait) — both at once, as a rolling deploy would.
    [a, b] = await Promise.all([startServer({ ...common, DATA_DIR: dirs[0]!.path }), startServer({ ...common, DATA_DIR: dirs[1]!.path })]);
    await Promise.all([a.ready(), b.ready()]);
    lb = await roundRobin([a.url, b.url]);
  });

  afterAll(async () => {
    await lb?.close();
    await Promise.all([a?.kill(), b?.kill()]);
    await bouncer?.stop();
    await redis?.stop();
    await db?.drop();
    for (const d of dirs) d.remove();
  });

  it('a journey logs in on one instance and continues on the other', async () => {
    const u = await register(lb.url, 'journey'); // instance A
    const me = await via('GET', '/api/users/me', undefined, u.token); // B
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(u.email);
    const login = await via('POST', '/api/auth/login', { email: u.email, password: u.password }); // A
    expect(login.status).toBe(200);
    const refreshed = await via('POST', '/api/auth/refresh', { refreshToken: login.body.data.refreshToken }); // B
    expect(refreshed.status).toBe(200);
    const again = await via('GET', '/api/users/me', undefined, refreshed.body.data.accessToken); // A
    expect(again.status).toBe(200);
    // The rotated-out refresh token, presented again within the grace (a second tab), gets the
    // same successor on the other instance too (docs/accounts.md "Refresh grace").
    const reuse = await via('POST', '/api/auth/refresh', { refreshToken: login.body.data.refreshToken }); // B
    expect(reuse.status).toBe(200);
    expect(reuse.body.data.refreshToken).toBe(refreshed.body.data.refreshToken);
    console.log(`[faults] two instances (${mode}): journey served by ${lb.counts.join(' + ')} requests`);
  });

  it('a logout on one instance stops the session on the other at once', async () => {
    const u = await register(lb.url, 'logout');
    expect((await request(a.url, 'GET', '/api/notifications', undefined, u.token)).status).toBe(200);
    const out = await request(a.url, 'POST', '/api/auth/logout', { refreshToken: u.refresh }, u.token);
    expect(out.status).toBe(200);
    const after = await request(b.url, 'GET', '/api/notifications', undefined, u.token);
    expect(after.status).toBe(401);
  });

  it('rate limits count across both instances', async () => {
    const u = await register(lb.url, 'limited');
    const attempt = async () => (await via('POST', '/api/auth/login', { email: u.email, password: 'not-the-password-1' })).status;
    // one failure, then five tries at once (alternating between the instances), all within the
    // back-off's first wait however slow the machine: one after another, a loaded machine could
    // take longer than that wait and rightly let a late try through
    const first = await attempt();
    const statuses = [first, ...(await Promise.all([attempt(), attempt(), attempt(), attempt(), attempt()]))];
    console.log(`[faults] two instances (${mode}): six wrong passwords alternating between instances → ${statuses.join(', ')}`);
    // After a failure the (account, address) pair waits before its next try (the login back-off,
    // docs/accounts.md): the other instance knows it at once, through Redis.
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(1)).toEqual([429, 429, 429, 429, 429]);
  });

  it('a queued job (the password-reset mail) runs once though both instances work the queue', async () => {
    const users = await Promise.all([register(a.url, 'reset1'), register(b.url, 'reset2'), register(a.url, 'reset3')]);
    await Promise.all(users.map((u) => via('POST', '/api/auth/password-reset/request', { email: u.email })));
    const emails = users.map((u) => u.email);
    // Every mail sent and every mail job finished. Nothing more to wait out: a run claims its job
    // first (attempts + 1, and only while it is pending), so a second run of a job would show in
    // its attempts by now, and a finished job is claimed no more.
    await waitFor(
      async () => ({
        sent: Number((await db.query(`select count(*) as n from mail_outbox where to_address = any($1)`, [emails])).rows[0].n),
        unfinished: Number((await db.query(`select count(*) as n from jobs where kind = 'mail.send' and status <> 'done'`)).rows[0].n),
      }),
      ({ sent, unfinished }) => sent >= users.length && unfinished === 0,
      { timeoutMs: 20_000, everyMs: 200, what: 'the reset mails sent and their jobs done' },
    );
    const rows = (
      await db.query(`select to_address, count(*)::int as n from mail_outbox where to_address = any($1) group by to_address`, [emails])
    ).rows;
    const jobs = (await db.query(`select status, attempts from jobs where kind = 'mail.send'`)).rows as {
      status: string;
      attempts: number;
    }[];
    console.log(
      `[faults] two instances: ${users.length} reset mails queued → outbox ${JSON.stringify(rows.map((r) => r.n))}, jobs ${JSON.stringify(jobs)}`,
    );
    expect(rows).toHaveLength(users.length);
    for (const r of rows) expect(r.n).toBe(1);
    for (const j of jobs) expect(j).toEqual({ status: 'done', attempts: 1 });
  });

  it('leaderboard ranks agree on both instances', async () => {
    const players = await Promise.all([register(a.url, 'rank1'), register(b.url, 'rank2'), register(a.url, 'rank3')]);
    const ticks = [1200, 300, 700];
    for (const [i, p] of players.entries()) {
      const s = await via('POST', '/api/games/sessions/start', { gameTypeCode: 'TETRIS' }, p.token);
      const game = playTetrisBot(s.body.data.seed, { maxActiveTicks: ticks[i]! });
      await db.query(`update game_sessions set started_at = started_at - ($2 || ' seconds')::interval where id = $1`, [
        s.body.data.sessionId,
        String(Math.ceil(game.log.ticks / 60) + 1),
      ]);
      const end = await via(
        'POST',
        '/api/games/sessions/end',
        { sessionId: s.body.data.sessionId, result: { ...game.summary, gameData: game.log } },
        p.token,
      );
      expect(end.status).toBe(200);
    }
    const boardOf = async (base: string) =>
      (await request(base, 'GET', '/api/games/leaderboards/global?gameType=TETRIS&limit=10')).body.data.entries;
    const [onA, onB] = [await boardOf(a.url), await boardOf(b.url)];
    expect(onA.map((e: { userId: string }) => e.userId)).toEqual(expect.arrayContaining(players.map((p) => p.id)));
    expect(onB).toEqual(onA);
    for (const p of players) {
      const ra = (await request(a.url, 'GET', '/api/games/leaderboards/TETRIS/around-me?range=2', undefined, p.token)).body.data;
      const rb = (await request(b.url, 'GET', '/api/games/leaderboards/TETRIS/around-me?range=2', undefined, p.token)).body.data;
      expect(rb.userRank).toEqual(ra.userRank);
      expect(rb.entries).toEqual(ra.entries);
    }
    console.log(
      `[faults] two instances: board of ${onA.length} identical on both (scores ${onA.map((e: { score: number }) => e.score).join(', ')})`,
    );
  });

  if (mode === 'pgbouncer') {
    it('the traffic went through PgBouncer', async () => {
      const s = await bouncer!.stats(db.name);
      console.log(`[faults] two instances (pgbouncer): ${s.xacts} transactions, ${s.queries} statements pooled`);
      expect(s.xacts).toBeGreaterThan(50);
    });
  }
}

for (const mode of ['direct', 'pgbouncer'] as const) {
  describe.skipIf(!pgUp || (mode === 'pgbouncer' && !PGBOUNCER_BIN))(`two instances behind an alternating proxy (${mode})`, () =>
    twoInstances(mode),
  );
}
