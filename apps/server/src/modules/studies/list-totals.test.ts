/**
 * The public list's totals come from study_public_counts (kept by triggers, migrations 0015 and 0022),
 * not from a count of the rows: they must stay exact through every change a study goes
 * through (approval, a full study, edits of type/cost/deadline, termination, deletion), for
 * every filter, every sort and past the last page. Inserts and deletes of many studies in one
 * statement (an import, the bench's seed) are counted per statement (migration 0022).
 */
import { addDays, seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, createUsers, joinStudy, propose, setStatus } from './test-helpers.ts';
import { studiesKnobs } from './studies-test-kit.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  leader = await createUser(t);
});
afterAll(() => t.close());

const FILTERS = [
  '',
  'type=EDUCATIONAL',
  'type=EDUCATIONAL&type=ONE_TIME',
  'costType=PAID',
  'recurrence=WEEKLY',
  'recruiting=true',
  'type=PARTICIPATORY&costType=FREE&recruiting=true',
  'costType=PAID&recurrence=BIWEEKLY&recruiting=true',
];

interface Listed {
  id: string;
  type: string;
  costType: string;
  recurrenceType: string;
  applicability: { canApply: boolean };
}

async function list(query: string) {
  const r = await t.call({ method: 'GET', url: `/api/studies/paged?size=100&${query}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { content: Listed[]; totalElements: number; totalPages: number };
}

/** Every filter's total equals the number of rows it lists, whatever the sort or page. */
async function expectTotalsExact() {
  for (const f of FILTERS) {
    const page = await list(f);
    expect(page.totalElements, f).toBe(page.content.length);
    const byTitle = await list(`${f}&sort=title,asc`);
    expect(byTitle.totalElements, `${f} by title`).toBe(page.content.length);
    const past = await t.call({ method: 'GET', url: `/api/studies/paged?page=40&size=5&${f}` });
    expect(past.body.data.content, f).toEqual([]);
    expect(past.body.data.totalElements, `${f} past the end`).toBe(page.content.length);
  }
}

describe('public list totals', () => {
  const ids: Record<string, string> = {};

  it('count each filter combination exactly', async () => {
    const today = seoulDate(new Date());
    ids.a = (await approvedStudy(t, leader, admin)).id;
    ids.b = (await approvedStudy(t, leader, admin, { type: 'EDUCATIONAL', costType: 'PAID', cost: 20000 })).id;
    ids.c = (await approvedStudy(t, leader, admin, { type: 'ONE_TIME', recurrenceType: 'BIWEEKLY', capacity: 2 })).id;
    ids.d = (await approvedStudy(t, leader, admin, { type: 'EDUCATIONAL', recruitDeadline: addDays(today, 3) })).id;
    await propose(t, leader); // PENDING: not public
    const all = await list('');
    expect(all.totalElements).toBe(4);
    expect((await list('type=EDUCATIONAL')).totalElements).toBe(2);
    expect((await list('type=EDUCATIONAL&costType=PAID')).content.map((s) => s.id)).toEqual([ids.b]);
    await expectTotalsExact();
  });

  it('stay exact when a study fills up, is edited, terminated or deleted', async () => {
    // full: no longer recruiting, still listed
    const [m1, m2] = await createUsers(t, 2);
    await joinStudy(t, leader, m1!, ids.c!);
    const before = (await list('recruiting=true')).totalElements;
    await joinStudy(t, leader, m2!, ids.c!);
    expect((await list('recruiting=true')).totalElements).toBe(before - 1);
    expect((await list('')).totalElements).toBe(4);
    await expectTotalsExact();

    // edited: type, cost, deadline move it between buckets
    const today = seoulDate(new Date());
    const patch = await t.call({
      method: 'PATCH',
      url: `/api/studies/${ids.a}`,
      headers: leader.headers,
      payload: { type: 'EDUCATIONAL', costType: 'PAID', cost: 10000, recruitDeadline: addDays(today, 5) },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect((await list('type=EDUCATIONAL&costType=PAID')).totalElements).toBe(2);
    await expectTotalsExact();

    // terminated, then deleted: gone from every total
    expect((await setStatus(t, admin, ids.d!, 'TERMINATE', '운영 중단')).status).toBe(200);
    expect((await list('type=EDUCATIONAL')).totalElements).toBe(2); // a (edited) and b
    const del = await t.call({ method: 'DELETE', url: `/api/studies/${ids.d}`, headers: leader.headers });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await list('')).totalElements).toBe(3);
    await expectTotalsExact();

    // reactivated by an admin: counted again
    const other = (await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 5000, recurrenceType: 'BIWEEKLY' })).id;
    expect((await setStatus(t, admin, other, 'TERMINATE', '잠시 중단')).status).toBe(200);
    expect((await setStatus(t, admin, other, 'REACTIVATE')).status).toBe(200);
    expect((await list('costType=PAID&recurrence=BIWEEKLY&recruiting=true')).content.map((s) => s.id)).toEqual([other]);
    await expectTotalsExact();
  });

  it('stay exact when many studies are inserted or deleted in one statement', async () => {
    const db = t.ctx.database;
    studiesKnobs(t.ctx).setReadCacheTtl(0); // these writes bypass the service, and so its cache invalidation
    const bucketsMatchRows = async () => {
      const { rows } = await db.exec(
        `select (select count(*) from study_public_counts) as buckets,
           (select count(*) from study_public_counts where n <= 0) as empty,
           (select count(*) from (select distinct type, cost_type, recurrence_type, seats_taken < capacity,
              (recruit_deadline at time zone 'UTC')::date from studies where status = 'APPROVED' and not deleted) d) as live,
           (select coalesce(sum(n), 0) from study_public_counts) as counted,
           (select count(*) from studies where status = 'APPROVED' and not deleted) as public`,
      );
      const r = rows[0]!;
      expect(Number(r.empty)).toBe(0);
      expect(Number(r.buckets)).toBe(Number(r.live));
      expect(Number(r.counted)).toBe(Number(r.public));
    };
    const before = (await list('')).totalElements;
    const educational = (await list('type=EDUCATIONAL')).totalElements;
    // copies of two public studies, three each, and of a withdrawn one, in one statement
    await db.exec(
      `insert into studies
       select (jsonb_populate_record(s, jsonb_build_object('id', gen_random_uuid(), 'slug', s.slug || '-bulk-' || g))).*
       from studies s, generate_series(1, 3) g
       where s.id in ($1, $2, $3)`,
      [ids.a, ids.c, ids.d],
    );
    expect((await list('')).totalElements).toBe(before + 6);
    expect((await list('type=EDUCATIONAL')).totalElements).toBe(educational + 3); // a was edited to EDUCATIONAL
    await expectTotalsExact();
    await bucketsMatchRows();

    await db.exec(`delete from studies where slug like '%-bulk-1' or slug like '%-bulk-2'`);
    expect((await list('')).totalElements).toBe(before + 2);
    await expectTotalsExact();
    await bucketsMatchRows();
    await db.exec(`delete from studies where slug like '%-bulk-%'`);
    expect((await list('')).totalElements).toBe(before);
    await expectTotalsExact();
    await bucketsMatchRows();
  });

  it('count today\'s studies (UTC) whose deadline is ahead, and only those, when "recruiting"', async () => {
    // "recruiting" adds to the buckets after today the studies of today's bucket (UTC) whose
    // deadline is still ahead (study-read-repo.ts totalSql): none, one still ahead, one passed,
    // one full — each filter's total must equal what it lists
    const db = t.ctx.database;
    studiesKnobs(t.ctx).setReadCacheTtl(0); // these writes bypass the service, and so its cache invalidation
    const recruiting = [
      'recruiting=true',
      'type=EDUCATIONAL&recruiting=true',
      'type=ONE_TIME&costType=VENUE_FEE_ONLY&recruiting=true',
      'type=PARTICIPATORY&costType=PAID&recurrence=WEEKLY&recruiting=true',
      'costType=FREE&costType=PAID&recruiting=true',
    ];
    const exact = async (label: string) => {
      for (const f of recruiting) {
        const page = await list(f);
        const now = Date.now();
        expect(
          page.content.every((s) => Date.parse((s as Listed & { recruitDeadline: string }).recruitDeadline) >= now - 60_000),
          `${label} ${f}`,
        ).toBe(true);
        expect(page.totalElements, `${label} ${f}`).toBe(page.content.length);
        const byTitle = await list(`${f}&sort=title,asc`);
        expect(byTitle.totalElements, `${label} ${f} by title`).toBe(page.content.length);
      }
      await expectTotalsExact();
    };
    await exact('no deadline today');
    const ahead = await approvedStudy(t, leader, admin, { type: 'ONE_TIME', costType: 'VENUE_FEE_ONLY', cost: 3000 });
    const passed = await approvedStudy(t, leader, admin, { type: 'EDUCATIONAL', costType: 'FREE' });
    const full = await approvedStudy(t, leader, admin, { type: 'PARTICIPATORY', costType: 'PAID', cost: 1000, capacity: 1 });
    const [m] = await createUsers(t, 1);
    await joinStudy(t, leader, m!, full.id);
    const day = `date_trunc('day', now() at time zone 'UTC')`;
    // ahead: the last minute of today (UTC); passed: its first; full: ahead, but no free seat
    await db.exec(
      `update studies set recruit_deadline = (${day} + interval '23 hours 59 minutes') at time zone 'UTC' where id in ($1, $2)`,
      [ahead.id, full.id],
    );
    await db.exec(`update studies set recruit_deadline = (${day} + interval '1 minute') at time zone 'UTC' where id = $1`, [passed.id]);
    const ids = async (f: string) => (await list(f)).content.map((s) => s.id);
    const minute = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    if (minute >= 2 && minute < 23 * 60 + 58) {
      expect(await ids('type=ONE_TIME&costType=VENUE_FEE_ONLY&recruiting=true')).toContain(ahead.id);
      expect(await ids('type=EDUCATIONAL&costType=FREE&recruiting=true')).not.toContain(passed.id);
      expect(await ids('type=PARTICIPATORY&costType=PAID&recruiting=true')).not.toContain(full.id);
    }
    await exact('deadlines today');
    // today's bucket holds only passed studies for a filter: counted as none
    await db.exec(`update studies set recruit_deadline = (${day} + interval '1 minute') at time zone 'UTC' where id = $1`, [ahead.id]);
    await exact('only passed today');
    await db.exec(`update studies set status = 'TERMINATED' where id in ($1, $2, $3)`, [ahead.id, passed.id, full.id]);
    await exact('gone again');
  });

  it('list the same studies in the same order whichever index a filter walks', async () => {
    // by creation date, a type or cost-type filter merges one walk per (type, cost type) pair
    // (study-read-repo.ts typeCostWalks); other sorts filter the sort's index
    studiesKnobs(t.ctx).setReadCacheTtl(0);
    await approvedStudy(t, leader, admin, { type: 'ONE_TIME', costType: 'VENUE_FEE_ONLY', cost: 5000 });
    await approvedStudy(t, leader, admin, { type: 'PARTICIPATORY', costType: 'PAID', cost: 1000, recurrenceType: 'BIWEEKLY' });
    await approvedStudy(t, leader, admin, { type: 'EDUCATIONAL', costType: 'FREE' });
    const full = await approvedStudy(t, leader, admin, { type: 'EDUCATIONAL', costType: 'PAID', cost: 3000, capacity: 1 });
    const [m] = await createUsers(t, 1);
    await joinStudy(t, leader, m!, full.id);
    const now = Date.now();
    type Study = Listed & { recruitDeadline: string; seatsTaken: number; capacity: number };
    const matches = (q: URLSearchParams) => (s: Study) =>
      (!q.getAll('type').length || q.getAll('type').includes(s.type)) &&
      (!q.getAll('costType').length || q.getAll('costType').includes(s.costType)) &&
      (!q.getAll('recurrence').length || q.getAll('recurrence').includes(s.recurrenceType)) &&
      (q.get('recruiting') !== 'true' || (Date.parse(s.recruitDeadline) >= now && s.seatsTaken < s.capacity));
    const filters = [
      ...FILTERS,
      'type=EDUCATIONAL&type=EDUCATIONAL',
      'type=ONE_TIME&costType=FREE&costType=VENUE_FEE_ONLY&costType=PAID',
      'costType=PAID&costType=FREE&recruiting=true',
      'type=EDUCATIONAL&costType=PAID',
      'type=PARTICIPATORY&type=EDUCATIONAL&recurrence=BIWEEKLY',
    ];
    for (const sort of ['createdAt,desc', 'createdAt,asc', 'title,asc']) {
      const all = (await list(`sort=${sort}`)).content as Study[];
      expect(all.length).toBeGreaterThanOrEqual(8);
      for (const f of filters) {
        const want = all.filter(matches(new URLSearchParams(f))).map((s) => s.id);
        const got = await list(`${f}&sort=${sort}`);
        expect(
          got.content.map((s) => s.id),
          `${f} ${sort}`,
        ).toEqual(want);
        expect(got.totalElements, `${f} ${sort}`).toBe(want.length);
        const paged: string[] = [];
        for (let page = 0; page * 3 < want.length + 3; page++) {
          const r = await t.call({ method: 'GET', url: `/api/studies/paged?size=3&page=${page}&sort=${sort}&${f}` });
          paged.push(...(r.body.data.content as Listed[]).map((s) => s.id));
        }
        expect(paged, `${f} ${sort} by pages of 3`).toEqual(want);
      }
    }
  });
});
