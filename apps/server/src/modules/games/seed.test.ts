// The demo seeder: verified Tetris scores for the demo users, made through the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser } from './games-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('games demo seeder', () => {
  it('records verified, ranked demo games for the demo users quickly', async () => {
    const [leader, admin, member, a, b] = await Promise.all(['Leader', 'Admin', 'Member', 'A', 'B'].map((n) => makeUser(t, n)));
    const t0 = performance.now();
    await t.seeder('games').demo!(t.ctx, { users: { leader: leader!.id, admin: admin!.id, member: member!.id, others: [a!.id, b!.id] } });
    expect(performance.now() - t0).toBeLessThan(10_000);

    const rows = await t.ctx.database.exec(
      `select count(*)::int as n, bool_and(verified) as v from game_records where game_type = 'TETRIS'`,
    );
    expect(rows.rows[0]).toMatchObject({ n: 6, v: true });
    const board = await t.call({ method: 'GET', url: '/api/games/leaderboards/global?gameType=TETRIS' });
    expect(board.body.data.entries).toHaveLength(4);
    expect(board.body.data.entries.map((e: { name: string }) => e.name)).not.toContain('Member');
    const ded = await t.call({ method: 'GET', url: '/api/games/leaderboards/global?gameType=DEDUCTION' });
    expect(ded.body.data.entries).toHaveLength(4); // member, leader and the two others
    expect(ded.body.data.entries.map((e: { name: string }) => e.name)).toContain('Member');
    const dr = await t.ctx.database.exec(
      `select count(*)::int as n, bool_and(verified) as v from game_records where game_type = 'DEDUCTION'`,
    );
    expect(dr.rows[0]).toMatchObject({ n: 4, v: true });
    const weekly = await t.call({ method: 'GET', url: '/api/games/leaderboards/global?gameType=TETRIS&period=WEEKLY' });
    expect(weekly.body.data.entries).toHaveLength(4);
  });

  it('skips quietly without demo users', async () => {
    await expect(t.seeder('games').demo!(t.ctx, {})).resolves.toBeUndefined();
  });
});
