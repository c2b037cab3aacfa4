/**
 * The study read cache: a value loaded before a change is not stored after it, and with Redis
 * (REDIS_URL) a change in one instance clears the caches of the others.
 */
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/wait-for.ts';
import { StudyCaches } from './caches.ts';
import { ReadCache } from '../../cache/read-cache.ts';

describe('ReadCache', () => {
  it('serves a value until its TTL, and never one loaded before a clear', () => {
    const c = new ReadCache<string>(2_000);
    c.set('a', 'old', 1_000);
    expect(c.get('a', 2_000)).toBe('old');
    expect(c.get('a', 3_001)).toBeUndefined();

    // a load starts, a study changes (clear), the load ends: its (stale) value is dropped
    const loadedAt = c.generation;
    c.clear();
    c.set('a', 'stale', 4_000, loadedAt);
    expect(c.get('a', 4_001)).toBeUndefined();
    c.set('a', 'fresh', 4_000, c.generation);
    expect(c.get('a', 4_001)).toBe('fresh');
  });
});

describe.skipIf(!process.env.REDIS_URL)('StudyCaches across instances (REDIS_URL)', () => {
  it('a change in one instance clears the read caches of the others', async () => {
    const redisA = new Redis(process.env.REDIS_URL!);
    const redisB = new Redis(process.env.REDIS_URL!);
    const a = new StudyCaches();
    const b = new StudyCaches();
    try {
      await a.shareThrough(redisA);
      await b.shareThrough(redisB);
      for (const c of [a, b]) {
        c.lists.set('page:1', '{"success":true}');
        c.bySlug.set('1-tecoteco', '{"success":true}');
      }
      a.invalidate();
      expect(a.lists.get('page:1')).toBeUndefined();
      // the other instance hears of it through Redis pub/sub: wait for its cache to be cleared
      await waitFor(
        () => b.bySlug.get('1-tecoteco'),
        (v) => v === undefined,
        { timeoutMs: 3_000, what: "instance B's study cache to clear" },
      );
      expect(b.bySlug.get('1-tecoteco')).toBeUndefined();
      expect(b.lists.get('page:1')).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
