// Game types and the session state machine: start, get, abandon; who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { end, makeUser, playDeductionGame, playTetris, start, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
  bob = await makeUser(t, 'Bob');
});
afterAll(() => t.close());

describe('GET /api/games/types', () => {
  it('lists TETRIS and DEDUCTION with their result fields, without login', async () => {
    const r = await t.call({ method: 'GET', url: '/api/games/types' });
    expect(r.status).toBe(200);
    const codes = r.body.data.map((g: { code: string }) => g.code);
    expect(codes).toEqual(['TETRIS', 'DEDUCTION']);
    const tetris = r.body.data[0];
    expect(tetris).toMatchObject({ nameKo: '테트리스', nameEn: 'Tetris', verifiable: true, ranked: true });
    expect(tetris.resultFields).toEqual(['score', 'level', 'linesCleared', 'timeElapsedSeconds', 'maxCombo', 'gameData']);
    expect(r.body.data[1].resultFields).toContain('wrongAnswerHintsUsed');
  });
});

describe('POST /api/games/sessions/start', () => {
  it('needs login (guests play locally)', async () => {
    const r = await t.call({ method: 'POST', url: '/api/games/sessions/start', payload: { gameTypeCode: 'TETRIS' } });
    expect([r.status, r.body.error.code]).toEqual([401, 'AUTH-1007']);
    expect(r.body.success).toBe(false);
  });

  it('starts a session with a server seed and start level', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/games/sessions/start',
      headers: alice.headers,
      payload: { gameTypeCode: 'TETRIS', metadata: { client: 'web', startLevel: 9 } },
    });
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s).toMatchObject({
      gameTypeCode: 'TETRIS',
      status: 'IN_PROGRESS',
      startLevel: 1,
      endedAt: null,
      metadata: { client: 'web', startLevel: 9 },
    });
    expect(s.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.seed.length).toBeGreaterThanOrEqual(16);
    expect(Date.parse(s.startedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives every session its own seed', async () => {
    const a = await start(t, bob);
    const b = await start(t, bob);
    expect(a.seed).not.toBe(b.seed);
  });

  it('abandons the session in progress for the same game (and only that game)', async () => {
    const u = await makeUser(t);
    const first = await start(t, u);
    const other = await start(t, u, 'DEDUCTION');
    const second = await start(t, u);
    const old = await t.call({ method: 'GET', url: `/api/games/sessions/${first.sessionId}`, headers: u.headers });
    expect(old.body.data).toMatchObject({ status: 'ABANDONED', endReason: 'REPLACED' });
    expect(old.body.data.endedAt).toBeTruthy();
    const cur = await t.call({ method: 'GET', url: `/api/games/sessions/${second.sessionId}`, headers: u.headers });
    expect(cur.body.data.status).toBe('IN_PROGRESS');
    const ded = await t.call({ method: 'GET', url: `/api/games/sessions/${other.sessionId}`, headers: u.headers });
    expect(ded.body.data.status).toBe('IN_PROGRESS');
  });

  it('keeps exactly one session in progress under concurrent starts', async () => {
    const u = await makeUser(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call({ method: 'POST', url: '/api/games/sessions/start', headers: u.headers, payload: { gameTypeCode: 'TETRIS' } }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await t.ctx.database.exec(`select count(*)::int as n from game_sessions where user_id = $1 and status = 'IN_PROGRESS'`, [
      u.id,
    ]);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('refuses an unknown game, a missing game and oversized metadata with 4xx', async () => {
    const unknown = await t.call({
      method: 'POST',
      url: '/api/games/sessions/start',
      headers: alice.headers,
      payload: { gameTypeCode: 'CHESS' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toMatch(/^VAL-/);
    const missing = await t.call({ method: 'POST', url: '/api/games/sessions/start', headers: alice.headers, payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toMatch(/^VAL-200[13]$/);
    const big = await t.call({
      method: 'POST',
      url: '/api/games/sessions/start',
      headers: alice.headers,
      payload: { gameTypeCode: 'TETRIS', metadata: { blob: 'x'.repeat(5000) } },
    });
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe('VAL-2004');
  });

  it('refuses a token of a user that does not exist (the guard checks the account, issue 12)', async () => {
    const token = await t.ctx.tokens.sign({ id: '00000000-0000-4000-8000-000000000001', roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
    const r = await t.call({
      method: 'POST',
      url: '/api/games/sessions/start',
      headers: { authorization: `Bearer ${token}` },
      payload: { gameTypeCode: 'TETRIS' },
    });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('AUTH-1003');
  });
});

describe('GET /api/games/sessions/{id}', () => {
  it('answers the owner; another user’s session answers as a missing one; guests must log in', async () => {
    const s = await start(t, alice);
    const own = await t.call({ method: 'GET', url: `/api/games/sessions/${s.sessionId}`, headers: alice.headers });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ sessionId: s.sessionId, seed: s.seed, status: 'IN_PROGRESS', recordId: null });
    const other = await t.call({ method: 'GET', url: `/api/games/sessions/${s.sessionId}`, headers: bob.headers });
    const missing = await t.call({ method: 'GET', url: '/api/games/sessions/7f1c3a8e-0000-4000-8000-000000000000', headers: bob.headers });
    expect(other.status).toBe(404);
    expect(other.body.error).toEqual(missing.body.error);
    expect(other.body.error.code).toBe('BIZ-3001');
    const guest = await t.call({ method: 'GET', url: `/api/games/sessions/${s.sessionId}` });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'AUTH-1007']);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const r = await t.call({ method: 'GET', url: '/api/games/sessions/7f1c3a8e-0000-4000-8000-000000000000', headers: alice.headers });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('BIZ-3001');
    const bad = await t.call({ method: 'GET', url: '/api/games/sessions/guest-123', headers: alice.headers });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2002']);
  });

  it('shows the record id of a completed session', async () => {
    const { session, record } = await playTetris(t, alice, 600);
    const r = await t.call({ method: 'GET', url: `/api/games/sessions/${session.sessionId}`, headers: alice.headers });
    expect(r.body.data).toMatchObject({ status: 'COMPLETED', recordId: record.recordId });
  });
});

describe('POST /api/games/sessions/abandon', () => {
  it('IN_PROGRESS → ABANDONED for the owner; again is harmless', async () => {
    const s = await start(t, alice, 'DEDUCTION');
    const r = await t.call({
      method: 'POST',
      url: '/api/games/sessions/abandon',
      headers: alice.headers,
      payload: { sessionId: s.sessionId },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'ABANDONED', endReason: 'USER' });
    const again = await t.call({
      method: 'POST',
      url: '/api/games/sessions/abandon',
      headers: alice.headers,
      payload: { sessionId: s.sessionId },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.status).toBe('ABANDONED');
  });

  it("refuses another user's session", async () => {
    const s = await start(t, alice, 'DEDUCTION');
    const r = await t.call({
      method: 'POST',
      url: '/api/games/sessions/abandon',
      headers: bob.headers,
      payload: { sessionId: s.sessionId },
    });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('BIZ-3001');
    const still = await t.call({ method: 'GET', url: `/api/games/sessions/${s.sessionId}`, headers: alice.headers });
    expect(still.body.data.status).toBe('IN_PROGRESS');
  });

  it('refuses to abandon a completed or rejected session (BIZ-3002)', async () => {
    const { session } = await playTetris(t, bob, 600);
    const r = await t.call({
      method: 'POST',
      url: '/api/games/sessions/abandon',
      headers: bob.headers,
      payload: { sessionId: session.sessionId },
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');

    const g = await playDeductionGame(t, bob, { keepOpen: true });
    const bad = await end(t, bob, g.session.sessionId, { ...g.result, difficulty: 'ADVANCED' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2004']);
    const s = g.session;
    const r2 = await t.call({
      method: 'POST',
      url: '/api/games/sessions/abandon',
      headers: bob.headers,
      payload: { sessionId: s.sessionId },
    });
    expect([r2.status, r2.body.error.code]).toEqual([409, 'BIZ-3002']);
  });

  it('cannot end an abandoned session (BIZ-3002)', async () => {
    const s = await start(t, alice, 'DEDUCTION');
    await t.call({ method: 'POST', url: '/api/games/sessions/abandon', headers: alice.headers, payload: { sessionId: s.sessionId } });
    const r = await end(t, alice, s.sessionId, {
      score: 100,
      won: true,
      difficulty: 'BEGINNER',
      guessesCount: 1,
      hintsUsed: 0,
      wrongAnswerHintsUsed: 0,
      correctAnswerHintsUsed: 0,
      timeElapsedSeconds: 0,
      playersCount: 2,
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');
  });
});
