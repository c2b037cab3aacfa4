// Custom deduction bots: owner-only CRUD, sharing by link, the QuickJS sandbox (time, memory,
// no host access) and the ladder run on the job queue.
import { BOT_TEMPLATE, type BotState } from '@moim/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { makeUser, type TestUser } from '../games/games-test-helpers.ts';
import { LADDER_MAX_TIMEOUTS, playLadder } from './ladder-play.ts';
import { LadderRunError, runLadderInWorker } from './ladder-runner.ts';
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
const state: BotState = {
  keywords: Array.from({ length: 30 }, (_, i) => `k${i}`),
  keywordsEn: Array.from({ length: 30 }, (_, i) => `k${i}`),
  answerCount: 3,
  myHints: [0, 1],
  myGuesses: [],
  revealedWrong: [2],
  knownWrong: [0, 1, 2],
  others: [],
  round: 1,
  maxRounds: 15,
  seat: 0,
  players: 2,
  timeLimitMs: 2000,
};

async function create(user: TestUser, body: Record<string, unknown>) {
  return t.call({ method: 'POST', url: `${base}/bots`, headers: user.headers, payload: body });
}

describe('bots', () => {
  it('saves a bot to my account, lists it, queues its ladder run', async () => {
    const r = await create(alice, { name: '첫 봇', code: BOT_TEMPLATE });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: '첫 봇',
      version: 1,
      shared: false,
      shareId: null,
      isMine: true,
      owner: { id: alice.id, name: 'Alice' },
      ladder: { status: 'QUEUED', version: 1 },
    });
    const mine = await t.call({ method: 'GET', url: `${base}/bots`, headers: alice.headers });
    expect(mine.body.data.map((b: { id: string }) => b.id)).toEqual([r.body.data.id]);
    const jobs = await t.ctx.database.exec(
      `select count(*)::int as n from jobs where kind = 'deduction-bots.ladder' and payload->>'botId' = $1`,
      [r.body.data.id],
    );
    expect(jobs.rows[0]).toEqual({ n: 1 });
  });

  it('refuses bad input with 400, and more than ten bots with BIZ-3003', async () => {
    for (const body of [
      { name: '', code: 'x' },
      { name: 'a', code: '' },
      { name: 'a', code: 'x'.repeat(20_001) },
      { name: 'a', code: 'a\u0000b' },
      { name: 'a\ud800', code: 'x' },
    ]) {
      expect((await create(bob, body)).status).toBe(400);
    }
    const u = await makeUser(t, 'Many');
    for (let i = 0; i < 10; i++) expect((await create(u, { name: `봇 ${i}`, code: BOT_TEMPLATE })).status).toBe(200);
    const over = await create(u, { name: '11', code: BOT_TEMPLATE });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('BIZ-3003');
  });

  it('lets only the owner see a private bot, change or delete it; anyone with the link sees a shared one', async () => {
    const r = await create(alice, { name: '비밀 봇', code: BOT_TEMPLATE });
    const id = r.body.data.id;
    // someone else's private bot answers exactly as a bot that does not exist, on every operation
    const calls = (botId: string, headers?: Record<string, string>) => [
      t.call({ method: 'GET', url: `${base}/bots/${botId}`, headers }),
      t.call({ method: 'PUT', url: `${base}/bots/${botId}`, headers, payload: { name: 'x', code: 'x' } }),
      t.call({ method: 'DELETE', url: `${base}/bots/${botId}`, headers }),
      t.call({ method: 'POST', url: `${base}/bots/${botId}/ladder`, headers }),
    ];
    const missing = await Promise.all(calls(crypto.randomUUID(), bob.headers));
    const strangers = await Promise.all(calls(id, bob.headers));
    for (const [i, res] of strangers.entries()) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(missing[i]!.body.error);
      expect(res.body.error.code).toBe('BIZ-3001');
    }
    expect((await t.call({ method: 'GET', url: `${base}/bots/${id}` })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${base}/bots/${id}` })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: `${base}/bots`, payload: { name: 'x', code: 'x' } })).status).toBe(401);

    // Sharing gives a link id; a new code version is queued again, a rename is not.
    const shared = await t.call({
      method: 'PUT',
      url: `${base}/bots/${id}`,
      headers: alice.headers,
      payload: { name: '공유 봇', code: BOT_TEMPLATE, shared: true },
    });
    expect(shared.body.data).toMatchObject({ name: '공유 봇', version: 1, shared: true });
    const link = shared.body.data.shareId;
    expect(link).toMatch(/^[A-Za-z0-9_-]{8,40}$/);
    const seen = await t.call({ method: 'GET', url: `${base}/bots/shared/${link}` });
    expect(seen.body.data).toMatchObject({ id, name: '공유 봇', isMine: false, code: BOT_TEMPLATE });
    expect((await t.call({ method: 'GET', url: `${base}/bots/${id}`, headers: bob.headers })).status).toBe(200);
    // a shared bot is public: others see it, but only its owner changes it (403)
    for (const res of (await Promise.all(calls(id, bob.headers))).slice(1)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH-1004');
    }
    const v2 = await t.call({
      method: 'PUT',
      url: `${base}/bots/${id}`,
      headers: alice.headers,
      payload: { name: '공유 봇', code: `${BOT_TEMPLATE}\n// v2`, shared: true },
    });
    expect(v2.body.data).toMatchObject({ version: 2, ladder: { status: 'QUEUED', version: 2 } });

    // Unsharing hides the link again.
    await t.call({
      method: 'PUT',
      url: `${base}/bots/${id}`,
      headers: alice.headers,
      payload: { name: '공유 봇', code: `${BOT_TEMPLATE}\n// v2`, shared: false },
    });
    expect((await t.call({ method: 'GET', url: `${base}/bots/shared/${link}` })).status).toBe(404);
    const del = await t.call({ method: 'DELETE', url: `${base}/bots/${id}`, headers: alice.headers });
    expect(del.body.data).toEqual({ deleted: true });
    expect((await t.call({ method: 'GET', url: `${base}/bots/${id}`, headers: alice.headers })).status).toBe(404);
  });
});

describe('the bots’ refusals in the reader’s language', () => {
  it.each(['ko', 'en'] as const)('%s', async (locale) => {
    const lang = { 'accept-language': locale };
    const owner = await makeUser(t, `Lang ${locale}`);
    const shared = await t.call({
      method: 'POST',
      url: `${base}/bots`,
      headers: { ...owner.headers, ...lang },
      payload: { name: 'shared', code: BOT_TEMPLATE, shared: true },
    });
    const id = shared.body.data.id;
    const answers = [
      [400, await t.call({ method: 'POST', url: `${base}/bots`, headers: { ...bob.headers, ...lang }, payload: { name: '', code: '' } })],
      [404, await t.call({ method: 'GET', url: `${base}/bots/${crypto.randomUUID()}`, headers: lang })],
      [404, await t.call({ method: 'GET', url: `${base}/bots/shared/missing-link-0`, headers: lang })],
      [403, await t.call({ method: 'DELETE', url: `${base}/bots/${id}`, headers: { ...bob.headers, ...lang } })],
      [409, await t.call({ method: 'POST', url: `${base}/bots/${id}/ladder`, headers: { ...owner.headers, ...lang } })],
    ] as const;
    for (let i = 1; i < 10; i++) await create(owner, { name: `b${i}`, code: BOT_TEMPLATE });
    const over = await t.call({
      method: 'POST',
      url: `${base}/bots`,
      headers: { ...owner.headers, ...lang },
      payload: { name: 'x', code: 'x' },
    });
    for (const [status, r] of [...answers, [422, over] as const]) {
      expect(r.status).toBe(status);
      expectErrorInLanguage(r.body, locale);
    }
    expect(over.body.error.details).toEqual({ reason: 'BOT_LIMIT', limit: 10 });
    expect(over.body.error.message).toContain('10');
  });
});

describe('the sandbox', () => {
  it('runs move(state) with a seeded Math.random and no host access', async () => {
    const sb = await createBotSandbox(BOT_TEMPLATE);
    if ('error' in sb) throw new Error(sb.error);
    const a = sb.move(state, 7);
    expect(a).toEqual(sb.move(state, 7));
    expect('guess' in a && (a.guess as number[]).every((i) => i > 2)).toBe(true);
    sb.dispose();
    const probe = await createBotSandbox(
      'function move(s){ return [typeof fetch, typeof require, typeof process, typeof XMLHttpRequest, typeof localStorage, typeof document, typeof setTimeout].join(); }',
    );
    if ('error' in probe) throw new Error(probe.error);
    const r = probe.move(state, 1);
    expect(r).toEqual({ guess: 'undefined,undefined,undefined,undefined,undefined,undefined,undefined' });
  });

  it('stops an endless loop at the deadline and reports errors', async () => {
    const loop = await createBotSandbox('function move(s){ while (true) {} }', 300);
    if ('error' in loop) throw new Error(loop.error);
    const t0 = Date.now();
    expect(loop.move(state, 1)).toMatchObject({ skip: 'BOT_TIMEOUT' });
    expect(Date.now() - t0).toBeLessThan(5_000);
    const thrower = await createBotSandbox('function move(s){ throw new Error("boom"); }');
    if ('error' in thrower) throw new Error(thrower.error);
    expect(thrower.move(state, 1)).toMatchObject({ skip: 'BOT_ERROR', message: expect.stringContaining('boom') });
    expect(await createBotSandbox('function move( {')).toMatchObject({ error: expect.any(String) });
  });

  it('names the protocol’s own faults by code, never by a sentence', async () => {
    const none = await createBotSandbox('var x = 1;');
    if ('error' in none) throw new Error(none.error);
    expect(none.move(state, 1)).toEqual({ skip: 'BOT_ERROR', fault: { code: 'NO_MOVE_FUNCTION' } });
    const nothing = await createBotSandbox('function move(s){ return undefined; }');
    if ('error' in nothing) throw new Error(nothing.error);
    expect(nothing.move(state, 1)).toEqual({ skip: 'BOT_INVALID', fault: { code: 'NO_ANSWER' } });
    const loop = await createBotSandbox('function move(s){ while (true) {} }', 100);
    if ('error' in loop) throw new Error(loop.error);
    expect(loop.move(state, 1)).toEqual({ skip: 'BOT_TIMEOUT' });
  });

  it('stops running a bot that keeps timing out for the rest of its ladder run', async () => {
    let moves = 0;
    const run = await playLadder('function move(s){ while (true) {} }', ['a', 'b'], 100, (phase) => {
      if (phase === 'start') moves++;
    });
    expect(run.played).toBe(6);
    expect(run.wins).toBe(0);
    // every game is played to its end, but the code ran only until the time-out budget was spent
    // (plus one sandbox load per game)
    expect(moves).toBe(LADDER_MAX_TIMEOUTS + run.played);
    expect(run.faults).toBeGreaterThan(LADDER_MAX_TIMEOUTS);
  });

  it('terminates a ladder thread whose bot cannot be stopped in time', async () => {
    // A memory bomb keeps QuickJS busy past the interrupt; the watchdog ends the thread.
    const bomb = 'function move(s){ const a = []; for (;;) a.push(new Array(100000).fill(1)); }';
    const err: unknown = await runLadderInWorker(bomb, { seeds: ['x'], moveMs: 200 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LadderRunError);
    expect(['MOVE_NOT_STOPPED', 'TOO_LONG']).toContain((err as LadderRunError).reason);
  });
});
