// Saved game states: save/get/latest/delete, owner only, text in and out, size limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { backdate, end, makeUser, start, tetrisResult, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
});
afterAll(() => t.close());

const save = (user: TestUser | null, payload: unknown) =>
  t.call({ method: 'POST', url: '/api/games/states/save', headers: user?.headers ?? {}, payload: payload as object });

describe('POST /api/games/states/save', () => {
  it('stores an object as its JSON text and answers a string; stateType defaults to CHECKPOINT', async () => {
    const s = await start(t, alice);
    const r = await save(alice, { sessionId: s.sessionId, stateData: { ticks: 120, board: [0, 1, 2] } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ sessionId: s.sessionId, gameType: 'TETRIS', stateType: 'CHECKPOINT' });
    expect(typeof r.body.data.stateData).toBe('string');
    expect(JSON.parse(r.body.data.stateData)).toEqual({ ticks: 120, board: [0, 1, 2] });
    expect(Date.parse(r.body.data.savedAt)).toBeGreaterThan(0);
  });

  it('stores a string as given and replaces the state of the same type', async () => {
    const s = await start(t, alice, 'DEDUCTION');
    await save(alice, { sessionId: s.sessionId, stateType: 'AUTO_SAVE', stateData: '{"step":1}' });
    const r = await save(alice, { sessionId: s.sessionId, stateType: 'AUTO_SAVE', stateData: '{"step":2}' });
    expect(r.body.data.stateData).toBe('{"step":2}');
    const got = await t.call({ method: 'GET', url: `/api/games/states/${s.sessionId}?stateType=AUTO_SAVE`, headers: alice.headers });
    expect(got.body.data.stateData).toBe('{"step":2}');
    const rows = await t.ctx.database.exec(`select count(*)::int as n from game_states where session_id = $1`, [s.sessionId]);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('refuses another user, guests, and sessions no longer in progress', async () => {
    const s = await start(t, alice);
    const other = await save(bob, { sessionId: s.sessionId, stateData: {} });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('BIZ-3001');
    const guest = await save(null, { sessionId: s.sessionId, stateData: {} });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'AUTH-1007']);
    await t.call({ method: 'POST', url: '/api/games/sessions/abandon', headers: alice.headers, payload: { sessionId: s.sessionId } });
    const ended = await save(alice, { sessionId: s.sessionId, stateData: {} });
    expect(ended.status).toBe(409);
    expect(ended.body.error.code).toBe('BIZ-3002');
  });

  it('limits a state to 256 KB (VAL-2004) and a request to 1 MB (VAL-2006)', async () => {
    const s = await start(t, bob);
    const ok = await save(bob, { sessionId: s.sessionId, stateData: 'x'.repeat(256 * 1024) });
    expect(ok.status).toBe(200);
    const tooBig = await save(bob, { sessionId: s.sessionId, stateData: 'x'.repeat(256 * 1024 + 1) });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.code).toBe('VAL-2004');
    const huge = await save(bob, { sessionId: s.sessionId, stateData: 'x'.repeat(1200 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('VAL-2006');
  });

  it('refuses a malformed state type or missing data with 400', async () => {
    const s = await start(t, bob, 'DEDUCTION');
    expect((await save(bob, { sessionId: s.sessionId, stateType: 'lower case', stateData: {} })).status).toBe(400);
    expect((await save(bob, { sessionId: s.sessionId })).status).toBe(400);
    expect((await save(bob, { sessionId: 'not-a-uuid', stateData: {} })).status).toBe(400);
  });
});

describe('GET /api/games/states/{sessionId} and states/latest, DELETE states/{sessionId}', () => {
  it('answers the newest state of a session, null when there is none; owner only', async () => {
    const s = await start(t, alice);
    const none = await t.call({ method: 'GET', url: `/api/games/states/${s.sessionId}`, headers: alice.headers });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    await save(alice, { sessionId: s.sessionId, stateData: { n: 1 } });
    const got = await t.call({ method: 'GET', url: `/api/games/states/${s.sessionId}`, headers: alice.headers });
    expect(JSON.parse(got.body.data.stateData)).toEqual({ n: 1 });
    const other = await t.call({ method: 'GET', url: `/api/games/states/${s.sessionId}`, headers: bob.headers });
    expect([other.status, other.body.error.code]).toEqual([404, 'BIZ-3001']);
    const unknown = await t.call({ method: 'GET', url: `/api/games/states/7f1c3a8e-0000-4000-8000-000000000000`, headers: alice.headers });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'BIZ-3001']);
  });

  it('latest answers my newest state of a game still in progress', async () => {
    const u = await makeUser(t);
    const none = await t.call({ method: 'GET', url: '/api/games/states/latest?gameType=TETRIS', headers: u.headers });
    expect(none.body.data).toBeNull();
    const s = await start(t, u);
    await save(u, { sessionId: s.sessionId, stateData: { n: 'mine' } });
    const latest = await t.call({
      method: 'GET',
      url: '/api/games/states/latest?gameType=TETRIS&stateType=CHECKPOINT',
      headers: u.headers,
    });
    expect(latest.body.data).toMatchObject({ sessionId: s.sessionId, stateType: 'CHECKPOINT' });
    // Another user's states never show up in mine.
    const theirs = await t.call({ method: 'GET', url: '/api/games/states/latest?gameType=TETRIS', headers: bob.headers });
    expect(theirs.body.data?.sessionId).not.toBe(s.sessionId);
    const guest = await t.call({ method: 'GET', url: '/api/games/states/latest?gameType=TETRIS' });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'AUTH-1007']);
  });

  it('delete removes the states of my session; refused for another user', async () => {
    const s = await start(t, alice, 'DEDUCTION');
    await save(alice, { sessionId: s.sessionId, stateData: { a: 1 } });
    await save(alice, { sessionId: s.sessionId, stateType: 'PAUSE', stateData: { a: 2 } });
    const other = await t.call({ method: 'DELETE', url: `/api/games/states/${s.sessionId}`, headers: bob.headers });
    expect([other.status, other.body.error.code]).toEqual([404, 'BIZ-3001']);
    const r = await t.call({ method: 'DELETE', url: `/api/games/states/${s.sessionId}`, headers: alice.headers });
    expect(r.status).toBe(200);
    expect(r.body.data.deleted).toBe(2);
    const got = await t.call({ method: 'GET', url: `/api/games/states/${s.sessionId}`, headers: alice.headers });
    expect(got.body.data).toBeNull();
  });

  it('ending or abandoning a session clears its saved states', async () => {
    const u = await makeUser(t);
    const s = await start(t, u);
    await save(u, { sessionId: s.sessionId, stateData: { n: 1 } });
    const result = tetrisResult(s.seed, 600);
    await backdate(t, s.sessionId, 30);
    expect((await end(t, u, s.sessionId, result)).status).toBe(200);
    const after = await t.call({ method: 'GET', url: `/api/games/states/${s.sessionId}`, headers: u.headers });
    expect(after.body.data).toBeNull();
    const latest = await t.call({ method: 'GET', url: '/api/games/states/latest?gameType=TETRIS', headers: u.headers });
    expect(latest.body.data).toBeNull();

    const s2 = await start(t, u);
    await save(u, { sessionId: s2.sessionId, stateData: { n: 2 } });
    await start(t, u); // replaces (abandons) s2
    const gone = await t.call({ method: 'GET', url: `/api/games/states/${s2.sessionId}`, headers: u.headers });
    expect(gone.body.data).toBeNull();
  });
});
