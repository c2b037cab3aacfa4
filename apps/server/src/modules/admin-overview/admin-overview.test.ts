/** GET /api/admin/overview: admins only; live counts of what waits for them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import { createPaymentsTestApp, makeUser, studyApplications, type TestClock, type TestUser } from '../payments/payments-test-kit.ts';
import { createUser, propose } from '../studies/test-helpers.ts';

let t: TestApp;
let clock: TestClock;
let admin: TestUser;
let paidStudyLeader: TestUser;
let member: TestUser;
beforeAll(async () => {
  ({ t, clock } = await createPaymentsTestApp());
  admin = await makeUser(t, { admin: true });
  paidStudyLeader = await makeUser(t);
  member = await makeUser(t);
});
afterAll(() => t.close());

const overview = (headers: Record<string, string> = {}) => t.call({ method: 'GET', url: '/api/admin/overview', headers });

describe('admin overview', () => {
  it('refuses a guest (401) and a member who is not an admin (403)', async () => {
    const guest = await overview();
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('AUTH-1007');
    const notAdmin = await overview(member.auth);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.success).toBe(false);
  });

  it('counts pending approvals and reported deposits as they happen (refunds to decide start at 0)', async () => {
    const before = (await overview(admin.auth)).body.data;
    expect(before).toEqual({
      pendingStudyApprovals: 0,
      depositsToConfirm: 0,
      refundsToDecide: 0,
      depositPayoutsToSend: 0,
      depositRefundsFailed: 0,
    });

    const leader = await createUser(t);
    await propose(t, leader);
    await propose(t, leader, { title: '두 번째 제안 스터디' });
    expect((await overview(admin.auth)).body.data.pendingStudyApprovals).toBe(2);

    // a bank transfer started and reported as sent → one deposit to confirm (the paid study is
    // proposed and approved at once: still two waiting for approval)
    const a = await studyApplications(() => ({ t, leader: paidStudyLeader, admin, clock })).accepted(member, { cost: 20_000 });
    const base = `/api/studies/${a.studyId}/applications/${a.applicationId}/payment`;
    expect((await t.call({ method: 'POST', url: base, headers: member.auth, payload: { method: 'BANK_TRANSFER' } })).status).toBe(200);
    expect((await overview(admin.auth)).body.data.depositsToConfirm).toBe(0);
    const notified = await t.call({ method: 'POST', url: `${base}/notify-deposit`, headers: member.auth, payload: {} });
    expect(notified.status).toBe(200);
    expect((await overview(admin.auth)).body.data).toMatchObject({ pendingStudyApprovals: 2, depositsToConfirm: 1, refundsToDecide: 0 });
  });
});
