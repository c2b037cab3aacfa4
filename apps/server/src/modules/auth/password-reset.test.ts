import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, login, makeAdmin, register, uniqueEmail, type TestUser } from '../users/test-helpers.ts';
import { passwordResetTokens } from './schema.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://moim.example.com' } });
  admin = await makeAdmin(t, await register(t));
});
afterAll(() => t.close());

const request = (email: string) => t.call({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
const confirm = (token: string, newPassword: string) =>
  t.call({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, newPassword } });

/** Mail is sent from the job queue into the outbox; read it the way an admin does. */
async function outboxFor(email: string) {
  await t.ctx.jobs.drain();
  const r = await t.call({ method: 'GET', url: `/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, headers: admin.auth });
  expect(r.status).toBe(200);
  return r.body.data.content as { to: string; subject: string; text: string; html: string }[];
}

function tokenFrom(text: string): string {
  const m = /https:\/\/moim\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(m).toBeTruthy();
  return m![1]!;
}

describe('password reset', () => {
  it('mails a one-time link; the new password works and every session is revoked', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const r = await request(u.email.toUpperCase());
    expect(r.status).toBe(200);
    expect(r.body.data.requested).toBe(true);

    const mails = await outboxFor(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('비밀번호 재설정');
    const token = tokenFrom(mails[0]!.text);
    expect(mails[0]!.html).toContain(`token=${token}`);

    const weak = await confirm(token, 'password1');
    expect(weak.body.error.code).toBe('VAL-2001');
    const ok = await confirm(token, 'my new reset passphrase');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ reset: true });

    expect((await login(t, u.email, 'my new reset passphrase')).status).toBe(200);
    expect((await login(t, u.email, u.password)).body.error.code).toBe('AUTH-1001');
    for (const refreshToken of [u.refreshToken, other.body.data.refreshToken]) {
      const rr = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      expect(rr.body.error.code).toBe('AUTH-1003');
    }
    const reused = await confirm(token, 'yet another passphrase');
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('BIZ-3002');
    expect(reused.body.error.message).toContain('이미 사용된');
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const u = await register(t);
    const known = await request(u.email);
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await request(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body.data).toEqual(known.body.data);
    expect(await outboxFor(unknownEmail)).toHaveLength(0);
  });

  it('refuses unknown (AUTH-1003), expired and superseded (BIZ-3002) tokens', async () => {
    const u = await register(t);
    expect((await confirm('A'.repeat(43), 'some new passphrase')).body.error.code).toBe('AUTH-1003');

    await request(u.email);
    const first = tokenFrom((await outboxFor(u.email))[0]!.text);
    await request(u.email);
    const mails = await outboxFor(u.email);
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[0]!.text); // newest first
    expect(second).not.toBe(first);
    expect((await confirm(first, 'some new passphrase')).body.error.code).toBe('BIZ-3002');

    await t.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, u.id));
    const expired = await confirm(second, 'some new passphrase');
    expect(expired.body.error.code).toBe('BIZ-3002');
    expect(expired.body.error.message).toContain('만료');
    expect((await login(t, u.email, u.password)).status).toBe(200);
  });

  it('mails nothing to a deactivated account', async () => {
    const u = await register(t);
    await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.auth, payload: { password: u.password } });
    expect((await request(u.email)).status).toBe(200);
    expect(await outboxFor(u.email)).toHaveLength(0);
  });

  it('refuses garbage and keeps the outbox to admins', async () => {
    for (const email of ['', 'nope', 42, null, ['a@b.co'], 'x'.repeat(300) + '@b.co']) {
      const r = await t.call({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
      expect([r.status, r.body.error.code]).toEqual([400, expect.stringMatching(/^VAL-/)]);
    }
    for (const token of ['short', '!!!!!!!!!!!!!!!!!!!!!!!!!', 42, null]) {
      const r = await t.call({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, newPassword: 'fine passphrase' },
      });
      expect([r.status, r.body.error.code]).toEqual([400, expect.stringMatching(/^VAL-/)]);
    }
    const member = await register(t);
    const r = await t.call({ method: 'GET', url: '/api/admin/mail/outbox', headers: bearer(member.accessToken) });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1005');
  });
});
