/**
 * The security log (docs/security-log.md): one test per kind of entry the platform writes, the
 * database's refusal to change or delete entries, the retention job, the back office's search and
 * who may use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, login, makeAdmin, register, type TestUser } from '../users/test-helpers.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, await register(t));
});
afterAll(() => t.close());

interface Row {
  id: string;
  at: Date;
  actor_kind: string;
  actor_id: string | null;
  subject_id: string | null;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  outcome: string;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: Record<string, unknown>;
}

/** Entries of one kind about (or by) one user, oldest first. */
async function entries(action: string, who?: string): Promise<Row[]> {
  const r = await t.ctx.database.exec(
    `select * from security_log where action = $1 ${who ? 'and (subject_id = $2 or actor_id = $2)' : ''} order by at, id`,
    who ? [action, who] : [action],
  );
  return r.rows as unknown as Row[];
}
const last = async (action: string, who?: string) => (await entries(action, who)).at(-1);
const UA = 'Mozilla/5.0 (security-log test)';
const fam = (u: TestUser) => JSON.parse(Buffer.from(u.accessToken.split('.')[1]!, 'base64url').toString()).fam as string;

describe('sign-in and sessions', () => {
  it('auth.login.password success: who, when, from where, with the request id', async () => {
    const u = await register(t);
    const r = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': UA, 'x-request-id': 'req-login-1' },
      payload: { email: u.email, password: u.password },
    });
    expect(r.status).toBe(200);
    const e = (await last('auth.login.password', u.id))!;
    expect(e).toMatchObject({
      actor_kind: 'user',
      actor_id: u.id,
      subject_id: u.id,
      target_kind: 'user',
      target_id: u.id,
      outcome: 'success',
      ip: '127.0.0.1',
      user_agent: UA,
      request_id: r.headers['x-request-id'],
    });
    expect(Math.abs(new Date(e.at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('auth.login.password failure: the typed address masked, the owner named as subject', async () => {
    const u = await register(t);
    expect((await login(t, u.email, 'not the password at all')).status).toBe(401);
    const wrong = (await last('auth.login.password', u.id))!;
    expect(wrong).toMatchObject({ actor_kind: 'anonymous', actor_id: null, outcome: 'failure', reason: 'bad_password' });
    expect(wrong.details.identifier).toBe(`${u.email[0]}***@example.com`);
    expect(JSON.stringify(wrong)).not.toContain(u.email);

    expect((await login(t, 'nobody.here@elsewhere.org', 'whatever it is')).status).toBe(401);
    const unknown = (await entries('auth.login.password')).filter((x) => x.reason === 'unknown_account').at(-1)!;
    expect(unknown).toMatchObject({ subject_id: null, outcome: 'failure', details: { identifier: 'n***@elsewhere.org' } });
  });

  it('auth.login.password failure of a deactivated account says so', async () => {
    const u = await register(t);
    await t.call({ method: 'POST', url: `/api/admin/users/${u.id}/deactivate`, headers: admin.auth });
    expect((await login(t, u.email, u.password)).status).toBe(403);
    expect(await last('auth.login.password', u.id)).toMatchObject({ outcome: 'failure', reason: 'deactivated' });
  });

  it('auth.logout names the session that ended', async () => {
    const u = await register(t);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: {} })).status).toBe(200);
    expect(await last('auth.logout', u.id)).toMatchObject({
      actor_id: u.id,
      target_kind: 'session',
      target_id: fam(u),
      outcome: 'success',
    });
  });

  it('auth.refresh_token.reused: a replayed refresh token revokes its session and is recorded as a failure', async () => {
    const u = await register(t);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } })).status).toBe(200);
    await t.ctx.database.exec(`update refresh_tokens set used_at = used_at - interval '1 hour' where session_id = $1`, [fam(u)]);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } })).status).toBe(401);
    expect(await last('auth.refresh_token.reused', u.id)).toMatchObject({
      actor_kind: 'anonymous',
      subject_id: u.id,
      target_id: fam(u),
      outcome: 'failure',
      reason: 'refresh_token_reuse',
    });
  });
});

describe('credentials and the account', () => {
  it('account.password.changed: a wrong current password is a failure, a change a success', async () => {
    const u = await register(t);
    const change = (currentPassword: string) =>
      t.call({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: u.auth,
        payload: { currentPassword, newPassword: 'another fine passphrase' },
      });
    expect((await change('wrong wrong wrong')).status).toBe(401);
    expect(await last('account.password.changed', u.id)).toMatchObject({ outcome: 'failure', reason: 'bad_password' });
    expect((await change(u.password)).status).toBe(200);
    expect(await last('account.password.changed', u.id)).toMatchObject({ actor_id: u.id, outcome: 'success' });
  });

  it('account.password.reset_requested and account.password.reset', async () => {
    const u = await register(t);
    await t.call({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: u.email } });
    expect(await last('account.password.reset_requested', u.id)).toMatchObject({ subject_id: u.id, outcome: 'success' });
    await t.call({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: 'ghost.person@example.org' } });
    const ghost = (await entries('account.password.reset_requested')).at(-1)!;
    expect(ghost).toMatchObject({ outcome: 'failure', reason: 'unknown_account', details: { email: 'g***@example.org' } });

    await t.ctx.jobs.drain();
    const mail = await t.call({ method: 'GET', url: `/api/admin/mail/outbox?to=${encodeURIComponent(u.email)}`, headers: admin.auth });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.body.data.content[0].text)![1]!;
    const done = await t.call({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, newPassword: 'the reset passphrase' },
    });
    expect(done.status).toBe(200);
    expect(await last('account.password.reset', u.id)).toMatchObject({ actor_id: u.id, outcome: 'success' });
  });

  it('account.deactivated and account.deleted by the owner', async () => {
    const d = await register(t);
    await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: d.auth, payload: { password: d.password } });
    expect(await last('account.deactivated', d.id)).toMatchObject({ actor_id: d.id, target_id: d.id, outcome: 'success' });
    const x = await register(t);
    await t.call({ method: 'DELETE', url: '/api/users/me', headers: x.auth, payload: { password: x.password } });
    const del = (await last('account.deleted', x.id))!;
    expect(del).toMatchObject({ actor_id: x.id, target_id: x.id, outcome: 'success' });
    expect(JSON.stringify(del)).not.toContain(x.email);
  });
});

describe('admins', () => {
  it('admin.user.roles_changed records who changed whose roles, from what to what', async () => {
    const m = await register(t);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `/api/admin/users/${m.id}/roles`,
          headers: admin.auth,
          payload: { roles: ['ROLE_USER', 'ROLE_ADMIN'] },
        })
      ).status,
    ).toBe(200);
    expect(await last('admin.user.roles_changed', m.id)).toMatchObject({
      actor_id: admin.id,
      subject_id: m.id,
      target_id: m.id,
      details: { from: ['ROLE_USER'], to: ['ROLE_USER', 'ROLE_ADMIN'] },
    });
  });

  it('admin.user.deactivated and admin.user.reactivated', async () => {
    const m = await register(t);
    await t.call({ method: 'POST', url: `/api/admin/users/${m.id}/deactivate`, headers: admin.auth });
    expect(await last('admin.user.deactivated', m.id)).toMatchObject({ actor_id: admin.id, subject_id: m.id });
    await t.call({ method: 'POST', url: `/api/admin/users/${m.id}/reactivate`, headers: admin.auth });
    expect(await last('admin.user.reactivated', m.id)).toMatchObject({ actor_id: admin.id, subject_id: m.id });
  });

  it('admin.read.user, admin.read.users and admin.read.mail_outbox: reads of members’ data', async () => {
    const m = await register(t);
    await t.call({ method: 'GET', url: `/api/admin/users/${m.id}`, headers: admin.auth });
    expect(await last('admin.read.user', m.id)).toMatchObject({ actor_id: admin.id, target_kind: 'user', target_id: m.id });
    await t.call({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(m.email)}`, headers: admin.auth });
    const list = (await last('admin.read.users', admin.id))!;
    expect(list.details).toMatchObject({ query: `${m.email[0]}***@example.com`, shown: 1 });
    await t.call({ method: 'GET', url: `/api/admin/mail/outbox?to=${encodeURIComponent(m.email)}`, headers: admin.auth });
    expect(await last('admin.read.mail_outbox', admin.id)).toMatchObject({
      target_kind: 'mail_outbox',
      target_id: `${m.email[0]}***@example.com`,
    });
  });

  it('a member’s refused attempt at an admin read leaves no read entry', async () => {
    const m = await register(t);
    const before = (await entries('admin.read.user', m.id)).length;
    expect((await t.call({ method: 'GET', url: `/api/admin/users/${m.id}`, headers: m.auth })).body.error.code).toBe('AUTH-1005');
    expect((await entries('admin.read.user', m.id)).length).toBe(before);
  });

  it('admin.config.changed: the team page’s membership set and removed', async () => {
    const m = await register(t);
    await t.call({
      method: 'PUT',
      url: `/api/admin/users/${m.id}/team-member`,
      headers: admin.auth,
      payload: { roleTitle: '운영진', visible: true },
    });
    expect(await last('admin.config.changed', m.id)).toMatchObject({
      actor_id: admin.id,
      target_kind: 'team_member',
      details: { change: 'added' },
    });
    await t.call({ method: 'DELETE', url: `/api/admin/users/${m.id}/team-member`, headers: admin.auth });
    expect(await last('admin.config.changed', m.id)).toMatchObject({ details: { change: 'removed' } });
  });
});

describe('admin.config.changed in the jobs back office', () => {
  it('records a feed source added, changed and deleted, naming the fields, not their values', async () => {
    const base = '/api/admin/job-postings/sources';
    const created = await t.call({
      method: 'POST',
      url: base,
      headers: admin.auth,
      payload: { name: '피드', format: 'JSON', url: 'https://feeds.example.com/jobs.json?key=secret-token' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const added = (await entries('admin.config.changed')).filter((e) => e.target_id === id);
    expect(added.at(-1)).toMatchObject({ actor_id: admin.id, target_kind: 'job_import_source', details: { change: 'added' } });
    expect(JSON.stringify(added)).not.toContain('secret-token');
    await t.call({ method: 'PATCH', url: `${base}/${id}`, headers: admin.auth, payload: { enabled: true } });
    await t.call({ method: 'DELETE', url: `${base}/${id}`, headers: admin.auth });
    const all = (await entries('admin.config.changed')).filter((e) => e.target_id === id).map((e) => e.details);
    expect(all).toEqual([
      expect.objectContaining({ change: 'added' }),
      expect.objectContaining({ setting: 'job_import_source', change: 'updated', fields: expect.arrayContaining(['enabled']) }),
      { setting: 'job_import_source', change: 'deleted', fields: [] },
    ]);
  });
});

describe('append-only, with one narrow way out', () => {
  it('the database refuses to change or delete an entry', async () => {
    const e = (await entries('auth.login.password')).at(-1)!;
    await expect(t.ctx.database.exec(`update security_log set outcome = 'success' where id = $1`, [e.id])).rejects.toThrow(/append-only/);
    await expect(t.ctx.database.exec(`delete from security_log where id = $1`, [e.id])).rejects.toThrow(/append-only/);
    await expect(t.ctx.database.exec(`truncate security_log`)).rejects.toThrow(/append-only/);
  });

  it('even the purge path refuses entries younger than a year', async () => {
    await expect(t.ctx.database.exec(`select security_log_purge(now() + interval '1 day')`)).rejects.toThrow(/append-only/);
  });
});

describe('retention job', () => {
  it('removes entries past the retention (two years by default) and keeps newer ones', async () => {
    expect(t.ctx.config.SECURITY_LOG_RETENTION_DAYS).toBe(730);
    const insert = (age: string, tag: string) =>
      t.ctx.database.exec(
        `insert into security_log (at, actor_kind, action, outcome, details) values (now() - $1::interval, 'system', 'admin.config.changed', 'success', $2)`,
        [age, JSON.stringify({ tag })],
      );
    await insert('3 years', 'old');
    await insert('731 days', 'just-past');
    await insert('729 days', 'just-within');
    await insert('1 day', 'new');
    await t.ctx.jobs.runRecurring(true);
    const left = (await t.ctx.database.exec(`select details->>'tag' as tag from security_log where details ? 'tag'`)).rows.map(
      (r) => (r as { tag: string }).tag,
    );
    expect(left.sort()).toEqual(['just-within', 'new']);
    expect(await last('system.security_log.purged')).toMatchObject({ actor_kind: 'system', details: { deleted: 2, retentionDays: 730 } });
  });
});

describe('the back office search', () => {
  const search = (q: string, headers = admin.auth) => t.call({ method: 'GET', url: `/api/admin/security-log?${q}`, headers });

  it('filters by actor, action, target, outcome, days and address, and pages', async () => {
    const u = await register(t);
    await login(t, u.email, 'a wrong password here');
    await login(t, u.email, u.password);
    const byTarget = await search(`targetKind=user&targetId=${u.id}&action=auth.login.password`);
    expect(byTarget.status).toBe(200);
    expect(byTarget.body.data.totalElements).toBe(2);
    expect(byTarget.body.data.content[0]).toMatchObject({ outcome: 'success', actorId: u.id });
    const failures = await search(`targetId=${u.id}&outcome=failure`);
    expect(failures.body.data.content.map((e: { reason: string }) => e.reason)).toEqual(['bad_password']);
    const byActor = await search(`actor=${u.id}`);
    expect(byActor.body.data.content.every((e: { actorId: string }) => e.actorId === u.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await search(`targetId=${u.id}&from=${today}`)).body.data.totalElements).toBeGreaterThanOrEqual(2);
    expect((await search(`targetId=${u.id}&from=${tomorrow}`)).body.data.totalElements).toBe(0);
    expect((await search(`targetId=${u.id}&to=2020-01-01`)).body.data.totalElements).toBe(0);
    expect((await search(`targetId=${u.id}&ip=127.0.`)).body.data.totalElements).toBe(2);
    expect((await search(`targetId=${u.id}&ip=10.0.0.1`)).body.data.totalElements).toBe(0);
    const page = await search(`targetId=${u.id}&size=1&page=1`);
    expect(page.body.data).toMatchObject({ number: 1, size: 1, totalElements: 2, totalPages: 2, first: false, last: true });
    expect(page.body.data.content[0].reason).toBe('bad_password');
    // the search itself is an entry
    expect(await last('admin.read.security_log', admin.id)).toMatchObject({ actor_id: admin.id, details: { filter: { targetId: u.id } } });
  });

  it('refuses a member (AUTH-1005) and a guest (AUTH-1007), and bad filters (VAL-)', async () => {
    const m = await register(t);
    const r = await search('', m.auth);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1005');
    expect((await t.call({ method: 'GET', url: '/api/admin/security-log' })).body.error.code).toBe('AUTH-1007');
    const bad = await search('action=not.an.action');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^VAL-/);
  });
});

describe('the member’s own sign-ins and sessions', () => {
  it('lists my sign-ins (failures on my account included), never another member’s', async () => {
    const u = await register(t);
    const other = await register(t);
    await login(t, u.email, 'a wrong password here');
    await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': UA },
      payload: { email: u.email, password: u.password },
    });
    await login(t, other.email, other.password);
    const r = await t.call({ method: 'GET', url: '/api/users/me/sign-ins', headers: u.auth });
    expect(r.status).toBe(200);
    expect(r.body.data.content).toHaveLength(2);
    expect(r.body.data.content[0]).toMatchObject({ method: 'password', outcome: 'success', userAgent: UA, ip: '127.0.0.1' });
    expect(r.body.data.content[1]).toMatchObject({ outcome: 'failure', reason: 'bad_password' });
  });

  it('lists my live sessions with the current one marked; ending one revokes its tokens at once', async () => {
    const u = await register(t);
    const other = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': UA },
      payload: { email: u.email, password: u.password },
    });
    const otherAuth = bearer(other.body.data.accessToken);
    const list = await t.call({ method: 'GET', url: '/api/users/me/sessions', headers: u.auth });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const current = list.body.data.find((s: { current: boolean }) => s.current);
    expect(current.id).toBe(fam(u));
    const second = list.body.data.find((s: { current: boolean }) => !s.current);
    expect(second).toMatchObject({ userAgent: UA, method: 'password' });

    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: otherAuth })).status).toBe(200);
    const end = await t.call({ method: 'DELETE', url: `/api/users/me/sessions/${second.id}`, headers: u.auth });
    expect(end.status).toBe(200);
    expect(end.body.data).toEqual({ ended: 1 });
    const after = await t.call({ method: 'GET', url: '/api/users/me', headers: otherAuth });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('AUTH-1003');
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: other.body.data.refreshToken } })).status,
    ).toBe(401);
    expect(await last('auth.session.ended', u.id)).toMatchObject({ actor_id: u.id, target_kind: 'session', target_id: second.id });
    // ended already: as if it did not exist
    expect((await t.call({ method: 'DELETE', url: `/api/users/me/sessions/${second.id}`, headers: u.auth })).body.error.code).toBe(
      'BIZ-3001',
    );
  });

  it('ends all other sessions and keeps the current one', async () => {
    const u = await register(t);
    const a = await login(t, u.email, u.password);
    const b = await login(t, u.email, u.password);
    const r = await t.call({ method: 'POST', url: '/api/users/me/sessions/end-others', headers: u.auth });
    expect(r.body.data).toEqual({ ended: 2 });
    for (const s of [a, b])
      expect((await t.call({ method: 'GET', url: '/api/users/me', headers: bearer(s.body.data.accessToken) })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: u.auth })).status).toBe(200);
    const left = await t.call({ method: 'GET', url: '/api/users/me/sessions', headers: u.auth });
    expect(left.body.data.map((s: { id: string }) => s.id)).toEqual([fam(u)]);
    expect(await last('auth.sessions.ended_others', u.id)).toMatchObject({ details: { ended: 2 } });
  });

  it('another member can neither see nor end my sessions', async () => {
    const me = await register(t);
    const intruder = await register(t);
    const theirs = await t.call({ method: 'GET', url: '/api/users/me/sessions', headers: intruder.auth });
    expect(theirs.body.data.map((s: { id: string }) => s.id)).toEqual([fam(intruder)]);
    const r = await t.call({ method: 'DELETE', url: `/api/users/me/sessions/${fam(me)}`, headers: intruder.auth });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('BIZ-3001');
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: me.auth })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users/me/sessions' })).body.error.code).toBe('AUTH-1007');
  });
});
