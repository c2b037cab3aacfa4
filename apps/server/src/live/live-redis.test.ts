/**
 * The live channel across instances (REDIS_URL): two apps on one database and one Redis, a
 * client on each; and an app whose Redis cannot be reached tells its clients to poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { liveTopicOf } from '@moim/contract';
import { approvedStudy, createUser, joinStudy } from '../modules/studies/test-helpers.ts';
import { register } from '../modules/users/test-helpers.ts';
import { userTopic } from './hub.ts';
import { eventually, LiveTestClient, liveUrl } from './test-kit.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;

beforeAll(async () => {
  a = await createTestApp({ env: { REDIS_URL } });
  b = await createTestApp({ env: { REDIS_URL }, instanceOf: a });
  urlA = await liveUrl(a.app);
  urlB = await liveUrl(b.app);
  await eventually(() => a.ctx.live.state() === 'live' && b.ctx.live.state() === 'live', 10_000);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances, one Redis', () => {
  it('an event published on A reaches a client on B, in order, once', async () => {
    const u = await createUser(a);
    const topic = userTopic(u.id);
    const onB = await LiveTestClient.signedIn(urlB, u.token);
    const onA = await LiveTestClient.signedIn(urlA, u.token);
    await onB.subscribe(topic);
    await onA.subscribe(topic);
    for (let i = 0; i < 5; i++) await a.ctx.live.publish(topic, 'payment.changed', { n: i });
    await onB.until(topic, (e) => e.data.n === 4);
    await onA.until(topic, (e) => e.data.n === 4);
    const seenB = onB.events(topic);
    const seenA = onA.events(topic);
    expect(seenB.map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4]);
    // the same ids on both instances (numbered once, by Redis)
    expect(seenB.map((e) => e.id)).toEqual(seenA.map((e) => e.id));
    onA.close();
    onB.close();
  });

  it('a client dropped from A resumes on B from its last id: nothing lost, nothing twice', async () => {
    const u = await createUser(a);
    const topic = userTopic(u.id);
    const onA = await LiveTestClient.signedIn(urlA, u.token);
    await onA.subscribe(topic);
    await b.ctx.live.publish(topic, 'payment.changed', { n: 0 });
    await a.ctx.live.publish(topic, 'payment.changed', { n: 1 });
    await onA.until(topic, (e) => e.data.n === 1);
    const seen = onA.events(topic);
    expect(seen.map((e) => e.data.n)).toEqual([0, 1]);
    onA.drop();
    await onA.closed;
    await a.ctx.live.publish(topic, 'payment.changed', { n: 2 });
    await b.ctx.live.publish(topic, 'payment.changed', { n: 3 });
    const onB = await LiveTestClient.signedIn(urlB, u.token);
    expect(await onB.subscribe(topic, seen.at(-1)!.id)).toMatchObject({ type: 'subscribed', resumed: true });
    await a.ctx.live.publish(topic, 'payment.changed', { n: 4 });
    await onB.until(topic, (e) => e.data.n === 4);
    expect(onB.events(topic).map((e) => e.data.n)).toEqual([2, 3, 4]);
    onB.close();
  });

  it('logging out on A closes that session’s socket on B at once', async () => {
    const u = await register(a);
    const onB = await LiveTestClient.signedIn(urlB, u.accessToken);
    const r = await a.call({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: { refreshToken: u.refreshToken } });
    expect(r.status).toBe(200);
    expect((await onB.next('error')).code).toBe('AUTH-1003');
    expect((await onB.closed).code).toBe(4401);
  });

  it('a manager made a member again on A stops watching the study’s applicants on B', async () => {
    const [leader, admin, manager] = [await createUser(a), await createUser(a, { admin: true }), await createUser(a)];
    const study = await approvedStudy(a, leader, admin);
    await joinStudy(a, leader, manager, study.id);
    const role = (r: 'MANAGER' | 'MEMBER') =>
      a.call({ method: 'PUT', url: `/api/studies/${study.id}/members/${manager.id}/role`, headers: leader.headers, payload: { role: r } });
    expect((await role('MANAGER')).status).toBe(200);
    const topic = liveTopicOf('study-applicants', study.id);
    const onB = await LiveTestClient.signedIn(urlB, manager.token);
    expect(await onB.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    expect((await role('MEMBER')).status).toBe(200);
    expect(await onB.next('error', (m) => m.topic === topic)).toMatchObject({ code: 'BIZ-3001' });
    onB.close();
  });
});

describe('Redis unreachable', () => {
  it('the channel says it is degraded, and events still reach this instance’s clients', async () => {
    const lone = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const u = await createUser(lone);
      const c = await LiveTestClient.open(await liveUrl(lone.app));
      c.send({ type: 'auth', token: u.token });
      expect(await c.next('ready')).toMatchObject({ state: 'degraded' });
      // this instance's own events still arrive (numbered by the process)
      await c.subscribe(userTopic(u.id));
      await lone.ctx.live.publish(userTopic(u.id), 'notification.changed', {});
      await c.until(userTopic(u.id), () => true);
      c.close();
    } finally {
      await lone.close();
    }
  });
});
