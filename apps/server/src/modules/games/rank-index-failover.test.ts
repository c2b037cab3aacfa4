// FailoverRankIndex on a real Redis (REDIS_URL): Redis while the board is known to be complete
// there, the fallback while the link is down, and a reload of every board when it comes back.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/wait-for.ts';
import { RedisProvider } from '../../providers/redis/index.ts';
import { FailoverRankIndex } from './rank-index-failover.ts';
import { MemoryRankIndex, RedisRankIndex, type BoardEntry } from './rank-index.ts';

/** the link's state changes on the connection's own events: wait for it to show */
const until = (f: () => boolean, what: string) => waitFor(f, Boolean, { what });

describe.skipIf(!process.env.REDIS_URL)('FailoverRankIndex (REDIS_URL)', () => {
  const link = new RedisProvider({ url: process.env.REDIS_URL, keyPrefix: `moim-test:${randomBytes(4).toString('hex')}:` });
  afterAll(async () => {
    await link.attempt((r) => r.del('games:lb:TETRIS:ALL', 'games:lb:TETRIS:ALL:m'));
    await link.close();
  });

  it('reads Redis when trusted, the fallback while down, and reloads when the link returns', async () => {
    expect(await until(() => link.isUp(), 'the Redis link to be up')).toBe(true);
    const truth: BoardEntry[] = [
      { userId: '00000000-0000-4000-8000-000000000001', score: 50, achievedAt: 1_000 },
      { userId: '00000000-0000-4000-8000-000000000002', score: 40, achievedAt: 2_000 },
    ];
    const fallback = new MemoryRankIndex();
    const index = new FailoverRankIndex(link, new RedisRankIndex(link.client!), fallback);
    const board = 'TETRIS:ALL';
    const reloads: string[] = [];
    const source = async function* () {
      yield truth;
    };
    index.setReloader(async (b) => {
      reloads.push(b);
      await index.load(b, source());
    });
    await fallback.load(board, source());
    await index.load(board, source());
    expect(index.usesShared(board)).toBe(true);
    expect(await index.rank(board, truth[1]!.userId)).toEqual({ rank: 1, total: 2 });

    // Redis goes away: answers come from the fallback, with no error.
    link.client!.disconnect();
    expect(await until(() => !link.isUp(), 'the Redis link to be down')).toBe(true);
    expect(index.usesShared(board)).toBe(false);
    expect(await index.rank(board, truth[0]!.userId)).toEqual({ rank: 0, total: 2 });
    // A best recorded meanwhile reaches the database (here: the fallback) but not Redis…
    const late = { userId: '00000000-0000-4000-8000-000000000003', score: 60, achievedAt: 3_000 };
    truth.unshift(late);
    await fallback.offer(board, late);
    expect(await index.offer(board, late)).toBe(false);
    expect(await index.size(board)).toBe(3);

    // …so when Redis returns the board is reloaded before Redis answers for it again.
    await link.client!.connect();
    expect(await until(() => index.usesShared(board), 'the board to be reloaded into Redis')).toBe(true);
    expect(reloads).toEqual([board]);
    expect(await index.rank(board, late.userId)).toEqual({ rank: 0, total: 3 });
    expect(
      await link.call(
        (r) => r.zcard('games:lb:TETRIS:ALL'),
        () => -1,
      ),
    ).toBe(3);
  });
});
