/**
 * Issue 12, sessions and roles: every authenticated request decides on the session's state and
 * the account's CURRENT roles and status, not on the access token's claims, so a logout, a
 * revocation, a demotion or a deactivation takes effect at once on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { approvedStudy, apply } from '../studies/test-helpers.ts';
import { bearer, login, makeAdmin, register, type TestUser } from '../users/test-helpers.ts';
import { secondFactorLogin } from './second-factor-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asStudyUser = (u: TestUser) => ({ id: u.id, name: u.name, token: u.accessToken, headers: u.auth });
const outbox = (u: { auth: Record<string, string> }) => t.call({ method: 'GET', url: '/api/admin/mail/outbox', headers: u.auth });
const setRoles = (by: { auth: Record<string, string> }, id: string, roles: string[]) =>
  t.call({ method: 'PUT', url: `/api/admin/users/${id}/roles`, headers: by.auth, payload: { roles } });
const startGame = (headers: Record<string, string>) =>
  t.call({ method: 'POST', url: '/api/games/sessions/start', headers, payload: { gameTypeCode: 'TETRIS' } });

function expectRevoked(r: { status: number; body: any }) {
  expect(r.status, JSON.stringify(r.body)).toBe(401);
  expect(r.body.error.code).toBe('AUTH-1003');
}
/** A deactivated account's token: 403 AUTH-1006, the SPEC's word for it. */
function expectDeactivated(r: { status: number; body: any }) {
  expect(r.status, JSON.stringify(r.body)).toBe(403);
  expect(r.body.error.code).toBe('AUTH-1006');
}

describe('admin rights follow the account, not the token', () => {
  it('an admin demoted by another admin loses admin access with the token already issued, and cannot re-grant itself', async () => {
    const a = await makeAdmin(t, await register(t));
    const b = await makeAdmin(t, await register(t));
    expect((await outbox(b)).status).toBe(200);

    expect((await setRoles(a, b.id, ['ROLE_USER'])).status).toBe(200);

    // B's existing token: no mail outbox (password-reset links), no role changes, either way
    expectRevoked(await outbox(b));
    expectRevoked(await setRoles(b, b.id, ['ROLE_USER', 'ROLE_ADMIN']));
    expectRevoked(await setRoles(b, a.id, ['ROLE_USER']));
    const check = await t.call({ method: 'GET', url: `/api/admin/users/${b.id}`, headers: a.auth });
    expect(check.body.data.roles).not.toContain('ROLE_ADMIN');
    expect((await outbox(a)).status).toBe(200);

    // signed in again (with the second factor B still has), B is an ordinary member
    const again = await secondFactorLogin(t, b.email, b.password, b.totpSecret!);
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: bearer(again.accessToken) });
    expect(me.body.data.roles).not.toContain('ROLE_ADMIN');
    const b2 = { auth: bearer(again.accessToken) };
    expect((await outbox(b2)).body.error.code).toBe('AUTH-1005');
    expect((await setRoles(b2, b.id, ['ROLE_USER', 'ROLE_ADMIN'])).status).toBe(403);
  });

  it('the roles claimed by a token are not believed: the account’s current roles decide', async () => {
    const m = await register(t);
    // a token of m's own live session whose claims say admin (as an old token of a demoted admin would)
    const claims = JSON.parse(Buffer.from(m.accessToken.split('.')[1]!, 'base64url').toString());
    const forgedRoles = await t.ctx.tokens.sign({
      id: m.id,
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      systemRole: 'ROLE_ADMIN',
      family: claims.fam,
    });
    const r = await outbox({ auth: bearer(forgedRoles) });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1005');
  });

  it('a promotion also ends the old sessions (they carried the old roles)', async () => {
    const a = await makeAdmin(t, await register(t));
    const m = await register(t);
    expect((await setRoles(a, m.id, ['ROLE_USER', 'ROLE_ADMIN'])).status).toBe(200);
    expectRevoked(await t.call({ method: 'GET', url: '/api/users/me', headers: m.auth }));
    const fresh = await login(t, m.email, m.password);
    expect(fresh.body.data.roles).toContain('ROLE_ADMIN');
    // an admin now, asked for a second factor before the back office (not a member's AUTH-1005)
    const gated = await outbox({ auth: bearer(fresh.body.data.accessToken) });
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('AUTH-1022');
  });

  it('an admin deactivated by another admin loses access at once', async () => {
    const a = await makeAdmin(t, await register(t));
    const b = await makeAdmin(t, await register(t));
    expect((await t.call({ method: 'POST', url: `/api/admin/users/${b.id}/deactivate`, headers: a.auth })).status).toBe(200);
    expectDeactivated(await outbox(b));
    expectDeactivated(await t.call({ method: 'POST', url: `/api/admin/users/${a.id}/deactivate`, headers: b.auth }));
    expectDeactivated(await startGame(b.auth));
  });
});

describe('a revoked session stops on every route at once', () => {
  let admin: TestUser;
  let leader: TestUser;
  beforeAll(async () => {
    admin = await makeAdmin(t, await register(t));
    leader = await register(t);
  });

  it('after logout, the old access token can neither apply to a study nor start a game', async () => {
    const study = await approvedStudy(t, asStudyUser(leader), asStudyUser(admin));
    const u = await register(t);
    expect((await startGame(u.auth)).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: {} })).status).toBe(200);

    expectRevoked(await apply(t, asStudyUser(u), study.id));
    expectRevoked(await startGame(u.auth));
    expectRevoked(await t.call({ method: 'GET', url: '/api/notifications', headers: u.auth }));
    // on a route where signing in is optional, the token counts for nothing
    const list = await t.call({ method: 'GET', url: '/api/studies', headers: u.auth });
    expect(list.status).toBe(200);
  });

  it('refresh-token reuse ends the access tokens of that login everywhere', async () => {
    const u = await register(t);
    const first = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expect(first.status).toBe(200);
    // the old token again, well after the grace interval (refresh-grace.test.ts): theft
    const fam = JSON.parse(Buffer.from(u.accessToken.split('.')[1]!, 'base64url').toString()).fam as string;
    await t.ctx.database.exec(`update refresh_tokens set used_at = used_at - interval '1 hour' where session_id = $1`, [fam]);
    const reuse = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expectRevoked(reuse);
    expectRevoked(await startGame(u.auth));
    expectRevoked(await startGame(bearer(first.body.data.accessToken)));
  });

  it('a password change ends the other sessions on every route; the caller’s own continues', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const otherAuth = bearer(other.body.data.accessToken);
    expect((await startGame(otherAuth)).status).toBe(200);
    const r = await t.call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: 'a brand new passphrase' },
    });
    expect(r.status).toBe(200);
    expectRevoked(await startGame(otherAuth));
    expect((await startGame(u.auth)).status).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const u = await register(t);
    await t.call({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: u.email } });
    await t.ctx.jobs.drain();
    // take the link's token from the outbox the way the reset tests do
    const mail = await t.call({ method: 'GET', url: `/api/admin/mail/outbox?to=${encodeURIComponent(u.email)}`, headers: admin.auth });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.body.data.content[0].text)?.[1];
    expect(token).toBeTruthy();
    const done = await t.call({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: token!, newPassword: 'the reset passphrase' },
    });
    expect(done.status).toBe(200);
    expectRevoked(await startGame(u.auth));
  });

  it('self-deactivation and deletion end the session on every route', async () => {
    const d = await register(t);
    expect(
      (await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: d.auth, payload: { password: d.password } })).status,
    ).toBe(200);
    expectDeactivated(await startGame(d.auth));

    const x = await register(t);
    expect((await t.call({ method: 'DELETE', url: '/api/users/me', headers: x.auth, payload: { password: x.password } })).status).toBe(200);
    expectRevoked(await startGame(x.auth));
  });
});

// CI runs this with REDIS_URL (.ci/run); without Redis each instance has its own memory cache.
describe.skipIf(!process.env.REDIS_URL)('two instances sharing one database and one Redis', () => {
  it('a logout on one instance stops the token on the other at once, though the other had it cached', async () => {
    const other = await createTestApp({ instanceOf: t });
    try {
      const u = await register(t);
      const startOn = (app: TestApp) =>
        app.call({ method: 'POST', url: '/api/games/sessions/start', headers: u.auth, payload: { gameTypeCode: 'TETRIS' } });
      expect((await startOn(t)).status).toBe(200);
      expect((await startOn(other)).status).toBe(200);
      expect((await other.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: {} })).status).toBe(200);
      expectRevoked(await startOn(t));
      expectRevoked(await startOn(other));
    } finally {
      await other.close();
    }
  });
});
