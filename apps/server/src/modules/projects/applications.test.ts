import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type Person, apply, applyOk, createProject, decide, inbox, move, person } from './test-helpers.ts';

let t: TestApp;
let owner: Person;
let admin: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, { name: '오너' });
  admin = await person(t, { name: '관리자', admin: true });
  stranger = await person(t, { name: '행인' });
});
afterAll(() => t.close());

const mailJobs = async () =>
  (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'notifications.mail'`)).rows[0]!.n;

describe('applying', () => {
  it('takes one open application per user and project and tells the owner (inbox + mail)', async () => {
    const p = await createProject(t, owner, { name: '지원 받는 프로젝트' });
    const a = await person(t, { name: '지원자' });
    const before = await mailJobs();
    const r = await apply(t, a, p, 0);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({
      project: { id: p.id, slug: p.slug, name: '지원 받는 프로젝트', status: 'RECRUITING' },
      position: { id: p.positions[0]!.id, name: '백엔드 개발자' },
      applicant: { id: a.id, name: '지원자' },
      status: 'PENDING',
      links: { github: 'https://github.example.com/me', portfolio: null, blog: null },
      skills: [],
      reviewNote: null,
    });
    expect(r.body.data).not.toHaveProperty('id');
    const told = (await inbox(t, owner)).find((n) => n.type === 'PROJECT_APPLICATION_RECEIVED');
    expect(told).toMatchObject({ link: `/project/${encodeURIComponent(p.slug)}?tab=applications` });
    expect(told!.body).toBe('지원자가 「지원 받는 프로젝트」의 백엔드 개발자 포지션에 지원했습니다.');
    expect(await mailJobs()).toBe(before + 1);
    // one open application: a second one is a state conflict (the first may be decided or cancelled)
    const twice = await apply(t, a, p, 1);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'ALREADY_APPLIED' } });
    const detail = await t.call({ method: 'GET', url: `/api/projects/${p.id}`, headers: a.headers });
    expect(detail.body.data.viewer).toMatchObject({
      isOwner: false,
      isMember: false,
      application: { applicationId: r.body.data.applicationId, status: 'PENDING', positionName: '백엔드 개발자', reviewNote: null },
    });
    expect(
      (await t.call({ method: 'GET', url: `/api/projects/${p.id}`, headers: owner.headers })).body.data.viewer.pendingApplications,
    ).toBe(1);
  });

  it('refuses the owner, guests, drafts, closed projects, full and unknown positions, members and bad input', async () => {
    const p = await createProject(t, owner);
    // one's own project: a rule whatever the project's state (422)
    const own = await apply(t, owner, p);
    expect(own.status).toBe(422);
    expect(own.body.error.code).toBe('BIZ-3003');
    expect((await apply(t, undefined, p)).status).toBe(401);
    const draft = await createProject(t, owner, {}, false);
    expect((await apply(t, stranger, draft)).status).toBe(404);
    const closed = await createProject(t, owner);
    await move(t, owner, closed.id, 'CLOSE_RECRUITMENT');
    const c = await apply(t, stranger, closed);
    expect(c.status).toBe(409);
    expect(c.body.error.code).toBe('BIZ-3002');
    // the front-end position has one seat: once it is filled, it takes no more applications
    const m = await person(t);
    const app = await applyOk(t, m, p, 1);
    expect((await decide(t, owner, p, app.applicationId, 'accept')).status).toBe(200);
    // a full position and membership are the state of things: 409 like a closed project
    const full = await apply(t, stranger, p, 1);
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'BIZ-3002', message: '「프론트엔드 개발자」 포지션은 모집이 끝났습니다.' });
    expect(full.body.error.details).toEqual({ reason: 'POSITION_FULL' });
    const member = await apply(t, m, p, 0);
    expect(member.status).toBe(409);
    expect(member.body.error).toMatchObject({ code: 'BIZ-3002', message: '이미 이 프로젝트의 멤버입니다.' });
    const other = await createProject(t, owner);
    const wrong = await t.call({
      method: 'POST',
      url: `/api/projects/${p.id}/applications`,
      headers: stranger.headers,
      payload: {
        positionId: other.positions[0]!.id,
        introduction: '열 글자가 넘는 자기소개입니다.',
        motivation: '열 글자가 넘는 지원 동기입니다.',
      },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([404, 'BIZ-3001']);
    for (const bad of [
      { introduction: '짧음' },
      { motivation: '' },
      { introduction: '자기소개\u0000입니다 열 글자' },
      { links: { github: 'ftp://x' } },
      { links: { blog: 'javascript:alert(1)' } },
      { links: { portfolio: 'data:text/html,<b>x</b>' } },
      { skills: Array.from({ length: 11 }, (_, i) => `skill-${i}`) },
      { skills: ['Go', 'go'] },
      { positionId: 'nope' },
    ]) {
      expect((await apply(t, stranger, p, 0, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('deciding', () => {
  it('accepts into a seat and the team, tells the applicant; only the owner or an admin decides', async () => {
    const p = await createProject(t, owner, { name: '팀을 꾸리는 중' });
    const a = await person(t, { name: '합류할 사람' });
    const b = await person(t);
    const appA = await applyOk(t, a, p, 0);
    const appB = await applyOk(t, b, p, 0);
    // applications are the managers': to anyone else (the applicant too) a decision's target does not exist
    for (const who of [stranger, a]) {
      const r = await decide(t, who, p, appA.applicationId, 'accept');
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'BIZ-3001', message: '지원서를 찾을 수 없습니다.' });
      expect((await decide(t, who, p, appA.applicationId, 'reject')).status).toBe(404);
    }
    expect((await decide(t, undefined, p, appA.applicationId, 'accept')).status).toBe(401);
    expect((await decide(t, undefined, p, appA.applicationId, 'reject')).status).toBe(401);
    const ok = await decide(t, owner, p, appA.applicationId, 'accept', '주말 회의에서 봬요!');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      applicationId: appA.applicationId,
      status: 'APPROVED',
      reviewNote: '주말 회의에서 봬요!',
      decidedAt: expect.any(String),
    });
    expect((await decide(t, admin, p, appB.applicationId, 'accept')).status).toBe(200);
    const again = await decide(t, owner, p, appA.applicationId, 'accept');
    expect([again.status, again.body.error.code]).toEqual([409, 'BIZ-3002']);
    const detail = (await t.call({ method: 'GET', url: `/api/projects/${p.id}`, headers: a.headers })).body.data;
    expect(detail.positions[0]).toMatchObject({ filledCount: 2, requiredCount: 2, open: false });
    expect(detail.memberCount).toBe(3);
    expect(
      detail.members.map((m: { user: { id: string }; role: string; position: { name: string } | null }) => [
        m.user.id,
        m.role,
        m.position?.name ?? null,
      ]),
    ).toEqual([
      [owner.id, 'OWNER', null],
      [a.id, 'MEMBER', '백엔드 개발자'],
      [b.id, 'MEMBER', '백엔드 개발자'],
    ]);
    expect(detail.viewer).toMatchObject({ isMember: true, application: { status: 'APPROVED' } });
    const told = (await inbox(t, a)).find((n) => n.type === 'PROJECT_APPLICATION_APPROVED');
    expect(told).toMatchObject({ title: '프로젝트 지원이 승인되었습니다', link: `/project/${encodeURIComponent(p.slug)}` });
    // a full position refuses one more acceptance, a state conflict (sequentially here; concurrently in concurrency.test.ts)
    const c = await person(t);
    const lateApp = await t.ctx.db.execute<{ id: string }>(sql`
      insert into project_applications (project_id, position_id, user_id, introduction, motivation)
      values (${p.id}, ${p.positions[0]!.id}, ${c.id}, '늦게 온 지원', '늦게 온 지원') returning id`);
    const late = await decide(t, owner, p, lateApp.rows[0]!.id, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'POSITION_FULL' } });
    const still = await t.ctx.db.execute<{ status: string }>(
      sql`select status from project_applications where id = ${lateApp.rows[0]!.id}`,
    );
    expect(still.rows[0]!.status).toBe('PENDING');
  });

  it('rejects with a note the applicant sees (page, my projects, inbox); the applicant may apply again', async () => {
    const p = await createProject(t, owner, { name: '반려 테스트' });
    const a = await person(t);
    const app = await applyOk(t, a, p, 1);
    expect((await decide(t, owner, p, app.applicationId, 'reject', ' ')).status).toBe(400);
    const r = await decide(t, owner, p, app.applicationId, 'reject', '이번에는 React 경험이 더 많은 분과 함께하기로 했어요.');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'REJECTED', reviewNote: '이번에는 React 경험이 더 많은 분과 함께하기로 했어요.' });
    const page = (await t.call({ method: 'GET', url: `/api/projects/slug/${encodeURIComponent(p.slug)}`, headers: a.headers })).body.data;
    expect(page.viewer.application).toMatchObject({
      status: 'REJECTED',
      reviewNote: '이번에는 React 경험이 더 많은 분과 함께하기로 했어요.',
    });
    const mine = (await t.call({ method: 'GET', url: '/api/projects/my', headers: a.headers })).body.data;
    expect(mine.applications[0]).toMatchObject({
      status: 'REJECTED',
      reviewNote: expect.stringContaining('React'),
      project: { slug: p.slug },
    });
    const told = (await inbox(t, a)).find((n) => n.type === 'PROJECT_APPLICATION_REJECTED');
    expect(told!.body).toContain('React 경험');
    expect((await decide(t, owner, p, app.applicationId, 'reject')).status).toBe(409);
    expect((await apply(t, a, p, 0)).status).toBe(201);
  });

  it('lets only the applicant cancel (DELETE) a pending application; the owner hears of it in the app only', async () => {
    const p = await createProject(t, owner);
    const a = await person(t, { name: '마음을 바꾼 사람' });
    const app = await applyOk(t, a, p, 0);
    // another person's application does not exist for the caller, whoever names whom as the applicant
    for (const who of [owner, stranger, admin]) {
      for (const applicantId of [who.id, a.id]) {
        const r = await decide(t, who, p, app.applicationId, 'cancel', undefined, applicantId);
        expect(r.status).toBe(404);
        expect(r.body.error).toMatchObject({ code: 'BIZ-3001', message: '지원서를 찾을 수 없습니다.' });
      }
    }
    expect((await decide(t, a, p, app.applicationId, 'cancel', undefined, stranger.id)).status).toBe(404);
    expect((await decide(t, undefined, p, app.applicationId, 'cancel')).status).toBe(401);
    const mails = await mailJobs();
    const r = await decide(t, a, p, app.applicationId, 'cancel');
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('WITHDRAWN');
    expect(await mailJobs()).toBe(mails);
    expect((await inbox(t, owner)).some((n) => n.type === 'PROJECT_APPLICATION_WITHDRAWN' && n.body.startsWith('마음을 바꾼 사람이'))).toBe(
      true,
    );
    expect((await decide(t, a, p, app.applicationId, 'cancel')).status).toBe(409);
    expect((await decide(t, owner, p, app.applicationId, 'accept')).status).toBe(409);
    const approved = await applyOk(t, a, p, 0);
    await decide(t, owner, p, approved.applicationId, 'accept');
    expect((await decide(t, a, p, approved.applicationId, 'cancel')).status).toBe(409);
  });

  it('closes pending applications with a note when the project completes or is cancelled', async () => {
    const p = await createProject(t, owner);
    const a = await person(t);
    await applyOk(t, a, p, 0);
    await move(t, owner, p.id, 'CANCEL');
    const mine = (await t.call({ method: 'GET', url: '/api/projects/my', headers: a.headers })).body.data;
    expect(mine.applications[0]).toMatchObject({ status: 'REJECTED', reviewNote: '프로젝트가 취소되어 지원을 마감했습니다.' });
    expect((await inbox(t, a)).some((n) => n.type === 'PROJECT_APPLICATION_REJECTED')).toBe(true);
  });
});

describe('the applications inbox and my projects', () => {
  it('shows the owner and admins each applicant at a glance: name, picture, position, skills, introduction and links', async () => {
    const p = await createProject(t, owner, { name: '한눈에 보는 지원자' });
    const a = await person(t, { name: '한눈에' });
    const r = await apply(t, a, p, 0, {
      introduction: '백엔드 4년차, 결제 시스템을 만들었습니다.',
      skills: ['Kotlin', 'PostgreSQL'],
      // typed as people do: no scheme
      links: { github: 'github.com/hannune', portfolio: 'www.hannune.dev', blog: 'velog.io/@hannune' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    for (const who of [owner, admin]) {
      const list = await t.call({ method: 'GET', url: `/api/projects/${p.id}/applications`, headers: who.headers });
      expect(list.status).toBe(200);
      expect(list.body.data.content).toEqual([
        expect.objectContaining({
          applicant: { id: a.id, name: '한눈에', username: null, profileImage: null },
          position: { id: p.positions[0]!.id, name: '백엔드 개발자' },
          introduction: '백엔드 4년차, 결제 시스템을 만들었습니다.',
          skills: ['Kotlin', 'PostgreSQL'],
          links: { github: 'https://github.com/hannune', portfolio: 'https://www.hannune.dev', blog: 'https://velog.io/@hannune' },
        }),
      ]);
    }
  });

  it('lists applications to the owner and admins only (404 to anyone else), filtered by status', async () => {
    const p = await createProject(t, owner);
    const people = [await person(t), await person(t), await person(t)];
    const apps = [];
    for (const [i, who] of people.entries()) apps.push(await applyOk(t, who, p, i % 2));
    await decide(t, owner, p, apps[0]!.applicationId, 'accept');
    await decide(t, owner, p, apps[1]!.applicationId, 'reject');
    const url = `/api/projects/${p.id}/applications`;
    const all = await t.call({ method: 'GET', url, headers: owner.headers });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ totalElements: 3, number: 0, size: 10, first: true, last: true });
    expect(all.body.data.content[0].applicationId).toBe(apps[2]!.applicationId);
    const pending = await t.call({
      method: 'GET',
      url: `${url}?status=PENDING&status=REJECTED&sort=createdAt,asc`,
      headers: admin.headers,
    });
    expect(pending.body.data.content.map((x: { applicationId: string }) => x.applicationId)).toEqual([
      apps[1]!.applicationId,
      apps[2]!.applicationId,
    ]);
    // nobody but the owner and admins learns who applied: 404, the applicants themselves included
    for (const who of [stranger, people[0]!]) {
      const r = await t.call({ method: 'GET', url, headers: who.headers });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'BIZ-3001', message: '지원서를 찾을 수 없습니다.' });
      expect(JSON.stringify(r.body)).not.toContain(people[1]!.name);
    }
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: `${url}?status=NOPE`, headers: owner.headers })).status).toBe(400);
  });

  it('gathers owned projects (drafts too), joined ones with the position, and every application', async () => {
    const me = await person(t);
    const mineDraft = await createProject(t, me, { name: '내 초안' }, false);
    const joined = await createProject(t, owner, { name: '합류한 곳' });
    const waiting = await createProject(t, owner, { name: '기다리는 곳' });
    const app = await applyOk(t, me, joined, 1);
    await decide(t, owner, joined, app.applicationId, 'accept');
    await applyOk(t, me, waiting, 0);
    const r = await t.call({ method: 'GET', url: '/api/projects/my', headers: me.headers });
    expect(r.status).toBe(200);
    expect(r.body.data.owned.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([[mineDraft.id, 'DRAFT']]);
    expect(r.body.data.member).toEqual([
      { project: expect.objectContaining({ id: joined.id }), position: { id: joined.positions[1]!.id, name: '프론트엔드 개발자' } },
    ]);
    expect(r.body.data.applications.map((x: { project: { name: string }; status: string }) => [x.project.name, x.status])).toEqual([
      ['기다리는 곳', 'PENDING'],
      ['합류한 곳', 'APPROVED'],
    ]);
    expect((await t.call({ method: 'GET', url: '/api/projects/my' })).status).toBe(401);
  });
});
