/**
 * Members' data export through HTTP (docs/privacy.md "Export"): request → job → ready (notice and
 * mail) → download behind step-up → the zip holds the member's own data and nobody else's; asking
 * again while pending returns the pending one; another member's export answers as not found; the
 * expiry job removes the zip after 7 days; requests and downloads are security-log entries.
 */
import { DATA_EXPORT_DAYS } from '@moim/contract';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { mailOutbox } from '../../providers/mail/schema.ts';
import { securityLog } from '../security-log/schema.ts';
import { approvedStudy, apply, createUser, type TestUser as StudyUser } from '../studies/test-helpers.ts';
import { register, type TestUser } from '../users/test-helpers.ts';
import { dataExports } from './schema.ts';

let t: TestApp;
let admin: StudyUser;
let leader: StudyUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  leader = await createUser(t);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const EXPORTS = '/api/users/me/data-exports';
/** run due jobs until none is left (a job may queue another: the notice's mail) */
const settle = async () => {
  while ((await t.ctx.jobs.drain()) > 0) {
    /* next round */
  }
};
const as = (u: TestUser, method: 'GET' | 'POST', url: string) => t.call({ method, url, headers: u.auth });
const download = (u: TestUser, id: string) => t.app.inject({ method: 'GET', url: `${EXPORTS}/${id}/download`, headers: u.auth });
const errorOf = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code;

/** A member with something of their own in a few modules: a study application (free text). */
async function memberWithData(motivation: string): Promise<TestUser> {
  const u = await register(t, { name: `회원 ${motivation.slice(0, 2)}` });
  const study = await approvedStudy(t, leader, admin);
  const r = await apply(t, { id: u.id, name: u.name, token: u.accessToken, headers: u.auth }, study.id, motivation);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return u;
}

async function readyExport(u: TestUser): Promise<string> {
  const r = await as(u, 'POST', EXPORTS);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  await settle();
  const list = await as(u, 'GET', EXPORTS);
  expect(list.body.data[0]).toMatchObject({ id: r.body.data.id, status: 'READY' });
  return r.body.data.id as string;
}

const entries = (action: string, targetId: string) =>
  t.ctx.db
    .select()
    .from(securityLog)
    .where(and(eq(securityLog.action, action), eq(securityLog.targetId, targetId)));

describe('request → job → ready → download', () => {
  it('prepares a zip of JSON files and a README with the member’s own data and nobody else’s, announced by notice and mail', async () => {
    const me = await memberWithData('나만의 지원 동기 문장입니다');
    const other = await memberWithData('다른 사람의 비밀스러운 동기');

    const asked = await as(me, 'POST', EXPORTS);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.data).toMatchObject({ status: 'PENDING', readyAt: null, expiresAt: null, sizeBytes: null });
    const id = asked.body.data.id as string;

    // asking again while it is pending returns the same one: no duplicate work
    const again = await as(me, 'POST', EXPORTS);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(id);
    expect(await t.ctx.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, me.id))).toHaveLength(1);

    // not ready yet
    const early = await download(me, id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early.body)).toBe('AUTH-1040');

    await settle();
    const list = await as(me, 'GET', EXPORTS);
    expect(list.status).toBe(200);
    const ready = list.body.data[0];
    expect(ready).toMatchObject({ id, status: 'READY', downloadedAt: null });
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.readyAt).getTime()).toBe(DATA_EXPORT_DAYS * 86_400_000);
    expect(ready.sizeBytes).toBeGreaterThan(0);

    // the notice, and a mail to the member's address
    const inbox = await as(me, 'GET', '/api/notifications');
    expect(inbox.body.data.content.map((n: { title: string }) => n.title)).toContain('내 데이터 내보내기 파일이 준비되었습니다');
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, me.email));
    expect(mails.map((m) => m.subject)).toContain('[moim] 내 데이터 내보내기 파일이 준비되었습니다');

    const res = await download(me, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="moim-data-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    for (const f of [
      'README.md',
      'manifest.json',
      'profile.json',
      'sign-in.json',
      'studies.json',
      'applications.json',
      'attendance.json',
      'payments.json',
      'projects.json',
      'job-postings.json',
      'studio.json',
      'games.json',
      'notifications.json',
      'security-log.json',
      'reviews.json',
      'lab.json',
      'deduction-bots.json',
    ])
      expect(names, f).toContain(f);
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as any;
    const readme = strFromU8(files['README.md']!);
    for (const name of names.filter((n) => n.endsWith('.json'))) expect(readme, name).toContain(`\`${name}\``);
    expect(json('manifest.json')).toMatchObject({ format: 'moim-data-export', userId: me.id });
    expect(json('profile.json')).toMatchObject({ id: me.id, email: me.email, name: me.name });
    expect(json('applications.json').map((a: { motivation: string }) => a.motivation)).toEqual(['나만의 지원 동기 문장입니다']);
    expect(json('security-log.json').map((e: { action: string }) => e.action)).toContain('account.export.requested');
    // (the archive is made before its own notice)
    expect(json('notifications.json')).toEqual([]);
    // nothing of the other member, and no secrets
    const everything = names.map((n) => strFromU8(files[n]!)).join('\n');
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain(other.id);
    expect(everything).not.toContain('다른 사람의 비밀스러운 동기');
    expect(everything).not.toContain(me.password);
    expect(everything).not.toMatch(/\$argon2/);

    // both acts are in the security log
    expect(await entries('account.export.requested', id)).toHaveLength(1);
    const downloaded = await entries('account.export.downloaded', id);
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]).toMatchObject({ actorId: me.id, subjectId: me.id, outcome: 'success' });
    expect((await as(me, 'GET', EXPORTS)).body.data[0].downloadedAt).toBeTruthy();

    // once ready, a new request makes a new export
    const next = await as(me, 'POST', EXPORTS);
    expect(next.status).toBe(202);
    expect(next.body.data.id).not.toBe(id);
    await settle();
  });

  it('asks for a fresh proof of identity (AUTH-1023) when the last one is older than 5 minutes', async () => {
    const me = await register(t);
    const id = await readyExport(me);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await download(me, id);
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale.body)).toBe('AUTH-1023');
    expect(await entries('account.export.downloaded', id)).toHaveLength(0);
    const proof = await t.call({ method: 'POST', url: '/api/auth/step-up', headers: me.auth, payload: { password: me.password } });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    expect((await download(me, id)).statusCode).toBe(200);
  });

  it('another member cannot download someone’s export: it answers as if it did not exist', async () => {
    const owner = await register(t);
    const id = await readyExport(owner);
    const stranger = await register(t);
    const r = await download(stranger, id);
    expect(r.statusCode).toBe(404);
    expect(errorOf(r.body)).toBe('BIZ-3001');
    const unknown = await download(stranger, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.body)).toBe('BIZ-3001');
    // nor list it
    expect((await as(stranger, 'GET', EXPORTS)).body.data).toEqual([]);
    expect(await entries('account.export.downloaded', id)).toHaveLength(0);
  });

  it('shows an admin’s act on the account without who did it, from where, or its details', async () => {
    const me = await register(t);
    await t.api.securityLog.record({
      action: 'admin.user.roles_changed',
      actor: admin.id,
      subjectId: me.id,
      target: { kind: 'user', id: me.id },
      details: { from: ['ROLE_USER'], to: ['ROLE_USER', 'ROLE_ADMIN'] },
    });
    const id = await readyExport(me);
    const files = unzipSync(new Uint8Array((await download(me, id)).rawPayload));
    const log = JSON.parse(strFromU8(files['security-log.json']!)) as Array<Record<string, unknown>>;
    expect(log.find((e) => e.action === 'admin.user.roles_changed')).toMatchObject({
      actor: 'other',
      ip: null,
      userAgent: null,
      details: {},
    });
    expect(log.find((e) => e.action === 'account.export.requested')).toMatchObject({ actor: 'you' });
    expect(
      Object.values(files)
        .map((f) => strFromU8(f))
        .join('\n'),
    ).not.toContain(admin.id);
  });

  it('needs a signed-in member', async () => {
    const r = await t.call({ method: 'POST', url: EXPORTS });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('AUTH-1007');
  });
});

describe('expiry', () => {
  it('the expiry job removes the zip 7 days after it was ready; the download then answers AUTH-1041', async () => {
    const me = await register(t);
    const id = await readyExport(me);
    // a day before the end: nothing expires
    expect(await t.api.dataExports.expire(new Date(Date.now() + (DATA_EXPORT_DAYS - 1) * 86_400_000))).toBe(0);
    expect((await download(me, id)).statusCode).toBe(200);
    expect(await t.api.dataExports.expire(new Date(Date.now() + DATA_EXPORT_DAYS * 86_400_000 + 60_000))).toBeGreaterThanOrEqual(1);
    const [row] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row).toMatchObject({ status: 'EXPIRED', archive: null });
    const r = await download(me, id);
    expect(r.statusCode).toBe(409);
    expect(errorOf(r.body)).toBe('AUTH-1041');
    expect((await as(me, 'GET', EXPORTS)).body.data[0]).toMatchObject({ id, status: 'EXPIRED' });
  });
});
