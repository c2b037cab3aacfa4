/**
 * Helpers for the payments tests: users with tokens, a clock the tests move, applications of the
 * real studies module in every state a payment meets (made through its HTTP API), and driving the
 * built-in gateway's hosted checkout the way a browser does.
 */
import { TEST_CARDS, addDays, seoulDate, type Application, type ApplicationStatus, type Study } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/support.ts';
import type { Clock } from '../../clock.ts';
import { signInWithSecondFactor } from '../auth/second-factor-test-kit.ts';
import type { ApplicationForPayment } from '../studies/index.ts';

export const CARD: { approve: string; decline: string; network: string } = {
  approve: TEST_CARDS[0].number,
  decline: TEST_CARDS[1].number,
  network: TEST_CARDS[2].number,
};

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
  auth: { authorization: string };
}

export async function makeUser(t: TestApp, opts: { name?: string; admin?: boolean } = {}): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const name = opts.name ?? `회원${tag.slice(0, 4)}`;
  const email = `pay-${tag}@example.com`;
  const u = await t.api.users.createUser({
    email,
    name,
    password: `pw-${tag}-long-enough!`,
    admin: opts.admin ?? false,
    checkPolicy: false,
  });
  // an admin has a second factor and signs in through it (docs/accounts-factors.md "Second factor")
  const token = opts.admin
    ? (await signInWithSecondFactor(t, u.id)).accessToken
    : await t.ctx.tokens.sign({ id: u.id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });
  return { id: u.id, email, name, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A clock the tests move: the real time plus an offset, handed to the studies, payments and
 * calendar modules, so a payment deadline or a study's start passes without waiting and without
 * writing the modules' rows.
 */
export interface TestClock {
  readonly now: Clock;
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  /** Moves time to `at`. */
  set(at: Date): void;
  /** Back to the real time. */
  reset(): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => void (offset += ms),
    set: (at) => void (offset = at.getTime() - Date.now()),
    reset: () => void (offset = 0),
  };
}

/** A test app on the real studies module whose studies, payments and calendar read `clock`. */
export async function createPaymentsTestApp(opts: TestAppOptions = {}): Promise<{ t: TestApp; clock: TestClock }> {
  const clock = testClock();
  const t = await createTestApp({
    ...opts,
    overrides: { ...opts.overrides, studiesClock: clock.now, paymentsClock: clock.now, calendarClock: clock.now },
  });
  return { t, clock };
}

/** What a study is made with (paidStudy): the fee, the deposit, its dates and payment deadline. */
export interface StudyTerms {
  /** the fee in KRW (0: a free study) */
  cost?: number;
  /** the refundable deposit the leader asks on top of the fee (docs/deposits.md) */
  deposit?: number;
  title?: string;
  startInDays?: number;
  /** YYYY-MM-DD (Asia/Seoul); default `startInDays` from today, and four weeks after the start */
  startDate?: string;
  endDate?: string;
  paymentDeadlineHours?: number;
}

/** An application as the studies module describes it to payments, and whether its applicant is an enrolled member. */
export type ApplicationState = ApplicationForPayment & { member: boolean };

/**
 * Applications of the real studies module in the states a payment meets, made through the HTTP
 * API (a study of its own per application, proposed by `leader` and approved by `admin`), read
 * back through the studies interface payments receives. Deadlines pass by moving `clock`.
 * `env` is read at each call (the test's beforeAll fills it).
 */
export function studyApplications(env: () => { t: TestApp; leader: TestUser; admin: TestUser; clock: TestClock }) {
  const journey = studiesJourney(env);
  const payUrl = (a: { studyId: string; applicationId: string }) => `/api/studies/${a.studyId}/applications/${a.applicationId}/payment`;

  async function read(applicationId: string): Promise<ApplicationForPayment> {
    const a = await env().t.api.studies.getApplicationForPayment(applicationId);
    if (!a) throw new Error(`no application ${applicationId}`);
    return a;
  }

  async function study(terms: StudyTerms = {}): Promise<Study> {
    const { t, leader } = env();
    const s = await journey.paidStudy(terms.cost ?? 30_000, terms.startInDays ?? 14, terms);
    if (terms.deposit) {
      const r = await t.call({
        method: 'PUT',
        url: `/api/studies/${s.id}/deposit`,
        headers: leader.auth,
        payload: { amount: terms.deposit, late: 'HALF', excused: 'FULL', forfeit: 'STUDY' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    return s;
  }

  /** A PENDING application of a new study. */
  async function pending(u: TestUser, terms: StudyTerms = {}): Promise<ApplicationForPayment> {
    return read((await journey.applied(await study(terms), u)).applicationId);
  }

  /** An application accepted by the leader of a new study: ACCEPTED with its deadline (CONFIRMED at once when free). */
  async function accepted(u: TestUser, terms: StudyTerms = {}): Promise<ApplicationForPayment> {
    return read((await journey.accepted(await study(terms), u)).applicationId);
  }

  /** Moves the clock just past the application's payment deadline. */
  function passDeadline(a: ApplicationForPayment, byMs = 1000): void {
    const { clock } = env();
    clock.advance(a.paymentDeadline!.getTime() - clock.now().getTime() + byMs);
  }

  /** Card checkout and confirm: CONFIRMED, a member; returns the order. */
  async function paid(u: TestUser, terms: StudyTerms = {}): Promise<{ a: ApplicationForPayment; orderId: string }> {
    const { t } = env();
    const a = await accepted(u, terms);
    const start = await t.call({ method: 'POST', url: payUrl(a), headers: u.auth, payload: { method: 'CARD' } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const r = await payOnCheckoutPage(t, start.body.data.checkoutUrl, CARD.approve);
    const c = await journey.confirm(u, { paymentKey: r.params.paymentKey, orderId: r.params.orderId, amount: Number(r.params.amount) });
    expect(c.body.data?.status, JSON.stringify(c.body)).toBe('DONE');
    return { a: await read(a.applicationId), orderId: r.params.orderId! };
  }

  /** An application in `status`, reached the way a person reaches it. */
  async function inState(u: TestUser, status: ApplicationStatus, terms: StudyTerms = {}): Promise<ApplicationForPayment> {
    const { t, leader, admin, clock } = env();
    switch (status) {
      case 'PENDING':
        return pending(u, terms);
      case 'ACCEPTED':
        return accepted(u, terms);
      case 'REJECTED': {
        const a = await pending(u, terms);
        const r = await t.call({
          method: 'POST',
          url: `/api/studies/${a.studyId}/applications/${a.applicationId}/reject`,
          headers: leader.auth,
          payload: { reviewNote: '이번에는 함께하기 어렵습니다.' },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return read(a.applicationId);
      }
      case 'CANCELLED': {
        const a = await accepted(u, terms);
        const r = await t.call({
          method: 'DELETE',
          url: `/api/studies/${a.studyId}/applications/${a.applicationId}?applicantId=${u.id}`,
          headers: u.auth,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return read(a.applicationId);
      }
      case 'EXPIRED': {
        // a deadline of its own an hour ahead (the shortest a study may set), passed: the studies
        // module's expiry job runs at it and ends the hold; other applications' deadlines are days away
        const a = await accepted(u, { ...terms, paymentDeadlineHours: 1 });
        passDeadline(a);
        try {
          await t.ctx.jobs.drain(clock.now());
        } finally {
          clock.reset();
        }
        return read(a.applicationId);
      }
      case 'PAYMENT_PENDING': {
        const a = await accepted(u, terms);
        expect((await t.call({ method: 'POST', url: payUrl(a), headers: u.auth, payload: { method: 'BANK_TRANSFER' } })).status).toBe(200);
        expect((await t.call({ method: 'POST', url: `${payUrl(a)}/notify-deposit`, headers: u.auth, payload: {} })).status).toBe(200);
        return read(a.applicationId);
      }
      case 'CONFIRMED':
        return (await paid(u, terms)).a;
      case 'REFUNDED': {
        const { a, orderId } = await paid(u, terms);
        const p = await t.call({ method: 'GET', url: `/api/payments/${orderId}`, headers: admin.auth });
        const r = await t.call({
          method: 'POST',
          url: `/api/admin/payments/${p.body.data.id}/refund`,
          headers: admin.auth,
          payload: { reason: '시작 전 환불' },
        });
        expect(r.body.data?.applicationStatus, JSON.stringify(r.body)).toBe('REFUNDED');
        return read(a.applicationId);
      }
      default:
        throw new Error(`no way to an application in ${status} here`);
    }
  }

  /** The application as the studies module holds it now, and whether its applicant is an active member. */
  async function state(a: { studyId: string; applicationId: string }): Promise<ApplicationState> {
    const { t, leader } = env();
    const app = await read(a.applicationId);
    const members = await t.call({ method: 'GET', url: `/api/studies/${a.studyId}/members?active=true&size=100`, headers: leader.auth });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    const ids = (members.body.data.content as Array<{ memberId: string }>).map((m) => m.memberId);
    return { ...app, member: ids.includes(app.applicantId) };
  }

  return { study, pending, accepted, paid, inState, passDeadline, state };
}

/** The hosted checkout, as a browser submits it: returns where the gateway redirected. */
export async function payOnCheckoutPage(t: TestApp, checkoutUrl: string, cardNumber: string, action: 'pay' | 'cancel' = 'pay') {
  const page = await t.call({ method: 'GET', url: checkoutUrl });
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}: ${String(page.body).slice(0, 300)}`);
  const q = new URL(checkoutUrl, 'http://x').searchParams;
  const form = new URLSearchParams(q);
  form.set('cardNumber', cardNumber);
  form.set('action', action);
  const res = await t.call({
    method: 'POST',
    url: '/api/payments/test-gateway/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const location = String(res.headers.location ?? '');
  const params = location ? Object.fromEntries(new URL(location, 'http://x').searchParams) : {};
  return { status: res.status, location, params, html: typeof res.body === 'string' ? res.body : '' };
}

/**
 * The payer's side through HTTP, for any application (`{ studyId, applicationId }`): start a card payment, go through the hosted checkout, confirm, read the
 * payment. `env` is read at each call (the test's beforeAll fills it).
 */
export function payerJourney(env: () => { t: TestApp; admin: TestUser }) {
  type AppRef = { studyId: string; applicationId: string };
  const payUrl = (a: AppRef) => `/api/studies/${a.studyId}/applications/${a.applicationId}/payment`;

  function startCard(u: TestUser, a: AppRef) {
    // the browser's Origin: return addresses follow the address the payer opened (http/origin.ts)
    return env().t.call({
      method: 'POST',
      url: payUrl(a),
      headers: { ...u.auth, origin: 'http://localhost:3000' },
      payload: { method: 'CARD' },
    });
  }

  function confirm(u: TestUser, body: Record<string, unknown>) {
    return env().t.call({ method: 'POST', url: '/api/payments/confirm', headers: u.auth, payload: body });
  }

  /** Start a card payment and go through the hosted checkout; returns the success redirect's values. */
  async function checkout(u: TestUser, a: AppRef, card: string = CARD.approve) {
    const start = await startCard(u, a);
    expect(start.status).toBe(200);
    const r = await payOnCheckoutPage(env().t, start.body.data.checkoutUrl, card);
    expect(r.status).toBe(303);
    return { paymentKey: r.params.paymentKey!, orderId: r.params.orderId!, amount: Number(r.params.amount) };
  }

  async function payment(orderId: string, u?: TestUser): Promise<any> {
    const { t, admin } = env();
    return (await t.call({ method: 'GET', url: `/api/payments/${orderId}`, headers: (u ?? admin).auth })).body.data;
  }

  return { payUrl, startCard, confirm, checkout, payment };
}

/**
 * The real studies module through its HTTP API, for journeys and races: a paid study approved by
 * an admin, applications accepted by its leader, the card checkout, the confirm and what the
 * studies module then tells. `env` is read at each call (the test's beforeAll fills it).
 */
export function studiesJourney(env: () => { t: TestApp; leader: TestUser; admin: TestUser }) {
  const payUrl = (s: Study, a: Application) => `/api/studies/${s.id}/applications/${a.applicationId}/payment`;

  /** A study approved by the admin: paid (free when `cost` is 0), starting in `startInDays` unless `more` gives its dates. */
  async function paidStudy(
    cost = 30_000,
    startInDays = 14,
    more: Pick<StudyTerms, 'title' | 'startDate' | 'endDate' | 'paymentDeadlineHours'> = {},
  ): Promise<Study> {
    const { t, leader, admin } = env();
    const today = seoulDate(new Date());
    const start = more.startDate ?? addDays(today, startInDays);
    const r = await t.call({
      method: 'POST',
      url: '/api/studies',
      headers: leader.auth,
      payload: {
        title: more.title ?? `유료 스터디 ${Math.random().toString(36).slice(2, 7)}`,
        generation: 1,
        type: 'PARTICIPATORY',
        welcomeMessage: '함께 공부해요!',
        scheduleDetails: { weekdays: ['TUE'], startTime: '20:00', endTime: '22:00' },
        location: { type: 'ONLINE' },
        capacity: 30,
        recruitDeadline: addDays(start, -1) > today ? addDays(start, -1) : addDays(today, 1),
        startDate: start,
        endDate: more.endDate ?? addDays(start, 28),
        recurrenceType: 'WEEKLY',
        ...(cost > 0 ? { costType: 'PAID', cost } : { costType: 'FREE', cost: 0 }),
        ...(more.paymentDeadlineHours ? { paymentDeadlineHours: more.paymentDeadlineHours } : {}),
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const ok = await t.call({
      method: 'POST',
      url: `/api/studies/${r.body.data.id}/status`,
      headers: admin.auth,
      payload: { action: 'APPROVE' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    return ok.body.data as Study;
  }

  async function applied(study: Study, u: TestUser): Promise<Application> {
    const r = await env().t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/applications`,
      headers: u.auth,
      payload: { motivation: '열심히 참여하겠습니다.' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data as Application;
  }

  async function accepted(study: Study, u: TestUser): Promise<Application> {
    const a = await applied(study, u);
    const { t, leader } = env();
    const r = await t.call({
      method: 'POST',
      url: `/api/studies/${study.id}/applications/${a.applicationId}/accept`,
      headers: leader.auth,
      payload: {},
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Application;
  }

  async function cardCheckout(s: Study, a: Application, u: TestUser, card: string = CARD.approve) {
    const { t } = env();
    const start = await t.call({ method: 'POST', url: payUrl(s, a), headers: u.auth, payload: { method: 'CARD' } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const r = await payOnCheckoutPage(t, start.body.data.checkoutUrl, card);
    return { paymentKey: r.params.paymentKey!, orderId: r.params.orderId!, amount: Number(r.params.amount) };
  }

  const confirm = (u: TestUser, body: object) =>
    env().t.call({ method: 'POST', url: '/api/payments/confirm', headers: u.auth, payload: body });

  const application = async (s: Study, a: Application, u: TestUser) =>
    (await env().t.call({ method: 'GET', url: `/api/studies/${s.id}/applications/${a.applicationId}`, headers: u.auth })).body
      .data as Application;

  const activeMembers = async (s: Study) =>
    (
      (await env().t.call({ method: 'GET', url: `/api/studies/${s.id}/members?active=true&size=100`, headers: env().leader.auth })).body
        .data.content as Array<{ memberId: string }>
    ).map((m) => m.memberId);

  return { payUrl, paidStudy, applied, accepted, cardCheckout, confirm, application, activeMembers };
}
