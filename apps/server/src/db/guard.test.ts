// One database time budget per request and the circuit breaker (db/guard.ts), on PostgreSQL
// reached through a TCP proxy that can stop forwarding (a hung database). The routes below run
// their statements on that proxied database, inside the test app's requests.
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { tcpProxy, type TcpProxy } from '../../test/faults/harness.ts';
import { openDatabase, type Database } from './client.ts';

const url = process.env.DATABASE_URL;
const BUDGET_MS = 500;

let t: TestApp;
let proxy: TcpProxy;
let proxied: Database;
let base: string;

/** A database behind a fresh proxy: connect and statement time-outs far above the request budget. */
async function behindProxy(breaker: { failures: number; openMs: number }, timeoutMs = 4_000, poolMax = 4) {
  proxy = await tcpProxy(Number(new URL(url!).port || 5432));
  const via = new URL(url!);
  via.port = String(proxy.port);
  proxied = await openDatabase({ url: via.toString(), poolMax, connectTimeoutMs: timeoutMs, statementTimeoutMs: timeoutMs, breaker });
  await proxied.exec('select 1'); // one connection open and idle in the pool
}

async function timed(opts: Parameters<TestApp['call']>[0]) {
  const t0 = performance.now();
  const r = await t.call(opts);
  return { ...r, ms: performance.now() - t0 };
}

describe.skipIf(!url)('a hung database (PostgreSQL behind a proxy)', () => {
  beforeAll(async () => {
    t = await createTestApp({
      env: { DB_REQUEST_BUDGET_MS: String(BUDGET_MS) },
      extend: (app) => {
        // three statements, each failure caught (as a fallback would): together they get one budget
        app.get('/api/test/three', async () => {
          const outcomes: string[] = [];
          for (let i = 0; i < 3; i++) {
            const t0 = performance.now();
            await proxied.exec('select 1').then(
              () => outcomes.push('ok'),
              () => outcomes.push(`failed after ${Math.round(performance.now() - t0)} ms`),
            );
          }
          if (outcomes.includes('ok')) return { success: true, data: outcomes };
          await proxied.exec('select 1');
          return { success: true, data: outcomes };
        });
        app.post('/api/test/body', async (request) => {
          const rows = await proxied.db.transaction(async (tx) => tx.execute('select 1 as one'));
          return { success: true, data: { rows: rows.rows.length, got: request.body } };
        });
        app.get('/api/test/one', async () => ({ success: true, data: (await proxied.exec('select 1 as one')).rows }));
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await proxied?.close().catch(() => undefined);
    await proxy?.close();
  });
  afterAll(() => t.close());

  it("a request's statements share one budget: the first waits for what is left, the rest are refused at once", async () => {
    await behindProxy({ failures: 100, openMs: 1_000 });
    proxy.set('hang');
    const r = await timed({ method: 'GET', url: '/api/test/three' });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('SYS-5002');
    expect(r.headers['retry-after']).toBeUndefined(); // a time-out, not the breaker
    // one budget (500 ms), not four statement or connect time-outs (4 s each)
    expect(r.ms).toBeGreaterThanOrEqual(BUDGET_MS - 50);
    expect(r.ms).toBeLessThan(BUDGET_MS + 700);
  });

  it('the budget holds after a JSON body is read, inside a transaction', async () => {
    await behindProxy({ failures: 100, openMs: 1_000 }, 4_000, 1); // one connection: a leaked one would stall every later request
    proxy.set('hang');
    // over a real socket: the body arrives in stream events after the hook that set the budget
    const t0 = performance.now();
    const res = await fetch(`${base}/api/test/body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(200_000) }),
    });
    const ms = performance.now() - t0;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SYS-5002');
    expect(ms).toBeLessThan(BUDGET_MS + 700);
    // the connection whose `begin` got no answer was discarded (Drizzle runs `begin` outside its
    // try/finally, so it would never have been released), and the next request gets a new one
    proxy.set('pass');
    await expect
      .poll(async () => (await t.call({ method: 'POST', url: '/api/test/body', payload: { n: 1 } })).status, { timeout: 5_000 })
      .toBe(200);
  });

  it('the breaker opens after repeated failures, refuses at once with Retry-After without touching the database, and closes when the database answers', async () => {
    await behindProxy({ failures: 3, openMs: 300 });
    proxy.set('hang');
    const before: Array<{ status: number; ms: number; retryAfter: unknown }> = [];
    for (let i = 0; i < 6 && !before.some((r) => r.retryAfter !== undefined); i++) {
      const r = await timed({ method: 'GET', url: '/api/test/one' });
      before.push({ status: r.status, ms: r.ms, retryAfter: r.headers['retry-after'] });
    }
    for (const r of before) expect(r.status).toBe(503);
    expect(before.at(-1)!.retryAfter).toBe('1');
    const connections = proxy.accepted;
    const refused = await timed({ method: 'GET', url: '/api/test/one' });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('SYS-5002');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.ms).toBeLessThan(150);
    expect(proxy.accepted).toBe(connections); // no connection was attempted
    expect(proxied.breaker!.state()).not.toBe('closed');

    proxy.set('pass');
    await expect.poll(async () => (await t.call({ method: 'GET', url: '/api/test/one' })).status, { timeout: 5_000 }).toBe(200);
    expect(proxied.breaker!.state()).toBe('closed');
  });

  it('outside a request (jobs, scripts) statements keep the statement time-out and still trip the breaker', async () => {
    await behindProxy({ failures: 1, openMs: 60_000 }, 800);
    proxy.set('hang');
    const t0 = performance.now();
    await expect(proxied.exec('select 1')).rejects.toThrow(/Query read timeout/);
    expect(performance.now() - t0).toBeGreaterThan(1_700); // the statement time-out + 1 s, not a request's budget
    const t1 = performance.now();
    await expect(proxied.exec('select 1')).rejects.toMatchObject({ name: 'DatabaseUnavailableError', retryAfterSeconds: 60 });
    expect(performance.now() - t1).toBeLessThan(50);
  });
});
