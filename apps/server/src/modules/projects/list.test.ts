import { addDays } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { searchColumnsOf } from '../../search/korean-search.ts';
import { listedCardsForExplain } from './project-read-repo.ts';
import { insertProjectsBulk } from './project-repo.ts';
import { type Person, applyOk, createProject, decide, move, person, today } from './test-helpers.ts';

let t: TestApp;
let owner: Person;
const ids: Record<string, string> = {};

const list = async (query: string) => {
  const r = await t.call({ method: 'GET', url: `/api/projects?${query}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as {
    content: { id: string; name: string }[];
    totalElements: number;
    totalPages: number;
    number: number;
    size: number;
    first: boolean;
    last: boolean;
  };
};
const names = async (query: string) => (await list(query)).content.map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t, { name: '주인' });
  const mk = async (key: string, over: Parameters<typeof createProject>[2], publish = true) => {
    ids[key] = (await createProject(t, owner, over, publish)).id;
  };
  await mk('side', {
    name: '사이드 프로젝트 매칭',
    type: 'SIDE_PROJECT',
    techStack: [{ category: 'FRONTEND', name: 'React' }],
    recruitmentDeadline: addDays(today(), 3),
    startDate: null,
  });
  await mk('java', {
    name: '자바 백엔드 스터디 봇',
    type: 'OPEN_SOURCE',
    description: '<p>결제 시스템을 흉내 냅니다.</p>',
    techStack: [{ category: 'BACKEND', name: 'Spring' }],
    meeting: { type: 'OFFLINE', region: '서울 강남구' },
    positions: [{ name: '디자이너', requiredCount: 1, requiredSkills: ['Figma'] }],
    recruitmentDeadline: addDays(today(), 1),
    startDate: null,
  });
  await mk('startup', {
    name: 'Pet Walk 스타트업',
    type: 'STARTUP',
    meeting: { type: 'HYBRID', region: '부산' },
    recruitmentDeadline: null,
    startDate: null,
  });
  await mk('done', { name: '끝난 대시보드' });
  await mk('cancelled', { name: '접은 프로젝트' });
  await mk('draft', { name: '사이드 초안' }, false);
  await move(t, owner, ids.done!, 'CLOSE_RECRUITMENT');
  await move(t, owner, ids.done!, 'COMPLETE');
  await move(t, owner, ids.cancelled!, 'CANCEL');
  // fill the designer seat of "java": its only position is no longer open
  const a = await person(t);
  const detail = (await t.call({ method: 'GET', url: `/api/projects/${ids.java}` })).body.data;
  const app = await applyOk(t, a, detail, 0);
  await decide(t, owner, detail, app.applicationId, 'accept');
  // views: "startup" most viewed
  await t.ctx.db.execute(sql`update projects set view_count = 50 where id = ${ids.startup!}`);
});
afterAll(() => t.close());

describe('the public list', () => {
  it('shows published, live projects (drafts never, cancelled only when asked) in pages of the GUIDE shape', async () => {
    const all = await list('');
    expect(all.content.map((p) => p.name).sort()).toEqual(
      ['Pet Walk 스타트업', '끝난 대시보드', '사이드 프로젝트 매칭', '자바 백엔드 스터디 봇'].sort(),
    );
    expect(all).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 10, first: true, last: true });
    expect(await names('status=CANCELLED')).toEqual(['접은 프로젝트']);
    expect((await t.call({ method: 'GET', url: '/api/projects?status=DRAFT' })).status).toBe(400);
    const paged = await list('size=3&page=1');
    expect(paged).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3, first: false, last: true });
    expect(paged.content).toHaveLength(1);
    const card = (await list('q=Pet')).content[0] as unknown as Record<string, unknown>;
    expect(card).toMatchObject({
      type: 'STARTUP',
      status: 'RECRUITING',
      memberCount: 1,
      acceptingApplications: true,
      recruitmentDeadline: null,
    });
    expect(card).not.toHaveProperty('description');
    expect((card as { positions: unknown[] }).positions).toEqual([
      { id: expect.any(String), name: '백엔드 개발자', requiredCount: 2, filledCount: 0, open: true },
      { id: expect.any(String), name: '프론트엔드 개발자', requiredCount: 1, filledCount: 0, open: true },
    ]);
    const java = (await list(`q=${encodeURIComponent('자바')}`)).content[0] as unknown as { positions: unknown[]; memberCount: number };
    expect(java).toMatchObject({ memberCount: 2, positions: [{ name: '디자이너', requiredCount: 1, filledCount: 1, open: false }] });
  });

  it('filters by type, status, meeting type, stack (any, any case) and open position', async () => {
    expect(await names('type=OPEN_SOURCE')).toEqual(['자바 백엔드 스터디 봇']);
    expect((await names('type=SIDE_PROJECT&type=STARTUP')).sort()).toEqual(
      ['Pet Walk 스타트업', '끝난 대시보드', '사이드 프로젝트 매칭'].sort(),
    );
    expect(await names('status=COMPLETED')).toEqual(['끝난 대시보드']);
    expect(await names('meetingType=OFFLINE')).toEqual(['자바 백엔드 스터디 봇']);
    expect(await names('meetingType=HYBRID&type=STARTUP')).toEqual(['Pet Walk 스타트업']);
    expect(await names('stack=spring')).toEqual(['자바 백엔드 스터디 봇']);
    expect((await names('stack=REACT&stack=Spring')).length).toBe(4);
    // "디자이너" is filled, so no project has it open; "프론트엔드" is open in the others
    expect(await names(`position=${encodeURIComponent('디자이너')}`)).toEqual([]);
    expect((await names(`position=${encodeURIComponent('프론트')}`)).length).toBe(3);
    for (const bad of ['type=HOBBY', 'meetingType=ONSITE', 'sort=name,asc', 'size=101', `q=${encodeURIComponent('a\u0000')}`]) {
      expect((await t.call({ method: 'GET', url: `/api/projects?${bad}` })).status, bad).toBe(400);
    }
  });

  it('finds Korean partial words, a word being typed, 초성 and Latin text', async () => {
    const q = async (s: string) => names(`q=${encodeURIComponent(s)}`);
    expect(await q('사이드')).toEqual(['사이드 프로젝트 매칭']);
    expect(await q('이드')).toEqual(['사이드 프로젝트 매칭']);
    expect(await q('ㅅㅇㄷ')).toEqual(['사이드 프로젝트 매칭']);
    expect(await q('사ㅇ')).toEqual(['사이드 프로젝트 매칭']);
    expect(await q('자바')).toEqual(['자바 백엔드 스터디 봇']);
    expect(await q('결제')).toEqual(['자바 백엔드 스터디 봇']); // from the description
    expect(await q('figma')).toEqual(['자바 백엔드 스터디 봇']); // from a position's skills
    expect(await q('pet walk')).toEqual(['Pet Walk 스타트업']);
    expect(await q('100%')).toEqual([]);
    expect(await q('초안')).toEqual([]);
  });

  it('sorts by newest, closest deadline (recruiting first), most viewed and relevance', async () => {
    expect((await names(''))[0]).toBe('끝난 대시보드'); // created after the others that are listed
    expect(await names('sort=deadline,asc')).toEqual([
      '자바 백엔드 스터디 봇',
      '사이드 프로젝트 매칭',
      'Pet Walk 스타트업',
      '끝난 대시보드',
    ]);
    expect((await names('sort=viewCount,desc'))[0]).toBe('Pet Walk 스타트업');
    expect(await names(`sort=relevance,desc&q=${encodeURIComponent('ㅍㄹㅈㅌ')}`)).toEqual(['사이드 프로젝트 매칭']);
  });

  it('walks the jamo trigram index for a two-syllable Korean query (1,500 rows, analyzed)', async () => {
    const words = ['캘린더', '가계부', '챗봇', '대시보드', '게임', '커뮤니티', '쇼핑몰', '블로그', '알림', '지도'];
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const name = `${words[i % words.length]} ${words[(i * 7) % words.length]} 프로젝트 ${i}`;
      // real-sized rows: a few sentences of description, as the search columns carry them
      const description = `${name}을 함께 만들 팀원을 찾습니다. 매주 한 번 온라인으로 진행 상황을 공유하고, 코드 리뷰와 테스트를 중요하게 생각합니다. 첫 배포까지 여덟 주를 목표로 합니다. 디자인 시스템을 먼저 만들고 화면을 붙입니다.`;
      return {
        slug: `bulk-${i}`,
        name,
        description: `<p>${description}</p>`,
        type: 'SIDE_PROJECT' as const,
        status: 'RECRUITING' as const,
        ownerId: owner.id,
        meetingType: 'ONLINE' as const,
        ...searchColumnsOf(name, description),
      };
    });
    await insertProjectsBulk(t.ctx.db, rows, []);
    await t.ctx.db.execute(sql`analyze projects`);
    // (a table this small is cheaper to scan; the benchmark shows the plan at 10,000 real-sized rows)
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // the route's own statement (project-read-repo.ts), its $n parameters bound again
      const st = listedCardsForExplain(t.ctx.db, { q: '자바', sort: 'createdAt,desc' }, 10);
      const chunks = st.text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${st.values[Number(part) - 1]}` : sql.raw(part)));
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${sql.join(chunks)}`);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/projects_search_jamo_trgm/);
    expect(await names(`q=${encodeURIComponent('자바')}`)).toEqual(['자바 백엔드 스터디 봇']);
  }, 180_000);
});
