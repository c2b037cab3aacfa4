/**
 * The admin gate beyond /api/admin (docs/decisions/2026-11-29-second-factor.md "Admin powers on
 * member routes"): services that grant admin powers through `isAdmin` (a pending study's page,
 * approving a study, others' payments and applications …) give them only to an admin whose
 * session passed a second factor. An admin without a factor, or signed in without it (a social
 * sign-in), acts there as a member, and admin routes answer AUTH-1022; a step-up with a code
 * makes the session pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser, propose, setStatus, type TestUser as StudyUser } from '../studies/test-helpers.ts';
import { login, register } from '../users/test-helpers.ts';
import { enrolTotp, nextTotpCode } from './second-factor-test-kit.ts';

let t: TestApp;
let leader: StudyUser;
beforeAll(async () => {
  t = await createTestApp();
  leader = await createUser(t);
});
afterAll(() => t.close());

const as = (token: string) => ({ id: '', name: '', token, headers: { authorization: `Bearer ${token}` } });

/** An admin with a TOTP factor, signed in through a social login (no second factor asked there). */
async function socialAdmin() {
  const u = await register(t);
  await t.api.users.setAdmin(u.id, true);
  const secret = await enrolTotp(t, u.id);
  const acct = await t.api.users.findAccount(u.id);
  const s = await t.api.auth.issueSession(acct!, { method: 'oauth:local' });
  return { ...u, secret, token: s.accessToken };
}

describe('admin powers need a second factor passed in the session', () => {
  it('an admin account without a factor acts as a member on member routes and gets AUTH-1022 on admin routes', async () => {
    const study = await propose(t, leader);
    const u = await register(t);
    await t.api.users.setAdmin(u.id, true);
    const signedIn = await login(t, u.email, u.password);
    const admin = as(signedIn.body.data.accessToken);
    // a pending study is private to its leader and admins: to this caller it does not exist
    const page = await t.call({ method: 'GET', url: `/api/studies/${study.id}`, headers: admin.headers });
    expect(page.status).toBe(404);
    expect(page.body.error.code).toBe('BIZ-3001');
    const approve = await setStatus(t, admin, study.id, 'APPROVE');
    // deciding on it is an admin power: the study stays as private as for any member
    expect(approve.status).toBe(404);
    expect(approve.body.error.code).toBe('BIZ-3001');
    const backOffice = await t.call({ method: 'GET', url: '/api/admin/users', headers: admin.headers });
    expect(backOffice.status).toBe(403);
    expect(backOffice.body.error.code).toBe('AUTH-1022');
    // the settings page still says a factor is required of this account
    expect((await t.call({ method: 'GET', url: '/api/auth/second-factor', headers: admin.headers })).body.data.required).toBe(true);
  });

  it('an admin with a factor signed in without it (social login) has no admin powers until a step-up with a code', async () => {
    const study = await propose(t, leader);
    const a = await socialAdmin();
    const admin = as(a.token);
    expect((await t.call({ method: 'GET', url: `/api/studies/${study.id}`, headers: admin.headers })).status).toBe(404);
    expect((await setStatus(t, admin, study.id, 'APPROVE')).body.error.code).toBe('BIZ-3001');
    expect((await t.call({ method: 'GET', url: '/api/admin/users', headers: admin.headers })).body.error.code).toBe('AUTH-1022');
    // a step-up with the password proves the person, not the second factor
    const byPassword = await t.call({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: admin.headers,
      payload: { password: a.password },
    });
    expect(byPassword.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/users', headers: admin.headers })).body.error.code).toBe('AUTH-1022');
    // a code does
    const byCode = await t.call({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: admin.headers,
      payload: { code: await nextTotpCode(a.secret) },
    });
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/users', headers: admin.headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/studies/${study.id}`, headers: admin.headers })).status).toBe(200);
    expect((await setStatus(t, admin, study.id, 'APPROVE')).status).toBe(200);
  });

  it('an admin with a factor signed in through it has admin powers everywhere', async () => {
    const study = await propose(t, leader);
    const admin = await createUser(t, { admin: true });
    expect((await t.call({ method: 'GET', url: `/api/studies/${study.id}`, headers: admin.headers })).status).toBe(200);
    expect((await setStatus(t, admin, study.id, 'APPROVE')).status).toBe(200);
  });
});
