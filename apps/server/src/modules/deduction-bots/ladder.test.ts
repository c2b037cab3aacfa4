// The bot ladder: queued bot versions are played on the job queue (in a worker thread with the
// QuickJS sandbox) against the built-in AIs, and ranked by points.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, type TestUser } from '../games/games-test-helpers.ts';
import { createBotSandbox } from './sandbox.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
});
afterAll(() => t.close());

const base = '/api/games/deduction';
async function create(user: TestUser, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `${base}/bots`, headers: user.headers, payload: body });
}

describe('the ladder', () => {
  it('plays every queued bot on the job queue and ranks them by points', async () => {
    const good = await create(bob, {
      name: '일관 봇',
      code: `function move(s) {
      // a consistent-ish guesser: prefers keywords in guesses that scored, avoids known wrong
      const wrong = new Set(s.knownWrong);
      const score = s.keywords.map((_, i) => (wrong.has(i) ? -1e9 : Math.random()));
      for (const g of s.myGuesses) for (const i of g.guess) score[i] += g.correct / s.answerCount;
      return s.keywords.map((_, i) => i).sort((a, b) => score[b] - score[a]).slice(0, s.answerCount);
    }`,
      shared: true,
    });
    const broken = await create(bob, { name: '고장 봇', code: 'function move( {' });
    await t.ctx.jobs.drain();
    const g = await t.call({ method: 'GET', url: `${base}/bots/${good.body.data.id}`, headers: bob.headers });
    expect(g.body.data.ladder).toMatchObject({ status: 'DONE', played: 12 });
    expect(g.body.data.ladder.games).toHaveLength(12);
    expect(g.body.data.ladder.wins + g.body.data.ladder.draws + g.body.data.ladder.losses).toBe(12);
    const b = await t.call({ method: 'GET', url: `${base}/bots/${broken.body.data.id}`, headers: bob.headers });
    expect(b.body.data.ladder).toMatchObject({ status: 'DONE', played: 12, wins: 0, points: 0 });
    expect(b.body.data.ladder.errorReason).toBe('LOAD_FAILED');
    // the bot's own load error, as the sandbox gives it (QuickJS's words), never a sentence of ours
    const load = await createBotSandbox('function move( {');
    expect(b.body.data.ladder.error).toBe('error' in load ? load.error : null);
    expect(b.body.data.ladder.error).not.toMatch(/[\uAC00-\uD7A3]/);
    const ladder = await t.call({ method: 'GET', url: `${base}/ladder` });
    expect(ladder.status).toBe(200);
    const entries = ladder.body.data.entries;
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < entries.length; i++) expect(entries[i - 1].points).toBeGreaterThanOrEqual(entries[i].points);
    expect(entries.find((e: { botId: string }) => e.botId === good.body.data.id)).toMatchObject({
      shareId: good.body.data.shareId,
      owner: { name: 'Bob' },
    });
    // a private bot is not on the public ladder; its owner sees its run in the bot itself
    expect(entries.find((e: { botId: string }) => e.botId === broken.body.data.id)).toBeUndefined();
    // a re-run can be asked for once the run is over, not while it is queued
    const again = await t.call({ method: 'POST', url: `${base}/bots/${good.body.data.id}/ladder`, headers: bob.headers });
    expect(again.body.data.ladder.status).toBe('QUEUED');
    expect((await t.call({ method: 'POST', url: `${base}/bots/${good.body.data.id}/ladder`, headers: bob.headers })).status).toBe(409);
    expect((await t.call({ method: 'POST', url: `${base}/bots/${good.body.data.id}/ladder`, headers: alice.headers })).status).toBe(403);
  }, 600_000);
});
