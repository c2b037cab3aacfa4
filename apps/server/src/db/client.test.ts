// Database time-outs and the start-up retry. A statement past DB_STATEMENT_TIMEOUT_MS is
// cancelled (PostgreSQL) and answered as 503 SYS-5002; a session (migrations) runs without it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, waitForDatabase, type Database } from './client.ts';

describe('waitForDatabase', () => {
  const flaky = (failures: number) => {
    let calls = 0;
    const db = {
      db: {
        execute: async () => {
          if (++calls <= failures) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          return { rows: [] };
        },
      },
    } as unknown as Database;
    return { db, calls: () => calls };
  };

  // the back-off waits on timers and reads its deadline from Date: both faked, the test moves time
  // through the waits at once and reads how long they would have taken
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries with growing delays until the database answers', async () => {
    vi.useFakeTimers();
    const f = flaky(3);
    const delays: number[] = [];
    const t0 = Date.now();
    const done = waitForDatabase(f.db, 10_000, (_attempt, delayMs) => delays.push(delayMs));
    await vi.runAllTimersAsync();
    await done;
    expect(f.calls()).toBe(4);
    expect(delays).toEqual([250, 500, 1000]);
    expect(Date.now() - t0).toBe(1_750);
  });

  it('gives up with the last error once the next wait would pass the deadline', async () => {
    vi.useFakeTimers();
    const f = flaky(100);
    const t0 = Date.now();
    const gaveUp = expect(waitForDatabase(f.db, 900)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await vi.runAllTimersAsync();
    await gaveUp;
    expect(Date.now() - t0).toBe(750); // gave up at once, not after waiting the next delay out
    expect(f.calls()).toBe(3); // 0 ms, 250 ms, 750 ms; the next (after 1 s more) would be late
  });
});

describe.skipIf(!process.env.DATABASE_URL)('statement time-out (PostgreSQL)', () => {
  // The pg_sleep calls below are the database's side of the scene, not the test waiting: statements
  // that run past (or, in a session, would run past) the short connection's time-out.
  const STATEMENT_TIMEOUT_MS = 300;
  /** runs far past the time-out: the request must be answered long before it would end */
  const RUNS_PAST_THE_TIMEOUT = 'select pg_sleep(5)';
  let t: TestApp;
  let short: Database;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/slow', async () => {
          await short.exec(RUNS_PAST_THE_TIMEOUT);
          return { success: true, data: null };
        });
      },
    });
    short = await openDatabase({ url: process.env.DATABASE_URL, statementTimeoutMs: STATEMENT_TIMEOUT_MS, poolMax: 2 });
  });
  afterAll(async () => {
    await short.close();
    await t.close();
  });

  it('cancels a statement that runs too long, answered as 503 SYS-5002', async () => {
    const t0 = performance.now();
    const r = await t.call({ method: 'GET', url: '/api/test/slow' });
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('SYS-5002');
  });

  it('a session (migrations, scripts) runs without the statement time-out', async () => {
    // statements longer than the time-out (0.5 s, 1 s against 0.3 s)
    const rows = await short.session(async (s) => (await s.exec('select pg_sleep(0.5), 1 as one')).rows);
    expect(rows[0]).toMatchObject({ one: 1 });
    // …and the connection it used is back to the short time-out.
    await expect(short.exec('select pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
  });
});

describe('a backup of the embedded database while it serves (npm run backup)', () => {
  it('waits for a transaction in progress and holds all of it, and opens as a database', async () => {
    const live = await openDatabase({ dataDir: ':memory:' });
    let copy: Database | undefined;
    try {
      await live.exec('create table t (n int)');
      let dump: Promise<Uint8Array<ArrayBuffer>> | undefined;
      await live.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1)`);
        dump = live.dumpDataDir!(); // asked mid-transaction: taken after it ends
        await tx.execute(sql`insert into t values (2)`);
      });
      await live.exec('insert into t values (3)'); // may run before or after the copy
      const bytes = await dump!;
      copy = await openDatabase({ loadDataDir: new Blob([bytes]) });
      const ns = (await copy.exec('select n from t order by n')).rows.map((r) => r.n);
      expect(ns.slice(0, 2)).toEqual([1, 2]);
    } finally {
      await copy?.close();
      await live.close();
    }
  }, 120_000); // two embedded databases opened: slow on a busy machine
});
