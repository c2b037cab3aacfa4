// The public bot ladder lists shared bots only: a private bot (its id, name, link or owner) never
// appears in it, for a guest or another user or its owner; its owner sees where it would stand
// in the bot's own ladder result. Runs are finished directly in the table (the ladder games
// themselves are tested in ladder.test.ts).
import { BOT_TEMPLATE } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, type TestUser } from '../games/games-test-helpers.ts';
import { finishLadder } from './repo.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
  carol = await makeUser(t, 'Carol');
});
afterAll(() => t.close());

const base = '/api/games/deduction';

/** Saves a bot and finishes its ladder run with these points (one game won per 3 points). */
async function botWith(user: TestUser, name: string, shared: boolean, points: number) {
  const r = await t.call({ method: 'POST', url: `${base}/bots`, headers: user.headers, payload: { name, code: BOT_TEMPLATE, shared } });
  expect(r.status).toBe(200);
  const bot = r.body.data as { id: string; name: string; shareId: string | null; version: number };
  const wins = Math.floor(points / 3);
  await finishLadder(t.ctx.db, bot.id, bot.version, { status: 'DONE', played: 12, wins, losses: 12 - wins, points, winGuesses: wins * 5 });
  return bot;
}

const ladderAs = (user?: TestUser) => t.call({ method: 'GET', url: `${base}/ladder`, ...(user ? { headers: user.headers } : {}) });
const mine = (user: TestUser, id: string) => t.call({ method: 'GET', url: `${base}/bots/${id}`, headers: user.headers });

describe('the public ladder', () => {
  it('lists shared bots only; a private bot leaves no trace in it, for anyone', async () => {
    const secret = await botWith(alice, '앨리스 비밀 봇', false, 36); // the best run of all
    const hidden = await botWith(carol, '캐럴 비밀 봇', false, 30); // Carol shares nothing
    const open = await botWith(alice, '앨리스 공개 봇', true, 24);
    const other = await botWith(bob, '밥 공개 봇', true, 12);
    const privateShareIds = await t.ctx.database.exec(`select share_id from deduction_bots where id in ($1, $2)`, [secret.id, hidden.id]);

    for (const viewer of [undefined, bob, alice, carol]) {
      const r = await ladderAs(viewer);
      expect(r.status).toBe(200);
      const text = JSON.stringify(r.body);
      for (const bot of [secret, hidden]) {
        expect(text).not.toContain(bot.id);
        expect(text).not.toContain(bot.name);
      }
      for (const row of privateShareIds.rows as { share_id: string }[]) expect(text).not.toContain(row.share_id);
      expect(text).not.toContain(carol.id);
      expect(text).not.toContain(carol.name);
      const entries = r.body.data.entries as { rank: number; botId: string }[];
      expect(entries.map((e) => e.botId)).toEqual([open.id, other.id]);
      expect(entries.map((e) => e.rank)).toEqual([1, 2]);
    }

    // A shared bot's own result gives its place on the public ladder; a private bot's owner sees
    // the place it would take there.
    expect((await mine(alice, open.id)).body.data.ladder.rank).toBe(1);
    expect((await mine(bob, other.id)).body.data.ladder.rank).toBe(2);
    expect((await mine(alice, secret.id)).body.data.ladder.rank).toBe(1);
    expect((await mine(carol, hidden.id)).body.data.ladder.rank).toBe(1);

    // Unsharing takes a bot off the ladder.
    await t.call({
      method: 'PUT',
      url: `${base}/bots/${open.id}`,
      headers: alice.headers,
      payload: { name: open.name, code: BOT_TEMPLATE, shared: false },
    });
    const after = await ladderAs();
    expect(after.body.data.entries.map((e: { botId: string }) => e.botId)).toEqual([other.id]);
    expect(JSON.stringify(after.body)).not.toContain(open.name);
  });
});
