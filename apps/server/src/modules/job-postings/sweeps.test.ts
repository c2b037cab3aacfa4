import { addDays, seoulDate } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { ALERT_SETTLE_MS } from './alerts.ts';
import { createUser, importPostings, jobsApi, posting, search, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  alice = await createUser(t, { name: '앨리스' });
});
afterAll(() => t.close());

const idOf = async (sourceUrl: string) =>
  (await t.ctx.db.execute<{ id: string }>(sql`select id from job_postings where source_url = ${sourceUrl}`)).rows[0]!.id;

describe('expiry', () => {
  it('the daily job closes postings past their valid-through date; they stay readable and say so', async () => {
    const p = posting({ title: '곧 마감', validThrough: addDays(seoulDate(new Date()), 1) });
    const open = posting({ title: '상시 채용', validThrough: null });
    await importPostings(t, admin, [p, open]);
    const id = await idOf(p.sourceUrl);
    // time passes: the deadline is now behind us, the sweep has not run yet
    await t.ctx.db.execute(sql`update job_postings set valid_through = now() - interval '1 hour' where id = ${id}`);
    expect((await search(t, 'q=' + encodeURIComponent('곧 마감'))).totalElements).toBe(0); // already out of the open list
    const before = await t.call({ method: 'GET', url: `/api/job-postings/${id}` });
    expect(before.body.data).toMatchObject({ active: false, closedReason: 'EXPIRED' });
    await t.ctx.jobs.runRecurring(true);
    const row = (
      await t.ctx.db.execute<{ active: boolean; closed_reason: string }>(
        sql`select active, closed_reason from job_postings where id = ${id}`,
      )
    ).rows[0];
    expect(row).toEqual({ active: false, closed_reason: 'EXPIRED' });
    const after = await t.call({ method: 'GET', url: `/api/job-postings/${id}` });
    expect(after.status).toBe(200);
    expect(after.body.data.validThrough < new Date().toISOString()).toBe(true);
    expect((await search(t, 'activeOnly=false&q=' + encodeURIComponent('곧 마감'))).totalElements).toBe(1);
    expect(await jobsApi(t).expire()).toBe(0); // nothing left to close
    expect((await search(t, 'q=' + encodeURIComponent('상시 채용'))).content[0]).toMatchObject({ active: true, validThrough: null });
  });
});

describe('saved-search alerts', () => {
  const outbox = async (to: string) =>
    (
      await t.ctx.db.execute<{ subject: string; text_body: string; html_body: string }>(
        sql`select subject, text_body, html_body from mail_outbox where to_address = ${to} order by seq`,
      )
    ).rows;
  const email = async (u: TestUser) =>
    (await t.ctx.db.execute<{ email: string }>(sql`select email from users where id = ${u.id}`)).rows[0]!.email;

  it('mails new matching postings once a day with an unsubscribe link that works without login', async () => {
    const saved = await t.call({
      method: 'POST',
      url: '/api/job-postings/me/saved-searches',
      headers: alice.headers,
      payload: { name: '알림 원격', filters: { q: '알림', workMode: ['REMOTE'] } },
    });
    const quiet = await t.call({
      method: 'POST',
      url: '/api/job-postings/me/saved-searches',
      headers: alice.headers,
      payload: { name: '조용한 검색', filters: { q: '아무것도없음' } },
    });
    const off = await t.call({
      method: 'POST',
      url: '/api/job-postings/me/saved-searches',
      headers: alice.headers,
      payload: { name: '꺼진 알림', filters: { q: '알림' }, alertEnabled: false },
    });
    expect(saved.status).toBe(201);
    expect(off.body.data.alertEnabled).toBe(false);
    const nextAt = (
      await t.ctx.db.execute<{ next_alert_at: Date | string }>(
        sql`select next_alert_at from job_saved_searches where id = ${saved.body.data.id}`,
      )
    ).rows[0]!.next_alert_at;
    expect(new Date(nextAt).toISOString()).toMatch(/T00:00:00\.000Z$/); // 09:00 in Seoul
    await importPostings(t, admin, [
      posting({ title: '알림 백엔드 (원격)', workMode: 'REMOTE' }),
      posting({ title: '알림 프론트엔드 (원격)', workMode: 'REMOTE' }),
      posting({ title: '알림 사무실 근무', workMode: 'ONSITE' }),
    ]);
    const api = jobsApi(t);
    expect(await api.alerts.runDue(new Date())).toBe(0); // not 09:00 yet
    const at9 = new Date(new Date(nextAt).getTime() + 60_000);
    const [a, b] = await Promise.all([api.alerts.runDue(at9), api.alerts.runDue(at9)]);
    expect(a + b).toBe(1); // one mail, however many instances run the sweep
    await t.ctx.jobs.drain();
    const mails = await outbox(await email(alice));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("[moim] '알림 원격'에 새 공고 2건");
    expect(mails[0]!.text_body).toContain('알림 백엔드 (원격)');
    expect(mails[0]!.text_body).toContain('알림 프론트엔드 (원격)');
    expect(mails[0]!.text_body).not.toContain('사무실');
    expect(mails[0]!.html_body).toContain('수신 거부');
    // the next day: nothing new → no mail; the quiet and the switched-off searches never mail
    expect(await api.alerts.runDue(new Date(at9.getTime() + 86_400_000))).toBe(0);
    await t.ctx.jobs.drain();
    expect(await outbox(await email(alice))).toHaveLength(1);
    void quiet;

    const link = /unsubscribe=([0-9a-f-]{36})&token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text_body)!;
    const wrong = await t.call({
      method: 'POST',
      url: '/api/job-postings/alerts/unsubscribe',
      payload: { id: link[1], token: 'x'.repeat(43) },
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'AUTH-1003']);
    const other = await t.call({
      method: 'POST',
      url: '/api/job-postings/alerts/unsubscribe',
      payload: { id: quiet.body.data.id, token: link[2] },
    });
    expect([other.status, other.body.error.code]).toEqual([401, 'AUTH-1003']); // a token opens only its own search
    const un = await t.call({ method: 'POST', url: '/api/job-postings/alerts/unsubscribe', payload: { id: link[1], token: link[2] } });
    expect(un.status).toBe(200);
    expect(un.body.data).toEqual({ name: '알림 원격', alertEnabled: false });
    const list = await t.call({ method: 'GET', url: '/api/job-postings/me/saved-searches', headers: alice.headers });
    expect(list.body.data.find((s: { id: string }) => s.id === link[1]).alertEnabled).toBe(false);
  });

  it('lists a posting written just before a run in the next run, so one committed during a run is never skipped', async () => {
    const bob = await createUser(t, { name: '밥' });
    const saved = await t.call({
      method: 'POST',
      url: '/api/job-postings/me/saved-searches',
      headers: bob.headers,
      payload: { name: '정착 검색', filters: { q: '정착시간' } },
    });
    expect(saved.status).toBe(201);
    await importPostings(t, admin, [posting({ title: '정착시간 백엔드' })]);
    const api = jobsApi(t);
    // a due time the server itself could have written (a JS Date: milliseconds), as its claim compares it
    const dueNow = () =>
      t.ctx.db.execute(
        sql`update job_saved_searches set next_alert_at = ${new Date().toISOString()}::timestamptz where id = ${saved.body.data.id}`,
      );
    await dueNow();
    // 30 s after the posting: inside the settle window, so this run lists nothing and keeps the cursor
    expect(await api.alerts.runDue(new Date(Date.now() + 30_000))).toBe(0);
    await t.ctx.jobs.drain();
    expect(await outbox(await email(bob))).toHaveLength(0);
    await dueNow();
    expect(await api.alerts.runDue(new Date(Date.now() + ALERT_SETTLE_MS + 60_000))).toBe(1);
    await t.ctx.jobs.drain();
    const mails = await outbox(await email(bob));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('정착시간 백엔드');
  });
});
