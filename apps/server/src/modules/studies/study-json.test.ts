/**
 * The hot reads' studies (the public list page and the detail by slug, guest or signed in) are
 * written from each study's stored card (`study_cards`, migration 0024: plpgsql
 * `study_card_head`/`study_card_tail`), not by `toStudy`: every study, whatever its status, must
 * come out as the same object, with the same keys in the same order and the same bytes, as
 * `toStudy` writes it — cover thumbnails, nulls, arrays, questions, quotes and line breaks,
 * timestamps to the millisecond, applicability, the reject reason.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { studies, studyCards } from './schema.ts';
import { type TestUser, approvedStudy, createUser, createUsers, joinStudy, propose } from './test-helpers.ts';
import { count, eq } from 'drizzle-orm';
import { type PublicListParams, publicPage, publicPageBytes, studyBySlugFor, studyCardBySlug } from './study-read-repo.ts';
import { studyCardJsonOf, studyPageBytesOf, studyPageJsonOf } from './study-json.ts';
import { toStudy } from './study-view.ts';
import { studyApplicability } from '@moim/contract';
import { studiesKnobs } from './studies-test-kit.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  studiesKnobs(t.ctx).setReadCacheTtl(0);
  admin = await createUser(t, { admin: true });
  leader = await createUser(t, { name: '리더 "따옴표" \\ 백슬래시' });
  const plain = await approvedStudy(t, leader, admin);
  const rich = await approvedStudy(t, leader, admin, {
    type: 'EDUCATIONAL',
    tagline: '줄바꿈\n탭\t"따옴표" <태그> & \\ 끝',
    location: { type: 'OFFLINE', address: '서울시 강남구 "모임" 빌딩\n3층' },
    costType: 'PAID',
    cost: 30000,
    costDescription: '교재비 포함 — 환불 규정 참고',
    questions: [
      { text: '왜 참여하나요?', required: true },
      { text: 'GitHub 주소 (선택)', required: false },
    ],
  });
  // a cover image (processed), a recruiting override, and a full study
  await t.ctx.db
    .update(studies)
    .set({
      coverImage: '/api/studies/covers/x?size=1280&v=3&size=1280',
      coverImageStatus: 'READY',
      isRecruiting: false,
    })
    .where(eq(studies.id, plain.id));
  const full = await approvedStudy(t, leader, admin, { capacity: 2, tagline: '꽉 찬 스터디' });
  for (const u of await createUsers(t, 2)) await joinStudy(t, leader, u, full.id);
  expect(rich.costType).toBe('PAID');
  // studies off the public list, which the detail shows to their leader and admins (or to
  // anyone: IN_PROGRESS, COMPLETED) and the cards are written for all the same
  const pending = await propose(t, leader, { questions: [{ text: '"왜"?', required: false }] });
  const rejected = await propose(t, leader);
  await t.ctx.db.update(studies).set({ status: 'REJECTED', rejectReason: '사유 "따옴표"\n$& \\' }).where(eq(studies.id, rejected.id));
  for (const status of ['IN_PROGRESS', 'COMPLETED', 'TERMINATED'] as const) {
    const s = await approvedStudy(t, leader, admin);
    await t.ctx.db.update(studies).set({ status }).where(eq(studies.id, s.id));
  }
  const gone = await approvedStudy(t, leader, admin);
  await t.ctx.db.update(studies).set({ deleted: true, rejectReason: '지움' }).where(eq(studies.id, gone.id));
  expect(pending.status).toBe('PENDING');
});
afterAll(() => t.close());

const QUERIES = ['', 'sort=title,asc', 'type=EDUCATIONAL', 'costType=PAID&recruiting=true', 'recruiting=true', 'size=1&page=1'];

/** Page parameters and the sort/filter/page cases both row paths are compared on. */
const base: PublicListParams = { type: null, costType: null, recurrence: null, recruiting: false, now: new Date(), limit: 10, offset: 0 };
const CASES: [string, Partial<PublicListParams>][] = [
  ['createdAt,desc', {}],
  ['title,asc', { limit: 3 }],
  ['recruitDeadline,asc', { type: ['EDUCATIONAL', 'PARTICIPATORY'] }],
  ['startDate,desc', { costType: ['PAID'], recruiting: true }],
  ['createdAt,desc', { offset: 2, limit: 2 }],
];

describe('publicPageBytes: the page as one text from the stored cards, the same bytes as toStudy', () => {
  it.each([...CASES, ['createdAt,desc', { offset: 500 }] as [string, Partial<PublicListParams>]])('%s %o', async (sort, over) => {
    const f = { ...base, ...over, now: new Date() };
    const a = await publicPage(t.ctx.db, sort, f);
    const b = await publicPageBytes(t.ctx.db, sort, f);
    expect(b.total).toBe(a.total);
    expect(Buffer.concat(studyPageBytesOf(b.page, f.now)).toString()).toBe(a.rows.map((r) => JSON.stringify(toStudy(r, f.now))).join(','));
    // the splice on the page as text (the detail's path) gives the same
    if (b.page.length) expect(studyPageJsonOf(b.page.toString(), f.now)).toBe(Buffer.concat(studyPageBytesOf(b.page, f.now)).toString());
  });
});

describe('studyPageJsonOf: applicability from the card inputs, remembered per input and deadline side', () => {
  it('answers as studyApplicability does before, at and after the deadline', () => {
    // status, capacity, enrolled, seats taken, isRecruiting
    const inputs: [string, number, number, number, boolean | null][] = [
      ['APPROVED', 10, 0, 0, null],
      ['APPROVED', 2, 2, 2, null],
      ['IN_PROGRESS', 10, 1, 1, null],
      ['IN_PROGRESS', 10, 1, 1, true],
      ['IN_PROGRESS', 10, 1, 1, false],
      ['COMPLETED', 10, 0, 0, null],
      ['PENDING', 10, 0, 0, null],
    ];
    const deadline = Date.parse('2026-11-24T14:59:59.999Z');
    for (const nowMs of [deadline - 1, deadline, deadline + 1, deadline - 1]) {
      for (const [status, capacity, enrolled, seatsTaken, isRecruiting] of inputs) {
        const text = `${status} ${deadline} ${capacity} ${enrolled} ${seatsTaken} ${isRecruiting ?? ''}`;
        const page = `{"x":1,"applicability":\u0001${text}\u0001,"viewer":null}`;
        const expected = studyApplicability(
          { status, recruitDeadline: new Date(deadline), capacity, enrolled, seatsTaken, isRecruiting },
          new Date(nowMs),
        );
        expect(studyPageJsonOf(page, new Date(nowMs)), `${text} at ${nowMs - deadline}`).toBe(
          `{"x":1,"applicability":${JSON.stringify(expected)},"viewer":null}`,
        );
        expect(Buffer.concat(studyPageBytesOf(Buffer.from(page), new Date(nowMs))).toString()).toBe(
          `{"x":1,"applicability":${JSON.stringify(expected)},"viewer":null}`,
        );
      }
    }
  });
});

describe("the detail by slug: the study's card, the same bytes as toStudy", () => {
  it('has a card for every study, whatever its status or deleted flag', async () => {
    const [all] = await t.ctx.db.select({ n: count() }).from(studies);
    const [cards] = await t.ctx.db.select({ n: count() }).from(studyCards);
    expect(all!.n).toBeGreaterThanOrEqual(9);
    expect(cards!.n).toBe(all!.n);
  });

  it('writes every study as toStudy does, for a guest and for the leader or an admin (reject reason, viewer)', async () => {
    const rows = await t.ctx.db.select({ slug: studies.slug, status: studies.status, deleted: studies.deleted }).from(studies);
    expect(new Set(rows.map((r) => `${r.status}${r.deleted ? ' deleted' : ''}`))).toEqual(
      new Set(['APPROVED', 'PENDING', 'REJECTED', 'IN_PROGRESS', 'COMPLETED', 'TERMINATED', 'APPROVED deleted']),
    );
    const now = new Date();
    const viewer = {
      isLeader: true,
      isAdmin: false,
      role: 'OWNER' as const,
      isActiveMember: true,
      applicationId: null,
      applicationStatus: null,
    };
    for (const { slug } of rows) {
      const found = (await studyBySlugFor(t.ctx.db, slug, null))!.study;
      const card = (await studyCardBySlug(t.ctx.db, slug))!;
      expect(card).toMatchObject({ status: found.status, deleted: found.deleted, leaderId: found.leaderId });
      expect(studyCardJsonOf(card.card, now), slug).toBe(JSON.stringify(toStudy(found, now, { privileged: false, viewer: null })));
      expect(studyCardJsonOf(card.card, now, { rejectReason: found.rejectReason, viewer }), slug).toBe(
        JSON.stringify(toStudy(found, now, { privileged: true, viewer })),
      );
    }
    expect(rows.some((r) => r.status === 'REJECTED')).toBe(true);
    expect(await studyCardBySlug(t.ctx.db, 'no-such-study')).toBeUndefined();
  });
});

describe('GET /api/studies/paged: studies written by the database', () => {
  it.each(QUERIES)('each listed study equals its guest detail, key for key (%s)', async (query) => {
    const r = await t.call({ method: 'GET', url: `/api/studies/paged?${query}` });
    expect(r.status).toBe(200);
    const content = r.body.data.content as { slug: string }[];
    expect(content.length).toBeGreaterThan(0);
    for (const listed of content) {
      const d = await t.call({ method: 'GET', url: `/api/studies/slug/${encodeURIComponent(listed.slug)}` });
      expect(d.status).toBe(200);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(d.body.data));
      // both read the stored card: hold them to toStudy of the row
      const found = await studyBySlugFor(t.ctx.db, listed.slug, null);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(toStudy(found!.study, new Date())));
    }
  });

  it('shows each change of what a card is built from in the next uncached list', async () => {
    const owner = await createUser(t, { name: '바뀔 이름' });
    const s = await approvedStudy(t, owner, admin, { capacity: 5, tagline: '처음 소개' });
    const listedNow = async () => {
      const r = await t.call({ method: 'GET', url: '/api/studies/paged?size=100' });
      const listed = (r.body.data.content as { id: string }[]).find((x) => x.id === s.id);
      // toStudy of the study's row, as Drizzle reads it, not the stored card
      const found = await studyBySlugFor(t.ctx.db, s.slug, null);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(toStudy(found!.study, new Date())));
      return listed as unknown as Record<string, any>;
    };
    expect((await listedNow()).tagline).toBe('처음 소개');
    // a study edit
    const edit = await t.call({
      method: 'PATCH',
      url: `/api/studies/${s.id}`,
      headers: owner.headers,
      payload: { title: '고친 제목 "따옴표"', tagline: '고친 소개\n둘째 줄', capacity: 6 },
    });
    expect(edit.status).toBe(200);
    const edited = await listedNow();
    expect(edited).toMatchObject({ title: '고친 제목 "따옴표"', tagline: '고친 소개\n둘째 줄', capacity: 6 });
    // a seat taken
    const [member] = await createUsers(t, 1);
    await joinStudy(t, owner, member!, s.id);
    const joined = await listedNow();
    expect(joined.seatsTaken).toBe(edited.seatsTaken + 1);
    expect(joined.updatedAt >= edited.updatedAt).toBe(true);
    // the leader renames (the users module's table: joined at read time)
    const rename = await t.call({ method: 'PUT', url: '/api/users/me', headers: owner.headers, payload: { name: '새 이름 \\ 끝' } });
    expect(rename.status).toBe(200);
    expect((await listedNow()).leader.name).toBe('새 이름 \\ 끝');
    // leaving the public list (a soft delete by the admin) and the card of a deleted study
    await t.ctx.db.update(studies).set({ deleted: true }).where(eq(studies.id, s.id));
    const r = await t.call({ method: 'GET', url: '/api/studies/paged?size=100' });
    expect((r.body.data.content as { id: string }[]).some((x) => x.id === s.id)).toBe(false);
    await t.ctx.db.update(studies).set({ deleted: false }).where(eq(studies.id, s.id));
    expect((await listedNow()).deleted).toBe(false);
  });

  it('keeps the page fields and the envelope as before', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/paged?size=1&page=1' });
    const { content: _c, ...rest } = r.body.data;
    expect(Object.keys(r.body)).toEqual(['success', 'data']);
    expect(Object.keys(r.body.data)).toEqual(['content', 'number', 'size', 'totalElements', 'totalPages', 'first', 'last']);
    expect(rest).toMatchObject({ number: 1, size: 1, first: false });
    const past = await t.call({ method: 'GET', url: '/api/studies/paged?page=50' });
    expect(past.body.data.content).toEqual([]);
    expect(past.body.data.totalElements).toBe(rest.totalElements);
  });

  it('answers every page size and sort past the kept statements, and keeps at most 128 on the connection', async () => {
    const pageOf = async (query: string) => {
      const r = await t.call({ method: 'GET', url: `/api/studies/paged?${query}` });
      expect(r.status, query).toBe(200);
      return r.body.data as { content: { slug: string }[]; totalElements: number };
    };
    // a shape asked for before the cap (kept, named), to compare with the same list read after it
    const before = await pageOf('sort=title,asc&size=3&recruiting=true');
    // 4 sort fields × 2 directions × 25 page sizes: 200 shapes, past the 128 kept (db/raw-statements.ts StatementCache)
    for (const field of ['createdAt', 'startDate', 'recruitDeadline', 'title']) {
      for (const dir of ['asc', 'desc']) {
        for (let size = 76; size <= 100; size++) await pageOf(`sort=${field},${dir}&size=${size}`);
      }
    }
    // a shape first asked for past the cap runs unnamed and reads the same studies
    const after = await pageOf('sort=title,asc&size=2&recruiting=true');
    expect(after.content.map((c) => c.slug)).toEqual(before.content.slice(0, 2).map((c) => c.slug));
    expect(after.totalElements).toBe(before.totalElements);
    const kept = await t.ctx.database.exec(
      `select count(*)::int as n from pg_prepared_statements where name like 'studies_public_page_bytes_%'`,
    );
    expect(Number(kept.rows[0]!.n)).toBeLessThanOrEqual(128);
  });

  it('sends the same page compressed (on PostgreSQL the page is a Buffer)', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/studies/paged?size=100' });
    const gz = await t.call({ method: 'GET', url: '/api/studies/paged?size=100', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(gz.res.rawPayload).toString()).toBe(plain.res.body);
  });

  it('writes the cover thumbnail, nulls, arrays, questions and escapes as toStudy does', async () => {
    const r = await t.call({ method: 'GET', url: '/api/studies/paged?size=100' });
    const all = r.body.data.content as Record<string, any>[];
    const withCover = all.find((s) => s.coverImage);
    expect(withCover?.coverImageThumb).toBe('/api/studies/covers/x?size=640&v=3&size=1280');
    expect(withCover?.isRecruiting).toBe(false);
    const rich = all.find((s) => s.costType === 'PAID');
    expect(rich?.tagline).toBe('줄바꿈\n탭\t"따옴표" <태그> & \\ 끝');
    expect(rich?.questions).toHaveLength(2);
    expect(rich?.leader.name).toBe('리더 "따옴표" \\ 백슬래시');
    expect(all.find((s) => s.tagline === '꽉 찬 스터디')?.applicability.label).toBe('FULL');
    expect(rich?.applicability.label).toBe('RECRUITING');
    expect(rich?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
