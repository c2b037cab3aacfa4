/**
 * Access on the live channel after the subscribe, through real sockets (docs/live.md "Access
 * after subscribing"): every way a session ends closes its socket at once, and a topic whose
 * access ends (a manager steps down or leaves) is taken from the socket, announced or not.
 */
import { liveTopicOf } from '@moim/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { setMemberRole } from '../modules/studies/membership-repo.ts';
import { createProject, person } from '../modules/projects/test-helpers.ts';
import { approvedStudy, createUser, joinStudy } from '../modules/studies/test-helpers.ts';
import { login, register } from '../modules/users/test-helpers.ts';
import { userTopic } from './hub.ts';
import { LiveTestClient, liveUrl, tuneLive } from './test-kit.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await liveUrl(t.app);
});
afterAll(async () => {
  await t?.close();
});

const fam = (token: string) => String(decodeJwt(token).fam);

describe('a session that ends closes its socket at once', () => {
  it('ending the other sessions closes their sockets and keeps the caller’s', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const mine = await LiveTestClient.signedIn(url, u.accessToken);
    const theirs = await LiveTestClient.signedIn(url, other.body.data.accessToken);
    const r = await t.call({ method: 'POST', url: '/api/users/me/sessions/end-others', headers: u.auth });
    expect(r.body.data).toEqual({ ended: 1 });
    expect((await theirs.next('error')).code).toBe('AUTH-1003');
    expect((await theirs.closed).code).toBe(4401);
    // the caller's socket still answers
    mine.send({ type: 'ping' });
    await mine.next('pong');
    mine.close();
  });

  it('ending one session from the sessions list closes that session’s socket only', async () => {
    const u = await register(t);
    const other = await login(t, u.email, u.password);
    const mine = await LiveTestClient.signedIn(url, u.accessToken);
    const theirs = await LiveTestClient.signedIn(url, other.body.data.accessToken);
    const r = await t.call({ method: 'DELETE', url: `/api/users/me/sessions/${fam(other.body.data.accessToken)}`, headers: u.auth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await theirs.closed).code).toBe(4401);
    mine.send({ type: 'ping' });
    await mine.next('pong');
    mine.close();
  });

  it('a password change closes the sockets of every other session', async () => {
    const u = await register(t);
    const fresh = await login(t, u.email, u.password);
    const other = await login(t, u.email, u.password);
    const theirs = await LiveTestClient.signedIn(url, other.body.data.accessToken);
    const r = await t.call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: { authorization: `Bearer ${fresh.body.data.accessToken}` },
      payload: { currentPassword: u.password, newPassword: 'another perfectly fine passphrase' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await theirs.next('error')).code).toBe('AUTH-1003');
    expect((await theirs.closed).code).toBe(4401);
  });

  it('an admin deactivating an account closes its sockets with AUTH-1006 (4403)', async () => {
    const admin = await createUser(t, { admin: true });
    const u = await register(t);
    const c = await LiveTestClient.signedIn(url, u.accessToken);
    const r = await t.call({ method: 'POST', url: `/api/admin/users/${u.id}/deactivate`, headers: admin.headers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await c.next('error')).code).toBe('AUTH-1006');
    expect((await c.closed).code).toBe(4403);
  });
});

describe('a topic whose access ends is taken from the socket', () => {
  async function studyWithManager() {
    const [leader, admin, manager] = [await createUser(t), await createUser(t, { admin: true }), await createUser(t)];
    const study = await approvedStudy(t, leader, admin);
    await joinStudy(t, leader, manager, study.id);
    const r = await t.call({
      method: 'PUT',
      url: `/api/studies/${study.id}/members/${manager.id}/role`,
      headers: leader.headers,
      payload: { role: 'MANAGER' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await t.ctx.jobs.drain();
    const applicants = liveTopicOf('study-applicants', study.id);
    const checkIns = liveTopicOf('study-check-ins', study.id);
    const lc = await LiveTestClient.signedIn(url, leader.token);
    const mc = await LiveTestClient.signedIn(url, manager.token);
    for (const c of [lc, mc]) {
      expect(await c.subscribe(applicants)).toMatchObject({ type: 'subscribed' });
      expect(await c.subscribe(checkIns)).toMatchObject({ type: 'subscribed' });
    }
    return { leader, manager, study, applicants, checkIns, lc, mc };
  }

  it('a manager made a member again stops hearing the study’s applicants and check-ins at once', async () => {
    const { leader, manager, study, applicants, checkIns, lc, mc } = await studyWithManager();
    const r = await t.call({
      method: 'PUT',
      url: `/api/studies/${study.id}/members/${manager.id}/role`,
      headers: leader.headers,
      payload: { role: 'MEMBER' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lost = [await mc.next('error', (m) => m.topic === applicants), await mc.next('error', (m) => m.topic === checkIns)];
    expect(lost.map((e) => e.code)).toEqual(['BIZ-3001', 'BIZ-3001']);
    // what is published next reaches the leader only
    await t.ctx.live.publish(applicants, 'application.changed', { studyId: study.id, n: 1 });
    await lc.until(applicants, (e) => e.data.n === 1);
    mc.send({ type: 'ping' });
    await mc.next('pong');
    expect(mc.events(applicants)).toHaveLength(0);
    // and subscribing again is refused
    expect(await mc.subscribe(applicants)).toMatchObject({ type: 'error', code: 'BIZ-3001' });
    lc.close();
    mc.close();
  });

  it('a manager who leaves the study loses its topics once the leave commits', async () => {
    const { manager, study, applicants, lc, mc } = await studyWithManager();
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/members/leave?userId=${manager.id}`,
      headers: manager.headers,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await t.ctx.jobs.drain();
    expect((await mc.next('error', (m) => m.topic === applicants)).code).toBe('BIZ-3001');
    // the leader keeps it
    await t.ctx.live.publish(applicants, 'application.changed', { studyId: study.id, n: 3 });
    await lc.until(applicants, (e) => e.data.n === 3);
    expect(lc.received.filter((m) => m.type === 'error')).toHaveLength(0);
    lc.close();
    mc.close();
  });

  it('a deleted project’s applications topic is taken from its owner’s socket once the delete commits', async () => {
    const owner = await person(t);
    const project = await createProject(t, owner);
    const topic = liveTopicOf('project-applications', project.id);
    const c = await LiveTestClient.signedIn(url, owner.headers.authorization.slice('Bearer '.length));
    expect(await c.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    const r = await t.call({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: owner.headers });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    await t.ctx.jobs.drain();
    expect((await c.next('error', (m) => m.topic === topic)).code).toBe('BIZ-3001');
    expect(await c.subscribe(topic)).toMatchObject({ type: 'error', code: 'BIZ-3001' });
    c.close();
  });

  it('a change no module announced is found by the periodic check', async () => {
    const { manager, study, applicants, lc, mc } = await studyWithManager();
    // written straight to the database: nobody tells the live channel
    await setMemberRole(t.ctx.db, study.id, manager.id, 'MEMBER');
    tuneLive(t.app, { recheckMs: 50, topicRecheckMs: 0 });
    try {
      expect((await mc.next('error', (m) => m.topic === applicants)).code).toBe('BIZ-3001');
      // the leader, checked as often, keeps the topic
      await t.ctx.live.publish(applicants, 'application.changed', { studyId: study.id, n: 2 });
      await lc.until(applicants, (e) => e.data.n === 2);
      expect(lc.received.filter((m) => m.type === 'error')).toHaveLength(0);
    } finally {
      tuneLive(t.app, { recheckMs: 30_000, topicRecheckMs: 120_000 });
    }
    lc.close();
    mc.close();
  });

  it('a person’s own topic survives the re-checks', async () => {
    const u = await createUser(t);
    const c = await LiveTestClient.signedIn(url, u.token);
    await c.subscribe(userTopic(u.id));
    await t.ctx.live.recheckAccess(u.id);
    await t.ctx.live.publish(userTopic(u.id), 'notification.changed', { n: 7 });
    await c.until(userTopic(u.id), (e) => e.data.n === 7);
    c.close();
  });
});
