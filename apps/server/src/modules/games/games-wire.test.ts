// The game platform's refusals in the reader's language (docs/api-wire.md "Languages"): every
// message of the games routes is a key rendered in Korean or English, validation fields come from
// the form catalogue, and a refused result names its reason in details.
import { MAX_GAME_STATE_CHARS, MAX_SESSION_METADATA_CHARS } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInLanguage } from '../../../test/languages.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { backdate, makeUser, start, tetrisResult, type TestUser } from './games-test-helpers.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, 'Alice');
});
afterAll(() => t.close());

const LOCALES = ['ko', 'en'] as const;
const MISSING = '7f1c3a8e-0000-4000-8000-000000000000';

describe.each(LOCALES)('the games routes’ refusals (%s)', (locale) => {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.call({ method, url, headers: { ...alice.headers, 'accept-language': locale }, ...(payload ? { payload } : {}) });

  it('answers a missing session, state or player', async () => {
    for (const r of [
      await call('GET', `/api/games/sessions/${MISSING}`),
      await call('POST', '/api/games/sessions/abandon', { sessionId: MISSING }),
      await call('GET', `/api/games/states/${MISSING}`),
      await call('GET', `/api/games/statistics/user/${MISSING}`),
    ]) {
      expect([r.status, r.body.error.code]).toEqual([404, 'BIZ-3001']);
      expectErrorInLanguage(r.body, locale);
    }
  });

  it('answers input over its limits, with the field in details', async () => {
    const long = await call('POST', '/api/games/sessions/start', {
      gameTypeCode: 'TETRIS',
      metadata: { note: 'x'.repeat(MAX_SESSION_METADATA_CHARS) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('VAL-2004');
    expect(long.body.error.details.fields[0]).toMatchObject({ path: 'body.metadata', code: 'too_big' });
    expectErrorInLanguage(long.body, locale);
    const s = await start(t, alice);
    const big = await call('POST', '/api/games/states/save', { sessionId: s.sessionId, stateData: 'x'.repeat(MAX_GAME_STATE_CHARS + 1) });
    expect(big.status).toBe(400);
    expect(big.body.error.details).toMatchObject({ limit: MAX_GAME_STATE_CHARS });
    expectErrorInLanguage(big.body, locale);
  });

  it('answers a result that does not fit its game’s schema from the form catalogue', async () => {
    const s = await start(t, alice);
    const r = await call('POST', '/api/games/sessions/end', { sessionId: s.sessionId, result: { score: -1, level: 'one' } });
    expect(r.status).toBe(400);
    expect(r.body.error.details.fields.length).toBeGreaterThan(0);
    for (const f of r.body.error.details.fields) expect(f.path).toMatch(/^body\.result\./);
    expect(r.body.error.details.fields.some((f: { code: string }) => f.code === 'missing')).toBe(true);
    expectErrorInLanguage(r.body, locale);
  });

  it('answers a refused result with its reason, and again the same way', async () => {
    const s = await start(t, alice);
    const result = tetrisResult(s.seed, 600);
    await backdate(t, s.sessionId, 60);
    const bad = { ...result, score: result.score + 100 };
    for (let i = 0; i < 2; i++) {
      const r = await call('POST', '/api/games/sessions/end', { sessionId: s.sessionId, result: bad });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'VAL-2004', details: { reason: 'FIELD_MISMATCH' } });
      expectErrorInLanguage(r.body, locale);
    }
    const other = await call('POST', '/api/games/sessions/end', { sessionId: s.sessionId, result });
    expect(other.status).toBe(409);
    expect(other.body.error.details).toMatchObject({ status: 'REJECTED' });
    expectErrorInLanguage(other.body, locale);
  });

  it('answers calls on a session that has ended', async () => {
    const s = await start(t, alice);
    await call('POST', '/api/games/sessions/abandon', { sessionId: s.sessionId });
    const save = await call('POST', '/api/games/states/save', { sessionId: s.sessionId, stateData: {} });
    expect([save.status, save.body.error.code]).toEqual([409, 'BIZ-3002']);
    expectErrorInLanguage(save.body, locale);
    const end = await call('POST', '/api/games/sessions/end', { sessionId: s.sessionId, result: tetrisResult(s.seed, 60) });
    expect([end.status, end.body.error.code]).toEqual([409, 'BIZ-3002']);
    expectErrorInLanguage(end.body, locale);
  });
});
