/**
 * The live channel through real sockets (docs/live.md): the app listens on a port of the
 * kernel's choosing and `ws` clients connect to /api/live.
 */
import { liveTopicOf } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { applyOk, approvedStudy, createUser, joinStudy, propose } from '../modules/studies/test-helpers.ts';
import { register } from '../modules/users/test-helpers.ts';
import { userTopic } from './hub.ts';
import { LiveTestClient, liveUrl, tuneLive } from './test-kit.ts';
import { waitFor } from '../../test/wait-for.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await liveUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('connecting', () => {
  it('a valid access token in the first message opens the channel; the session is checked', async () => {
    const u = await createUser(t);
    const c = await LiveTestClient.open(url);
    c.send({ type: 'auth', token: u.token });
    const ready = await c.next('ready');
    expect(ready).toMatchObject({ userId: u.id, state: 'live' });
    c.send({ type: 'ping' });
    await c.next('pong');
    c.close();
  });

  it('a forged token is refused with AUTH-1003 and the socket closed (4401)', async () => {
    const c = await LiveTestClient.open(url);
    c.send({ type: 'auth', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forgedsignature' });
    const err = await c.next('error');
    expect(err.code).toBe('AUTH-1003');
    expect((await c.closed).code).toBe(4401);
  });

  it('anything before auth is refused with AUTH-1007 and the socket closed', async () => {
    const c = await LiveTestClient.open(url);
    c.send({ type: 'subscribe', topic: userTopic('00000000-0000-4000-8000-000000000000') });
    expect((await c.next('error')).code).toBe('AUTH-1007');
    expect((await c.closed).code).toBe(4401);
  });

  it('no auth message in time closes the socket', async () => {
    tuneLive(t.app, { authTimeoutMs: 100 });
    try {
      const c = await LiveTestClient.open(url);
      expect((await c.next('error')).code).toBe('AUTH-1007');
      expect((await c.closed).code).toBe(4401);
    } finally {
      tuneLive(t.app, { authTimeoutMs: 10_000 });
    }
  });

  it('an invalid message is refused with VAL-2001 (in the reader language) and the socket stays open', async () => {
    const u = await createUser(t);
    const c = await LiveTestClient.signedIn(url, u.token);
    c.sendRaw('not json');
    const e1 = await c.next('error');
    expect(e1.code).toBe('VAL-2001');
    expect(e1.message).toBe('입력값을 확인해 주세요.');
    c.send({ type: 'subscribe', topic: 'user:not-a-uuid' });
    expect((await c.next('error')).code).toBe('VAL-2001');
    c.send({ type: 'shout', loud: true });
    expect((await c.next('error')).code).toBe('VAL-2001');
    c.send({ type: 'ping' });
    await c.next('pong');
    c.close();
  });

  it('too many messages: BIZ-3004 and the socket is closed (4429); other sockets are unharmed', async () => {
    tuneLive(t.app, { rateBurst: 5, ratePerSecond: 0.001 });
    try {
      const u = await createUser(t);
      const calm = await LiveTestClient.signedIn(url, u.token);
      const noisy = await LiveTestClient.signedIn(url, u.token);
      for (let i = 0; i < 10; i++) noisy.send({ type: 'ping' });
      expect((await noisy.next('error')).code).toBe('BIZ-3004');
      expect((await noisy.closed).code).toBe(4429);
      calm.send({ type: 'ping' });
      await calm.next('pong');
      calm.close();
    } finally {
      tuneLive(t.app, { rateBurst: 40, ratePerSecond: 4 });
    }
  });
});

describe('sessions', () => {
  it('logging out closes the socket of that session at once (AUTH-1003, 4401)', async () => {
    const u = await register(t);
    const c = await LiveTestClient.signedIn(url, u.accessToken);
    const r = await t.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: { refreshToken: u.refreshToken } });
    expect(r.status).toBe(200);
    expect((await c.next('error')).code).toBe('AUTH-1003');
    expect((await c.closed).code).toBe(4401);
  });

  it('a deactivated account’s sockets close with AUTH-1006 (4403)', async () => {
    const u = await register(t);
    const c = await LiveTestClient.signedIn(url, u.accessToken);
    const r = await t.call({ method: 'POST', url: '/api/users/me/deactivate', headers: u.auth, payload: { password: u.password } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await c.next('error')).code).toBe('AUTH-1006');
    expect((await c.closed).code).toBe(4403);
  });
});

describe('topics', () => {
  it('a person may watch only their own topic; another person’s answers as not found', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const c = await LiveTestClient.signedIn(url, a.token);
    expect(await c.subscribe(userTopic(a.id))).toMatchObject({ type: 'subscribed' });
    expect(await c.subscribe(userTopic(b.id))).toMatchObject({ type: 'error', code: 'BIZ-3001' });
    c.close();
  });

  it('a study’s applicants: its leader may watch, a member of another study may not', async () => {
    const leader = await createUser(t);
    const other = await createUser(t);
    const study = await propose(t, leader);
    await propose(t, other);
    const lc = await LiveTestClient.signedIn(url, leader.token);
    const oc = await LiveTestClient.signedIn(url, other.token);
    const topic = liveTopicOf('study-applicants', study.id);
    expect(await lc.subscribe(topic)).toMatchObject({ type: 'subscribed', topic });
    expect(await oc.subscribe(topic)).toMatchObject({ type: 'error', code: 'BIZ-3001', topic });
    expect(await oc.subscribe(liveTopicOf('study-applicants', '00000000-0000-4000-8000-000000000000'))).toMatchObject({
      type: 'error',
      code: 'BIZ-3001',
    });
    lc.close();
    oc.close();
  });

  it('a leader’s open applicants topic hears of an application once it commits (and the leader’s inbox too)', async () => {
    const [leader, admin, applicant] = [await createUser(t), await createUser(t, { admin: true }), await createUser(t)];
    const study = await approvedStudy(t, leader, admin);
    const c = await LiveTestClient.signedIn(url, leader.token);
    const topic = liveTopicOf('study-applicants', study.id);
    await c.subscribe(topic);
    await c.subscribe(userTopic(leader.id));
    const app = await applyOk(t, applicant, study.id);
    // the outbox: nothing before the job runs after the commit
    expect(c.events(topic)).toHaveLength(0);
    await t.ctx.jobs.drain();
    const e = await c.next('event', (m) => m.topic === topic);
    expect(e).toMatchObject({ kind: 'application.changed', data: { studyId: study.id, applicationId: app.applicationId } });
    // a new notification says so (the web then asks again for what is on screen)
    expect(await c.next('event', (m) => m.topic === userTopic(leader.id))).toMatchObject({
      kind: 'notification.changed',
      data: { created: true },
    });
    c.close();
  });

  it('the waitlist: a place taken in line and the promotion a leave makes are heard on the applicants topic', async () => {
    const [leader, admin, member, next] = [
      await createUser(t),
      await createUser(t, { admin: true }),
      await createUser(t),
      await createUser(t),
    ];
    const study = await approvedStudy(t, leader, admin, { capacity: 1 });
    await joinStudy(t, leader, member, study.id);
    await t.ctx.jobs.drain();
    const c = await LiveTestClient.signedIn(url, leader.token);
    const topic = liveTopicOf('study-applicants', study.id);
    await c.subscribe(topic);
    const line = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/waitlist`,
      headers: next.headers,
      payload: { motivation: '자리가 나면 꼭 참여하고 싶어요.' },
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    await t.ctx.jobs.drain();
    const joined = await c.next('event', (m) => m.topic === topic);
    expect(joined).toMatchObject({ kind: 'application.changed', data: { applicationId: line.body.data.applicationId } });
    const left = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/members/leave?userId=${member.id}`,
      headers: member.headers,
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    await t.ctx.jobs.drain();
    // the promoted place (WAITLISTED → a seat) is one of the changes heard
    const heard: string[] = [];
    await waitFor(() => {
      heard.push(...c.events(topic).map((e) => String((e.data as { applicationId?: string }).applicationId)));
      return heard.includes(line.body.data.applicationId);
    });
    c.close();
  });

  it('a notification reaches its reader’s open socket once its transaction commits', async () => {
    const u = await createUser(t);
    const c = await LiveTestClient.signedIn(url, u.token);
    await c.subscribe(userTopic(u.id));
    await t.api.notifications.notify(u.id, {
      type: 'GENERAL',
      message: { key: 'notice.study.applicationReceived', params: { study: 'x' } },
    });
    await t.ctx.jobs.drain();
    const e = await c.next('event', (m) => m.topic === userTopic(u.id));
    expect(e.kind).toBe('notification.changed');
    c.close();
  });
});

describe('delivery', () => {
  it('resumes after a dropped connection: nothing lost, nothing twice', async () => {
    const u = await createUser(t);
    const topic = userTopic(u.id);
    const first = await LiveTestClient.signedIn(url, u.token);
    await first.subscribe(topic);
    for (let i = 0; i < 3; i++) await t.ctx.live.publish(topic, 'payment.changed', { n: i });
    await first.until(topic, (m) => m.data.n === 2);
    const seen = first.events(topic);
    expect(seen.map((e) => e.data.n)).toEqual([0, 1, 2]);
    const lastId = seen.at(-1)!.id;
    first.drop();
    await first.closed;
    // published while the client is away
    for (let i = 3; i < 6; i++) await t.ctx.live.publish(topic, 'payment.changed', { n: i });
    const again = await LiveTestClient.signedIn(url, u.token);
    expect(await again.subscribe(topic, lastId)).toMatchObject({ type: 'subscribed', resumed: true });
    await t.ctx.live.publish(topic, 'payment.changed', { n: 6 });
    await again.until(topic, (m) => m.data.n === 6);
    const after = again.events(topic);
    expect(after.map((e) => e.data.n)).toEqual([3, 4, 5, 6]);
    expect(new Set(after.map((e) => e.id)).size).toBe(4);
    again.close();
  });

  it('an id the server no longer holds resumes as not complete (the client asks the API again)', async () => {
    const u = await createUser(t);
    const c = await LiveTestClient.signedIn(url, u.token);
    expect(await c.subscribe(userTopic(u.id), '1-0')).toMatchObject({ type: 'subscribed', resumed: false });
    c.close();
  });

  it('a client that stops reading is dropped; another on the same topic receives everything', async () => {
    tuneLive(t.app, { maxBufferedBytes: 64 * 1024 });
    try {
      const u = await createUser(t);
      const topic = userTopic(u.id);
      const slow = await LiveTestClient.signedIn(url, u.token);
      const healthy = await LiveTestClient.signedIn(url, u.token);
      await slow.subscribe(topic);
      await healthy.subscribe(topic);
      slow.ws.pause();
      let slowGone = false;
      void slow.closed.then(() => (slowGone = true));
      const before = t.ctx.live.stats.dropped.slow;
      const filler = 'x'.repeat(200);
      const data = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, filler]));
      let n = 0;
      while (t.ctx.live.stats.dropped.slow === before && n < 20_000) {
        await t.ctx.live.publish(topic, 'payment.changed', { ...data, n });
        n++;
        if (n % 50 === 0) await new Promise((r) => setImmediate(r));
      }
      expect(t.ctx.live.stats.dropped.slow).toBe(before + 1);
      await healthy.until(topic, (m) => m.data.n === n - 1, 20_000);
      expect(healthy.events(topic)).toHaveLength(n);
      slow.ws.resume();
      await slow.closed;
      expect(slowGone).toBe(true);
      healthy.close();
    } finally {
      tuneLive(t.app, { maxBufferedBytes: 512 * 1024 });
    }
  });

  it('a socket that stops answering pings is dropped', async () => {
    const u = await createUser(t);
    const c = await LiveTestClient.signedIn(url, u.token);
    const before = t.ctx.live.stats.dropped.dead;
    // the client's socket stops reading: pings go unanswered
    c.ws.pause();
    tuneLive(t.app, { heartbeatMs: 50 });
    try {
      await waitFor(() => t.ctx.live.stats.dropped.dead > before);
      c.ws.resume();
      await c.closed;
    } finally {
      tuneLive(t.app, { heartbeatMs: 25_000 });
    }
  });
});
