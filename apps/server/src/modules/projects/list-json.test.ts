/**
 * GET /api/projects sends its JSON as it is (project-service.ts `listJson`), read by prepared
 * statements built once per list shape (project-read-repo.ts), with owners joined from the users
 * module's `user_public` view: the bytes must be what the route's schema serialization gave for
 * the list the rules give, written here as plain SQL (`listedIds`: SPEC §5's filters, sorts and
 * pages; no statement of the module), the rows and positions read by id, and the owners from
 * `publicProfiles` — over filters, searches, sorts and pages, with owners that have a username and
 * a thumbnail, a deactivated owner, text with quotes, line breaks and emoji, filled seats.
 */
import { PROJECT_LISTED_STATUSES, addDays, envelope, projectListPage, projectListQuery, type ProjectListQuery } from '@moim/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { ok } from '../../http/envelope.ts';
import { users } from '../users/schema.ts';
import { escapeLike, parseKoreanQuery } from '../../search/korean-search.ts';
import { projectPositions, projects } from './schema.ts';
import { toSummary } from './project-view.ts';
import { projectsKnobs } from './projects-test-kit.ts';
import { type Person, applyOk, createProject, decide, form, move, person, today } from './test-helpers.ts';
import { toPage } from '@moim/contract';

let t: TestApp;
let owner: Person;
let other: Person;
let gone: Person;

beforeAll(async () => {
  t = await createTestApp();
  // every request counts its total, as the reference does
  const knobs = projectsKnobs(t.ctx);
  knobs.setListTotalsTtl(0);
  knobs.setReadCacheTtl(0);
  owner = await person(t, { name: '주인 "따옴표" \\ 백슬래시' });
  other = await person(t, { name: '다른 주인' });
  gone = await person(t, { name: '떠난 주인' });
  // a username and a processed picture (a thumbnail URL), a picture without a thumbnail, a deactivated account
  await t.ctx.db
    .update(users)
    .set({ username: 'owner_one', profileImage: '/api/public/users/x/image?size=512&v=2', profileImageVersion: 2 })
    .where(eq(users.id, owner.id));
  await t.ctx.db.update(users).set({ profileImage: 'https://img.example.com/a.png' }).where(eq(users.id, other.id));
  await t.ctx.db.update(users).set({ username: 'gone_one' }).where(eq(users.id, gone.id));

  const java = await createProject(t, owner, {
    name: '자바 "백엔드" 스터디 봇',
    tagline: '<태그> & \\ "끝" 🚀',
    type: 'OPEN_SOURCE',
    techStack: [
      { category: 'BACKEND', name: 'Spring' },
      { category: 'DATABASE', name: 'PostgreSQL' },
    ],
    meeting: { type: 'OFFLINE', region: '서울 "강남구"', frequency: '격주 토요일 \u2028' },
    positions: [
      { name: '디자이너', requiredCount: 1, requiredSkills: ['Figma'] },
      { name: '백엔드 개발자', requiredCount: 2, requiredSkills: ['Spring'] },
    ],
    recruitmentDeadline: addDays(today(), 1),
    startDate: addDays(today(), 20),
  });
  const petForm = {
    name: 'Pet Walk 스타트업',
    type: 'STARTUP' as const,
    meeting: { type: 'HYBRID' as const, region: '부산' },
    recruitmentDeadline: null,
    startDate: null,
  };
  const pet = await createProject(t, other, petForm);
  // its positions edited after publishing: one renamed and enlarged, one removed, one added (the
  // cards' positions are kept by triggers: migration 0048)
  const edited = await t.call({
    method: 'PUT',
    url: `/api/projects/${pet.id}`,
    headers: other.headers,
    payload: form({
      ...petForm,
      positions: [
        { id: pet.positions[1]!.id, name: '프론트엔드 리드', requiredCount: 3, requiredSkills: ['React'] },
        { name: '디자이너', requiredCount: 1, requiredSkills: ['Figma'] },
      ],
    }),
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  await createProject(t, gone, { name: '사이드 프로젝트 매칭', techStack: [{ category: 'FRONTEND', name: 'React' }] });
  const done = await createProject(t, other, { name: '끝난 대시보드', techStack: [] });
  await move(t, other, done.id, 'CLOSE_RECRUITMENT');
  await move(t, other, done.id, 'COMPLETE');
  const cancelled = await createProject(t, owner, { name: '접은 프로젝트' });
  await move(t, owner, cancelled.id, 'CANCEL');
  await createProject(t, owner, { name: '사이드 초안' }, false);
  // a listed project deleted, and one moved to another type and meeting after publishing (the
  // totals without a stack, position or search are kept per bucket: migration 0049)
  const removed = await createProject(t, other, { name: '지운 사이드 프로젝트', type: 'STARTUP' });
  expect((await t.call({ method: 'DELETE', url: `/api/projects/${removed.id}`, headers: other.headers })).status).toBe(200);
  await t.ctx.db.execute(sql`update projects set type = 'OPEN_SOURCE', meeting_type = 'OFFLINE' where id = ${done.id}`);
  const applicant = await person(t);
  const app = await applyOk(t, applicant, java, 0);
  await decide(t, owner, java, app.applicationId, 'accept');
  // (line breaks and tabs the form refuses, written past it: the JSON escapes them)
  await t.ctx.db.execute(sql`update projects set view_count = 7, tagline = ${'줄\n바꿈\t탭 \u0001 끝'} where id = ${java.id}`);
  // the account was deactivated after it published
  await t.ctx.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, gone.id));
});
afterAll(() => t.close());

const QUERIES = [
  '',
  'size=1',
  'size=2&page=1',
  'page=9',
  'sort=deadline,asc',
  'sort=viewCount,desc',
  'sort=relevance,desc',
  'type=OPEN_SOURCE&type=STARTUP',
  'type=SIDE_PROJECT',
  'status=CANCELLED',
  'status=COMPLETED&status=RECRUITING&sort=deadline,asc',
  'meetingType=OFFLINE&meetingType=HYBRID',
  'stack=spring&stack=REACT&stack=Spring',
  `position=${encodeURIComponent('백엔드')}`,
  `position=${encodeURIComponent('디자이너')}`,
  `q=${encodeURIComponent('자바')}`,
  `q=${encodeURIComponent('사이드')}&sort=relevance,desc`,
  `q=${encodeURIComponent('ㅅㅇㄷ')}`,
  `q=${encodeURIComponent('ㅍㄹㅈㅌ')}&sort=relevance,desc&size=1`,
  `q=${encodeURIComponent('pet walk')}&type=STARTUP&meetingType=HYBRID`,
  `q=${encodeURIComponent('100%_')}`,
  `q=${encodeURIComponent('자ㅂ')}&stack=spring&position=${encodeURIComponent('개발')}&status=RECRUITING&sort=viewCount,desc`,
];

/**
 * The ids of one page of the public list and the number of matches, in plain SQL from the rules:
 * live, published projects of the listed statuses (or the asked ones), any of the types, meeting
 * types and stacks asked, an open seat whose name holds the position, the search over the jamo or
 * 초성 column; sorted newest first, by the closest deadline among recruiting ones, by views, or
 * by where the search first appears in the searchable text.
 */
async function listedIds(q: ProjectListQuery): Promise<{ ids: string[]; total: number }> {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [
    `not deleted`,
    `status <> 'DRAFT'`,
    `status = any(${p(q.status?.length ? q.status : [...PROJECT_LISTED_STATUSES])}::text[])`,
  ];
  if (q.type?.length) where.push(`type = any(${p(q.type)}::text[])`);
  if (q.meetingType?.length) where.push(`meeting_type = any(${p(q.meetingType)}::text[])`);
  if (q.stack?.length) where.push(`stack_keys && ${p([...new Set(q.stack.map((s) => s.trim().toLowerCase()))])}::text[]`);
  if (q.position)
    where.push(`exists (select 1 from project_positions pp where pp.project_id = projects.id and pp.removed_at is null
      and pp.filled_count < pp.required_count and pp.name ilike ${p(`%${escapeLike(q.position.trim())}%`)})`);
  const search = parseKoreanQuery(q.q);
  const column = search?.kind === 'choseong' ? 'search_choseong' : 'search_jamo';
  if (search) where.push(`${column} like ${p(`%${escapeLike(search.needle)}%`)}`);
  const filterParams = [...params];
  const order =
    q.sort === 'deadline,asc'
      ? `case when status = 'RECRUITING' then 0 else 1 end, case when status = 'RECRUITING' then recruitment_deadline end asc nulls last, created_at desc, id desc`
      : q.sort === 'viewCount,desc'
        ? `view_count desc, id desc`
        : q.sort === 'relevance,desc' && search
          ? `strpos(${column}, ${p(search.needle)}) asc, created_at desc, id desc`
          : `created_at desc, id desc`;
  const filter = `from projects where ${where.join(' and ')}`;
  const count = await t.ctx.database.exec(`select count(*)::int as n ${filter}`, filterParams);
  const page = await t.ctx.database.exec(`select id ${filter} order by ${order} limit ${q.size} offset ${q.page * q.size}`, params);
  return { ids: page.rows.map((r) => String(r.id)), total: Number(count.rows[0]!.n) };
}

/** What the route must send: the plain-SQL page, its rows and open positions by id, the owners, through the schema's serializer. */
async function reference(query: string): Promise<string> {
  const q = projectListQuery.parse(Object.fromEntries(groupParams(new URLSearchParams(query))));
  const { ids, total } = await listedIds(q);
  const rows = ids.length ? await t.ctx.db.select().from(projects).where(inArray(projects.id, ids)) : [];
  const positions = ids.length
    ? await t.ctx.db
        .select()
        .from(projectPositions)
        .where(and(inArray(projectPositions.projectId, ids), isNull(projectPositions.removedAt)))
        .orderBy(asc(projectPositions.sortOrder), asc(projectPositions.createdAt))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)!);
  const profiles = await t.api.users.publicProfiles(ordered.map((r) => r.ownerId));
  const now = new Date();
  const page = toPage(
    ordered.map((r) =>
      toSummary(
        r,
        positions
          .filter((x) => x.projectId === r.id)
          .map((x) => ({ id: x.id, name: x.name, requiredCount: x.requiredCount, filledCount: x.filledCount })),
        profiles,
        now,
      ),
    ),
    total,
    q,
  );
  const serialize = serializerCompiler({ schema: envelope(projectListPage), method: 'GET', url: '/api/projects', httpStatus: '200' });
  return serialize(ok(page)) as string;
}

function groupParams(p: URLSearchParams): [string, string | string[]][] {
  const out = new Map<string, string[]>();
  for (const [k, v] of p) out.set(k, [...(out.get(k) ?? []), v]);
  return [...out].map(([k, v]) => [k, v.length === 1 ? v[0]! : v]);
}

describe('GET /api/projects as ready JSON', () => {
  it('sends the bytes the schema serialization gives, over filters, searches, sorts and pages', async () => {
    let cards = 0;
    for (const query of QUERIES) {
      const r = await t.app.inject({ method: 'GET', url: `/api/projects?${query}` });
      expect(r.statusCode, query).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.body, query).toBe(await reference(query));
      cards += (JSON.parse(r.body) as { data: { content: unknown[] } }).data.content.length;
    }
    expect(cards).toBeGreaterThan(30);
    // the cards cover an owner with a thumbnail and username, one without, a deactivated one
    const all = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/projects?size=100' })).body) as {
      data: { content: { owner: { name: string; username: string | null; profileImage: string | null } }[] };
    };
    const owners = all.data.content.map((c) => c.owner);
    expect(owners).toContainEqual(
      expect.objectContaining({ username: 'owner_one', profileImage: expect.stringContaining('size=128&v=2') }),
    );
    expect(owners).toContainEqual(expect.objectContaining({ name: '다른 주인', profileImage: 'https://img.example.com/a.png' }));
    expect(owners).toContainEqual(expect.objectContaining({ name: '떠난 주인', username: null, profileImage: null }));
  });

  it('answers every page size and sort past the kept statements, and keeps at most 128 on the connection', async () => {
    const named = async () =>
      Number(
        (
          await t.ctx.database.exec(
            `select count(*)::int as n from pg_prepared_statements where name like 'projects_list_%' and name not like 'projects_list_count_%'`,
          )
        ).rows[0]!.n,
      );
    // 4 sorts × 100 page sizes: 400 shapes, past the 128 kept (db/raw-statements.ts StatementCache)
    for (const sort of ['createdAt,desc', 'deadline,asc', 'viewCount,desc', 'relevance,desc']) {
      for (let size = 1; size <= 100; size++) {
        const r = await t.app.inject({ method: 'GET', url: `/api/projects?sort=${sort}&size=${size}` });
        expect(r.statusCode).toBe(200);
      }
    }
    // a shape first asked for after the cap runs unnamed, with the same bytes
    for (const query of ['sort=viewCount,desc&size=7&type=OPEN_SOURCE', 'status=RECRUITING&size=3&meetingType=OFFLINE']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/projects?${query}` });
      expect(r.body, query).toBe(await reference(query));
    }
    // one connection on PGlite; on PostgreSQL this connection's share of the statements
    expect(await named()).toBeLessThanOrEqual(128);
  });

  it('keeps the per-bucket totals equal to the listed projects they count, through creates, moves and deletes', async () => {
    const q = `select status, type, meeting_type, n::int as n from %s order by 1, 2, 3`;
    const kept = await t.ctx.database.exec(q.replace('%s', 'project_listed_counts'));
    const counted = await t.ctx.database.exec(
      q.replace(
        '%s',
        `(select status, type, meeting_type, count(*) as n from projects where not deleted and status <> 'DRAFT' group by 1, 2, 3) c`,
      ),
    );
    expect(kept.rows.length).toBeGreaterThan(3);
    expect(kept.rows).toEqual(counted.rows);
  });

  it('keeps the SPEC error envelope for bad input', async () => {
    for (const bad of ['type=HOBBY', 'status=DRAFT', 'sort=name,asc', 'size=101', 'page=-1', `q=${encodeURIComponent('a\u0000')}`]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/projects?${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(JSON.parse(r.body), bad).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});
