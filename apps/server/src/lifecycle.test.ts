/**
 * Graceful shutdown on a listening instance: while it drains, readiness says `draining` and
 * responses close their connection; a request and a job that were running when the signal came
 * both finish before the database is closed; afterwards no connection is accepted.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support.ts';
import { closeContext } from './bootstrap.ts';
import type { AppContext } from './context.ts';
import { shutDown } from './lifecycle.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

let t: TestApp;
let base: string;
const requestGate = gate();
let requestEntered = false;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/test/slow', async () => {
        requestEntered = true;
        await requestGate.opened;
        return { finished: true };
      });
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.ctx.database.close().catch(() => undefined);
});

describe('graceful shutdown', () => {
  it('drains, then finishes the request and the job in flight before closing', async () => {
    const jobGate = gate();
    let jobStarted = false;
    t.ctx.jobs.register(
      'lifecycle.slow',
      async () => {
        jobStarted = true;
        await jobGate.opened;
      },
      { lane: 'lifecycle-test' },
    );
    t.ctx.jobs.start();
    const jobId = await t.ctx.jobs.enqueue('lifecycle.slow', {});
    await expect.poll(() => jobStarted, { timeout: 10_000 }).toBe(true);

    const slow = fetch(`${base}/test/slow`);
    await expect.poll(() => requestEntered, { timeout: 10_000 }).toBe(true);

    const before = await fetch(`${base}/api/health/ready`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).not.toBe('close');

    const drain = gate();
    let jobStatusAtClose: string | undefined;
    let closed = false;
    const done = shutDown({
      app: t.app,
      ctx: t.ctx,
      drainMs: 1,
      sleep: () => drain.opened,
      closeContext: async (ctx: AppContext) => {
        const r = await ctx.db.execute<{ status: string }>(sql`select status from jobs where id = ${jobId}`);
        jobStatusAtClose = r.rows[0]?.status;
        closed = true;
        await closeContext(ctx);
      },
    });

    // draining: out of rotation, and every answer closes its connection
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    const body = (await ready.json()) as { data: { status: string; reason?: string; database: { reachable: boolean } } };
    expect(body.data).toMatchObject({ status: 'unavailable', reason: 'draining', database: { reachable: true } });

    drain.open();
    // the request and the job are still running: nothing is closed yet
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    requestGate.open();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    expect(closed).toBe(false);
    jobGate.open();
    await done;
    expect(closed).toBe(true);
    expect(jobStatusAtClose).toBe('done');
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  }, 60_000);
});
