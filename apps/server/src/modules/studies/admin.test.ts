import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, applyOk, createUser, propose, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
});
afterAll(() => t.close());

describe('back office', () => {
  it('the approval queue holds PENDING studies, oldest first; approving takes one out', async () => {
    const first = await propose(t, leader, { title: 'Queue First' });
    const second = await propose(t, leader, { title: 'Queue Second' });
    await approvedStudy(t, leader, admin, { title: 'Not in queue' });
    const q = await t.call({ method: 'GET', url: '/api/admin/studies/queue', headers: admin.headers });
    expect(q.status).toBe(200);
    expect(q.body.data.content.map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);
    expect(q.body.data.content[0]).toMatchObject({
      status: 'PENDING',
      proposer: { id: leader.id, name: '리더' },
      openApplications: 0,
      deletedAt: null,
    });
    await setStatus(t, admin, first.id, 'APPROVE');
    const after = await t.call({ method: 'GET', url: '/api/admin/studies/queue', headers: admin.headers });
    expect(after.body.data.content.map((s: { id: string }) => s.id)).toEqual([second.id]);
  });

  it('lists every study in every status with filters', async () => {
    const rej = await propose(t, leader, { title: 'Admin Rejected' });
    await setStatus(t, admin, rej.id, 'REJECT', '사유');
    const s = await approvedStudy(t, leader, admin, { title: 'Admin Busy' });
    await applyOk(t, await createUser(t), s.id);
    const r = await t.call({ method: 'GET', url: '/api/admin/studies?status=REJECTED&status=APPROVED&size=100', headers: admin.headers });
    const statuses = new Set(r.body.data.content.map((x: { status: string }) => x.status));
    expect([...statuses].sort()).toEqual(['APPROVED', 'REJECTED']);
    const rejected = r.body.data.content.find((x: { id: string }) => x.id === rej.id);
    expect(rejected.rejectReason).toBe('사유');
    const busy = await t.call({ method: 'GET', url: `/api/admin/studies?q=${encodeURIComponent('admin busy')}`, headers: admin.headers });
    expect(busy.body.data.content).toHaveLength(1);
    expect(busy.body.data.content[0].openApplications).toBe(1);
    const notDeleted = await t.call({ method: 'GET', url: '/api/admin/studies?deleted=false&size=100', headers: admin.headers });
    expect(notDeleted.body.data.content.every((x: { deleted: boolean }) => !x.deleted)).toBe(true);
  });

  it('is for admins only', async () => {
    for (const url of ['/api/admin/studies', '/api/admin/studies/queue']) {
      const r = await t.call({ method: 'GET', url, headers: leader.headers });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH-1005');
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
    }
    const s = await propose(t, leader);
    expect((await t.call({ method: 'GET', url: `/api/admin/studies/${s.id}`, headers: leader.headers })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/admin/studies/${s.id}`, headers: admin.headers })).body.data.id).toBe(s.id);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/studies/00000000-0000-4000-8000-000000000000', headers: admin.headers })).status,
    ).toBe(404);
  });
});
