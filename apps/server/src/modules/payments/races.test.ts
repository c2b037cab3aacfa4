/**
 * The payment races on the real studies module (its payment hooks, row locks and seat counts),
 * through the HTTP API, on PGlite and — with DATABASE_URL — on PostgreSQL, where the requests
 * really run in parallel on a pool of connections:
 * - concurrent starts of one application leave one open card order;
 * - concurrent confirms of one order charge once: one DONE payment, one membership, one seat;
 * - the payment deadline expiring the seat while a confirmation is under way never leaves money
 *   taken for an expired seat, nor a paid seat without a member.
 * The deadline passes on the studies and payments modules' clock (the test moves it), never by waiting.
 */
import type { Application, Study } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import type { PaymentProvider } from '../../providers/payments/index.ts';
import { createPaymentsTestApp, makeUser, studiesJourney, type TestClock, type TestUser } from './payments-test-kit.ts';

const ON_PG = Boolean(process.env.DATABASE_URL);
/** How many requests at once (PGlite has one connection and serializes them; PostgreSQL does not). */
const N = ON_PG ? 20 : 5;

let t: TestApp;
let clock: TestClock;
let admin: TestUser;
let leader: TestUser;

beforeAll(async () => {
  // what is under test is who gets each seat, not the request's database budget (1.5 s by
  // default, tested in db/guard.test.ts and the fault suite): 20 transactions at once queue
  // for 10 connections and each other's row locks, past 1.5 s on a busy 2-core machine
  ({ t, clock } = await createPaymentsTestApp({ env: { DB_REQUEST_BUDGET_MS: '20000' } }));
  admin = await makeUser(t, { admin: true, name: '관리자' });
  leader = await makeUser(t, { name: '리더' });
});
afterEach(() => clock.reset());
afterAll(() => t.close());

const { paidStudy, accepted, payUrl, cardCheckout, confirm, application, activeMembers } = studiesJourney(() => ({ t, leader, admin }));

async function count(q: ReturnType<typeof sql>): Promise<number> {
  return Number(((await t.ctx.db.execute(q)).rows[0] as { n: number }).n);
}

const memberCount = async (s: Study) => (await t.call({ method: 'GET', url: `/api/studies/${s.id}/members/count` })).body.data.count;
const seatsTaken = (s: Study) => count(sql`select seats_taken::int as n from studies where id = ${s.id}`);
const gatewayStatus = async (orderId: string) => (await t.api.payments.provider.findByOrderId(orderId))?.status ?? null;
const paymentOf = async (orderId: string) =>
  (await t.call({ method: 'GET', url: `/api/payments/${orderId}`, headers: admin.auth })).body.data as {
    status: string;
    refundedAmount: number;
    refundStatus: string;
    amount: number;
  };

/**
 * Moves the payment deadline of these applications (and of their payments, which carry the
 * deadline they were started with) to `at` (an SQL expression of now()).
 */
async function moveDeadline(applicationIds: string[], at: ReturnType<typeof sql>): Promise<void> {
  const ids = sql.join(
    applicationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await t.ctx.db.execute(sql`update study_applications set payment_deadline = ${at} where id in (${ids})`);
  await t.ctx.db.execute(sql`update payments set deadline = ${at} where application_id in (${ids})`);
}

/** How many of these applications the expiry has ended. */
function expiredOf(applicationIds: string[]): Promise<number> {
  const ids = sql.join(
    applicationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return count(sql`select count(*)::int as n from study_applications where id in (${ids}) and status = 'EXPIRED'`);
}

/** Waits until `condition` holds, asking again as soon as the event loop is free. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((r) => setImmediate(r));
}

/** The scheduled expiry as the server runs it: the studies module's due jobs, then the payments sweep. */
async function runExpiry(): Promise<void> {
  await t.ctx.jobs.drain(new Date(Date.now() + 30 * 86_400_000));
  await t.api.payments.sweep();
}

async function expireNow(a: Application): Promise<void> {
  await moveDeadline([a.applicationId], sql`now() - interval '1 second'`);
  await runExpiry();
}

/**
 * Holds the provider's approval until `release()`: `entered` resolves once a confirmation has
 * claimed the payment and reached the provider (the real gateway still does the work).
 */
function holdProviderConfirm(provider: PaymentProvider) {
  const real = provider.confirm.bind(provider);
  let release!: () => void;
  let signal!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const entered = new Promise<void>((r) => (signal = r));
  provider.confirm = async (req, key) => {
    signal();
    await gate;
    return real(req, key);
  };
  return { entered, release, restore: () => void (provider.confirm = real) };
}

describe(`races on the real studies module (${ON_PG ? 'PostgreSQL' : 'PGlite'}, ${N} at once)`, () => {
  it(`${N} concurrent starts leave one open card order; every start answers it and the application records it`, async () => {
    const s = await paidStudy();
    const m = await makeUser(t);
    const a = await accepted(s, m);
    const rs = await Promise.all(
      Array.from({ length: N }, () => t.call({ method: 'POST', url: payUrl(s, a), headers: m.auth, payload: { method: 'CARD' } })),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(N).fill(200));
    const orderIds = new Set(rs.map((r) => r.body.data.orderId));
    expect(orderIds.size).toBe(1);
    expect(await count(sql`select count(*)::int as n from payments where application_id = ${a.applicationId}`)).toBe(1);
    expect((await application(s, a, m)).checkoutId).toBe([...orderIds][0]);
    expect((await application(s, a, m)).status).toBe('ACCEPTED');
  });

  it(`${N} concurrent confirms charge once: one DONE payment, one approval, one membership, one seat`, async () => {
    const s = await paidStudy();
    const m = await makeUser(t);
    const a = await accepted(s, m);
    const c = await cardCheckout(s, a, m);
    const rs = await Promise.all(Array.from({ length: N }, () => confirm(m, c)));
    expect(rs.map((r) => r.status)).toEqual(Array(N).fill(200));
    expect(new Set(rs.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(rs[0]!.body.data).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED' });
    expect(await count(sql`select count(*)::int as n from payments where application_id = ${a.applicationId} and status = 'DONE'`)).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id where p.order_id = ${c.orderId} and e.type = 'APPROVED'`,
      ),
    ).toBe(1);
    expect((await application(s, a, m)).status).toBe('CONFIRMED');
    expect((await activeMembers(s)).filter((id) => id === m.id)).toHaveLength(1);
    expect(await memberCount(s)).toBe(1);
    expect(await seatsTaken(s)).toBe(1);
    expect(await gatewayStatus(c.orderId)).toBe('DONE');
  });

  describe('expiry against confirm', () => {
    it('the seat expires while the provider approves: the approval is cancelled at once, no member, the seat freed', async () => {
      const s = await paidStudy(30_000);
      const m = await makeUser(t);
      const a = await accepted(s, m);
      const c = await cardCheckout(s, a, m);
      const hold = holdProviderConfirm(t.api.payments.provider);
      try {
        const pending = confirm(m, c);
        await hold.entered; // claimed: IN_PROGRESS, at the provider
        expect((await paymentOf(c.orderId)).status).toBe('IN_PROGRESS');
        await expireNow(a);
        expect((await application(s, a, m)).status).toBe('EXPIRED');
        hold.release();
        const r = await pending;
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe('BIZ-3002');
      } finally {
        hold.restore();
      }
      expect(await paymentOf(c.orderId)).toMatchObject({ status: 'CANCELED', refundedAmount: 30_000, refundStatus: 'DONE' });
      expect(await gatewayStatus(c.orderId)).toBe('CANCELED');
      expect((await application(s, a, m)).status).toBe('EXPIRED');
      expect(await activeMembers(s)).not.toContain(m.id);
      expect(await memberCount(s)).toBe(0);
      expect(await seatsTaken(s)).toBe(0);
    });

    it('a confirmation that commits first keeps the seat: the expiry after it changes nothing', async () => {
      const s = await paidStudy();
      const m = await makeUser(t);
      const a = await accepted(s, m);
      const c = await cardCheckout(s, a, m);
      expect((await confirm(m, c)).body.data.status).toBe('DONE');
      await expireNow(a);
      expect((await application(s, a, m)).status).toBe('CONFIRMED');
      expect((await paymentOf(c.orderId)).status).toBe('DONE');
      expect(await activeMembers(s)).toContain(m.id);
      expect(await seatsTaken(s)).toBe(1);
    });

    it(`${N} seats, each confirmed while its deadline passes: every one ends paid with a member or expired with nothing kept`, async () => {
      // The modules' time stands an hour back, so the one-hour deadlines fall a minute from now in
      // real time: moving the clock past them leaves every claim the confirms make fresh (a claim
      // the payments sweep finds older than two minutes on its clock is looked up as a lost one).
      clock.set(new Date(Date.now() - 3_600_000 + 60_000));
      const s = await paidStudy(30_000, 14, { paymentDeadlineHours: 1 });
      const rounds = await Promise.all(
        Array.from({ length: N }, async () => {
          const m = await makeUser(t);
          const a = await accepted(s, m);
          return { m, a, c: await cardCheckout(s, a, m) };
        }),
      );
      const deadlines = await Promise.all(
        rounds.map(async (x) => (await t.api.studies.getApplicationForPayment(x.a.applicationId))!.paymentDeadline!),
      );
      const lastDeadline = Math.max(...deadlines.map((d) => d.getTime()));
      // the first half confirm before the deadline and are held at the provider; the deadline
      // passes and the expiry runs again and again; once it has ended a first seat the provider's
      // approvals go on (against the expiry of the others) and the second half confirm
      const half = Math.ceil(N / 2);
      const atProvider = holdProviderConfirm(t.api.payments.provider);
      let answers: Awaited<ReturnType<typeof confirm>>[];
      try {
        const early = rounds.slice(0, half).map((x) => confirm(x.m, x.c));
        await atProvider.entered;
        clock.set(new Date(lastDeadline + 1000));
        let confirming = true;
        const expiries = (async () => {
          do await runExpiry();
          while (confirming);
        })();
        await until(async () => (await expiredOf(rounds.map((x) => x.a.applicationId))) > 0);
        atProvider.release();
        const late = rounds.slice(half).map((x) => confirm(x.m, x.c));
        answers = await Promise.all([...early, ...late]).finally(() => (confirming = false));
        await expiries;
      } finally {
        atProvider.restore();
      }
      await runExpiry(); // whatever is still open expires now
      let paid = 0;
      for (const [i, { m, a, c }] of rounds.entries()) {
        const app = (await application(s, a, m)).status;
        const p = await paymentOf(c.orderId);
        const gw = await gatewayStatus(c.orderId);
        const member = (await activeMembers(s)).includes(m.id);
        const outcome = { answer: answers[i]!.status, app, payment: p.status, gw, member };
        if (app === 'CONFIRMED') {
          paid++;
          expect(outcome).toMatchObject({ answer: 200, payment: 'DONE', gw: 'DONE', member: true });
        } else {
          expect(app, JSON.stringify(outcome)).toBe('EXPIRED');
          expect(answers[i]!.status, JSON.stringify(outcome)).toBe(409);
          expect(member, JSON.stringify(outcome)).toBe(false);
          // never charged (authenticated only, the order expired) or charged and given back in full
          if (p.status === 'CANCELED') expect(p, JSON.stringify(outcome)).toMatchObject({ refundedAmount: p.amount, refundStatus: 'DONE' });
          else expect(p.status, JSON.stringify(outcome)).toBe('EXPIRED');
          expect(gw, JSON.stringify(outcome)).not.toBe('DONE');
        }
      }
      expect(await memberCount(s)).toBe(paid);
      expect(await seatsTaken(s)).toBe(paid);
    });
  });
});
