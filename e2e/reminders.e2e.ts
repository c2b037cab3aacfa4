/**
 * A session reminder reaches a member's browser by web push, through the real built site:
 * the member allows notifications on the settings page and picks "10 minutes before" for their
 * study there; the server's reminder job sends an encrypted push (RFC 8291, VAPID) to the push
 * service the browser subscribed with; the browser's service worker shows it.
 *
 * The one outside part is the browser vendor's push service (Google's, for Chromium), which this
 * machine cannot reach: the page's `PushManager.subscribe` answers with a subscription at a push
 * service this test runs (apps/server/test/push-endpoint.ts: it checks the VAPID token and
 * decrypts with the keys it gave the page), the server is allowed to reach it as an operator
 * allows a push service on their own network (WEB_PUSH_PRIVATE_SERVICES), and what it decrypts
 * is handed to the page's real service worker as the browser's push service would hand it
 * (the DevTools protocol's ServiceWorker.deliverPushMessage). Everything else is the product's.
 *
 * Sessions start on the minute (HH:MM), so the reminder becomes due 90–150 s after the study is
 * made: the test waits for it (no fixed sleep).
 */
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type PushEndpoint, type TestDevice, startPushEndpoint } from '../apps/server/test/push-endpoint.ts';
import { DEMO, apiJson, apiLogin, signIn, uniqueEmail } from './support/accounts.ts';
import { baseURL, useBrowser } from './support/browser.ts';

const b = useBrowser();
let push: PushEndpoint;
let device: TestDevice;

const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
/** Seoul's date and HH:MM of an instant. */
const seoul = (at: Date) => {
  const s = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
};

beforeAll(async () => {
  push = await startPushEndpoint(inject('pushPort'));
  device = push.device('member-laptop');
});
afterAll(async () => {
  await push?.close();
});

describe('session reminders by web push', () => {
  it('a member allows notifications and picks 10 minutes before; the reminder arrives on the device', { timeout: 300_000 }, async () => {
    const leader = await apiLogin(DEMO.leader.email, DEMO.leader.password);
    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    const password = `moim-e2e-${Date.now().toString(36)}-pw!`;
    const registered = await apiJson<{ accessToken: string; refreshToken: string; user: Record<string, unknown> }>('/api/users/register', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('push'), password, name: '알림회원' }),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const member = registered.body.data;

    // a one-time study whose session starts on the minute at least 11 min 30 s from now (the member's
    // choice below is saved well before its reminder is due, on a loaded machine too)
    const start = new Date(Math.ceil((Date.now() + 10 * 60_000 + 90_000) / 60_000) * 60_000);
    const { date, time } = seoul(start);
    const end = seoul(new Date(start.getTime() + 60 * 60_000));
    const endTime = end.date === date ? end.time : '23:59';
    const title = `E2E 푸시 알림 ${Date.now().toString(36)}`;
    const proposed = await apiJson<{ id: string }>('/api/studies', {
      method: 'POST',
      token: leader.accessToken,
      body: JSON.stringify({
        title,
        generation: 1,
        tagline: '웹 푸시 알림을 시험하는 스터디',
        type: 'ONE_TIME',
        welcomeMessage: '어서 오세요!',
        scheduleDetails: { weekdays: [WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]], startTime: time, endTime },
        location: { type: 'ONLINE' },
        capacity: 5,
        recruitDeadline: date,
        startDate: date,
        endDate: date,
        recurrenceType: 'ONE_TIME',
        costType: 'FREE',
      }),
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const studyId = proposed.body.data.id;
    const approve = await apiJson(`/api/studies/${studyId}/status`, {
      method: 'POST',
      token: admin.accessToken,
      body: JSON.stringify({ action: 'APPROVE' }),
    });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    const applied = await apiJson<{ applicationId: string }>(`/api/studies/${studyId}/applications`, {
      method: 'POST',
      token: member.accessToken,
      body: JSON.stringify({ motivation: '알림을 받아 보고 싶어요.' }),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const accepted = await apiJson(`/api/studies/${studyId}/applications/${applied.body.data.applicationId}/accept`, {
      method: 'POST',
      token: leader.accessToken,
      body: '{}',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // the browser: notifications allowed; its push service is the test's (see above)
    await b.context.grantPermissions(['notifications'], { origin: baseURL });
    await b.context.addInitScript((sub) => {
      const KEY = 'e2e-push-subscribed';
      const subscription = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem(KEY, '1');
        return subscription() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(KEY) ? subscription() : null) as unknown as PushSubscription | null;
      };
    }, device.subscription);
    await signIn(b.context, member);
    const page = b.page;
    await page.goto('/notifications/settings');
    await page.getByRole('button', { name: '이 기기에서 알림 받기' }).click();
    await page.getByText('이 기기에서 알림을 받고 있어요.').waitFor();
    await page.getByText('알림을 받는 기기: 1대').waitFor();

    // this study: 10 minutes before only (the defaults, a day and an hour before, turned off)
    const study = page.getByRole('group', { name: title });
    for (const label of ['하루 전', '1시간 전']) {
      const box = study.getByRole('checkbox', { name: label });
      if (await box.isChecked()) {
        await box.uncheck();
        await expect.poll(() => box.isDisabled()).toBe(false);
      }
    }
    await study.getByRole('checkbox', { name: '10분 전' }).check();
    await expect
      .poll(
        async () =>
          (await apiJson<{ offsets: number[] }>(`/api/studies/${studyId}/reminders`, { token: member.accessToken })).body.data.offsets,
      )
      .toEqual([10]);

    // the reminder job pushes to the device once the time comes
    // (this study's push: a retried attempt may still receive the earlier attempt's)
    const ours = () => push.received.filter((p) => p.device === device.name && p.text.includes(title));
    await expect.poll(() => ours().length, { timeout: 200_000, interval: 1_000 }).toBe(1);
    expect(push.rejected).toEqual([]);
    const [pushed] = ours();
    const message = JSON.parse(pushed!.text) as { title: string; body: string; url: string; tag: string };
    expect(message.title).toContain('스터디 일정이 시작됩니다');
    expect(message.body).toContain(title);

    // … and the page's service worker shows it, as the browser's push service would have made it
    // (to the registration whose worker is activated; delivered again until shown, as a push
    // service retries: the reminder's tag makes a second delivery replace the first)
    const cdp: CDPSession = await b.context.newCDPSession(page);
    const registrations = new Map<string, string>();
    const activated = new Set<string>();
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        for (const r of e.registrations) {
          if (r.isDeleted) registrations.delete(r.registrationId);
          else if (r.scopeURL.startsWith(baseURL)) registrations.set(r.registrationId, r.scopeURL);
        }
      },
    );
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: { registrationId: string; status: string }[] }) => {
      for (const v of e.versions) if (v.status === 'activated') activated.add(v.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const target = async () => {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      return [...registrations.keys()].find((id) => activated.has(id));
    };
    await expect.poll(target, { timeout: 15_000 }).toBeTruthy();
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
      );
    const deliveredAndShown = async () => {
      const now = await shown();
      if (now.length === 0)
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId: (await target())!, data: pushed!.text });
      return now;
    };
    await expect.poll(deliveredAndShown, { timeout: 20_000, interval: 1_000 }).toEqual([{ title: message.title, body: message.body }]);

    // the inbox has the same reminder
    const inbox = await apiJson<{ content: { type: string; body: string }[] }>('/api/notifications?size=20', { token: member.accessToken });
    expect(inbox.body.data.content.filter((n) => n.type === 'SESSION_REMINDER' && n.body.includes(title))).toHaveLength(1);
  });
});
