// Both rank-index implementations against a brute-force oracle (fast-check): the in-process
// one always, the Redis one when REDIS_URL is set. Plus the Redis member encoding.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeMember, encodeMember, invertHex, MemoryRankIndex, RedisRankIndex, type BoardEntry, type RankIndex } from './rank-index.ts';
import { compareRankEntries } from './rank-skip-list.ts';

const uuidArb = fc.integer({ min: 0, max: 25 }).map((n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
const entryArb = fc.record({
  userId: uuidArb,
  score: fc.integer({ min: 0, max: 8 }).map((s) => s * 1000),
  achievedAt: fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_004 }),
});
type Op = { kind: 'offer'; e: BoardEntry } | { kind: 'load'; entries: BoardEntry[] };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: entryArb.map((e) => ({ kind: 'offer' as const, e })) },
  {
    weight: 1,
    arbitrary: fc
      .uniqueArray(entryArb, { selector: (e) => e.userId, maxLength: 15 })
      .map((entries) => ({ kind: 'load' as const, entries })),
  },
);

const order = (a: BoardEntry, b: BoardEntry) =>
  compareRankEntries({ id: a.userId, score: a.score, time: a.achievedAt }, { id: b.userId, score: b.score, time: b.achievedAt });

async function* pages(entries: BoardEntry[]) {
  const sorted = [...entries].sort(order);
  for (let i = 0; i < sorted.length; i += 4) yield sorted.slice(i, i + 4);
}

async function runAgainstOracle(index: RankIndex, board: string, ops: Op[]) {
  let oracle = new Map<string, BoardEntry>();
  await index.drop(board);
  for (const op of ops) {
    if (op.kind === 'offer') {
      const old = oracle.get(op.e.userId);
      const better = !old || order(op.e, old) < 0;
      if (better) oracle.set(op.e.userId, op.e);
      expect(await index.offer(board, op.e)).toBe(better);
    } else {
      oracle = new Map(op.entries.map((e) => [e.userId, e]));
      expect(await index.load(board, pages(op.entries))).toBe(op.entries.length);
    }
  }
  const expected = [...oracle.values()].sort(order);
  expect(await index.size(board)).toBe(expected.length);
  expect(await index.range(board, 0, 100)).toEqual(expected);
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    expect(await index.rank(board, e.userId)).toEqual({ rank: i, total: expected.length });
    const w = await index.around(board, e.userId, 2);
    const start = Math.max(0, i - 2);
    expect(w).toEqual({ rank: i, total: expected.length, start, entries: expected.slice(start, i + 3) });
  }
  expect(await index.rank(board, '00000000-0000-4000-8000-ffffffffffff')).toBeNull();
  expect(await index.around(board, '00000000-0000-4000-8000-ffffffffffff', 5)).toBeNull();
}

describe('MemoryRankIndex', () => {
  it('matches the oracle', async () => {
    const index = new MemoryRankIndex();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 60 }), async (ops) => runAgainstOracle(index, 'TETRIS:ALL', ops)),
      { numRuns: 200 },
    );
  });
});

describe('Redis member encoding', () => {
  it('round-trips and sorts (descending) in board order', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 0, max: 4_102_444_800_000 }), (id, t) => {
        expect(decodeMember(encodeMember(id, t))).toEqual({ userId: id, achievedAt: t });
        expect(invertHex(invertHex(id))).toBe(id);
      }),
    );
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (a, b, ta, tb) => {
        const ma = encodeMember(a, ta);
        const mb = encodeMember(b, tb);
        const boardOrder = compareRankEntries({ id: a, score: 1, time: ta }, { id: b, score: 1, time: tb });
        // ZREVRANGE walks equal scores from the largest member down.
        const redisOrder = ma > mb ? -1 : ma < mb ? 1 : 0;
        expect(redisOrder).toBe(boardOrder);
      }),
    );
  });

  it('keeps scores exact up to 2^53 (no composite rounding)', () => {
    const big = 2 ** 53 - 1;
    expect(Number(String(big))).toBe(big);
  });
});

describe.skipIf(!process.env.REDIS_URL)('RedisRankIndex (REDIS_URL)', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    keyPrefix: `moim-test:${randomBytes(4).toString('hex')}:`,
    lazyConnect: true,
  });
  afterAll(async () => {
    const keys = await redis.keys(`${redis.options.keyPrefix}*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(redis.options.keyPrefix!.length)));
    await redis.quit();
  });

  it('matches the oracle', async () => {
    await redis.connect();
    const index = new RedisRankIndex(redis);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), async (ops) => runAgainstOracle(index, 'TETRIS:ALL', ops)),
      { numRuns: 60 },
    );
  });

  it('gives the same order as the in-process index for the same offers', async () => {
    const mem = new MemoryRankIndex();
    const red = new RedisRankIndex(redis);
    await red.drop('DEDUCTION:W2026-11-16');
    const entries = fc.sample(entryArb, 300);
    for (const e of entries) {
      await mem.offer('b', e);
      await red.offer('DEDUCTION:W2026-11-16', e, { expireAt: Date.now() + 60_000 });
    }
    expect(await red.range('DEDUCTION:W2026-11-16', 0, 1000)).toEqual(await mem.range('b', 0, 1000));
    expect(await redis.pttl('games:lb:DEDUCTION:W2026-11-16')).toBeGreaterThan(0);
  });

  it('loads an empty board by deleting it', async () => {
    const red = new RedisRankIndex(redis);
    await red.offer('TETRIS:empty', { userId: '00000000-0000-4000-8000-000000000001', score: 5, achievedAt: 1 });
    expect(await red.load('TETRIS:empty', pages([]))).toBe(0);
    expect(await red.size('TETRIS:empty')).toBe(0);
  });
});
