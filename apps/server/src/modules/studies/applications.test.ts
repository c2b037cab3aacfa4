import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { EXPIRE_JOB } from './application-service.ts';
import { type TestUser, accept, apply, applyOk, approvedStudy, createUser, joinStudy, propose, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

const study = async (id: string, who: TestUser = admin) =>
  (await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: who.headers })).body.data;
const inbox = async (u: TestUser) =>
  (await t.call({ method: 'GET', url: '/api/notifications?size=50', headers: u.headers })).body.data.content as {
    type: string;
    title: string;
    body: string;
  }[];

describe('applying', () => {
  it('creates a PENDING application with answers and tells the leader', async () => {
    const s = await approvedStudy(t, leader, admin, { questions: [{ text: '주 언어는?' }, { text: '블로그', required: false }] });
    const u = await createUser(t, { name: '지원자' });
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: u.headers,
      payload: { motivation: '꾸준함을 기르고 싶어요', answers: [{ questionId: 'q1', answer: 'TypeScript' }] },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      studyId: s.id,
      studyTitle: s.title,
      studySlug: s.slug,
      status: 'PENDING',
      reviewNote: null,
      paymentDeadline: null,
      amountDue: 0,
      motivation: '꾸준함을 기르고 싶어요',
      answers: [{ questionId: 'q1', question: '주 언어는?', answer: 'TypeScript' }],
      applicant: { id: u.id, name: '지원자' },
    });
    expect((await inbox(leader)).some((n) => n.type === 'APPLICATION_RECEIVED')).toBe(true);
    const viewer = (await t.call({ method: 'GET', url: `/api/studies/${s.id}`, headers: u.headers })).body.data.viewer;
    expect(viewer).toMatchObject({ applicationId: r.body.data.applicationId, applicationStatus: 'PENDING' });
  });

  it('applies by slug too', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/slug/${encodeURIComponent(s.slug)}/applications`,
      headers: u.headers,
      payload: { motivation: '슬러그로 신청' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data.studyId).toBe(s.id);
  });

  it('needs answers to required questions and knows only the study’s questions', async () => {
    const s = await approvedStudy(t, leader, admin, { questions: [{ text: '주 언어는?' }] });
    const u = await createUser(t);
    const missing = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: u.headers,
      payload: { motivation: '열심히 할게요' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VAL-2003');
    const unknown = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: u.headers,
      payload: {
        motivation: '열심히 할게요',
        answers: [
          { questionId: 'q1', answer: 'Go' },
          { questionId: 'q9', answer: '?' },
        ],
      },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'VAL-2001']);
    const short = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications`,
      headers: u.headers,
      payload: { motivation: 'hi' },
    });
    expect([short.status, short.body.error.code]).toEqual([400, 'VAL-2004']);
  });

  describe('refusals', () => {
    it('a study that is not open: PENDING (hidden), COMPLETED, TERMINATED, past its deadline, not recruiting', async () => {
      const u = await createUser(t);
      const pending = await propose(t, leader);
      expect((await apply(t, u, pending.id)).body.error.code).toBe('BIZ-3001');
      const done = await approvedStudy(t, leader, admin);
      await setStatus(t, leader, done.id, 'START');
      await setStatus(t, leader, done.id, 'COMPLETE');
      const rc = await apply(t, u, done.id);
      expect(rc.status).toBe(409);
      expect(rc.body.error).toMatchObject({ code: 'BIZ-3002', details: { label: 'COMPLETED' } });
      const stopped = await approvedStudy(t, leader, admin);
      await setStatus(t, admin, stopped.id, 'TERMINATE', '중단');
      expect((await apply(t, u, stopped.id)).body.error.code).toBe('BIZ-3002');
      const late = await approvedStudy(t, leader, admin);
      await t.ctx.db.execute(sql`update studies set recruit_deadline = now() - interval '1 minute' where id = ${late.id}`);
      const rl = await apply(t, u, late.id);
      expect(rl.body.error).toMatchObject({ code: 'BIZ-3002', details: { label: 'RECRUITMENT_CLOSED' } });
      const running = await approvedStudy(t, leader, admin);
      await setStatus(t, leader, running.id, 'START');
      await t.call({ method: 'PATCH', url: `/api/studies/${running.id}`, headers: leader.headers, payload: { isRecruiting: false } });
      expect((await apply(t, u, running.id)).body.error.code).toBe('BIZ-3002');
      await t.call({ method: 'PATCH', url: `/api/studies/${running.id}`, headers: leader.headers, payload: { isRecruiting: true } });
      expect((await apply(t, u, running.id)).status).toBe(201);
    });

    it('a full study (a state: 409)', async () => {
      const s = await approvedStudy(t, leader, admin, { capacity: 1 });
      await joinStudy(t, leader, await createUser(t), s.id);
      const r = await apply(t, await createUser(t), s.id);
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: 'BIZ-3002', details: { label: 'FULL' } });
    });

    it('an active member, an open application, the leader, a manager', async () => {
      const s = await approvedStudy(t, leader, admin);
      const member = await createUser(t);
      await joinStudy(t, leader, member, s.id);
      // already a member, already applied: states (409); one's own study: a rule (422)
      expect((await apply(t, member, s.id)).body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'ALREADY_MEMBER' } });
      const u = await createUser(t);
      await applyOk(t, u, s.id);
      const again = await apply(t, u, s.id);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'ALREADY_APPLIED' } });
      expect((await apply(t, leader, s.id)).body.error.code).toBe('BIZ-3003');
      await t.call({
        method: 'PUT',
        url: `/api/studies/${s.id}/members/${member.id}/role`,
        headers: leader.headers,
        payload: { role: 'MANAGER' },
      });
      expect((await apply(t, member, s.id)).body.error.code).toBe('BIZ-3003');
    });

    it('an open application is unique in the database too (partial unique index)', async () => {
      const s = await approvedStudy(t, leader, admin);
      const u = await createUser(t);
      await applyOk(t, u, s.id);
      await expect(
        t.ctx.db.execute(sql`insert into study_applications (study_id, user_id, motivation) values (${s.id}, ${u.id}, 'dup')`),
      ).rejects.toThrow();
    });

    it('may apply again after a rejection or a cancellation', async () => {
      const s = await approvedStudy(t, leader, admin);
      const u = await createUser(t);
      const a1 = await applyOk(t, u, s.id);
      await t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/applications/${a1.applicationId}/reject`,
        headers: leader.headers,
        payload: { reviewNote: '다음 기수에' },
      });
      const a2 = await applyOk(t, u, s.id);
      await t.call({
        method: 'DELETE',
        url: `/api/studies/${s.id}/applications/${a2.applicationId}?applicantId=${u.id}`,
        headers: u.headers,
      });
      expect((await apply(t, u, s.id)).status).toBe(201);
    });
  });
});

describe('reading applications', () => {
  it('the leader, a manager and admins list and read; the applicant reads their own; others are refused', async () => {
    const s = await approvedStudy(t, leader, admin);
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    const list = await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications?status=PENDING`, headers: leader.headers });
    expect(list.status).toBe(200);
    expect(list.body.data.content.map((a: { applicationId: string }) => a.applicationId)).toEqual([app.applicationId]);
    const all = await t.call({
      method: 'GET',
      url: `/api/studies/${s.id}/applications?status=PENDING&status=CONFIRMED&size=5`,
      headers: admin.headers,
    });
    expect(all.body.data.totalElements).toBe(2);
    for (const who of [member, stranger]) {
      // the study is public (403 for its list); another person's application is private (404, as a missing one)
      const r = await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications`, headers: who.headers });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH-1004');
      const one = await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications/${app.applicationId}`, headers: who.headers });
      const none = await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications/${randomUUID()}`, headers: who.headers });
      expect(one.status).toBe(404);
      expect(one.body.error).toEqual({ ...none.body.error });
    }
    expect(
      (await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications/${app.applicationId}`, headers: u.headers })).status,
    ).toBe(200);
    await t.call({
      method: 'PUT',
      url: `/api/studies/${s.id}/members/${member.id}/role`,
      headers: leader.headers,
      payload: { role: 'MANAGER' },
    });
    expect((await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications`, headers: member.headers })).status).toBe(200);
    const other = await approvedStudy(t, leader, admin);
    expect(
      (await t.call({ method: 'GET', url: `/api/studies/${other.id}/applications/${app.applicationId}`, headers: leader.headers })).status,
    ).toBe(404);
    const back = await t.call({ method: 'GET', url: `/api/admin/studies/${s.id}/applications`, headers: admin.headers });
    expect(back.body.data.totalElements).toBe(2);
    expect((await t.call({ method: 'GET', url: `/api/admin/studies/${s.id}/applications`, headers: leader.headers })).status).toBe(403);
    const mine = await t.call({ method: 'GET', url: '/api/studies/my/applications', headers: u.headers });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ applicationId: app.applicationId, studySlug: s.slug, status: 'PENDING' });
  });
});

describe('deciding', () => {
  it('accepting a FREE study confirms the member at once', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    const r = await accept(t, leader, s.id, app.applicationId);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'CONFIRMED', paymentDeadline: null });
    expect(r.body.data.confirmedAt).toBeTruthy();
    expect(await study(s.id)).toMatchObject({ enrolled: 1, seatsTaken: 1 });
    const m = await t.call({ method: 'GET', url: '/api/studies/my/memberships', headers: u.headers });
    expect(m.body.data[0]).toMatchObject({ studyId: s.id, role: 'MEMBER', isActive: true, warningCount: 0 });
    expect((await inbox(u)).some((n) => n.type === 'APPLICATION_ACCEPTED')).toBe(true);
  });

  it('accepting a PAID study holds a seat until the payment deadline (72 h by default)', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 30000 });
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    expect(app.amountDue).toBe(30000);
    const before = Date.now();
    const r = await accept(t, leader, s.id, app.applicationId);
    expect(r.body.data.status).toBe('ACCEPTED');
    const deadline = Date.parse(r.body.data.paymentDeadline);
    expect(deadline - before).toBeGreaterThan(71.9 * 3_600_000);
    expect(deadline - before).toBeLessThan(72.1 * 3_600_000);
    expect(await study(s.id)).toMatchObject({ enrolled: 0, seatsTaken: 1 });
    const jobs = await t.ctx.db.execute<{ kind: string; run_at: string }>(
      sql`select kind, run_at from jobs where dedupe_key = ${`${EXPIRE_JOB}:${app.applicationId}`} and status = 'pending'`,
    );
    expect(jobs.rows).toHaveLength(1);
    expect(Math.abs(new Date(jobs.rows[0]!.run_at).getTime() - deadline)).toBeLessThan(1000);
    expect((await inbox(u)).find((n) => n.type === 'APPLICATION_ACCEPTED')?.body).toContain('30,000원');
  });

  it('uses the study’s own payment window (VENUE_FEE_ONLY, 24 h)', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'VENUE_FEE_ONLY', cost: 5000, paymentDeadlineHours: 24 });
    const app = await applyOk(t, await createUser(t), s.id);
    const r = await accept(t, leader, s.id, app.applicationId);
    expect(Date.parse(r.body.data.paymentDeadline) - Date.now()).toBeLessThan(24.1 * 3_600_000);
  });

  it('never passes capacity: the accept after the last seat answers 409 BIZ-3002 (full)', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 1, costType: 'PAID', cost: 1000 });
    const a = await applyOk(t, await createUser(t), s.id);
    const b = await applyOk(t, await createUser(t), s.id);
    expect((await accept(t, leader, s.id, a.applicationId)).status).toBe(200);
    const r = await accept(t, leader, s.id, b.applicationId);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'FULL', capacity: 1, remaining: 0 } });
    expect(
      (await t.call({ method: 'GET', url: `/api/studies/${s.id}/applications/${b.applicationId}`, headers: leader.headers })).body.data
        .status,
    ).toBe('PENDING');
  });

  it('rejects with a review note; only PENDING applications can be decided', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    const noNote = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications/${app.applicationId}/reject`,
      headers: leader.headers,
      payload: {},
    });
    expect([noNote.status, noNote.body.error.code]).toEqual([400, 'VAL-2003']);
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${s.id}/applications/${app.applicationId}/reject`,
      headers: leader.headers,
      payload: { reviewNote: '이번 기수는 마감' },
    });
    expect(r.body.data).toMatchObject({ status: 'REJECTED', reviewNote: '이번 기수는 마감' });
    expect((await inbox(u)).some((n) => n.type === 'APPLICATION_REJECTED')).toBe(true);
    for (const path of ['accept', 'reject']) {
      const again = await t.call({
        method: 'POST',
        url: `/api/studies/${s.id}/applications/${app.applicationId}/${path}`,
        headers: leader.headers,
        payload: { reviewNote: 'x' },
      });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('BIZ-3002');
    }
  });

  it('a member, a stranger and the applicant cannot decide', async () => {
    const s = await approvedStudy(t, leader, admin);
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    // to whom the application is private it does not exist (404); its applicant sees it but does not decide (403)
    for (const who of [member, stranger]) {
      for (const r of [await accept(t, who, s.id, app.applicationId), await accept(t, who, s.id, randomUUID())]) {
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe('BIZ-3001');
      }
    }
    const own = await accept(t, u, s.id, app.applicationId);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('AUTH-1004');
    expect((await accept(t, admin, s.id, app.applicationId)).status).toBe(200);
  });

  it('cannot accept into a study that is no longer running', async () => {
    const s = await approvedStudy(t, leader, admin);
    const app = await applyOk(t, await createUser(t), s.id);
    await setStatus(t, admin, s.id, 'TERMINATE', '중단');
    expect((await accept(t, admin, s.id, app.applicationId)).body.error.code).toBe('BIZ-3002');
  });
});

describe('cancelling', () => {
  it('the applicant cancels a PENDING or ACCEPTED application (which frees the seat)', async () => {
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 20000 });
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    await accept(t, leader, s.id, app.applicationId);
    expect((await study(s.id)).seatsTaken).toBe(1);
    const r = await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${u.id}`,
      headers: u.headers,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('CANCELLED');
    expect((await study(s.id)).seatsTaken).toBe(0);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${u.id}`,
      headers: u.headers,
    });
    expect(again.body.error.code).toBe('BIZ-3002');
  });

  it('a CONFIRMED application cannot be cancelled (leave the study instead)', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const app = await joinStudy(t, leader, u, s.id);
    const r = await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${u.id}`,
      headers: u.headers,
    });
    expect([r.status, r.body.error.code]).toEqual([409, 'BIZ-3002']);
  });

  it('nobody cancels someone else’s application, not even the leader', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const app = await applyOk(t, u, s.id);
    const byLeader = await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${leader.id}`,
      headers: leader.headers,
    });
    expect(byLeader.status).toBe(403);
    expect(byLeader.body.error.code).toBe('AUTH-1004');
    const spoofed = await t.call({
      method: 'DELETE',
      url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${u.id}`,
      headers: leader.headers,
    });
    expect(spoofed.body.error.code).toBe('AUTH-1004');
    // a stranger, or a member, is told nothing about someone else's application
    for (const who of [stranger, await createUser(t)]) {
      const r = await t.call({
        method: 'DELETE',
        url: `/api/studies/${s.id}/applications/${app.applicationId}?applicantId=${who.id}`,
        headers: who.headers,
      });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('BIZ-3001');
    }
    const missing = await t.call({ method: 'DELETE', url: `/api/studies/${s.id}/applications/${app.applicationId}`, headers: u.headers });
    expect([missing.status, missing.body.error.code]).toEqual([400, 'VAL-2003']);
  });
});
