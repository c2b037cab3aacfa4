import { MY_STUDY_GROUPS, type MyStudyGroup } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, accept, applyOk, approvedStudy, createUser, joinStudy, propose, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let me: TestUser;
const expected: Record<MyStudyGroup, string[]> = Object.fromEntries(MY_STUDY_GROUPS.map((g) => [g, []])) as never;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  other = await createUser(t, { name: '다른 리더' });
  me = await createUser(t, { name: '나' });

  // proposed: mine, PENDING or REJECTED
  expected.proposed.push((await propose(t, me, { title: '내 제안 대기' })).id);
  const rejected = await propose(t, me, { title: '내 제안 반려' });
  await setStatus(t, admin, rejected.id, 'REJECT', '다시 다듬어 주세요');
  expected.proposed.push(rejected.id);

  // pending
  const a = await approvedStudy(t, other, admin, { title: 'A 대기', type: 'EDUCATIONAL' });
  await applyOk(t, me, a.id);
  expected.pending.push(a.id);

  // awaitingPayment and depositPending
  const b = await approvedStudy(t, other, admin, { title: 'B 결제 대기', costType: 'PAID', cost: 10000 });
  await accept(t, other, b.id, (await applyOk(t, me, b.id)).applicationId);
  expected.awaitingPayment.push(b.id);
  const c = await approvedStudy(t, other, admin, { title: 'C 입금 확인', costType: 'VENUE_FEE_ONLY', cost: 5000 });
  const cApp = await applyOk(t, me, c.id);
  await accept(t, other, c.id, cApp.applicationId);
  await t.api.studies.markPaymentPending(cApp.applicationId);
  expected.depositPending.push(c.id);

  // confirmed: not started yet
  const d = await approvedStudy(t, other, admin, { title: 'D 확정', type: 'ONE_TIME', recurrenceType: 'ONE_TIME' });
  await joinStudy(t, other, me, d.id);
  expected.confirmed.push(d.id);

  // leading: my approved study, and one where I am a manager
  const l = await approvedStudy(t, me, admin, { title: 'L 내가 리더' });
  expected.leading.push(l.id);
  const m = await approvedStudy(t, other, admin, { title: 'M 매니저' });
  await joinStudy(t, other, me, m.id);
  await t.call({ method: 'PUT', url: `/api/studies/${m.id}/members/${me.id}/role`, headers: other.headers, payload: { role: 'MANAGER' } });
  expected.leading.push(m.id);

  // participating
  const e = await approvedStudy(t, other, admin, { title: 'E 진행 중' });
  await joinStudy(t, other, me, e.id);
  await setStatus(t, other, e.id, 'START');
  expected.participating.push(e.id);

  // completed
  const f = await approvedStudy(t, other, admin, { title: 'F 완료' });
  await joinStudy(t, other, me, f.id);
  await setStatus(t, other, f.id, 'START');
  await setStatus(t, other, f.id, 'COMPLETE');
  expected.completed.push(f.id);

  // inactive: left, terminated, rejected, cancelled, expired
  const g = await approvedStudy(t, other, admin, { title: 'G 떠남' });
  await joinStudy(t, other, me, g.id);
  await t.call({ method: 'POST', url: `/api/studies/${g.id}/members/leave?userId=${me.id}`, headers: me.headers });
  const h = await approvedStudy(t, other, admin, { title: 'H 중단' });
  await joinStudy(t, other, me, h.id);
  await setStatus(t, admin, h.id, 'TERMINATE', '중단');
  const i = await approvedStudy(t, other, admin, { title: 'I 반려' });
  const iApp = await applyOk(t, me, i.id);
  await t.call({
    method: 'POST',
    url: `/api/studies/${i.id}/applications/${iApp.applicationId}/reject`,
    headers: other.headers,
    payload: { reviewNote: '정원 외' },
  });
  const j = await approvedStudy(t, other, admin, { title: 'J 취소' });
  const jApp = await applyOk(t, me, j.id);
  await t.call({
    method: 'DELETE',
    url: `/api/studies/${j.id}/applications/${jApp.applicationId}?applicantId=${me.id}`,
    headers: me.headers,
  });
  const k = await approvedStudy(t, other, admin, { title: 'K 만료', costType: 'PAID', cost: 9000 });
  const kApp = await applyOk(t, me, k.id);
  await accept(t, other, k.id, kApp.applicationId);
  await t.ctx.db.execute(
    sql`update study_applications set payment_deadline = now() - interval '1 second' where id = ${kApp.applicationId}`,
  );
  await t.ctx.jobs.runRecurring(true);
  expected.inactive.push(g.id, h.id, i.id, j.id, k.id);

  // noise: someone else's study I have nothing to do with
  await approvedStudy(t, other, admin, { title: '무관' });
});
afterAll(() => t.close());

describe('GET /api/studies/my', () => {
  it('puts each study in its group (all nine)', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/my?format=grouped', headers: me.headers });
    expect(r.status).toBe(200);
    expect(r.body.data.format).toBe('grouped');
    const groups = r.body.data.groups as Record<MyStudyGroup, { study: { id: string } }[]>;
    expect(Object.keys(groups).sort()).toEqual([...MY_STUDY_GROUPS].sort());
    for (const g of MY_STUDY_GROUPS) {
      expect(groups[g].map((i) => i.study.id).sort(), g).toEqual([...expected[g]].sort());
    }
  });

  it('carries the membership and application of each item', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/my', headers: me.headers });
    const g = r.body.data.groups;
    expect(g.awaitingPayment[0].application).toMatchObject({ status: 'ACCEPTED', amountDue: 10000 });
    expect(g.awaitingPayment[0].application.paymentDeadline).toBeTruthy();
    expect(g.depositPending[0].application.status).toBe('PAYMENT_PENDING');
    expect(g.confirmed[0]).toMatchObject({ membership: { role: 'MEMBER', isActive: true }, application: { status: 'CONFIRMED' } });
    expect(g.proposed.every((i: { membership: { role: string } }) => i.membership.role === 'OWNER')).toBe(true);
    expect(g.leading.map((i: { membership: { role: string } }) => i.membership.role).sort()).toEqual(['MANAGER', 'OWNER']);
    expect(g.completed[0].study.applicability.showReviewButton).toBe(true);
    const statuses = g.inactive.map(
      (i: { application: { status: string } | null; membership: { isActive: boolean } | null; study: { status: string } }) =>
        i.application?.status === 'CONFIRMED' || !i.application
          ? i.study.status === 'TERMINATED'
            ? 'TERMINATED'
            : 'LEFT'
          : i.application.status,
    );
    expect(statuses.sort()).toEqual(['CANCELLED', 'EXPIRED', 'LEFT', 'REJECTED', 'TERMINATED']);
  });

  it('format=type lists the same studies once each, by study type', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/my?format=type', headers: me.headers });
    expect(r.body.data.format).toBe('type');
    const byType = r.body.data.groups as Record<string, { study: { id: string; type: string } }[]>;
    const all = Object.values(expected).flat();
    const listed = Object.values(byType).flat();
    expect(listed.map((i) => i.study.id).sort()).toEqual([...new Set(all)].sort());
    for (const [type, items] of Object.entries(byType)) for (const i of items) expect(i.study.type).toBe(type);
    expect(byType.EDUCATIONAL!.map((i) => i.study.id)).toEqual([expected.pending[0]]);
    expect(byType.ONE_TIME!.map((i) => i.study.id)).toEqual([expected.confirmed[0]]);
  });

  it('is private and needs a login; a bad format is refused', async () => {
    expect((await t.call({ method: 'GET', url: '/api/studies/my' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/studies/my?format=nope', headers: me.headers })).status).toBe(400);
    const theirs = await t.call({ method: 'GET', url: '/api/studies/my', headers: other.headers });
    expect(theirs.body.data.groups.pending).toEqual([]);
  });
});
