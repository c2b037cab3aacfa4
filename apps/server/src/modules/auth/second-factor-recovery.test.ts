/**
 * An admin's recovery of a member's lost second factor, through HTTP: the reset and what follows
 * (sessions ended, password-only sign-in, asked to enrol again), the security-log entry, the
 * dual notification (member and every other admin, notice and mail), and each refusal.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, login, makeAdmin, register, type TestUser } from '../users/test-helpers.ts';
import { nextTotpCode } from './second-factor-test-kit.ts';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, await register(t, { name: '김관리' }));
  otherAdmin = await makeAdmin(t, await register(t, { name: '박관리' }));
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload !== undefined ? { payload } : {}) });
const reset = (id: string, token: string) => call('POST', `/api/admin/users/${id}/second-factor/reset`, token);

/** A member with TOTP on (through the API), who then spends every recovery code. */
async function memberWhoLostEverything(): Promise<TestUser> {
  const u = await register(t, { name: '이회원' });
  const setup = await call('POST', '/api/auth/second-factor/totp/setup', u.accessToken);
  const done = await call('POST', '/api/auth/second-factor/totp/confirm', u.accessToken, {
    code: await nextTotpCode(setup.body.data.secret),
  });
  expect(done.status).toBe(200);
  return u;
}

async function outboxFor(email: string): Promise<Array<{ subject: string; text: string }>> {
  // the notice's job queues the mail as a job of its own
  await t.ctx.jobs.drain();
  await t.ctx.jobs.drain();
  const r = await call('GET', `/api/admin/mail/outbox?to=${encodeURIComponent(email)}&size=50`, admin.accessToken);
  return r.body.data.content;
}

async function logEntries(targetId: string) {
  const r = await call('GET', `/api/admin/security-log?action=account.mfa.reset_by_admin&targetId=${targetId}`, admin.accessToken);
  expect(r.status).toBe(200);
  return r.body.data.content as Array<Record<string, unknown>>;
}

describe('an admin resets a member’s lost second factor', () => {
  it('removes the factor, ends the member’s sessions, logs it and notifies the member and the other admins', async () => {
    const m = await memberWhoLostEverything();
    const seen = await call('GET', `/api/admin/users/${m.id}/second-factor`, admin.accessToken);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, enrolAgain: false });

    const r = await reset(m.id, admin.accessToken);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.reset).toBe(true);
    expect(r.body.data.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(r.body.data.adminsNotified).toBeGreaterThanOrEqual(1);

    // the sessions opened with the lost factor are over
    const old = await call('GET', '/api/users/me', m.accessToken);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('AUTH-1003');
    // the member signs in with the password alone and is asked to enrol again
    const again = await login(t, m.email, m.password);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const status = await call('GET', '/api/auth/second-factor', again.body.data.accessToken);
    expect(status.body.data).toMatchObject({ enabled: false, enrolAgain: true });
    expect((await call('GET', `/api/admin/users/${m.id}/second-factor`, admin.accessToken)).body.data).toMatchObject({
      enabled: false,
      enrolAgain: true,
    });

    // the security log: who, on whom, outcome
    const [entry] = await logEntries(m.id);
    expect(entry).toMatchObject({ action: 'account.mfa.reset_by_admin', actorId: admin.id, targetId: m.id, outcome: 'success' });

    // dual notification: a notice and a mail to the member, and to every other admin
    const memberInbox = await call('GET', '/api/notifications', again.body.data.accessToken);
    expect(memberInbox.body.data.content.map((n: { title: string }) => n.title)).toContain('2단계 인증이 초기화되었습니다');
    const otherInbox = await call('GET', '/api/notifications', otherAdmin.accessToken);
    const told = otherInbox.body.data.content.find((n: { title: string }) => n.title === '회원의 2단계 인증이 초기화되었습니다');
    expect(told?.body).toContain('김관리');
    expect(told?.body).toContain('이회원');
    expect(told?.link).toBe(`/admin/users/${m.id}`);
    // the acting admin is not told of their own act
    const ownInbox = await call('GET', '/api/notifications', admin.accessToken);
    expect(ownInbox.body.data.content.some((n: { link: string | null }) => n.link === `/admin/users/${m.id}`)).toBe(false);
    expect((await outboxFor(m.email)).some((mail) => mail.subject.includes('2단계 인증이 초기화되었습니다'))).toBe(true);
    expect((await outboxFor(otherAdmin.email)).some((mail) => mail.text.includes('이회원'))).toBe(true);

    // enrolling again clears the prompt
    const token = again.body.data.accessToken as string;
    const setup = await call('POST', '/api/auth/second-factor/totp/setup', token);
    await call('POST', '/api/auth/second-factor/totp/confirm', token, { code: await nextTotpCode(setup.body.data.secret) });
    expect((await call('GET', '/api/auth/second-factor', token)).body.data).toMatchObject({ enabled: true, enrolAgain: false });
  });
});

describe('refusals', () => {
  it('a member is refused as on every admin route (403 AUTH-1005)', async () => {
    const m = await memberWhoLostEverything();
    const stranger = await register(t);
    const r = await reset(m.id, stranger.accessToken);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1005');
    expect((await call('GET', `/api/admin/users/${m.id}/second-factor`, stranger.accessToken)).body.error.code).toBe('AUTH-1005');
  });

  it('an admin without a second factor is refused (403 AUTH-1022)', async () => {
    const m = await memberWhoLostEverything();
    const bare = await register(t);
    await t.api.users.setAdmin(bare.id, true);
    const signedIn = await login(t, bare.email, bare.password);
    const r = await reset(m.id, signedIn.body.data.accessToken);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1022');
  });

  it('an admin without a fresh step-up is refused (403 AUTH-1023), logged as a failure, and passes after one', async () => {
    const m = await memberWhoLostEverything();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await reset(m.id, admin.accessToken);
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('AUTH-1023');
    expect((await call('GET', '/api/auth/second-factor', m.accessToken)).body.data.enabled).toBe(true);
    const [entry] = await logEntries(m.id);
    expect(entry).toMatchObject({ actorId: admin.id, outcome: 'failure', reason: 'AUTH-1023' });
    const up = await call('POST', '/api/auth/step-up', admin.accessToken, { code: await nextTotpCode(admin.totpSecret!, Date.now()) });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await reset(m.id, admin.accessToken)).status).toBe(200);
  });

  it('an admin cannot reset their own factor (422 AUTH-1024: use a recovery code)', async () => {
    const r = await reset(admin.id, admin.accessToken);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('AUTH-1024');
    expect((await call('GET', '/api/auth/second-factor', admin.accessToken)).body.data.enabled).toBe(true);
    const [entry] = await logEntries(admin.id);
    expect(entry).toMatchObject({ outcome: 'failure', reason: 'AUTH-1024' });
  });

  it('an unknown member is 404 BIZ-3001; a member without a factor is 409 BIZ-3002', async () => {
    const unknown = await reset('00000000-0000-4000-8000-00000000abcd', admin.accessToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('BIZ-3001');
    const plain = await register(t);
    const none = await reset(plain.id, admin.accessToken);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('BIZ-3002');
    // nothing was reset, so no one was told
    expect((await call('GET', '/api/notifications', plain.accessToken)).body.data.content).toHaveLength(0);
  });
});
