/**
 * E-mail change through HTTP: asked for behind step-up and the password, confirmed from the new
 * address (the outbox), effective only then; the old address told; sessions kept; logged. And
 * every refusal. Also: changing the password needs step-up.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { emailChanges } from './schema.ts';
import { bearer, login, makeAdmin, register, uniqueEmail, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, await register(t));
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const ask = (u: TestUser, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/users/me/email', headers: u.auth, payload });
const confirm = (token: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: '/api/users/me/email/confirm', headers, payload: { token } });

async function outboxFor(email: string): Promise<Array<{ subject: string; text: string }>> {
  await t.ctx.jobs.drain();
  const r = await t.call({ method: 'GET', url: `/api/admin/mail/outbox?to=${encodeURIComponent(email)}&size=50`, headers: admin.auth });
  return r.body.data.content;
}
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function logged(userId: string, action: string) {
  const r = await t.call({
    method: 'GET',
    url: `/api/admin/security-log?action=${action}&targetId=${userId}`,
    headers: admin.auth,
  });
  return r.body.data.content as Array<Record<string, unknown>>;
}

describe('changing the e-mail', () => {
  it('mails a link to the new address and a notice to the old one; changes only on confirmation; sessions stay', async () => {
    const u = await register(t);
    const to = uniqueEmail('new');
    const r = await ask(u, { newEmail: to, password: u.password });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.data.requested).toBe(true);
    // nothing changed yet
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: u.auth })).body.data.email).toBe(u.email);
    const [link] = await outboxFor(to);
    expect(link?.subject).toContain('새 이메일 주소를 확인해 주세요');
    const token = tokenIn(link!.text);
    expect(link!.text).toContain('/users/me/email/confirm?token=');
    const oldNotice = await outboxFor(u.email);
    expect(oldNotice.some((m) => m.subject.includes('이메일 변경 요청'))).toBe(true);
    // the old address is told where, masked
    expect(oldNotice.find((m) => m.subject.includes('이메일 변경 요청'))!.text).not.toContain(to);

    // the link works signed out (another device)
    const done = await confirm(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ changed: true, email: to });
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: u.auth });
    expect(me.status).toBe(200); // the session stayed
    expect(me.body.data.email).toBe(to);
    expect((await login(t, to, u.password)).status).toBe(200);
    const old = await login(t, u.email, u.password);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('AUTH-1001');
    expect((await outboxFor(u.email)).some((m) => m.subject.includes('이메일이 변경되었습니다'))).toBe(true);

    // a used link is spent
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('AUTH-1025');

    expect(await logged(u.id, 'account.email.change_requested')).toEqual([expect.objectContaining({ outcome: 'success', actorId: u.id })]);
    expect(await logged(u.id, 'account.email.changed')).toEqual([expect.objectContaining({ outcome: 'success', actorId: u.id })]);
  });

  it('only the newest link works, and not after it expires', async () => {
    const u = await register(t);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await ask(u, { newEmail: first, password: u.password });
    await ask(u, { newEmail: second, password: u.password });
    const superseded = await confirm(tokenIn((await outboxFor(first))[0]!.text));
    expect(superseded.status).toBe(400);
    expect(superseded.body.error.code).toBe('AUTH-1025');
    const token = tokenIn((await outboxFor(second))[0]!.text);
    await t.ctx.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, u.id));
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('AUTH-1025');
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: u.auth })).body.data.email).toBe(u.email);
  });

  it('keeps e-mails unique: a registered address is refused (409 VAL-2005), also when taken before the confirmation', async () => {
    const u = await register(t);
    const other = await register(t);
    const taken = await ask(u, { newEmail: other.email.toUpperCase(), password: u.password });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('VAL-2005');
    const wanted = uniqueEmail('race');
    await ask(u, { newEmail: wanted, password: u.password });
    await register(t, { email: wanted });
    const late = await confirm(tokenIn((await outboxFor(wanted))[0]!.text));
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('VAL-2005');
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: u.auth })).body.data.email).toBe(u.email);
  });

  it('refuses without a fresh step-up (403 AUTH-1023), a wrong or missing password, the same address, an unknown link', async () => {
    const u = await register(t);
    const wrong = await ask(u, { newEmail: uniqueEmail(), password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('AUTH-1001');
    expect(await logged(u.id, 'account.email.change_requested')).toEqual([
      expect.objectContaining({ outcome: 'failure', reason: 'bad_password' }),
    ]);
    const missing = await ask(u, { newEmail: uniqueEmail() });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VAL-2003');
    const same = await ask(u, { newEmail: u.email.toUpperCase(), password: u.password });
    expect(same.status).toBe(400);
    expect(same.body.error.code).toBe('VAL-2001');
    expect(same.body.error.details.fields[0].path).toBe('body.newEmail');
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('AUTH-1025');
    const guest = await t.call({ method: 'POST', url: '/api/users/me/email', payload: { newEmail: uniqueEmail(), password: u.password } });
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('AUTH-1007');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await ask(u, { newEmail: uniqueEmail(), password: u.password });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('AUTH-1023');
    // a fresh proof lets it through
    const up = await t.call({ method: 'POST', url: '/api/auth/step-up', headers: u.auth, payload: { password: u.password } });
    expect(up.status).toBe(200);
    expect((await ask(u, { newEmail: uniqueEmail(), password: u.password })).status).toBe(202);
  });
});

describe('changing the password needs step-up', () => {
  it('answers 403 AUTH-1023 five minutes after the last proof, and passes after a step-up', async () => {
    const u = await register(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const body = { currentPassword: u.password, newPassword: 'a brand new passphrase' };
    const stale = await t.call({ method: 'PUT', url: '/api/users/me/password', headers: u.auth, payload: body });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('AUTH-1023');
    await t.call({ method: 'POST', url: '/api/auth/step-up', headers: bearer(u.accessToken), payload: { password: u.password } });
    const changed = await t.call({ method: 'PUT', url: '/api/users/me/password', headers: u.auth, payload: body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});
