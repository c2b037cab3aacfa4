import { STUDY_STATUSES, type Study, generateSessionDates, periodIsSnapped } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { enrolTotp } from '../auth/second-factor-test-kit.ts';

let t: TestApp;
let shared: Record<string, unknown>;
/** an admin's token is honoured only with a second factor on the account (docs/accounts.md) */
const headers = async (id: string, admin = false) => {
  if (admin) await enrolTotp(t, id);
  return bearerOf(id, admin);
};
const bearerOf = async (id: string, admin: boolean) => ({
  authorization: `Bearer ${await t.ctx.tokens.sign({ id, roles: admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'], systemRole: admin ? 'ROLE_ADMIN' : 'ROLE_USER' })}`,
});

beforeAll(async () => {
  t = await createTestApp();
  shared = {};
  // No accounts seeder here: the studies seeder falls back to inserting its own demo users.
  await t.seeder('studies').demo!(t.ctx, shared);
  // the seeders of the modules above studies (payments, reviews …) build on what it left in `shared`
  const above = t.app.modules.slice(t.app.modules.findIndex((m) => m.name === 'studies') + 1);
  for (const m of above) await m.seeder?.demo?.(t.ctx, shared);
}, 300_000);
afterAll(() => t.close());

describe('demo studies', () => {
  it('loads only once: a second run adds nothing', async () => {
    const before = await t.ctx.database.exec('select count(*)::int as n from studies');
    await t.seeder('studies').demo!(t.ctx, shared);
    expect((await t.ctx.database.exec('select count(*)::int as n from studies')).rows[0]).toEqual(before.rows[0]);
  });

  it('has the three named studies and every status', async () => {
    const teco = await t.call({ method: 'GET', url: '/api/studies/slug/1-tecoteco' });
    expect(teco.body.data).toMatchObject({
      title: '테코테코 — 코딩테스트 알고리즘 스터디',
      generation: 1,
      status: 'IN_PROGRESS',
      isRecruiting: true,
    });
    expect(teco.body.data.applicability).toMatchObject({ canApply: true, label: 'IN_PROGRESS' });
    expect((await t.call({ method: 'GET', url: '/api/studies/slug/2-11routine' })).body.data).toMatchObject({ status: 'APPROVED' });
    expect((await t.call({ method: 'GET', url: '/api/studies/slug/3-devlog' })).body.data).toMatchObject({ status: 'IN_PROGRESS' });
    const page = await t.call({ method: 'GET', url: `/api/studies/${teco.body.data.id}/page` });
    expect(page.body.data.sections.map((s: { type: string }) => s.type)).toEqual([
      'hero',
      'richText',
      'leaderIntro',
      'howWeRoll',
      'journey',
      'faq',
      'members',
      'reviews',
      'callToAction',
    ]);
    const adminRow = await t.ctx.database.exec(`select id from users where email = 'admin@moim.dev'`);
    const all = await t.call({
      method: 'GET',
      url: '/api/admin/studies?size=100',
      headers: await headers(String(adminRow.rows[0]!.id), true),
    });
    const statuses = new Set(all.body.data.content.map((s: { status: string }) => s.status));
    for (const s of STUDY_STATUSES) expect(statuses.has(s), s).toBe(true);
    const costTypes = new Set(
      all.body.data.content
        .filter((s: { applicability: { canApply: boolean } }) => s.applicability.canApply)
        .map((s: { costType: string }) => s.costType),
    );
    expect([...costTypes].sort()).toEqual(['FREE', 'PAID', 'VENUE_FEE_ONLY']);
    const events = await t.call({ method: 'GET', url: `/api/studies/${teco.body.data.id}/events` });
    expect(events.body.data.some((e: { eventType: string }) => e.eventType === 'special')).toBe(true);
    const reviews = await t.call({
      method: 'GET',
      url: `/api/studies/${(await t.call({ method: 'GET', url: '/api/studies/slug/1-sql-basics' })).body.data.id}/reviews`,
    });
    expect(reviews.body.data.summary.count).toBe(4);
    // The deposit waiting in the demo went through the payments flow, so an admin can confirm it.
    const waiting = await t.call({
      method: 'GET',
      url: '/api/admin/payments?status=WAITING_FOR_DEPOSIT',
      headers: await headers(String(adminRow.rows[0]!.id), true),
    });
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.content.length).toBeGreaterThanOrEqual(1);
  });

  it('shows every demo study from its first session to its last', async () => {
    const adminRow = await t.ctx.database.exec(`select id from users where email = 'admin@moim.dev'`);
    const all = await t.call({
      method: 'GET',
      url: '/api/admin/studies?size=100',
      headers: await headers(String(adminRow.rows[0]!.id), true),
    });
    const studies = all.body.data.content as Study[];
    expect(studies.length).toBeGreaterThanOrEqual(10);
    for (const s of studies) {
      const plan = { recurrenceType: s.recurrenceType, weekdays: s.scheduleDetails.weekdays, startDate: s.startDate, endDate: s.endDate };
      const sessions = generateSessionDates(plan);
      expect(sessions[0], `${s.slug} starts on a session`).toBe(s.startDate);
      expect(sessions[sessions.length - 1], `${s.slug} ends on a session`).toBe(s.endDate);
      expect(periodIsSnapped(plan), s.slug).toBe(true);
    }
  });

  it('writes the search columns of every demo study (found by 초성 and a word being typed)', async () => {
    const empty = await t.ctx.database.exec(`select count(*)::int as n from studies where search_text = '' or search_jamo = ''`);
    expect(empty.rows[0]).toEqual({ n: 0 });
    for (const q of ['ㄹㅌ ㅇㅊ', '루티']) {
      const r = await t.call({ method: 'GET', url: `/api/studies/paged?q=${encodeURIComponent(q)}` });
      expect(
        r.body.data.content.map((s: { slug: string }) => s.slug),
        q,
      ).toEqual(['2-11routine']);
    }
  });

  it('puts the demo member in most groups and gives the leader a study to lead', async () => {
    const users = shared.users as { member: string; leader: string } | undefined;
    const ids = users ?? {
      member: String((await t.ctx.database.exec(`select id from users where email = 'member@moim.dev'`)).rows[0]!.id),
      leader: String((await t.ctx.database.exec(`select id from users where email = 'leader@moim.dev'`)).rows[0]!.id),
    };
    const my = await t.call({ method: 'GET', url: '/api/studies/my', headers: await headers(ids.member) });
    const slugs = (g: string) => my.body.data.groups[g].map((i: { study: { slug: string } }) => i.study.slug);
    expect(slugs('pending')).toEqual(['1-tecoteco']);
    expect(slugs('confirmed')).toEqual(['2-11routine']);
    expect(slugs('awaitingPayment')).toEqual(['1-clean-architecture']);
    expect(slugs('participating').sort()).toEqual(['1-tecoteco-sprint', '3-devlog']);
    expect(slugs('completed')).toEqual(['1-sql-basics']);
    expect(slugs('proposed')).toEqual(['1-web-perf']);
    expect(slugs('inactive')).toEqual(['2-ios-launch']);
    const lead = await t.call({ method: 'GET', url: '/api/studies/my', headers: await headers(ids.leader) });
    expect(lead.body.data.groups.leading.map((i: { study: { slug: string } }) => i.study.slug).sort()).toEqual([
      '1-git-oneday',
      '1-tecoteco',
      '1-tecoteco-sprint',
    ]);
    const members = await t.call({
      method: 'GET',
      url: `/api/studies/${(await t.call({ method: 'GET', url: '/api/studies/slug/1-tecoteco' })).body.data.id}/members`,
      headers: await headers(ids.leader),
    });
    const rates = members.body.data.content
      .filter((m: { role: string }) => m.role !== 'OWNER')
      .map((m: { attendanceRate: number | null }) => m.attendanceRate);
    expect(rates.every((r: number | null) => r !== null)).toBe(true);
  });

  it('1-tecoteco ran its sessions with check-ins: members checked in by the code, the leader recorded the rest', async () => {
    const tecoId = (await t.call({ method: 'GET', url: '/api/studies/slug/1-tecoteco' })).body.data.id as string;
    const leaderId = String((await t.ctx.database.exec(`select id from users where email = 'leader@moim.dev'`)).rows[0]!.id);
    const methods = await t.ctx.database.exec(
      `select a.check_in_method as method, a.status, count(*)::int as n from event_attendance a
         join study_events e on e.id = a.event_id where e.study_id = '${tecoId}' group by 1, 2 order by 1, 2`,
    );
    const rows = methods.rows as { method: string | null; status: string; n: number }[];
    expect(rows.filter((r) => r.method === 'CODE').map((r) => r.status)).toEqual(['LATE', 'PRESENT']);
    expect(rows.filter((r) => r.method === null).every((r) => r.status === 'ABSENT' || r.status === 'EXCUSED')).toBe(true);
    const report = await t.call({ method: 'GET', url: `/api/studies/${tecoId}/attendance`, headers: await headers(leaderId) });
    expect(report.status).toBe(200);
    expect(report.body.data.sessions.filter((s: { taken: boolean }) => s.taken).length).toBeGreaterThan(0);
    const log = await t.call({ method: 'GET', url: `/api/studies/${tecoId}/attendance/corrections`, headers: await headers(leaderId) });
    expect(log.body.data.length).toBeGreaterThan(0);
  });

  it('1-git-oneday is full with two people in line, shown to its leader in order', async () => {
    const git = (await t.call({ method: 'GET', url: '/api/studies/slug/1-git-oneday' })).body.data;
    expect(git).toMatchObject({ capacity: 3, seatsTaken: 3, applicability: { canApply: false, label: 'FULL' } });
    const leaderId = String((await t.ctx.database.exec(`select id from users where email = 'leader@moim.dev'`)).rows[0]!.id);
    const line = await t.call({ method: 'GET', url: `/api/studies/${git.id}/waitlist`, headers: await headers(leaderId) });
    expect(line.status).toBe(200);
    expect(line.body.data.entries.map((e: { position: number }) => e.position)).toEqual([1, 2]);
  });

  it('1-tecoteco-sprint is a deposit study: paid by card, its past sessions refunded by attendance', async () => {
    const sprint = (await t.call({ method: 'GET', url: '/api/studies/slug/1-tecoteco-sprint' })).body.data;
    const rule = (await t.call({ method: 'GET', url: `/api/studies/${sprint.id}/deposit` })).body.data;
    expect(rule).toMatchObject({ rule: { amount: 30_000, late: 'HALF', forfeit: 'PERFECT_ATTENDEES' }, locked: true });
    const memberId = String((await t.ctx.database.exec(`select id from users where email = 'member@moim.dev'`)).rows[0]!.id);
    const mine = await t.call({ method: 'GET', url: `/api/studies/${sprint.id}/deposit/me`, headers: await headers(memberId) });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ deposit: 30_000, method: 'CARD' });
    expect(mine.body.data.refunds.length).toBeGreaterThan(0);
    expect(mine.body.data.refunds.every((r: { kind: string }) => r.kind === 'SESSION')).toBe(true);
  });
});
