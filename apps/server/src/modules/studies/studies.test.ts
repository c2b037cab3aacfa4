import { addDays, seoulDate } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy, propose, proposal, setStatus } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let stranger: TestUser;
const today = seoulDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '김리더' });
  stranger = await createUser(t, { name: '행인' });
});
afterAll(() => t.close());

describe('proposing a study', () => {
  it('creates a PENDING study led by its proposer (OWNER membership)', async () => {
    const s = await propose(t, leader, { title: '데브로그', slug: 'devlog', generation: 3, capacity: 8 });
    expect(s).toMatchObject({
      slug: '3-devlog',
      title: '데브로그',
      generation: 3,
      status: 'PENDING',
      proposerId: leader.id,
      leader: { id: leader.id, name: '김리더', welcomeMessage: '함께 꾸준히 써 봐요!' },
      capacity: 8,
      enrolled: 0,
      seatsTaken: 0,
      costType: 'FREE',
      cost: 0,
      deleted: false,
      schedule: '매주 월·수 20:00–22:00',
      duration: '8주',
      scheduleDetails: { weekdays: ['MON', 'WED'], startTime: '20:00', endTime: '22:00', timezone: 'Asia/Seoul' },
      applicability: { canApply: false, label: 'PENDING', showReviewButton: false },
      viewer: { isLeader: true, role: 'OWNER', isActiveMember: true },
    });
    const m = await t.call({ method: 'GET', url: '/api/studies/my/memberships', headers: leader.headers });
    expect(m.body.data.find((x: { studyId: string }) => x.studyId === s.id)).toMatchObject({
      role: 'OWNER',
      isActive: true,
      studyStatus: 'PENDING',
      studySlug: '3-devlog',
    });
  });

  it('makes unique slugs: a collision gets -2, -3; Hangul titles keep their Hangul', async () => {
    const a = await propose(t, leader, { title: 'Algo Night', generation: 7 });
    const b = await propose(t, leader, { title: 'algo night!', generation: 7 });
    const c = await propose(t, leader, { title: 'ALGO  NIGHT', generation: 7 });
    expect([a.slug, b.slug, c.slug]).toEqual(['7-algo-night', '7-algo-night-2', '7-algo-night-3']);
    const k = await propose(t, leader, { title: '11시 루틴', generation: 2 });
    expect(k.slug).toBe('2-11시-루틴');
    const byHangul = await t.call({ method: 'GET', url: `/api/studies/slug/${encodeURIComponent(k.slug)}`, headers: leader.headers });
    expect(byHangul.body.data.id).toBe(k.id);
  });

  it.each([
    ['a one-letter title', { title: 'x' }, 'VAL-2004'],
    ['a too long title', { title: 'x'.repeat(256) }, 'VAL-2004'],
    ['a short welcome message', { welcomeMessage: 'hi' }, 'VAL-2004'],
    ['capacity 0', { capacity: 0 }, 'VAL-2004'],
    ['capacity 101', { capacity: 101 }, 'VAL-2004'],
    ['a start in the past', { startDate: addDays(today, -1) }, 'VAL-2004'],
    // the day after the proposal's start (a Monday 14 to 20 days ahead: today + 20 is the start itself on a Tuesday)
    ['a deadline after the start', { recruitDeadline: addDays(proposal().startDate, 1) }, 'VAL-2004'],
    ['an end before the start', { endDate: addDays(today, 13) }, 'VAL-2004'],
    ['a paid study without cost', { costType: 'PAID' as const }, 'VAL-2003'],
    ['a venue fee without cost', { costType: 'VENUE_FEE_ONLY' as const, cost: 0 }, 'VAL-2003'],
    ['a free study with a cost', { cost: 5000 }, 'VAL-2004'],
    ['an unknown cost type', { costType: 'DONATION' as never }, 'VAL-2001'],
    ['six questions', { questions: Array.from({ length: 6 }, (_, i) => ({ text: `질문 ${i}` })) }, 'VAL-2004'],
    ['a fractional cost', { costType: 'PAID' as const, cost: 1000.5 }, 'VAL-2002'],
  ])('refuses %s', async (_name, patch, code) => {
    const r = await t.call({ method: 'POST', url: '/api/studies', headers: leader.headers, payload: proposal(patch) });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code.startsWith('VAL-')).toBe(true);
    if (code !== 'VAL-2001') expect(r.body.error.code).toBe(code);
  });

  it('needs a signed-in user', async () => {
    const r = await t.call({ method: 'POST', url: '/api/studies', payload: proposal() });
    expect([r.status, r.body.error.code]).toEqual([401, 'AUTH-1007']);
  });

  it('keeps questions with ids and a paid study’s cost and payment window', async () => {
    const s = await propose(t, leader, {
      costType: 'PAID',
      cost: 30000,
      costDescription: '교재비 포함',
      paymentDeadlineHours: 48,
      questions: [{ text: '사용하는 언어는?' }, { text: '블로그 주소', required: false }],
    });
    expect(s).toMatchObject({ costType: 'PAID', cost: 30000, costDescription: '교재비 포함', paymentDeadlineHours: 48 });
    expect(s.questions).toEqual([
      { id: 'q1', text: '사용하는 언어는?', required: true },
      { id: 'q2', text: '블로그 주소', required: false },
    ]);
  });
});

describe('reading studies', () => {
  let visible: { approved: string; inProgress: string; completed: string; pending: string; rejected: string; terminated: string };
  beforeAll(async () => {
    const approved = await approvedStudy(t, leader, admin, {
      title: 'Reading Approved',
      type: 'EDUCATIONAL',
      costType: 'PAID',
      cost: 10000,
    });
    const inProgress = await approvedStudy(t, leader, admin, { title: 'Reading Running', recurrenceType: 'BIWEEKLY' });
    await setStatus(t, leader, inProgress.id, 'START');
    const completed = await approvedStudy(t, leader, admin, { title: 'Reading Done' });
    await setStatus(t, leader, completed.id, 'START');
    await setStatus(t, leader, completed.id, 'COMPLETE');
    const pending = await propose(t, leader, { title: 'Reading Pending' });
    const rejected = await propose(t, leader, { title: 'Reading Rejected' });
    await setStatus(t, admin, rejected.id, 'REJECT', '범위가 넓어요');
    const terminated = await approvedStudy(t, leader, admin, { title: 'Reading Stopped' });
    await setStatus(t, admin, terminated.id, 'TERMINATE', '중단');
    visible = {
      approved: approved.id,
      inProgress: inProgress.id,
      completed: completed.id,
      pending: pending.id,
      rejected: rejected.id,
      terminated: terminated.id,
    };
  });

  it('lists only APPROVED, non-deleted studies, newest first, 10 a page by default', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/paged' });
    expect(r.status).toBe(200);
    const page = r.body.data;
    expect(page).toMatchObject({ number: 0, size: 10, first: true });
    expect(page.content.every((s: { status: string }) => s.status === 'APPROVED')).toBe(true);
    const ids = page.content.map((s: { id: string }) => s.id);
    expect(ids).toContain(visible.approved);
    for (const hidden of [visible.inProgress, visible.completed, visible.pending, visible.rejected, visible.terminated])
      expect(ids).not.toContain(hidden);
    const created = page.content.map((s: { createdAt: string }) => s.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const arr = await t.call({ method: 'GET', url: '/api/studies?limit=1' });
    expect(Array.isArray(arr.body.data)).toBe(true);
    expect(arr.body.data).toHaveLength(1);
    expect(arr.body.data[0].status).toBe('APPROVED');
  });

  it('filters by type, cost type, recurrence, recruiting and text; arrays repeat', async () => {
    const byType = await t.call({ method: 'GET', url: '/api/studies/paged?type=EDUCATIONAL&type=ONE_TIME' });
    expect(byType.body.data.content.map((s: { id: string }) => s.id)).toEqual([visible.approved]);
    const byCost = await t.call({ method: 'GET', url: '/api/studies/paged?costType=PAID' });
    expect(byCost.body.data.content.map((s: { id: string }) => s.id)).toEqual([visible.approved]);
    const byRec = await t.call({ method: 'GET', url: '/api/studies/paged?recurrence=BIWEEKLY' });
    expect(byRec.body.data.totalElements).toBe(0); // the biweekly one is IN_PROGRESS
    const byText = await t.call({ method: 'GET', url: `/api/studies/paged?q=${encodeURIComponent('reading appr')}` });
    expect(byText.body.data.content.map((s: { id: string }) => s.id)).toEqual([visible.approved]);
    const pct = await t.call({ method: 'GET', url: '/api/studies/paged?q=%25' });
    expect(pct.status).toBe(200);
    const recruiting = await t.call({ method: 'GET', url: '/api/studies/paged?recruiting=true&size=100' });
    expect(recruiting.body.data.content.every((s: { applicability: { canApply: boolean } }) => s.applicability.canApply)).toBe(true);
    const bad = await t.call({ method: 'GET', url: '/api/studies/paged?type=NOPE' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2001']);
    const badSort = await t.call({ method: 'GET', url: '/api/studies/paged?sort=password,asc' });
    expect([badSort.status, badSort.body.error.code]).toEqual([400, 'VAL-2002']);
    const sorted = await t.call({ method: 'GET', url: '/api/studies/paged?sort=title,asc&size=100' });
    const titles = sorted.body.data.content.map((s: { title: string }) => s.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('pages past the end with the right totals', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/paged?page=50&size=5' });
    expect(r.body.data.content).toEqual([]);
    expect(r.body.data.totalElements).toBeGreaterThan(0);
    expect(r.body.data.last).toBe(true);
  });

  it('by id: any non-deleted study, but PENDING and REJECTED only to the leader and admins', async () => {
    for (const id of [visible.approved, visible.inProgress, visible.completed, visible.terminated]) {
      expect((await t.call({ method: 'GET', url: `/api/studies/${id}` })).status).toBe(200);
    }
    for (const id of [visible.pending, visible.rejected]) {
      for (const who of [undefined, stranger]) {
        const r = await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: who?.headers });
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe('BIZ-3001');
      }
      expect((await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: leader.headers })).status).toBe(200);
      expect((await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: admin.headers })).status).toBe(200);
    }
    expect((await t.call({ method: 'GET', url: '/api/studies/00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    // a non-UUID identifier is read as a slug (SPEC §5)
    expect((await t.call({ method: 'GET', url: '/api/studies/not-a-slug' })).status).toBe(404);
    const slug = (await t.call({ method: 'GET', url: `/api/studies/${visible.approved}` })).body.data.slug;
    expect((await t.call({ method: 'GET', url: `/api/studies/${slug}` })).body.data.id).toBe(visible.approved);
  });

  it('by slug: APPROVED, IN_PROGRESS, COMPLETED and PENDING (the last for its leader and admins)', async () => {
    const slugOf = async (id: string) =>
      (await t.call({ method: 'GET', url: `/api/studies/${id}`, headers: admin.headers })).body.data.slug;
    for (const id of [visible.approved, visible.inProgress, visible.completed]) {
      const r = await t.call({ method: 'GET', url: `/api/studies/slug/${encodeURIComponent(await slugOf(id))}` });
      expect(r.status).toBe(200);
      expect(r.body.data.id).toBe(id);
    }
    const pendingSlug = await slugOf(visible.pending);
    expect((await t.call({ method: 'GET', url: `/api/studies/slug/${pendingSlug}` })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/studies/slug/${pendingSlug}`, headers: leader.headers })).status).toBe(200);
    for (const id of [visible.rejected, visible.terminated]) {
      for (const who of [admin, undefined]) {
        const r = await t.call({ method: 'GET', url: `/api/studies/slug/${await slugOf(id)}`, headers: who?.headers });
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe('BIZ-3001');
      }
    }
    expect((await t.call({ method: 'GET', url: '/api/studies/slug/no-such-study' })).status).toBe(404);
  });

  it('computes applicability for the caller and shows the reject reason only to leader and admins', async () => {
    const completed = await t.call({ method: 'GET', url: `/api/studies/${visible.completed}` });
    expect(completed.body.data.applicability).toEqual({ canApply: false, label: 'COMPLETED', showReviewButton: true });
    expect(completed.body.data.viewer).toBeNull();
    const approved = await t.call({ method: 'GET', url: `/api/studies/${visible.approved}`, headers: stranger.headers });
    expect(approved.body.data.applicability).toEqual({ canApply: true, label: 'RECRUITING', showReviewButton: false });
    expect(approved.body.data.viewer).toMatchObject({ isLeader: false, role: null, applicationId: null });
    expect(approved.body.data.rejectReason).toBeNull();
    const rejected = await t.call({ method: 'GET', url: `/api/studies/${visible.rejected}`, headers: admin.headers });
    expect(rejected.body.data).toMatchObject({ rejectReason: '범위가 넓어요', applicability: { label: 'REJECTED' } });
  });

  it('shows a newly approved study in the list at once (the read cache is cleared on change)', async () => {
    await t.call({ method: 'GET', url: '/api/studies/paged' });
    const s = await approvedStudy(t, leader, admin, { title: 'Fresh Approval' });
    const r = await t.call({ method: 'GET', url: '/api/studies/paged' });
    expect(r.body.data.content[0].id).toBe(s.id);
  });
});

describe('changing a study', () => {
  it('lets the leader and admins change it; others are refused', async () => {
    const s = await approvedStudy(t, leader, admin);
    const member = await createUser(t);
    await joinStudy(t, leader, member, s.id);
    for (const who of [stranger, member]) {
      const r = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: who.headers, payload: { title: '해킹' } });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('AUTH-1004');
    }
    const guest = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, payload: { title: '해킹' } });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'AUTH-1007']);
    const r = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { title: '데브로그 시즌 2', tagline: '새 소개' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ title: '데브로그 시즌 2', tagline: '새 소개', slug: s.slug });
    const byAdmin = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: admin.headers, payload: { capacity: 20 } });
    expect(byAdmin.body.data.capacity).toBe(20);
  });

  it('never lowers capacity below the seats taken, nor changes the price once people joined', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 3 });
    const [a, b] = [await createUser(t), await createUser(t)];
    await joinStudy(t, leader, a, s.id);
    await joinStudy(t, leader, b, s.id);
    const low = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: leader.headers, payload: { capacity: 1 } });
    // the seats taken are a state (409): once members leave, the capacity may go down
    expect(low.status).toBe(409);
    expect(low.body.error).toMatchObject({ code: 'BIZ-3002', details: { seatsTaken: 2 } });
    const same = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: leader.headers, payload: { capacity: 2 } });
    expect(same.status).toBe(200);
    const price = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { costType: 'PAID', cost: 10000 },
    });
    expect(price.status).toBe(409);
    expect(price.body.error.code).toBe('BIZ-3002');
  });

  it('refuses changes to finished studies and bad dates; an empty change is a validation error', async () => {
    const s = await approvedStudy(t, leader, admin);
    const bad = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: leader.headers,
      payload: { endDate: addDays(s.startDate, -1) },
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VAL-2004']);
    const empty = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: leader.headers, payload: {} });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VAL-2001']);
    await setStatus(t, leader, s.id, 'START');
    await setStatus(t, leader, s.id, 'COMPLETE');
    const done = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: leader.headers, payload: { title: '늦은 수정' } });
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('BIZ-3002');
  });

  it('lets the leader open or close recruitment of a running study', async () => {
    const s = await approvedStudy(t, leader, admin);
    await setStatus(t, leader, s.id, 'START');
    await t.ctx.db.execute(sql`update studies set recruit_deadline = now() - interval '1 day' where id = ${s.id}`);
    const closed = await t.call({ method: 'GET', url: `/api/studies/${s.id}` });
    expect(closed.body.data.applicability.canApply).toBe(false);
    const open = await t.call({ method: 'PATCH', url: `/api/studies/${s.id}`, headers: leader.headers, payload: { isRecruiting: true } });
    expect(open.body.data).toMatchObject({ isRecruiting: true, applicability: { canApply: true, label: 'IN_PROGRESS' } });
  });

  it('serves the OpenAPI document with the study routes', async () => {
    const r = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/studies',
        '/api/studies/paged',
        '/api/studies/{id}',
        '/api/studies/my',
        '/api/calendar/events',
        '/api/notifications',
      ]),
    );
  });
});
