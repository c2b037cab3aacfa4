import { pageRenderReadHeaders } from '../../http/page-render-read.ts';
import { addDays, deadlineCloseRunAfter } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearOfSeoulMidnight } from '../../../test/seoul-day.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { CLOSE_EXPIRED_JOB } from './jobs.ts';
import { createProjectsService } from './index.ts';
import { type Person, apply, createProject, inbox, person, today } from './test-helpers.ts';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, { name: '마감 주인' });
});
afterAll(() => t.close());

// The tests' dates (today, tomorrow), the job's next run and the day a view counts for are read
// at different moments: they must fall on one Seoul day. A test calls clearOfSeoulMidnight() for
// that (Date moved past 00:00 Asia/Seoul when it is near, not waited for); each ends on the real clock.
afterEach(() => {
  vi.useRealTimers();
});

const statusOf = async (id: string) =>
  (await t.ctx.db.execute<{ status: string }>(sql`select status from projects where id = ${id}`)).rows[0]!.status;

describe('the deadline job', () => {
  it('is queued for the next 00:00 Asia/Seoul, closes recruitment whose last day has passed, tells the owner and queues the next run', async () => {
    clearOfSeoulMidnight();
    const endsToday = await createProject(t, owner, { name: '오늘 마감', recruitmentDeadline: today(), startDate: null });
    const endsTomorrow = await createProject(t, owner, { name: '내일 마감', recruitmentDeadline: addDays(today(), 1), startDate: null });
    const openEnded = await createProject(t, owner, { name: '상시 모집', recruitmentDeadline: null, startDate: null });
    await t.ctx.jobs.runRecurring(true); // the start-up / safety-net scheduling
    const { at, date } = deadlineCloseRunAfter(new Date());
    const queued = await t.ctx.db.execute<{ run_at: Date; payload: { date: string } }>(
      sql`select run_at, payload from jobs where kind = ${CLOSE_EXPIRED_JOB} and status = 'pending'`,
    );
    expect(queued.rows).toHaveLength(1);
    expect(new Date(queued.rows[0]!.run_at).toISOString()).toBe(at.toISOString());
    expect(at.toISOString()).toBe(`${addDays(date, -1)}T15:00:00.000Z`); // 00:00 in Seoul is 15:00 UTC the day before
    expect(queued.rows[0]!.payload).toEqual({ date });
    await t.ctx.jobs.runRecurring(true);
    expect((await t.ctx.db.execute(sql`select 1 from jobs where kind = ${CLOSE_EXPIRED_JOB} and status = 'pending'`)).rows).toHaveLength(1);

    await t.ctx.jobs.drain(new Date(at.getTime() - 1000)); // not before midnight
    expect(await statusOf(endsToday.id)).toBe('RECRUITING');
    await t.ctx.jobs.drain(at);
    expect(await statusOf(endsToday.id)).toBe('IN_PROGRESS');
    expect(await statusOf(endsTomorrow.id)).toBe('RECRUITING');
    expect(await statusOf(openEnded.id)).toBe('RECRUITING');
    const told = (await inbox(t, owner)).filter((n) => n.type === 'PROJECT_RECRUITMENT_CLOSED');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('오늘 마감');
    const log = await t.ctx.db.execute<{ action: string; actor_id: string | null }>(
      sql`select action, actor_id from project_transitions where project_id = ${endsToday.id} order by created_at desc limit 1`,
    );
    expect(log.rows[0]).toEqual({ action: 'DEADLINE_CLOSE', actor_id: null });
    const next = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = ${CLOSE_EXPIRED_JOB} and status = 'pending'`,
    );
    expect(next.rows[0]!.n).toBe(1);
  });

  it('refuses applications once the last day is over, even before the job has run', async () => {
    clearOfSeoulMidnight();
    const p = await createProject(t, owner, { recruitmentDeadline: today(), startDate: null });
    const a = await person(t);
    const tomorrow = new Date(deadlineCloseRunAfter(new Date()).at.getTime() + 60_000);
    const later = createProjectsService(t.ctx, { users: t.api.users, notifications: t.api.notifications }, () => tomorrow);
    await expect(
      later.apply(
        p.id,
        { id: a.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' },
        {
          positionId: p.positions[0]!.id,
          introduction: '마감 다음 날의 지원서입니다.',
          motivation: '마감 다음 날의 지원서입니다.',
          skills: [],
          links: { github: null, portfolio: null, blog: null },
        },
      ),
    ).rejects.toMatchObject({ code: 'BIZ-3002' });
    expect((await later.getById(p.id, null)).acceptingApplications).toBe(false);
    expect((await apply(t, a, p)).status).toBe(201); // today it is still open
  });
});

describe('the view count', () => {
  it('counts a viewer once per Seoul day (signed in by account, guests by address and browser), never the owner', async () => {
    clearOfSeoulMidnight();
    const p = await createProject(t, owner);
    const path = `/api/projects/slug/${encodeURIComponent(p.slug)}`;
    const viewer = await person(t);
    const view = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
      t.call({ method: 'GET', url: path, headers: { 'user-agent': 'Firefox/140', ...headers }, remoteAddress });
    expect((await view(viewer.headers)).body.data.viewCount).toBe(1);
    expect((await view(viewer.headers)).body.data.viewCount).toBe(1);
    expect((await view(viewer.headers, '198.51.100.1')).body.data.viewCount).toBe(1); // same account elsewhere
    expect((await view()).body.data.viewCount).toBe(2); // a guest
    expect((await view()).body.data.viewCount).toBe(2); // the same guest again
    expect((await view({ 'user-agent': 'Chrome/140' })).body.data.viewCount).toBe(3); // another browser
    expect((await view({}, '198.51.100.2')).body.data.viewCount).toBe(4); // another address
    expect((await view(owner.headers)).body.data.viewCount).toBe(4);
    expect((await t.call({ method: 'GET', url: `/api/projects/${p.id}` })).body.data.viewCount).toBe(4); // by id: no count
    // the server's render of the page reads it too (http/web-render.ts): not a visit; a forged mark is one
    expect((await view(pageRenderReadHeaders(), '127.0.0.1')).body.data.viewCount).toBe(4);
    expect((await view({ 'x-moim-page-render': 'guessed' }, '198.51.100.3')).body.data.viewCount).toBe(5);
    const keys = await t.ctx.db.execute<{ viewer_key: string }>(sql`select viewer_key from project_views where project_id = ${p.id}`);
    expect(keys.rows.map((r) => r.viewer_key).filter((k) => k.startsWith('u:'))).toEqual([`u:${viewer.id}`]);
    expect(keys.rows.some((r) => r.viewer_key.includes('203.0.113.7'))).toBe(false);
    // the next Seoul day counts the same viewer again
    const tomorrow = new Date(deadlineCloseRunAfter(new Date()).at.getTime() + 60_000);
    const later = createProjectsService(t.ctx, { users: t.api.users, notifications: t.api.notifications }, () => tomorrow);
    const again = await later.getBySlug(
      p.slug,
      { id: viewer.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' },
      { ip: '203.0.113.7', userAgent: 'x' },
    );
    expect(again.viewCount).toBe(6);
  });
});
