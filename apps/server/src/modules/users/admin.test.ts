import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { bearer, login, makeAdmin, register, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t, await register(t, { name: '관리자' }));
  member = await register(t, { name: '일반 회원' });
});
afterAll(() => t.close());

const as = (u: TestUser, method: string, url: string, payload?: unknown) =>
  t.call({ method: method as 'GET', url, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('admin endpoints refuse everyone but admins', () => {
  it('answers a member AUTH-1005 and a guest AUTH-1007 on every admin route', async () => {
    const target = member.id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${target}`],
      ['PUT', `/api/admin/users/${target}/team-member`, { roleTitle: '팀원' }],
      ['DELETE', `/api/admin/users/${target}/team-member`],
      ['PUT', `/api/admin/users/${target}/roles`, { roles: ['ROLE_USER', 'ROLE_ADMIN'] }],
      ['POST', `/api/admin/users/${target}/deactivate`],
      ['POST', `/api/admin/users/${target}/reactivate`],
      ['GET', '/api/admin/mail/outbox'],
    ];
    for (const [method, url, payload] of routes) {
      const m = await as(member, method, url, payload);
      expect(m.status, `${method} ${url}`).toBe(403);
      expect(m.body.error.code).toBe('AUTH-1005');
      const g = await t.call({ method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      expect(g.status, `${method} ${url}`).toBe(401);
      expect(g.body.error.code).toBe('AUTH-1007');
    }
    // the member is still a plain member
    expect((await t.call({ method: 'GET', url: '/api/auth/validate', headers: member.auth })).body.data.systemRole).toBe('ROLE_USER');
  });
});

describe('user list', () => {
  it('pages and searches by email, name or username, without password hashes', async () => {
    await register(t, { name: '검색대상 가나다', username: 'findme.user' });
    const all = await as(admin, 'GET', '/api/admin/users?page=0&size=2');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ number: 0, size: 2, first: true });
    expect(all.body.data.content).toHaveLength(2);
    expect(all.body.data.totalElements).toBeGreaterThanOrEqual(3);
    expect(all.res.body).not.toMatch(/argon2|passwordHash/);
    for (const q of ['검색대상', 'FINDME', 'findme.user']) {
      const r = await as(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(r.body.data.totalElements, q).toBe(1);
      expect(r.body.data.content[0]).toMatchObject({ name: '검색대상 가나다', status: 'ACTIVE', hasPassword: true, teamMember: null });
    }
    const byEmail = await as(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(member.email)}`);
    expect(byEmail.body.data.content[0].id).toBe(member.id);
    const wildcard = await as(admin, 'GET', `/api/admin/users?q=${encodeURIComponent('%')}`);
    expect(wildcard.body.data.totalElements).toBe(0);
    for (const bad of ['page=-1', 'size=0', 'size=1000', 'status=WHATEVER', `q=${'x'.repeat(200)}`, 'q=%00']) {
      expect((await as(admin, 'GET', `/api/admin/users?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('team members and /whoweare', () => {
  it('shows team members publicly (no emails), in order, with joinedYear', async () => {
    const a = await register(t, { name: '가팀원' });
    const b = await register(t, { name: '나팀원' });
    await as(a, 'PUT', '/api/users/me', { bio: '소개입니다', links: [{ label: 'GitHub', url: 'https://github.com/a' }] });
    const setA = await as(admin, 'PUT', `/api/admin/users/${a.id}/team-member`, {
      roleTitle: '백엔드',
      quote: '꾸준히',
      sortOrder: 20,
      memberSince: '2023-05-01',
    });
    expect(setA.status).toBe(200);
    expect(setA.body.data.teamMember).toEqual({
      roleTitle: '백엔드',
      quote: '꾸준히',
      sortOrder: 20,
      memberSince: '2023-05-01',
      visible: true,
    });
    await as(admin, 'PUT', `/api/admin/users/${b.id}/team-member`, { roleTitle: '프론트엔드', sortOrder: 10, memberSince: '2024-01-01' });

    const r = await t.call({ method: 'GET', url: '/api/public/users/whoweare-members' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toContain('public');
    expect(r.body.data.map((m: { name: string }) => m.name)).toEqual(['나팀원', '가팀원']);
    expect(r.body.data[1]).toEqual({
      id: a.id,
      name: '가팀원',
      username: null,
      roleTitle: '백엔드',
      quote: '꾸준히',
      bio: '소개입니다',
      profileImage: null,
      profileImageThumb: null,
      links: [{ label: 'GitHub', url: 'https://github.com/a' }],
      joinedYear: 2023,
      memberSince: '2023-05-01',
      sortOrder: 20,
    });
    expect(r.res.body).not.toContain('@');

    // hidden, removed, and deactivated members disappear
    await as(admin, 'PUT', `/api/admin/users/${b.id}/team-member`, { roleTitle: '프론트엔드', visible: false });
    expect((await t.call({ method: 'GET', url: '/api/public/users/whoweare-members' })).body.data.map((m: { id: string }) => m.id)).toEqual(
      [a.id],
    );
    await as(admin, 'DELETE', `/api/admin/users/${b.id}/team-member`);
    expect((await as(admin, 'GET', `/api/admin/users/${b.id}`)).body.data.teamMember).toBeNull();
    await as(admin, 'POST', `/api/admin/users/${a.id}/deactivate`);
    expect((await t.call({ method: 'GET', url: '/api/public/users/whoweare-members' })).body.data).toEqual([]);
    await as(admin, 'POST', `/api/admin/users/${a.id}/reactivate`);
    expect((await t.call({ method: 'GET', url: '/api/public/users/whoweare-members' })).body.data).toHaveLength(1);
  });

  it('refuses bad team profiles and unknown users', async () => {
    for (const body of [
      {},
      { roleTitle: '' },
      { roleTitle: 'x'.repeat(51) },
      { roleTitle: 'ok', memberSince: '2024-13-45' },
      { roleTitle: 'ok', sortOrder: 'first' },
      [],
    ]) {
      const r = await as(admin, 'PUT', `/api/admin/users/${member.id}/team-member`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await as(admin, 'PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/team-member', { roleTitle: '유령' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'BIZ-3001']);
    expect((await as(admin, 'GET', '/api/admin/users/not-a-uuid')).status).toBe(400);
  });
});

describe('roles', () => {
  it('grants and revokes ROLE_ADMIN; an admin cannot revoke their own', async () => {
    const u = await register(t);
    const g = await as(admin, 'PUT', `/api/admin/users/${u.id}/roles`, { roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect(g.body.data).toMatchObject({ roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' });
    // a role change ends the user's sessions (issue 12): the next login carries the new role
    const refreshed = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } });
    expect(refreshed.body.error.code).toBe('AUTH-1003');
    const promoted = (await login(t, u.email, u.password)).body.data;
    expect(promoted.systemRole).toBe('ROLE_ADMIN');
    // a new admin has no second factor yet: the back office asks for one first (docs/accounts.md)
    const gated = await t.call({ method: 'GET', url: '/api/admin/users', headers: bearer(promoted.accessToken) });
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe('AUTH-1022');

    const r = await as(admin, 'PUT', `/api/admin/users/${u.id}/roles`, { roles: ['ROLE_USER'] });
    expect(r.body.data).toMatchObject({ roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
    const self = await as(admin, 'PUT', `/api/admin/users/${admin.id}/roles`, { roles: ['ROLE_USER'] });
    expect(self.status).toBe(422);
    expect(self.body.error.code).toBe('BIZ-3003');
    for (const body of [{ roles: ['ROLE_GOD'] }, { roles: 'ROLE_ADMIN' }, {}, { roles: ['ROLE_ADMIN', 'ROLE_ADMIN', 'ROLE_ADMIN'] }]) {
      expect((await as(admin, 'PUT', `/api/admin/users/${u.id}/roles`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('account status (admin)', () => {
  it('allows ACTIVE→DEACTIVATED→ACTIVE and refuses the other transitions', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const d = await as(admin, 'POST', `/api/admin/users/${u.id}/deactivate`);
    expect(d.status).toBe(200);
    expect(d.body.data.status).toBe('DEACTIVATED');
    expect((await login(t, u.email, u.password)).body.error.code).toBe('AUTH-1006');
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: other.body.data.refreshToken } })).body.error.code,
    ).toBe('AUTH-1003');

    const again = await as(admin, 'POST', `/api/admin/users/${u.id}/deactivate`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('BIZ-3002');

    const re = await as(admin, 'POST', `/api/admin/users/${u.id}/reactivate`);
    expect(re.body.data.status).toBe('ACTIVE');
    expect((await login(t, u.email, u.password)).status).toBe(200);
    expect((await as(admin, 'POST', `/api/admin/users/${u.id}/reactivate`)).body.error.code).toBe('BIZ-3002');

    const self = await as(admin, 'POST', `/api/admin/users/${admin.id}/deactivate`);
    expect(self.body.error.code).toBe('BIZ-3003');

    const gone = await register(t);
    await t.call({ method: 'DELETE', url: '/api/users/me', headers: gone.auth, payload: { password: gone.password } });
    expect((await as(admin, 'POST', `/api/admin/users/${gone.id}/reactivate`)).body.error.code).toBe('BIZ-3002');
    expect((await as(admin, 'POST', `/api/admin/users/${gone.id}/deactivate`)).body.error.code).toBe('BIZ-3002');
    expect((await as(admin, 'PUT', `/api/admin/users/${gone.id}/team-member`, { roleTitle: '유령' })).body.error.code).toBe('BIZ-3002');
    expect((await as(admin, 'POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate')).status).toBe(404);
  });
});

describe('mail outbox', () => {
  it('pages what the outbox provider stored, newest first', async () => {
    await t.api.mail.send({ to: 'first@example.com', subject: '첫 번째', text: 'one' });
    await t.api.mail.send({ to: 'second@example.com', subject: '두 번째', text: 'two', html: '<p>two</p>' });
    const r = await as(admin, 'GET', '/api/admin/mail/outbox?size=1');
    expect(r.status).toBe(200);
    expect(r.body.data.content).toEqual([
      {
        id: expect.any(String),
        to: 'second@example.com',
        subject: '두 번째',
        text: 'two',
        html: '<p>two</p>',
        transport: 'outbox',
        createdAt: expect.any(String),
      },
    ]);
    expect(r.body.data.totalElements).toBeGreaterThanOrEqual(2);
    const page2 = await as(admin, 'GET', '/api/admin/mail/outbox?size=1&page=1');
    expect(page2.body.data.content[0].to).toBe('first@example.com');
  });
});
