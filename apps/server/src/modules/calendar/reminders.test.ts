/**
 * Reminders before each session (docs/reminders.md): jobs queued when sessions are made, moved
 * and cancelled; at each reminder time an inbox notice, a mail with the .ics invitation and a web
 * push that a local push service (test/push-endpoint.ts) receives and decrypts (RFC 8291); once
 * each with two instances draining the same queue; nothing for a leaver, a member who turned
 * them off, a moved or a cancelled session; a 410 drops the device. Time is the calendar
 * module's clock and the queue's drain instant, set by the test (no sleeps).
 */
import { type Notification, type Study, seoulInstant } from '@moim/contract';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushEndpoint, type TestDevice, startPushEndpoint } from '../../../test/push-endpoint.ts';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, approvedStudy, createUser, joinStudy } from '../studies/test-helpers.ts';

let t: TestApp;
let t2: TestApp;
let push: PushEndpoint;
let now = new Date();
let admin: TestUser;
let leader: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;
let study: Study;
let first: { id: string; date: string };
let second: { id: string; date: string };
let phone: TestDevice;
let laptop: TestDevice;
const vapid = webpush.generateVAPIDKeys();
const policy = { allowAddress: () => true, allowPort: () => true };

const HOUR = 3_600_000;
const startOf = (e: { date: string }, time = '20:00') => seoulInstant(e.date, time);
const get = (url: string, who?: TestUser) => t.call({ method: 'GET', url, headers: who?.headers });
const put = (url: string, who: TestUser, payload: object) => t.call({ method: 'PUT', url, headers: who.headers, payload });

/** Move the clock and run what is due, as one instance would. */
async function at(when: Date, app: TestApp = t) {
  now = when;
  await app.ctx.jobs.drain(when);
}

async function reminders(who: TestUser, about?: string): Promise<Notification[]> {
  const r = await get('/api/notifications?size=100', who);
  return (r.body.data.content as Notification[]).filter((n) => n.type === 'SESSION_REMINDER' && (!about || n.body.includes(about)));
}

async function mails(who: TestUser) {
  const email = (await t.api.users.getUser(who.id))!.email!;
  return (await t.api.mail.outbox({ page: 0, size: 100, to: email })).content;
}

const icsOf = (m: { attachments?: { contentType: string; content: string }[] | undefined }) =>
  m.attachments?.find((a) => a.contentType.startsWith('text/calendar'))?.content ?? '';

const pushesTo = (device: string) => push.received.filter((p) => p.device === device);

async function sessions(s: Study) {
  const r = await get(`/api/studies/${s.id}/events`);
  return (r.body.data as { id: string; date: string; eventType: string }[]).filter((e) => e.eventType === 'regular');
}

beforeAll(async () => {
  push = await startPushEndpoint();
  const env = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@moim.test' };
  t = await createTestApp({ env, fetchPolicy: policy, overrides: { calendarClock: () => now } });
  // a second server on the same database (its own queue): "several instances"
  t2 = await createTestApp({ env, fetchPolicy: policy, instanceOf: t, overrides: { calendarClock: () => now } });
  admin = await createUser(t, { admin: true });
  leader = await createUser(t, { name: '리더' });
  alice = await createUser(t, { name: '앨리스' });
  bob = await createUser(t, { name: '밥' });
  carol = await createUser(t, { name: '캐럴' });
  outsider = await createUser(t, { name: '옆사람' });
  study = await approvedStudy(t, leader, admin);
  for (const m of [alice, bob, carol]) await joinStudy(t, leader, m, study.id);
  const list = await sessions(study);
  first = list[0]!;
  second = list[1]!;
  phone = push.device('alice-phone');
  laptop = push.device('alice-laptop');
});

afterAll(async () => {
  await t2?.close();
  await t?.close();
  await push?.close();
});

describe('push subscriptions', () => {
  it('gives the VAPID public key browsers subscribe with', async () => {
    const r = await get('/api/notifications/push/key');
    expect(r.status).toBe(200);
    expect(r.body.data.publicKey).toBe(vapid.publicKey);
  });

  it('stores one subscription per device and counts them', async () => {
    let r = await put('/api/notifications/push/subscription', alice, phone.subscription);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.devices).toBe(1);
    r = await put('/api/notifications/push/subscription', alice, laptop.subscription);
    expect(r.body.data.devices).toBe(2);
    // the same browser again: still two
    r = await put('/api/notifications/push/subscription', alice, phone.subscription);
    expect(r.body.data.devices).toBe(2);
  });

  it('refuses a guest and a malformed subscription', async () => {
    const guest = await t.call({ method: 'PUT', url: '/api/notifications/push/subscription', payload: phone.subscription });
    expect(guest.status).toBe(401);
    expect(guest.body.error.code).toBe('AUTH-1007');
    const bad = await put('/api/notifications/push/subscription', bob, { endpoint: 'ftp://x', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^VAL-/);
  });
});

describe('reminder settings', () => {
  it('are the defaults (24 h and 1 h) until a member chooses', async () => {
    const r = await get(`/api/studies/${study.id}/reminders`, alice);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ studyId: study.id, offsets: [1440, 60], isDefault: true });
  });

  it('can be changed or turned off per study', async () => {
    let r = await put(`/api/studies/${study.id}/reminders`, carol, { offsets: [30] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ studyId: study.id, offsets: [30], isDefault: false });
    r = await get(`/api/studies/${study.id}/reminders`, carol);
    expect(r.body.data.offsets).toEqual([30]);
  });

  it('are refused to a non-member, for an unknown study and out of range', async () => {
    const r = await get(`/api/studies/${study.id}/reminders`, outsider);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AUTH-1004');
    const none = await get('/api/studies/00000000-0000-4000-8000-000000000000/reminders', alice);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('BIZ-3001');
    const bad = await put(`/api/studies/${study.id}/reminders`, alice, { offsets: [1] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^VAL-/);
    const many = await put(`/api/studies/${study.id}/reminders`, alice, { offsets: [10, 30, 60, 180, 1440] });
    expect([many.status, many.body.error.code]).toEqual([400, 'VAL-2004']);
  });
});

describe('a session reminder', () => {
  it('is not sent before its time', async () => {
    await at(new Date(startOf(first).getTime() - 24 * HOUR - 60_000));
    expect(await reminders(alice)).toHaveLength(0);
  });

  it('24 hours before: an inbox notice, a mail with the .ics and a push to every allowed device', async () => {
    await at(new Date(startOf(first).getTime() - 24 * HOUR + 1000));
    const [n] = await reminders(alice);
    expect(n?.link).toBe(`/study/${study.slug}`);
    expect(n?.body).toContain(study.title);
    expect(await reminders(bob)).toHaveLength(1);
    expect(await reminders(carol)).toHaveLength(0); // carol chose 30 minutes only

    const mail = (await mails(alice)).find((m) => icsOf(m).includes(`UID:${first.id}@moim`));
    expect(mail, 'a reminder mail with the invitation').toBeTruthy();
    const ics = icsOf(mail!);
    expect(ics).toMatch(/^METHOD:REQUEST\r?$/m);
    expect(ics).toMatch(/^SEQUENCE:0\r?$/m);
    expect(ics).toContain('DTSTART:');

    for (const d of ['alice-phone', 'alice-laptop']) {
      const got = pushesTo(d);
      expect(got, d).toHaveLength(1);
      const payload = JSON.parse(got[0]!.text);
      expect(payload).toMatchObject({ title: n!.title, body: n!.body, url: `/study/${study.slug}`, tag: `session-${first.id}` });
      expect(got[0]!.vapidKey).toBe(vapid.publicKey);
      expect(got[0]!.claims.sub).toBe('mailto:ops@moim.test');
    }
    expect(push.rejected).toEqual([]);
  });

  it('1 hour before: sent once per member and device with two instances draining the same queue', async () => {
    const before = { alice: (await reminders(alice)).length, phone: pushesTo('alice-phone').length };
    now = new Date(startOf(first).getTime() - HOUR + 1000);
    await Promise.all([t.ctx.jobs.drain(now), t2.ctx.jobs.drain(now)]);
    // a redelivery of the same job (a lease that ran out) claims nothing more
    await Promise.all([
      t.api.calendar.reminders.fire(first.id, 60, startOf(first).toISOString()),
      t2.api.calendar.reminders.fire(first.id, 60, startOf(first).toISOString()),
    ]);
    await Promise.all([t.ctx.jobs.drain(now), t2.ctx.jobs.drain(now)]);
    expect(await reminders(alice)).toHaveLength(before.alice + 1);
    expect(pushesTo('alice-phone')).toHaveLength(before.phone + 1);
    const hourMails = (await mails(bob)).filter((m) => icsOf(m).includes(`UID:${first.id}@moim`));
    expect(hourMails).toHaveLength(2); // the 24 h one and this one
  });

  it("goes at the member's own time (30 minutes for carol)", async () => {
    await at(new Date(startOf(first).getTime() - 30 * 60_000 + 1000));
    expect(await reminders(carol)).toHaveLength(1);
  });

  it('is not sent to a member who left, nor to one who turned reminders off', async () => {
    const r = await t.call({ method: 'POST', url: `/api/studies/${study.id}/members/leave?userId=${bob.id}`, headers: bob.headers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await put(`/api/studies/${study.id}/reminders`, carol, { offsets: [] })).status).toBe(200);
    const counts = { alice: (await reminders(alice)).length, bob: (await reminders(bob)).length, carol: (await reminders(carol)).length };
    await at(new Date(startOf(second).getTime() - 24 * HOUR + 1000));
    await at(new Date(startOf(second).getTime() - 30 * 60_000 + 1000));
    expect(await reminders(alice)).toHaveLength(counts.alice + 2); // 24 h and 1 h
    expect(await reminders(bob)).toHaveLength(counts.bob);
    expect(await reminders(carol)).toHaveLength(counts.carol);
  });
});

describe('a special session that moves and is cancelled', () => {
  let special: { id: string; date: string };
  const date = () => special.date;

  it('is reminded of, then moved: an update with the same UID and a higher SEQUENCE, reminders at the new time', async () => {
    const day = second.date; // a day after the earlier reminders ran; the special session is on a later week
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/events`,
      headers: leader.headers,
      payload: { title: '특강', date: addWeek(day), startTime: '19:00', endTime: '21:00', location: 'online' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    special = r.body.data;
    await at(new Date(startOf(special, '19:00').getTime() - 24 * HOUR + 1000));
    const invited = (await mails(alice)).filter((m) => icsOf(m).includes(`UID:${special.id}@moim`));
    expect(invited).toHaveLength(1);
    expect(icsOf(invited[0]!)).toMatch(/^SEQUENCE:0\r?$/m);

    const moved = await t.call({
      method: 'PATCH',
      url: `/api/studies/${study.id}/events/${special.id}`,
      headers: leader.headers,
      payload: { startTime: '21:00', endTime: '22:00' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await at(now);
    const all = (await mails(alice)).filter((m) => icsOf(m).includes(`UID:${special.id}@moim`));
    expect(all).toHaveLength(2);
    const update = all.find((m) => /^SEQUENCE:1\r?$/m.test(icsOf(m)));
    expect(update, 'the update mail').toBeTruthy();
    expect(icsOf(update!)).toMatch(/^METHOD:REQUEST\r?$/m);
    expect(icsOf(update!)).toContain(`DTSTART:${compact(startOf(special, '21:00'))}`);

    // reminders follow the new time; the old 1-hour time passes silently
    expect(await reminders(alice, '특강')).toHaveLength(1);
    await at(new Date(startOf(special, '21:00').getTime() - 24 * HOUR + 1000));
    expect(await reminders(alice, '특강')).toHaveLength(2);
    await at(new Date(startOf(special, '19:00').getTime() - HOUR + 1000));
    expect(await reminders(alice, '특강')).toHaveLength(2);
    await at(new Date(startOf(special, '21:00').getTime() - HOUR + 1000));
    expect(await reminders(alice, '특강')).toHaveLength(3);
    expect(date()).toBe(addWeek(day));
  });

  it('cancelled: METHOD:CANCEL with the same UID to whoever holds it, and no reminder after', async () => {
    const again = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/events`,
      headers: leader.headers,
      payload: { title: '번개 모임', date: addWeek(addWeek(second.date)), startTime: '19:00', endTime: '21:00', location: 'online' },
    });
    const s = again.body.data as { id: string; date: string };
    await at(new Date(startOf(s, '19:00').getTime() - 24 * HOUR + 1000));
    const r = await t.call({ method: 'DELETE', url: `/api/studies/${study.id}/events/${s.id}`, headers: leader.headers });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    expect(await reminders(alice, '번개 모임')).toHaveLength(1);
    await at(now);
    const cancel = (await mails(alice)).find((m) => icsOf(m).includes(`UID:${s.id}@moim`) && /^METHOD:CANCEL\r?$/m.test(icsOf(m)));
    expect(cancel, 'the cancellation').toBeTruthy();
    expect(icsOf(cancel!)).toMatch(/^SEQUENCE:1\r?$/m);
    expect(icsOf(cancel!)).toContain('STATUS:CANCELLED');
    await at(new Date(startOf(s, '19:00').getTime() - HOUR + 1000));
    expect(await reminders(alice, '번개 모임')).toHaveLength(1);
  });
});

describe('an expired subscription', () => {
  it('is removed when its push service answers 410', async () => {
    laptop.status = 410;
    const devices = async () => (await get('/api/notifications/push/devices', alice)).body.data.devices as number;
    expect(await devices()).toBe(2);
    const third = (await sessions(study)).at(-1)!;
    await at(new Date(startOf(third).getTime() - 24 * HOUR + 1000));
    expect(await devices()).toBe(1);
    expect(pushesTo('alice-phone').length).toBeGreaterThan(0);
    const phoneBefore = pushesTo('alice-phone').length;
    await at(new Date(startOf(third).getTime() - HOUR + 1000));
    expect(pushesTo('alice-phone')).toHaveLength(phoneBefore + 1);
    expect(await devices()).toBe(1);
  });

  it('is forgotten when the member turns notifications off on the device', async () => {
    const r = await t.call({
      method: 'DELETE',
      url: '/api/notifications/push/subscription',
      headers: alice.headers,
      payload: { endpoint: phone.endpoint },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.devices).toBe(0);
  });
});

function addWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
}

/** 20261207T110000Z */
function compact(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
