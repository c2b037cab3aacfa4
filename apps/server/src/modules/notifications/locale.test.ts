/**
 * Issue 13 item 9: server-made texts in the reader's language. The same event (a study leader
 * accepts two applications) gives a Korean reader a Korean notification and mail subject and an
 * English reader English ones; the inbox is rendered when read, so switching language re-renders
 * it; rows stored before message keys existed stay readable.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { accept, applyOk, approvedStudy, createUser, type TestUser } from '../studies/test-helpers.ts';
import { notifications } from './schema.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '리더' });
});
afterAll(() => t.close());

const HANGUL = /[\uAC00-\uD7A3]/;
const inbox = async (u: TestUser) =>
  (await t.call({ method: 'GET', url: '/api/notifications?size=50', headers: u.headers })).body.data.content as {
    id: string;
    type: string;
    title: string;
    body: string;
  }[];
const setLocale = (u: TestUser, locale: 'ko' | 'en') =>
  t.call({ method: 'PUT', url: '/api/users/me', headers: u.headers, payload: { locale } });
const emailOf = async (u: TestUser) =>
  (await t.ctx.db.execute<{ email: string }>(sql`select email from users where id = ${u.id}`)).rows[0]!.email;

describe('notifications and mails in the reader’s locale', () => {
  it('gives an en reader English and a ko reader Korean for the same event', async () => {
    const ko = await createUser(t, { name: '한국어 독자' });
    const en = await createUser(t, { name: 'English reader' });
    const me = await setLocale(en, 'en');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data.locale).toBe('en');
    expect((await t.call({ method: 'GET', url: '/api/users/me', headers: ko.headers })).body.data.locale).toBe('ko');

    const s = await approvedStudy(t, leader, admin, { title: 'SQL 첫걸음' });
    for (const u of [ko, en]) {
      const app = await applyOk(t, u, s.id);
      expect((await accept(t, leader, s.id, app.applicationId)).status).toBe(200);
    }

    const koNote = (await inbox(ko)).find((n) => n.type === 'APPLICATION_ACCEPTED')!;
    const enNote = (await inbox(en)).find((n) => n.type === 'APPLICATION_ACCEPTED')!;
    expect(koNote).toMatchObject({ title: '참가 신청이 승인되었습니다', body: '「SQL 첫걸음」 멤버가 되었습니다. 환영합니다!' });
    expect(enNote).toMatchObject({ title: 'Your application was accepted', body: 'You are now a member of “SQL 첫걸음”. Welcome!' });
    // only the study's own (user-written) title is Korean in the English text
    expect(enNote.title).not.toMatch(HANGUL);
    expect(enNote.body.replace('SQL 첫걸음', '')).not.toMatch(HANGUL);

    // the mails are rendered at send time in each recipient's locale
    await t.ctx.jobs.drain();
    await t.ctx.jobs.drain();
    const subjects = async (u: TestUser) =>
      (
        await t.ctx.db.execute<{ subject: string }>(
          sql`select subject from mail_outbox where to_address = ${await emailOf(u)} order by seq`,
        )
      ).rows.map((r) => r.subject);
    expect(await subjects(ko)).toContain('[moim] 참가 신청이 승인되었습니다');
    expect(await subjects(en)).toContain('[moim] Your application was accepted');
    expect((await subjects(en)).filter((x) => HANGUL.test(x))).toEqual([]);

    // rendered when read: switching language re-renders what is already in the inbox
    expect((await setLocale(en, 'ko')).status).toBe(200);
    expect((await inbox(en)).find((n) => n.id === enNote.id)).toMatchObject({ title: '참가 신청이 승인되었습니다' });
    const read = await t.call({ method: 'POST', url: `/api/notifications/${enNote.id}/read`, headers: en.headers });
    expect(read.body.data.title).toBe('참가 신청이 승인되었습니다');
  });

  it('keeps rows stored before message keys readable (their stored texts)', async () => {
    const u = await createUser(t);
    expect((await setLocale(u, 'en')).status).toBe(200);
    await t.ctx.db.insert(notifications).values({ userId: u.id, type: 'GENERAL', title: '예전 알림', body: '예전 본문', link: null });
    expect(await inbox(u)).toMatchObject([{ title: '예전 알림', body: '예전 본문' }]);
  });

  it('refuses a locale it does not have', async () => {
    const u = await createUser(t);
    const r = await setLocale(u, 'fr' as 'en');
    expect([r.status, r.body.error.code]).toEqual([400, 'VAL-2001']);
  });

  it('takes the locale at sign-up', async () => {
    const email = `signup-${Date.now()}@test.moim.dev`;
    const r = await t.call({
      method: 'POST',
      url: '/api/users/register',
      payload: { email, password: 'correct-horse-battery-9', name: 'New Reader', locale: 'en' },
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    const row = (await t.ctx.db.execute<{ locale: string }>(sql`select locale from users where email = ${email}`)).rows[0];
    expect(row?.locale).toBe('en');
  });
});
