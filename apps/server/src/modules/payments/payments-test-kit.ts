/**
 * Helpers for the payments tests: users with tokens, a stand-in for the studies module's payment
 * hooks (for the rules that need a clock or states the studies API cannot reach quickly), and
 * driving the built-in gateway's hosted checkout the way a browser does.
 */
import { TEST_CARDS, addDays, seoulDate, type Application, type ApplicationStatus, type Study } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/support.ts';
import { signInWithSecondFactor } from '../auth/second-factor-test-kit.ts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApplicationForPayment, DepositFacts } from '../studies/index.ts';
import type { StudiesPaymentHooks } from './ports.ts';

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

/** An application as the studies module describes it to payments (the real type). */
export type FakeApplication = ApplicationForPayment;

/** A stand-in application as the tests read it back: the application and whether its member is enrolled. */
export type FakeApplicationState = FakeApplication & { member: boolean };

const TABLE = sql.raw('test_fake_study_applications');

/**
 * The studies module's payment hooks, for the rules that need a state or a deadline the studies
 * API cannot reach quickly. It implements the real `StudiesPaymentHooks` type (the compiler
 * checks it) and keeps its applications in a table of the test's own database, read and written
 * through the caller's transaction with a row lock, like the real hooks: a payment transaction
 * that rolls back leaves the application as it was, and two confirmations of one application
 * queue on its lock. The races themselves run against the real studies module (races.test.ts).
 */
export class FakeStudies implements StudiesPaymentHooks {
  private database: Db | null = null;

  /** the test app's database (set by `init` once the app exists: the app is built with the stand-in) */
  private get db(): Db {
    if (!this.database) throw new Error('FakeStudies.init(db) first');
    return this.database;
  }

  /** Attaches the test app's database and creates the stand-in's table there. */
  async init(db: Db): Promise<this> {
    this.database = db;
    await this.db.execute(
      sql`create table if not exists ${TABLE} (id uuid primary key, doc jsonb not null, member boolean not null default false, confirm_calls int not null default 0)`,
    );
    return this;
  }

  async add(applicant: TestUser, o: Partial<FakeApplication> = {}): Promise<FakeApplication> {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const a: FakeApplication = {
      applicationId: crypto.randomUUID(),
      studyId: crypto.randomUUID(),
      studyTitle: '테코테코 1기',
      studySlug: 'fake-study',
      studyStatus: 'APPROVED',
      studyStartDate: day(14),
      applicantId: applicant.id,
      applicantName: applicant.name,
      status: 'ACCEPTED',
      amount: 30_000,
      depositAmount: 0,
      paymentDeadline: new Date(Date.now() + 72 * 3600_000),
      paidAmount: null,
      checkoutId: null,
      confirmedAt: null,
      ...o,
    };
    await this.db.execute(sql`insert into ${TABLE} (id, doc) values (${a.applicationId}, ${JSON.stringify(a)}::jsonb)`);
    return a;
  }

  private async read(db: DbOrTx, id: string, lock = false): Promise<FakeApplicationState | null> {
    const r = await db.execute(sql`select doc, member from ${TABLE} where id = ${id} ${lock ? sql`for update` : sql``}`);
    const row = r.rows[0] as { doc: Record<string, unknown>; member: boolean } | undefined;
    if (!row) return null;
    const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
    const doc = typeof row.doc === 'string' ? (JSON.parse(row.doc) as Record<string, unknown>) : row.doc;
    return {
      ...(doc as unknown as FakeApplication),
      paymentDeadline: date(doc.paymentDeadline),
      confirmedAt: date(doc.confirmedAt),
      member: row.member,
    };
  }

  private async write(db: DbOrTx, id: string, patch: Partial<FakeApplication>, extra = sql``): Promise<void> {
    await db.execute(sql`update ${TABLE} set doc = doc || ${JSON.stringify(patch)}::jsonb ${extra} where id = ${id}`);
  }

  /** The application as it stands (committed, or as the given transaction sees it). */
  async app(id: string): Promise<FakeApplicationState> {
    const a = await this.read(this.db, id);
    if (!a) throw new Error(`no stand-in application ${id}`);
    return a;
  }

  /** Arrange a state or a deadline directly. */
  async set(id: string, patch: Partial<FakeApplication>): Promise<void> {
    await this.write(this.db, id, patch);
  }

  /** How many confirmations of applications were committed. */
  async confirmCalls(): Promise<number> {
    const r = await this.db.execute(sql`select coalesce(sum(confirm_calls), 0)::int as n from ${TABLE}`);
    return Number((r.rows[0] as { n: number }).n);
  }

  private run<T>(tx: Tx | undefined, fn: (t: DbOrTx) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : this.db.transaction(fn);
  }

  private async lock(t: DbOrTx, id: string, from: ApplicationStatus[]): Promise<FakeApplicationState> {
    const a = await this.read(t, id, true);
    if (!a) throw new AppError('BIZ-3001');
    if (!from.includes(a.status)) throw new AppError('BIZ-3002', undefined, { status: a.status });
    return a;
  }

  async getApplicationForPayment(id: string, tx?: Tx): Promise<FakeApplication | null> {
    const a = await this.read(tx ?? this.db, id);
    if (!a) return null;
    const { member: _member, ...app } = a;
    return app;
  }
  async confirmPaidApplication(tx: Tx, id: string, paidAmount: number, checkoutId?: string): Promise<void> {
    const a = await this.lock(tx, id, ['ACCEPTED', 'PAYMENT_PENDING']);
    if (paidAmount < a.amount) throw new AppError('BIZ-3003', undefined, { reason: 'AMOUNT_MISMATCH' });
    await this.write(
      tx,
      id,
      { status: 'CONFIRMED', paidAmount, confirmedAt: new Date(), ...(checkoutId ? { checkoutId } : {}) },
      sql`, member = true, confirm_calls = confirm_calls + 1`,
    );
  }
  async markPaymentPending(id: string, tx?: Tx): Promise<void> {
    await this.run(tx, async (t) => {
      await this.lock(t, id, ['ACCEPTED']);
      await this.write(t, id, { status: 'PAYMENT_PENDING' });
    });
  }
  async returnToAccepted(id: string, tx?: Tx): Promise<'ACCEPTED' | 'EXPIRED'> {
    return this.run(tx, async (t) => {
      await this.lock(t, id, ['PAYMENT_PENDING']);
      await this.write(t, id, { status: 'ACCEPTED' });
      return 'ACCEPTED' as const;
    });
  }
  async refundApplication(id: string, tx?: Tx): Promise<void> {
    await this.run(tx, async (t) => {
      await this.lock(t, id, ['CONFIRMED']);
      await this.write(t, id, { status: 'REFUNDED' }, sql`, member = false`);
    });
  }
  async setCheckoutId(id: string, checkoutId: string, tx?: Tx): Promise<void> {
    await this.write(tx ?? this.db, id, { checkoutId });
  }
  /** a study's deposit facts as a test arranges them (deposits.test.ts runs them on the real module) */
  readonly deposits = new Map<string, DepositFacts>();
  async depositFacts(studyId: string): Promise<DepositFacts | null> {
    return this.deposits.get(studyId) ?? null;
  }
}

/**
 * An app whose payments module receives the stand-in studies hooks (same interface type), handed
 * in through `createTestApp({ overrides })`; the stand-in then keeps its applications in that
 * app's database.
 */
export async function createAppWithFakeStudies(opts: TestAppOptions = {}): Promise<{ t: TestApp; fake: FakeStudies }> {
  const fake = new FakeStudies();
  const t = await createTestApp({ ...opts, overrides: { ...opts.overrides, paymentsStudies: fake } });
  await fake.init(t.ctx.db);
  return { t, fake };
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
 * The payer's side through HTTP, for applications of the stand-in (or any `{ studyId,
 * applicationId }`): start a card payment, go through the hosted checkout, confirm, read the
 * payment. `env` is read at each call (the test's beforeAll fills it).
 */
export function fakeJourney(env: () => { t: TestApp; admin: TestUser }) {
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

  async function paidStudy(cost = 30_000, startInDays = 14): Promise<Study> {
    const { t, leader, admin } = env();
    const today = seoulDate(new Date());
    const start = addDays(today, startInDays);
    const r = await t.call({
      method: 'POST',
      url: '/api/studies',
      headers: leader.auth,
      payload: {
        title: `유료 스터디 ${Math.random().toString(36).slice(2, 7)}`,
        generation: 1,
        type: 'PARTICIPATORY',
        welcomeMessage: '함께 공부해요!',
        scheduleDetails: { weekdays: ['TUE'], startTime: '20:00', endTime: '22:00' },
        location: { type: 'ONLINE' },
        capacity: 30,
        recruitDeadline: addDays(today, Math.max(1, startInDays - 1)),
        startDate: start,
        endDate: addDays(start, 28),
        recurrenceType: 'WEEKLY',
        costType: 'PAID',
        cost,
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
