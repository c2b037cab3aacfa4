/**
 * Issue 12: two tabs refreshing with the same refresh token at the same moment must not log the
 * user out. Within the grace interval after its first use, a used refresh token answers the same
 * successor; after it, a reuse still revokes the whole login.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, register } from '../users/test-helpers.ts';
import { sha256 } from './service.ts';
import { refreshTokens } from './schema.ts';

const GRACE_S = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: String(GRACE_S) } });
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
/**
 * The grace is measured with Date (the use's time and the check's): a test that crosses it fakes
 * Date alone and moves it, so timers and the app's I/O run as usual.
 */
const fakeDate = () => vi.useFakeTimers({ toFake: ['Date'] });
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh-token reuse grace', () => {
  it('five tabs refreshing with one token at once all get the same successor and stay signed in', async () => {
    const u = await register(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(u.refreshToken)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const successors = new Set(answers.map((a) => a.body.data.refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = successors;
    expect(successor).not.toBe(u.refreshToken);
    // every tab's new access token works, and the login goes on with the shared successor
    for (const a of answers) expect((await me(a.body.data.accessToken)).status).toBe(200);
    const next = await refresh(successor!);
    expect(next.status).toBe(200);
    expect((await me(next.body.data.accessToken)).status).toBe(200);
  });

  it('a late tab within the grace gets the same successor', async () => {
    const u = await register(t);
    fakeDate();
    const first = await refresh(u.refreshToken);
    vi.advanceTimersByTime(GRACE_S * 1000 - 300);
    const second = await refresh(u.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).toBe(first.body.data.refreshToken);
    expect(second.body.data.user.id).toBe(u.id);
  });

  it('a reuse after the grace revokes the whole login, its newest tokens included', async () => {
    const u = await register(t);
    fakeDate();
    const first = await refresh(u.refreshToken);
    expect(first.status).toBe(200);
    vi.advanceTimersByTime(GRACE_S * 1000 + 300);
    const late = await refresh(u.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('AUTH-1003');
    expect((await refresh(first.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
    expect((await me(first.body.data.accessToken)).status).toBe(401);
  });

  it('once the successor itself has been used, the old token is a reuse even within the grace', async () => {
    const u = await register(t);
    const r1 = await refresh(u.refreshToken);
    const r2 = await refresh(r1.body.data.refreshToken);
    expect(r2.status).toBe(200);
    const old = await refresh(u.refreshToken);
    expect(old.status).toBe(401);
    expect((await refresh(r2.body.data.refreshToken)).body.error.code).toBe('AUTH-1003');
  });

  it('keeps the successor only encrypted, bound to its row', async () => {
    const u = await register(t);
    const r1 = await refresh(u.refreshToken);
    const [row] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(u.refreshToken)));
    expect(row!.successorEnc).toBeTruthy();
    expect(row!.successorEnc).not.toContain(r1.body.data.refreshToken);
    // moved onto another used row, the box does not open there: that row's reuse is a reuse
    const v = await register(t);
    await refresh(v.refreshToken);
    await t.ctx.db
      .update(refreshTokens)
      .set({ successorEnc: row!.successorEnc })
      .where(eq(refreshTokens.tokenHash, sha256(v.refreshToken)));
    const moved = await refresh(v.refreshToken);
    expect(moved.status).toBe(401);
  });
});
