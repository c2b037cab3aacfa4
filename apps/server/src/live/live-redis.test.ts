/**
 * The live channel across instances (REDIS_URL): two apps on one database and one Redis, a
 * client on each; and an app whose Redis cannot be reached tells its clients to poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { liveTopicOf, type RoomViewValue } from '@moim/contract';
import { DeductionGame, type SeatSpec, presetSettings } from '@moim/games';
import { approvedStudy, createUser, joinStudy, type TestUser } from '../modules/studies/test-helpers.ts';
import { register } from '../modules/users/test-helpers.ts';
import { userTopic } from './hub.ts';
import { LiveTestClient, liveUrl } from './test-kit.ts';
import { waitFor } from '../../test/wait-for.ts';

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
  await waitFor(() => a.ctx.live.state() === 'live' && b.ctx.live.state() === 'live', Boolean, { timeoutMs: 10_000 });
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

describe('an online room over two instances', () => {
  /** The room API on one instance or the other, as `who`. */
  async function room(app: TestApp, who: TestUser, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
    const r = await app.call({ method, url: `/api/games/deduction/rooms${path}`, headers: who.headers, ...(payload ? { payload } : {}) });
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data as RoomViewValue;
  }

  it('three people on two instances: every move reaches every seat once, in order, each with only its own counts', async () => {
    const people = [await createUser(a, { name: '하나' }), await createUser(a, { name: '둘' }), await createUser(a, { name: '셋' })];
    // where each person's page is connected, and the instance their moves go through (the other one)
    const home = [a, b, b];
    const away = [b, a, a];
    const created = await room(a, people[0]!, 'POST', '', {
      preset: 'BEGINNER',
      theme: 'ANIMALS',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }],
    });
    await room(b, people[1]!, 'POST', `/${created.id}/join`, { invite: created.invite });
    await room(a, people[2]!, 'POST', `/${created.id}/join`, { invite: created.invite });
    for (const i of [1, 2]) await room(away[i]!, people[i]!, 'POST', `/${created.id}/ready`, { ready: true });
    await room(b, people[0]!, 'POST', `/${created.id}/start`);
    const { rows } = await a.ctx.database.exec(`select seed, settings from deduction_rooms where id = $1`, [created.id]);
    const dealt = rows[0]!.settings as { settings: ReturnType<typeof presetSettings>; seats: SeatSpec[] };
    const game = new DeductionGame(String(rows[0]!.seed), dealt.settings, dealt.seats);

    const views = await Promise.all(people.map((p, i) => room(home[i]!, p, 'GET', `/${created.id}`)));
    const sockets = await Promise.all(people.map((p, i) => LiveTestClient.signedIn(i === 0 ? urlA : urlB, p.token)));
    for (const [i, s] of sockets.entries()) expect(await s.subscribe(views[i]!.seatTopic!)).toMatchObject({ type: 'subscribed' });
    const seatOf = views.map((v, i) => v.seats.find((x) => x.userId === people[i]!.id)!.seat);

    const moves = 6;
    const played: { mover: number; correct: number }[] = [];
    for (let turn = 0; turn < moves; turn++) {
      const probe = await room(a, people[0]!, 'GET', `/${created.id}`);
      const i = seatOf.indexOf(probe.game!.view.activeSeat!);
      const own = await room(away[i]!, people[i]!, 'GET', `/${created.id}`);
      const hints = new Set(own.game!.view.mine.flatMap((m) => m.hints));
      // a guess that holds one answer (its count is private) and is not the answer set
      const others = own.game!.view.keywords.map((_, k) => k).filter((k) => !hints.has(k) && !game.isAnswer[k]);
      const guess = [game.deal.answers[0]!, ...others].slice(0, game.settings.answerCount);
      await room(away[i]!, people[i]!, 'POST', `/${created.id}/moves`, { turn: own.game!.view.turn, guess });
      played.push({ mover: i, correct: guess.filter((k) => game.isAnswer[k]).length });
      // every seat, on whichever instance, hears of it before the next move
      for (const [j, s] of sockets.entries()) await s.until(views[j]!.seatTopic!, (e) => e.data.turn === turn + 1, 10_000);
    }
    // three seats took turns; each socket saw each move once, in order: the mover with its count, the others without
    expect(new Set(played.map((p) => p.mover)).size).toBe(3);
    for (const [j, s] of sockets.entries()) {
      const seen = s.events(views[j]!.seatTopic!);
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
      const moved = seen.filter(
        (e) => typeof e.data.turn === 'number' && e.data.turn >= 1 && e.data.turn <= moves && e.data.kind === 'guess',
      );
      expect(moved.map((e) => [e.data.turn, e.data.correct])).toEqual(played.map((p, k) => [k + 1, p.mover === j ? p.correct : null]));
    }
    for (const s of sockets) s.close();
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
