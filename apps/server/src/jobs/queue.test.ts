// The job queue's lanes: a long job in its own lane never holds up the default lane (mail,
// notices, expiry), and `drain` still runs every lane's due jobs. While the database's circuit
// breaker is open the queue does not poll (and does not spin), and it resumes when it may.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/support.ts';
import type { Database, Db } from '../db/client.ts';
import { JobQueue } from './queue.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const statusOf = async (id: string | undefined) =>
  String((await database.exec(`select status from jobs where id = '${id}'`)).rows[0]!.status);

describe('job queue lanes', () => {
  it('runs a quick job while a long job of another lane is still running', async () => {
    const queue = new JobQueue(database.db, pino({ level: 'silent' }), 20);
    let releaseSlow!: () => void;
    const slowStarted = new Promise<void>((startedResolve) => {
      queue.register(
        'test.slow',
        () =>
          new Promise<void>((resolve) => {
            releaseSlow = resolve;
            startedResolve();
          }),
        { lane: 'slow' },
      );
    });
    const quickRan: string[] = [];
    queue.register('test.quick', async (p) => {
      quickRan.push(String(p.n));
    });
    queue.start();
    try {
      const slowId = await queue.enqueue('test.slow', {});
      await slowStarted;
      const quickId = await queue.enqueue('test.quick', { n: 1 });
      await expect.poll(() => quickRan, { timeout: 5000 }).toEqual(['1']);
      expect(await statusOf(quickId)).toBe('done');
      // the slow job is still running (claimed, not finished)
      expect(await statusOf(slowId)).toBe('pending');
      releaseSlow();
      await expect.poll(() => statusOf(slowId), { timeout: 5000 }).toBe('done');
    } finally {
      releaseSlow?.();
      await queue.stop();
    }
  });

  it('drain runs the due jobs of every lane', async () => {
    const queue = new JobQueue(database.db, pino({ level: 'silent' }), 20);
    const ran: string[] = [];
    queue.register('test.a', async () => void ran.push('a'), { lane: 'x' });
    queue.register('test.b', async () => void ran.push('b'));
    await queue.enqueue('test.a', {});
    await queue.enqueue('test.b', {});
    expect(await queue.drain()).toBe(2);
    expect(ran.sort()).toEqual(['a', 'b']);
  });
});

describe('job queue and the database circuit breaker', () => {
  it('does not poll while the circuit is open, looks again when it may be tried, and then works the queue', async () => {
    vi.useFakeTimers();
    let waitMs = 1_000; // the breaker's Retry-After
    let looks = 0;
    let statements = 0;
    let sweeps = 0;
    const db = {
      execute: async () => {
        statements++;
        return { rows: [] };
      },
    } as unknown as Db;
    const queue = new JobQueue(db, pino({ level: 'silent' }), 100, () => {
      looks++;
      return waitMs;
    });
    queue.every('test.sweep', 10, async () => void sweeps++);
    queue.start();
    try {
      await vi.advanceTimersByTimeAsync(10_000);
      expect(statements).toBe(0);
      expect(sweeps).toBe(0);
      expect(looks).toBeGreaterThan(0);
      expect(looks).toBeLessThanOrEqual(11); // once per second of open circuit, not a busy loop
      waitMs = 0; // closed (or a trial may start)
      await vi.advanceTimersByTimeAsync(1_000);
      expect(statements).toBeGreaterThan(0);
      expect(sweeps).toBeGreaterThan(0);
    } finally {
      await queue.stop();
      vi.useRealTimers();
    }
  });
});
