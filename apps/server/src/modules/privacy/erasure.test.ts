/**
 * Account deletion erases or anonymises what moim holds of the member (docs/privacy.md
 * "Erasure"): through HTTP, then the `users.account-deleted` subscribers run from the queue.
 * Payment records stay for the e-commerce law's 5 years, anonymised; a study the member led
 * stays, shown under a deleted account.
 */
import { DELETED_USER_NAME, ERASED_TEXT } from '@moim/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { enrolTotp } from '../auth/second-factor-test-kit.ts';
import { authSessions, recoveryCodes, secondFactors } from '../auth/schema.ts';
import { jobSavedSearches } from '../job-postings/schema.ts';
import { notifications } from '../notifications/schema.ts';
import { payments } from '../payments/schema.ts';
import { makeUser, studiesJourney, type TestUser as PayUser } from '../payments/payments-test-kit.ts';
import { securityLog } from '../security-log/schema.ts';
import { studioDocuments } from '../studio/schema.ts';
import { studyApplications, studyMemberships } from '../studies/schema.ts';
import { applyOk, approvedStudy, createUser, joinStudy, proposal, type TestUser as StudyUser } from '../studies/test-helpers.ts';
import { users } from '../users/schema.ts';
import { register, type TestUser } from '../users/test-helpers.ts';
import { dataExports } from './schema.ts';

let t: TestApp;
let admin: PayUser;
let leader: PayUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { admin: true, name: '관리자' });
  leader = await makeUser(t, { name: '리더' });
});
afterAll(() => t.close());

const journey = studiesJourney(() => ({ t, leader, admin }));
const settle = async () => {
  while ((await t.ctx.jobs.drain()) > 0) {
    /* next round */
  }
};
const asPayer = (u: TestUser): PayUser => ({ id: u.id, email: u.email, name: u.name, token: u.accessToken, auth: u.auth });
const deleteAccount = (u: TestUser) =>
  t.call({ method: 'DELETE', url: '/api/users/me', headers: u.auth, payload: { password: u.password } });

describe('deleting an account', () => {
  it('erases personal fields and content, and keeps the payment anonymised', async () => {
    const me = await register(t, { name: '지울 회원' });
    // a paid seat (card), a second factor, a saved search, a studio document, an export, notices
    const study = await journey.paidStudy(25_000);
    const application = await journey.accepted(study, asPayer(me));
    const card = await journey.cardCheckout(study, application, asPayer(me));
    expect((await journey.confirm(asPayer(me), card)).status).toBe(200);
    await enrolTotp(t, me.id);
    const saved = await t.call({
      method: 'POST',
      url: '/api/job-postings/me/saved-searches',
      headers: me.auth,
      payload: { name: '백엔드 서울', filters: { q: 'backend' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    await t.ctx.db.insert(studioDocuments).values({ ownerId: me.id, title: '나의 초고', source: 'TEXT' });
    expect((await t.call({ method: 'POST', url: '/api/users/me/data-exports', headers: me.auth })).status).toBe(202);
    await settle();
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, me.id))).not.toHaveLength(0);

    const r = await deleteAccount(me);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await settle();

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      status: 'DELETED',
      email: `deleted-${me.id}@deleted.invalid`,
      name: DELETED_USER_NAME,
      username: null,
      passwordHash: null,
      bio: null,
      links: [],
      profileImage: null,
      lastLoginAt: null,
    });
    // the payment record stays (5 years, e-commerce law) without the payer's name; the member left
    // a study that had not started, so the study's rule refunded the whole fee, as on leaving
    const [paid] = await t.ctx.db.select().from(payments).where(eq(payments.orderId, card.orderId));
    expect(paid).toMatchObject({ amount: 25_000, status: 'CANCELED', customerName: DELETED_USER_NAME, depositorName: null, userId: me.id });
    expect(JSON.stringify(paid)).not.toContain('지울 회원');
    // what they wrote in the application goes; its amounts stay
    const [app] = await t.ctx.db.select().from(studyApplications).where(eq(studyApplications.id, application.applicationId));
    expect(app).toMatchObject({ motivation: ERASED_TEXT, answers: [], paidAmount: 25_000 });
    // sessions, second factor, saved searches, studio documents, notices and exports go
    for (const live of await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, me.id))) {
      expect(live.revokedAt).not.toBeNull();
      expect(live.ip).toBeNull();
      expect(live.userAgent).toBeNull();
    }
    expect(await t.ctx.db.select().from(secondFactors).where(eq(secondFactors.userId, me.id))).toEqual([]);
    expect(await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id))).toEqual([]);
    expect(await t.ctx.db.select().from(jobSavedSearches).where(eq(jobSavedSearches.userId, me.id))).toEqual([]);
    expect(await t.ctx.db.select().from(studioDocuments).where(eq(studioDocuments.ownerId, me.id))).toEqual([]);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, me.id))).toEqual([]);
    expect(await t.ctx.db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toEqual([]);
    // the deletion itself is in the security log, which is kept (access records)
    const logged = await t.ctx.db.select().from(securityLog).where(eq(securityLog.subjectId, me.id));
    expect(logged.map((e) => e.action)).toContain('account.deleted');
    // the old token no longer works
    const after = await t.call({ method: 'GET', url: '/api/users/me', headers: me.auth });
    expect([after.status, after.body.error.code]).toEqual([401, 'AUTH-1003']);
  });

  it('erasure is idempotent: a redelivered event changes nothing further', async () => {
    const me = await register(t);
    expect((await deleteAccount(me)).status).toBe(200);
    await settle();
    await t.ctx.events.publish(t.ctx.db, 'users.account-deleted', { userId: me.id, at: new Date().toISOString() });
    await settle();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.status).toBe('DELETED');
    // nothing is left waiting or dead in the queue for this event
    const failed = await t.ctx.database.exec(
      `select count(*)::int as n from jobs where kind like 'event:users.account-deleted:%' and status <> 'done'`,
    );
    expect(failed.rows[0]).toMatchObject({ n: 0 });
  });

  it('a deleted member holds no seat and no place: the seat goes to the next in line, an open application closes', async () => {
    const [studyAdmin, studyLeader, next] = [await createUser(t, { admin: true }), await createUser(t), await createUser(t)];
    const me = await register(t, { name: '자리 비울 회원' });
    const asMember: StudyUser = { id: me.id, name: me.name, token: me.accessToken, headers: me.auth };
    const full = await approvedStudy(t, studyLeader, studyAdmin, { capacity: 1 });
    await joinStudy(t, studyLeader, asMember, full.id);
    const line = await t.call({
      method: 'POST',
      url: `/api/studies/${full.id}/waitlist`,
      headers: next.headers,
      payload: { motivation: '자리가 나면 꼭 참여하고 싶어요.' },
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    const other = await approvedStudy(t, studyLeader, studyAdmin, { capacity: 3 });
    const pending = await applyOk(t, asMember, other.id);

    expect((await deleteAccount(me)).status).toBe(200);
    await settle();

    const seats = await t.ctx.db
      .select({ userId: studyMemberships.userId, isActive: studyMemberships.isActive, reason: studyMemberships.inactiveReason })
      .from(studyMemberships)
      .where(and(eq(studyMemberships.studyId, full.id), eq(studyMemberships.role, 'MEMBER')));
    expect(seats).toEqual(
      expect.arrayContaining([
        { userId: me.id, isActive: false, reason: 'LEFT' },
        { userId: next.id, isActive: true, reason: null },
      ]),
    );
    const [closed] = await t.ctx.db.select().from(studyApplications).where(eq(studyApplications.id, pending.applicationId));
    expect(closed).toMatchObject({ status: 'CANCELLED', motivation: ERASED_TEXT });
  });

  it('a study the member led stays, its leader shown as a deleted account', async () => {
    const lead = await register(t, { name: '떠나는 리더' });
    const r = await t.call({
      method: 'POST',
      url: '/api/studies',
      headers: lead.auth,
      payload: proposal({ title: '남는 스터디' }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await deleteAccount(lead)).status).toBe(200);
    await settle();
    const seen = await t.call({ method: 'GET', url: `/api/studies/${r.body.data.id}`, headers: admin.auth });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(JSON.stringify(seen.body.data)).not.toContain('떠나는 리더');
    expect(JSON.stringify(seen.body.data)).toContain(DELETED_USER_NAME);
  });
});
