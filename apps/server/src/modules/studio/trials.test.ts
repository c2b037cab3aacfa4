/**
 * The guest trial: one per e-mail with consent, read with its token, result by mail, then login
 * (members and used addresses are refused); claiming the trial into the member's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { createUser } from '../studies/test-helpers.ts';
import { KOREAN_POST } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
});
afterAll(() => t.close());

const trial = (payload: object, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
  t.call({ method: 'POST', url: '/api/studio/trials', payload, headers, remoteAddress: ip });
const read = (id: string, token?: string) =>
  t.call({ method: 'GET', url: `/api/studio/trials/${id}`, headers: token ? { 'x-studio-trial-token': token } : {} });

describe('guest trial', () => {
  it('runs one analysis for an e-mail with consent, readable with its token, and mails the result', async () => {
    const email = 'Guest.Writer@Example.com';
    const r = await trial({ source: 'TEXT', text: KOREAN_POST, email, consent: true, tone: 'FRIENDLY_FRIEND' });
    expect(r.status).toBe(201);
    const { analysis, trialToken } = r.body.data;
    expect(trialToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(analysis.status).toBe('SUBMITTED');
    await t.ctx.jobs.drain();
    const done = await read(analysis.id, trialToken);
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('COMPLETED');
    expect(done.body.data.result.ratings).toHaveLength(6);
    await t.ctx.jobs.drain();
    const mail = await t.api.mail.outbox({ page: 0, size: 5, to: 'guest.writer@example.com' });
    expect(mail.content[0]?.text).toContain('종합');

    // Without the token, or with another, the trial is not there.
    expect((await read(analysis.id)).status).toBe(404);
    expect((await read(analysis.id, 'x'.repeat(32))).status).toBe(404);

    // The same address (any case) gets no second trial: log in instead.
    const again = await trial({ source: 'TEXT', text: KOREAN_POST, email: 'guest.writer@example.com', consent: true }, {}, '203.0.113.8');
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'BIZ-3003', details: { reason: 'TRIAL_USED' } });
  });

  it('needs consent and a valid address, and refuses members and signed-in callers', async () => {
    for (const bad of [
      { source: 'TEXT', text: KOREAN_POST, email: 'a@example.com' },
      { source: 'TEXT', text: KOREAN_POST, email: 'a@example.com', consent: false },
      { source: 'TEXT', text: KOREAN_POST, email: 'not-an-email', consent: true },
      { source: 'TEXT', text: '짧음', email: 'a@example.com', consent: true },
    ]) {
      expect((await trial(bad, {}, '203.0.113.9')).status, JSON.stringify(bad).slice(-60)).toBe(400);
    }
    const member = await createUser(t);
    const memberEmail = (await t.api.users.getUser(member.id))!.email;
    const r = await trial({ source: 'TEXT', text: KOREAN_POST, email: memberEmail, consent: true }, {}, '203.0.113.10');
    expect(r.status).toBe(422);
    expect(r.body.error.details.reason).toBe('MEMBER_EMAIL');
    const signedIn = await trial(
      { source: 'TEXT', text: KOREAN_POST, email: 'other@example.com', consent: true },
      member.headers,
      '203.0.113.10',
    );
    expect(signedIn.status).toBe(409);
    expect(signedIn.body.error.details.reason).toBe('SIGNED_IN');
  });

  it('limits trials per IP address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 5; i++)
      expect((await trial({ source: 'TEXT', text: KOREAN_POST, email: `ip${i}@example.com`, consent: true }, {}, ip)).status).toBe(201);
    const r = await trial({ source: 'TEXT', text: KOREAN_POST, email: 'ip9@example.com', consent: true }, {}, ip);
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('BIZ-3004');
  });

  it('moves into the member’s history when claimed with the token after login', async () => {
    const r = await trial({ source: 'TEXT', text: KOREAN_POST, email: 'later.member@example.com', consent: true }, {}, '203.0.113.20');
    const { analysis, trialToken } = r.body.data;
    await t.ctx.jobs.drain();
    const me = await createUser(t);
    const other = await createUser(t);
    const claim = (who: typeof me, token: string) =>
      t.call({
        method: 'POST',
        url: `/api/studio/trials/${analysis.id}/claim`,
        headers: { ...who.headers, 'x-studio-trial-token': token },
      });
    expect((await claim(me, 'wrong-token')).status).toBe(404);
    const ok = await claim(me, trialToken);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: analysis.documentId, versionCount: 1 });
    expect((await claim(me, trialToken)).status).toBe(200); // again: no change
    expect((await claim(other, trialToken)).status).toBe(409);
    const mine = await t.call({ method: 'GET', url: '/api/studio/documents', headers: me.headers });
    expect(mine.body.data.content.map((d: { id: string }) => d.id)).toContain(analysis.documentId);
    expect((await t.call({ method: 'GET', url: `/api/studio/analyses/${analysis.id}`, headers: me.headers })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/studio/analyses/${analysis.id}`, headers: other.headers })).status).toBe(404);
  });
});
