import { addDays } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type Person, applyOk, createProject, decide, form, inbox, move, person, today } from './test-helpers.ts';

let t: TestApp;
let owner: Person;
let admin: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, { name: '소유자' });
  admin = await person(t, { name: '관리자', admin: true });
  stranger = await person(t, { name: '행인' });
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => t.call({ method: 'GET', url, headers: who?.headers });
const put = (id: string, who: Person | undefined, body: object) =>
  t.call({ method: 'PUT', url: `/api/projects/${id}`, headers: who?.headers, payload: body });

describe('creating and reading', () => {
  it('publishes a project with a Korean slug, sanitized description, owner in the team and the fields back', async () => {
    const p = await createProject(t, owner, {
      name: '모임 캘린더: 일정 공유 앱!',
      description:
        '<h2>소개</h2><p onclick="x()">안녕 <script>alert(1)</script><a href="javascript:alert(1)">링크</a> <a href="https://example.com">좋은 링크</a></p>',
    });
    expect(p).toMatchObject({
      slug: '모임-캘린더-일정-공유-앱',
      name: '모임 캘린더: 일정 공유 앱!',
      status: 'RECRUITING',
      type: 'SIDE_PROJECT',
      owner: { id: owner.id, name: '소유자' },
      memberCount: 1,
      viewCount: 0,
      acceptingApplications: true,
      meeting: { type: 'ONLINE', frequency: '주 1회', region: '' },
      recruitmentDeadline: addDays(today(), 10),
      collaborationTools: ['GitHub', 'Discord'],
      links: { repository: 'https://github.example.com/p', demo: null, contact: 'mailto:owner@example.com' },
      members: [{ user: { id: owner.id }, role: 'OWNER', position: null }],
      viewer: { isOwner: true, canManage: true, isMember: true, application: null, pendingApplications: 0 },
    });
    expect(p.description).toBe('<h2>소개</h2><p>안녕 링크 <a href="https://example.com" rel="noopener noreferrer">좋은 링크</a></p>');
    expect(p.positions.map((x) => [x.name, x.requiredCount, x.filledCount, x.open])).toEqual([
      ['백엔드 개발자', 2, 0, true],
      ['프론트엔드 개발자', 1, 0, true],
    ]);
    expect(p.positions[0]).toMatchObject({
      requiredSkills: ['Kotlin', 'Spring'],
      preferredSkills: ['PostgreSQL'],
      responsibilities: 'API',
    });
    // a second project with the same name gets the next free slug
    const again = await createProject(t, owner, { name: '모임 캘린더: 일정 공유 앱!' });
    expect(again.slug).toBe('모임-캘린더-일정-공유-앱-2');
    const bySlug = await get(`/api/projects/slug/${encodeURIComponent(again.slug)}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({ id: again.id, viewer: null });
  });

  it('keeps a draft to its owner and admins', async () => {
    const d = await createProject(t, owner, {}, false);
    expect(d.status).toBe('DRAFT');
    expect(d.acceptingApplications).toBe(false);
    const path = `/api/projects/slug/${encodeURIComponent(d.slug)}`;
    expect((await get(path, owner)).status).toBe(200);
    expect((await get(path, admin)).body.data.viewer).toMatchObject({ isAdmin: true, isOwner: false, canManage: true });
    for (const who of [stranger, undefined]) {
      const r = await get(path, who);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('BIZ-3001');
      expect((await get(`/api/projects/${d.id}`, who)).status).toBe(404);
    }
  });

  it('refuses bad forms with 400 VAL-200x and a past deadline on publish with VAL-2004', async () => {
    const bad: [string, object][] = [
      ['no position', { positions: [] }],
      ['a position without required skills', { positions: [{ name: '백엔드', requiredCount: 1, requiredSkills: [] }] }],
      ['count 0', { positions: [{ name: '백엔드', requiredCount: 0, requiredSkills: ['Go'] }] }],
      ['NUL in the name', { name: '이름\u0000' }],
      ['a lone surrogate', { tagline: 'a\ud800b' }],
      ['offline without region', { meeting: { type: 'OFFLINE', frequency: '' } }],
      ['javascript link', { links: { repository: 'javascript:alert(1)' } }],
      ['unknown type', { type: 'HOBBY' }],
      ['unknown stack category', { techStack: [{ category: 'AI', name: 'x' }] }],
      ['start before the deadline', { startDate: today() }],
      ['a skill twice', { positions: [{ name: '백엔드', requiredCount: 1, requiredSkills: ['Go'], preferredSkills: ['go'] }] }],
      [
        'duplicate positions',
        {
          positions: [
            { name: 'A', requiredCount: 1, requiredSkills: ['Go'] },
            { name: 'a', requiredCount: 1, requiredSkills: ['Go'] },
          ],
        },
      ],
    ];
    for (const [why, over] of bad) {
      const r = await t.call({
        method: 'POST',
        url: '/api/projects',
        headers: owner.headers,
        payload: { project: form(over as never), publish: true },
      });
      expect(r.status, why).toBe(400);
      expect(r.body.error.code, why).toMatch(/^VAL-200/);
    }
    const past = await t.call({
      method: 'POST',
      url: '/api/projects',
      headers: owner.headers,
      payload: { project: form({ recruitmentDeadline: addDays(today(), -1), startDate: null }), publish: true },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({
      code: 'VAL-2004',
      message: '모집 마감일은 오늘이나 그 이후여야 합니다.',
      details: {
        fields: [{ path: 'body.project.recruitmentDeadline', code: 'out_of_range', message: '모집 마감일은 오늘이나 그 이후여야 합니다.' }],
      },
    });
    // a draft may keep any deadline until it is published
    const draft = await t.call({
      method: 'POST',
      url: '/api/projects',
      headers: owner.headers,
      payload: { project: form({ recruitmentDeadline: addDays(today(), -1), startDate: null }), publish: false },
    });
    expect(draft.status).toBe(201);
    // publishing it with the deadline passed: the project's state, which a new deadline changes (409)
    const pub = await move(t, owner, draft.body.data.id, 'PUBLISH');
    expect(pub.status).toBe(409);
    expect(pub.body.error).toMatchObject({ code: 'BIZ-3002', details: { reason: 'DEADLINE_PASSED' } });
    expect((await t.call({ method: 'POST', url: '/api/projects', payload: { project: form(), publish: true } })).status).toBe(401);
  });
});

describe('editing', () => {
  it('lets the owner and admins replace the form; others get 403, guests 401; the slug stays', async () => {
    const p = await createProject(t, owner);
    const body = form({
      name: '이름을 바꾼 프로젝트',
      positions: [
        { id: p.positions[1]!.id, name: '프론트엔드 리드', requiredCount: 2, requiredSkills: ['React', 'TypeScript'] },
        { name: '디자이너', requiredCount: 1, requiredSkills: ['Figma'] },
      ],
    });
    const r = await put(p.id, owner, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.slug).toBe(p.slug);
    expect(r.body.data.name).toBe('이름을 바꾼 프로젝트');
    expect(r.body.data.positions.map((x: { name: string; id: string }) => x.name)).toEqual(['프론트엔드 리드', '디자이너']);
    expect(r.body.data.positions[0].id).toBe(p.positions[1]!.id);
    expect((await put(p.id, admin, form({ name: '관리자가 고침' }))).status).toBe(200);
    const refused = await put(p.id, stranger, form());
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('AUTH-1004');
    expect((await put(p.id, undefined, form())).status).toBe(401);
    expect((await put(p.id, owner, { name: 'x' })).status).toBe(400);
  });

  it('never lowers a position below its filled seats, nor removes one that members hold or applications wait on', async () => {
    const p = await createProject(t, owner);
    const a = await person(t);
    const b = await person(t);
    const app = await applyOk(t, a, p, 0);
    expect((await decide(t, owner, p, app.applicationId, 'accept')).status).toBe(200);
    await applyOk(t, b, p, 1);
    const keepBoth = (back: number, front: number) => [
      { id: p.positions[0]!.id, name: '백엔드 개발자', requiredCount: back, requiredSkills: ['Kotlin'] },
      { id: p.positions[1]!.id, name: '프론트엔드 개발자', requiredCount: front, requiredSkills: ['React'] },
    ];
    expect((await put(p.id, owner, form({ positions: keepBoth(1, 1) }))).status).toBe(200);
    const lower = await put(p.id, owner, form({ positions: keepBoth(1, 1).map((x, i) => (i === 0 ? { ...x, requiredCount: 0 } : x)) }));
    expect([lower.status, lower.body.error.code]).toEqual([400, 'VAL-2004']);
    // a position with one member cannot drop below 1 — the database refuses the compare-and-set
    // the positions' state (a member, a waiting application) forbids it: 409
    const held = await put(p.id, owner, form({ positions: [keepBoth(1, 1)[1]!] }));
    expect(held.status).toBe(409);
    expect(held.body.error).toMatchObject({ code: 'BIZ-3002', message: '합류한 멤버가 있는 포지션은 삭제할 수 없습니다: 백엔드 개발자' });
    const waiting = await put(p.id, owner, form({ positions: [keepBoth(1, 1)[0]!] }));
    expect(waiting.status).toBe(409);
    expect(waiting.body.error.code).toBe('BIZ-3002');
    const unknown = await put(
      p.id,
      owner,
      form({ positions: [{ id: '00000000-0000-4000-8000-000000000000', name: 'x', requiredCount: 1, requiredSkills: ['a'] }] }),
    );
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'BIZ-3001']);
  });

  it('refuses editing a cancelled project (409)', async () => {
    const p = await createProject(t, owner);
    expect((await move(t, owner, p.id, 'CANCEL')).status).toBe(200);
    const r = await put(p.id, owner, form());
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('BIZ-3002');
  });
});

describe('status machine', () => {
  const ACTIONS = ['PUBLISH', 'CLOSE_RECRUITMENT', 'REOPEN', 'COMPLETE', 'CANCEL'] as const;
  // from → the actions allowed, and where they lead
  const ALLOWED: Record<string, Partial<Record<(typeof ACTIONS)[number], string>>> = {
    DRAFT: { PUBLISH: 'RECRUITING', CANCEL: 'CANCELLED' },
    RECRUITING: { CLOSE_RECRUITMENT: 'IN_PROGRESS', CANCEL: 'CANCELLED' },
    IN_PROGRESS: { REOPEN: 'RECRUITING', COMPLETE: 'COMPLETED', CANCEL: 'CANCELLED' },
    COMPLETED: {},
    CANCELLED: {},
  };
  const reach: Record<string, string[]> = {
    DRAFT: [],
    RECRUITING: ['PUBLISH'],
    IN_PROGRESS: ['PUBLISH', 'CLOSE_RECRUITMENT'],
    COMPLETED: ['PUBLISH', 'CLOSE_RECRUITMENT', 'COMPLETE'],
    CANCELLED: ['CANCEL'],
  };

  it('allows exactly the moves of the machine and refuses every other with 409 BIZ-3002', async () => {
    for (const [from, allowed] of Object.entries(ALLOWED)) {
      for (const action of ACTIONS) {
        const p = await createProject(t, owner, {}, false);
        for (const step of reach[from]!) expect((await move(t, owner, p.id, step)).status).toBe(200);
        const r = await move(t, owner, p.id, action);
        const to = allowed[action];
        if (to) {
          expect(r.status, `${from} ${action}`).toBe(200);
          expect(r.body.data.status).toBe(to);
        } else {
          expect(r.status, `${from} ${action}`).toBe(409);
          expect(r.body.error.code).toBe('BIZ-3002');
        }
      }
    }
    const history = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from project_transitions`);
    expect(history.rows[0]!.n).toBeGreaterThan(20);
  });

  it('lets only the owner or an admin move it; tells members; reopening needs a deadline still ahead', async () => {
    const p = await createProject(t, owner);
    const m = await person(t);
    const app = await applyOk(t, m, p, 0);
    expect((await decide(t, owner, p, app.applicationId, 'accept')).status).toBe(200);
    expect((await move(t, stranger, p.id, 'CLOSE_RECRUITMENT')).status).toBe(403);
    expect((await move(t, m, p.id, 'CLOSE_RECRUITMENT')).status).toBe(403);
    expect((await move(t, undefined, p.id, 'CLOSE_RECRUITMENT')).status).toBe(401);
    expect((await move(t, admin, p.id, 'CLOSE_RECRUITMENT')).status).toBe(200);
    const told = await inbox(t, m);
    expect(told.some((n) => n.type === 'PROJECT_STATUS_CHANGED' && n.title.includes('진행 중'))).toBe(true);
    expect((await inbox(t, owner)).some((n) => n.type === 'PROJECT_STATUS_CHANGED')).toBe(true);
    await t.ctx.db.execute(sql`update projects set recruitment_deadline = ${addDays(today(), -1)}::date where id = ${p.id}`);
    const reopen = await move(t, owner, p.id, 'REOPEN');
    expect(reopen.status).toBe(409);
    expect(reopen.body.error.code).toBe('BIZ-3002');
    expect((await move(t, owner, p.id, 'NOPE')).status).toBe(400);
  });
});

describe('deleting', () => {
  it('hides a deleted project everywhere and closes its pending applications with a note', async () => {
    const p = await createProject(t, owner, { name: '곧 사라질 프로젝트' });
    const a = await person(t);
    await applyOk(t, a, p, 1);
    const del = (who?: Person) => t.call({ method: 'DELETE', url: `/api/projects/${p.id}`, headers: who?.headers });
    expect((await del(stranger)).status).toBe(403);
    expect((await del(undefined)).status).toBe(401);
    const r = await del(owner);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: p.id, deleted: true });
    expect((await get(`/api/projects/slug/${encodeURIComponent(p.slug)}`, owner)).status).toBe(404);
    expect((await get(`/api/projects/${p.id}`, admin)).status).toBe(404);
    const list = await get(`/api/projects?q=${encodeURIComponent('곧 사라질')}`);
    expect(list.body.data.totalElements).toBe(0);
    const mine = await get('/api/projects/my', owner);
    expect(mine.body.data.owned.some((x: { id: string }) => x.id === p.id)).toBe(false);
    expect((await get('/api/projects/my', a)).body.data.applications).toEqual([]);
    const note = (await inbox(t, a)).find((n) => n.type === 'PROJECT_APPLICATION_REJECTED');
    expect(note?.body).toContain('삭제');
    expect((await del(owner)).status).toBe(404);
  });
});
