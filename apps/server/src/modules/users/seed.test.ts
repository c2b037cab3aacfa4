import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { DEMO_PEOPLE, type SeededUsers } from './seed.ts';
import { login, register } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'ops@moim.example.com', ADMIN_PASSWORD: 'ops start-up password' } });
});
afterAll(() => t.close());

describe('accounts seeder', () => {
  it('creates the ADMIN_EMAIL admin at start-up, idempotently', async () => {
    await t.seeder('users').always!(t.ctx);
    await t.seeder('users').always!(t.ctx);
    const r = await login(t, 'ops@moim.example.com', 'ops start-up password');
    expect(r.body.data).toMatchObject({ systemRole: 'ROLE_ADMIN', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });

  it('promotes an existing account named by ADMIN_EMAIL (password untouched)', async () => {
    const u = await register(t);
    const other = await createTestApp({ env: { ADMIN_EMAIL: u.email } });
    try {
      await other.api.users.createUser({ email: u.email, password: u.password, name: '기존 회원' });
      await other.seeder('users').always!(other.ctx);
      const r = await login(other, u.email, u.password);
      expect(r.body.data.systemRole).toBe('ROLE_ADMIN');
    } finally {
      await other.close();
    }
  });

  it('loads the demo accounts, team and pictures, and shares the ids', async () => {
    const shared: Record<string, unknown> = {};
    await t.seeder('users').demo!(t.ctx, shared);
    const ids = shared.users as SeededUsers;
    expect(ids.admin).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.others).toHaveLength(DEMO_PEOPLE.length - 3);
    for (const [email, password, role] of [
      ['admin@moim.dev', 'moim-admin-2026!', 'ROLE_ADMIN'],
      ['leader@moim.dev', 'moim-leader-2026!', 'ROLE_USER'],
      ['member@moim.dev', 'moim-member-2026!', 'ROLE_USER'],
      ['haneul@moim.dev', 'moim-haneul-2026!', 'ROLE_USER'],
    ]) {
      const r = await login(t, email!, password!);
      expect(r.status, email).toBe(200);
      expect(r.body.data.systemRole).toBe(role);
    }
    expect((await login(t, 'member@moim.dev', 'moim-member-2026!')).body.data.id).toBe(ids.member);
    const team = (await t.call({ method: 'GET', url: '/api/public/users/whoweare-members' })).body.data;
    expect(team.length).toBeGreaterThanOrEqual(5);
    expect(new Set(team.map((m: { joinedYear: number }) => m.joinedYear)).size).toBeGreaterThanOrEqual(3);
    for (const m of team) {
      expect(m.profileImage).toMatch(/^\/api\/public\/users\/.+\/image\?size=512&v=\d+$/);
      const img = await t.app.inject({ method: 'GET', url: m.profileImage });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
    }
  });

  it('can run again over its own data (same ids, no duplicates)', async () => {
    const first: Record<string, unknown> = {};
    await t.seeder('users').demo!(t.ctx, first);
    const second: Record<string, unknown> = {};
    await t.seeder('users').demo!(t.ctx, second);
    expect(second.users).toEqual(first.users);
    const list = await t.api.users.findByEmail('admin@moim.dev');
    expect(list?.id).toBe((first.users as SeededUsers).admin);
  });
});
