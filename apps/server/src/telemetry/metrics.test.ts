import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { CircuitBreaker } from '../db/breaker.ts';
import { bearer, register } from '../modules/users/test-helpers.ts';
import { serveMetrics } from './metrics-http.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const scrapeHeaders = { authorization: `Bearer ${TOKEN}` };

/** The sum of the samples of `name` whose labels include `labels` (undefined: no such sample). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total;
}

let t: TestApp;
const scrape = async (app: TestApp = t) => {
  const r = await app.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
  expect(r.statusCode).toBe(200);
  return r.body;
};

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

describe('/metrics on the main port', () => {
  it('answers only with the bearer token; otherwise it is an unknown route', async () => {
    const unknown = await t.call({ method: 'GET', url: '/definitely-not-a-route' });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-wrong' }, { authorization: TOKEN }]) {
      const r = await t.call({ method: 'GET', url: '/metrics', headers });
      expect(r.status).toBe(404);
      expect(r.body.error?.code).toBe(unknown.body.error?.code);
    }
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('is not served at all without METRICS_TOKEN or METRICS_PORT', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.ctx.metrics).toBeUndefined();
      const r = await plain.call({ method: 'GET', url: '/metrics', headers: scrapeHeaders });
      expect(r.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('metric families move when their thing happens', () => {
  it('requests: counted by route template, method and status, never by raw URL', async () => {
    const id = randomUUID();
    const before = (await scrape()).toString();
    const labels = { method: 'GET', route: '/api/public/users/:id/image', status: '404' };
    const n0 = sample(before, 'moim_http_request_duration_seconds_count', labels) ?? 0;
    await t.call({ method: 'GET', url: `/api/public/users/${id}/image` });
    await t.call({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const after = await scrape();
    expect(sample(after, 'moim_http_request_duration_seconds_count', labels)).toBe(n0 + 1);
    expect(sample(after, 'moim_http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(id);
    expect(sample(after, 'moim_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(n0 + 1);
  });

  it('database: statements by outcome and connection checkouts', async () => {
    const before = await scrape();
    const ok0 = sample(before, 'moim_db_statement_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    const err0 = sample(before, 'moim_db_statement_duration_seconds_count', { outcome: 'error' }) ?? 0;
    const co0 = sample(before, 'moim_db_checkout_wait_seconds_count', { outcome: 'ok' }) ?? 0;
    await t.ctx.database.exec('select 1');
    await expect(t.ctx.database.exec('select * from no_such_table')).rejects.toThrow();
    const after = await scrape();
    expect(sample(after, 'moim_db_statement_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(ok0);
    expect(sample(after, 'moim_db_statement_duration_seconds_count', { outcome: 'error' })).toBe(err0 + 1);
    expect(sample(after, 'moim_db_checkout_wait_seconds_count', { outcome: 'ok' })).toBeGreaterThan(co0);
    const busy = sample(after, 'moim_db_pool_connections', { state: 'max' });
    expect(busy).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'moim_db_pool_waiting')).toBeGreaterThanOrEqual(0);
  });

  it('database: a statement cancelled by statement_timeout counts as a time-out', async () => {
    const before = await scrape();
    const n0 = sample(before, 'moim_db_statement_duration_seconds_count', { outcome: 'timeout' }) ?? 0;
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    // the pg_sleep is only the statement's label: nothing runs, the call fails at once as a cancelled one
    await expect(t.ctx.database.probe.track('select pg_sleep(10)', () => Promise.reject(cancelled))).rejects.toBe(cancelled);
    expect(sample(await scrape(), 'moim_db_statement_duration_seconds_count', { outcome: 'timeout' })).toBe(n0 + 1);
  });

  it("database: the breaker's state", async () => {
    const own = t.ctx.database.breaker;
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 2, openMs: 1_000, now: () => now });
    t.ctx.database.breaker = breaker;
    try {
      expect(sample(await scrape(), 'moim_db_breaker_state', { state: 'closed' })).toBe(1);
      breaker.failed('pass');
      breaker.failed('pass');
      const open = await scrape();
      expect(sample(open, 'moim_db_breaker_state', { state: 'open' })).toBe(1);
      expect(sample(open, 'moim_db_breaker_state', { state: 'closed' })).toBe(0);
      now = 1_500;
      expect(sample(await scrape(), 'moim_db_breaker_state', { state: 'half-open' })).toBe(1);
    } finally {
      if (own) t.ctx.database.breaker = own;
      else delete t.ctx.database.breaker;
    }
  });

  it('jobs: runs per lane and outcome, backlog and lag per lane', async () => {
    const lane = 'telemetry-test';
    let fail = true;
    t.ctx.jobs.register(
      'telemetry.test-job',
      async () => {
        if (fail) throw new Error('planned failure');
      },
      { lane },
    );
    await t.ctx.jobs.enqueue('telemetry.test-job', {}, { runAt: new Date(Date.now() - 30_000), maxAttempts: 2 });
    const queued = await scrape();
    expect(sample(queued, 'moim_jobs_backlog', { lane })).toBe(1);
    expect(sample(queued, 'moim_jobs_oldest_due_seconds', { lane })).toBeGreaterThanOrEqual(29);

    await t.ctx.jobs.drain();
    const failed = await scrape();
    expect(sample(failed, 'moim_jobs_total', { lane, outcome: 'retry' })).toBe(1);
    expect(sample(failed, 'moim_job_start_lag_seconds_count', { lane })).toBe(1);
    expect(sample(failed, 'moim_job_start_lag_seconds_sum', { lane })).toBeGreaterThanOrEqual(29);
    expect(sample(failed, 'moim_jobs_backlog', { lane })).toBe(0); // retried later (back-off)

    fail = false;
    await t.ctx.jobs.drain(new Date(Date.now() + 60_000));
    const done = await scrape();
    expect(sample(done, 'moim_jobs_total', { lane, outcome: 'done' })).toBe(1);
    expect(sample(done, 'moim_job_duration_seconds_count', { lane })).toBe(2);
  });

  it('outbox: events waiting for delivery and how old the oldest is', async () => {
    const kind = 'event:telemetry.happened:telemetry.watcher';
    let delivered = 0;
    t.ctx.jobs.register(kind, async () => {
      delivered++;
    });
    const before = await scrape();
    expect(sample(before, 'moim_outbox_backlog')).toBe(0);
    expect(sample(before, 'moim_outbox_lag_seconds')).toBe(0);
    await t.ctx.jobs.enqueue(kind, { id: randomUUID() }, { runAt: new Date(Date.now() - 20_000) });
    const waiting = await scrape();
    expect(sample(waiting, 'moim_outbox_backlog')).toBe(1);
    expect(sample(waiting, 'moim_outbox_lag_seconds')).toBeGreaterThanOrEqual(19);
    await t.ctx.jobs.drain();
    expect(delivered).toBe(1);
    const after = await scrape();
    expect(sample(after, 'moim_outbox_backlog')).toBe(0);
    expect(sample(after, 'moim_outbox_lag_seconds')).toBe(0);
  });

  it('session cache: a miss reads the database, the next check is a hit', async () => {
    const user = await register(t);
    const before = await scrape();
    const hits0 = sample(before, 'moim_session_cache_lookups_total', { result: 'hit' }) ?? 0;
    const misses0 = sample(before, 'moim_session_cache_lookups_total', { result: 'miss' }) ?? 0;
    await t.ctx.sessions.accountChanged(user.id);
    for (let i = 0; i < 2; i++)
      expect((await t.call({ method: 'GET', url: '/api/auth/validate', headers: bearer(user.accessToken) })).status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'moim_session_cache_lookups_total', { result: 'miss' })).toBeGreaterThan(misses0);
    expect(sample(after, 'moim_session_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(hits0);
  });

  it('process: default Node.js metrics including event-loop lag', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('Redis away', () => {
  it('the link is reported down and each call answered by its fallback is counted', async () => {
    const away = await createTestApp({ env: { METRICS_TOKEN: TOKEN, REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const before = await scrape(away);
      expect(sample(before, 'moim_redis_up')).toBe(0);
      const n0 = sample(before, 'moim_redis_fallbacks_total') ?? 0;
      const user = await register(away);
      await away.call({ method: 'GET', url: '/api/auth/validate', headers: bearer(user.accessToken) });
      expect(sample(await scrape(away), 'moim_redis_fallbacks_total')).toBeGreaterThan(n0);
    } finally {
      await away.close();
    }
  });

  it('without REDIS_URL there is no Redis gauge and no fallback is counted', async () => {
    if (t.ctx.redis.configured) return;
    const text = await scrape();
    expect(sample(text, 'moim_redis_up')).toBeUndefined();
    expect(sample(text, 'moim_redis_fallbacks_total')).toBe(0);
  });
});

describe('METRICS_PORT', () => {
  it('a listener of its own serves /metrics and nothing else', async () => {
    const server = await serveMetrics(t.ctx.metrics!, '127.0.0.1', 0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await fetch(`${base}/metrics`);
      expect(r.status).toBe(200);
      expect(sample(await r.text(), 'moim_http_requests_in_flight')).toBeGreaterThanOrEqual(0);
      expect((await fetch(`${base}/api/health/live`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
