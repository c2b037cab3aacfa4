/**
 * Security-log entries written beyond the accounts module: the payments back office's reads
 * (admin.read.payments, admin.read.payment) and social sign-in (auth.login.social) through the
 * built-in local OpenID provider over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import { createTestApp } from '../../../test/support.ts';
import {
  createPaymentsTestApp,
  makeUser,
  payerJourney,
  studyApplications,
  type TestClock,
  type TestUser,
} from '../payments/payments-test-kit.ts';
import { formAction, freePort, hiddenFields, TestBrowser } from '../auth/test-browser.ts';

const lastEntry = async (t: TestApp, action: string, extra = '', params: unknown[] = []) =>
  (
    await t.ctx.database.exec(`select * from security_log where action = $1 ${extra} order by at desc, id desc limit 1`, [
      action,
      ...params,
    ])
  ).rows[0] as Record<string, any> | undefined;

describe('admin reads of payments', () => {
  let t: TestApp;
  let clock: TestClock;
  let admin: TestUser;
  let leader: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    ({ t, clock } = await createPaymentsTestApp());
    admin = await makeUser(t, { admin: true });
    leader = await makeUser(t);
    member = await makeUser(t);
  });
  afterAll(() => t.close());

  it('admin.read.payments and admin.read.payment name the admin and the payment read', async () => {
    const { checkout } = payerJourney(() => ({ t, admin }));
    await checkout(member, await studyApplications(() => ({ t, leader, admin, clock })).accepted(member));
    const list = await t.call({ method: 'GET', url: '/api/admin/payments', headers: admin.auth });
    expect(list.status).toBe(200);
    expect(await lastEntry(t, 'admin.read.payments')).toMatchObject({ actor_id: admin.id, target_kind: 'payments' });
    const id = list.body.data.content[0].id as string;
    expect((await t.call({ method: 'GET', url: `/api/admin/payments/${id}`, headers: admin.auth })).status).toBe(200);
    expect(await lastEntry(t, 'admin.read.payment')).toMatchObject({ actor_id: admin.id, target_kind: 'payment', target_id: id });
    expect((await t.call({ method: 'GET', url: `/api/admin/payments/${id}/events`, headers: admin.auth })).status).toBe(200);
    expect(await lastEntry(t, 'admin.read.payment')).toMatchObject({ target_id: id, details: { part: 'events' } });
    // a member is refused and nothing is recorded for them
    expect((await t.call({ method: 'GET', url: `/api/admin/payments/${id}`, headers: member.auth })).body.error.code).toBe('AUTH-1005');
    expect(await lastEntry(t, 'admin.read.payment', 'and actor_id = $2', [member.id])).toBeUndefined();
  });
});

describe('social sign-in', () => {
  let t: TestApp;
  let moim: string;
  beforeAll(async () => {
    const port = await freePort();
    moim = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: moim } });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function decide(form: Record<string, string>): Promise<Record<string, string>> {
    const b = new TestBrowser();
    const start = await b.request(`${moim}/api/auth/oauth/local/start?returnTo=%2F`);
    const page = await b.request(start.location!);
    const back = await b.request(formAction(page), { form: { ...hiddenFields(page), ...form } });
    const done = await b.request(back.location!);
    return Object.fromEntries(new URLSearchParams(new URL(done.location!, moim).hash.slice(1)));
  }

  it('auth.login.social: a success names the member and the provider; a refusal its reason code', async () => {
    const ok = await decide({ identity: 'tester', decision: 'approve' });
    expect(ok.accessToken).toBeTruthy();
    const me = await t.call({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${ok.accessToken}` } });
    const success = await lastEntry(t, 'auth.login.social', "and outcome = 'success'");
    expect(success).toMatchObject({
      actor_id: me.body.data.id,
      subject_id: me.body.data.id,
      details: { provider: 'local' },
      ip: '127.0.0.1',
    });

    const denied = await decide({ identity: 'tester', decision: 'deny' });
    expect(denied.error).toBe('AUTH-1008');
    expect(await lastEntry(t, 'auth.login.social', "and outcome = 'failure'")).toMatchObject({
      actor_kind: 'anonymous',
      reason: 'AUTH-1008',
      details: { provider: 'local' },
    });

    const history = await t.call({ method: 'GET', url: '/api/users/me/sign-ins', headers: { authorization: `Bearer ${ok.accessToken}` } });
    expect(history.body.data.content[0]).toMatchObject({ method: 'social', outcome: 'success' });
  });
});
