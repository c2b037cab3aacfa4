/**
 * The outbox under kill -9 (issue 11, docs/architecture.md "Events"): a paying member leaves
 * before the start; the leave commits with its `studies.member-left` event in the jobs table, and
 * the server process is killed with SIGKILL before any handler ran. A new process on the same
 * PostgreSQL database delivers the event and the card is refunded, exactly once; a second kill
 * and a redelivery of the same event (the crash after the handler, before the job was marked
 * done) change nothing.
 *
 * "Before any handler ran" is made certain, not raced: the first process runs with
 * `JOBS_ENABLED=false` (it serves HTTP and writes the outbox, its queue never polls), exactly the
 * state of a process killed in the instant after the commit.
 */
import { addDays, seoulDate } from '@moim/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithSecondFactor,
  freePort,
  freshDatabase,
  postgresAvailable,
  register,
  request,
  startServer,
  tempDir,
  type ServerProcess,
} from './harness.ts';
import { waitFor } from '../wait-for.ts';

const pgUp = await postgresAvailable();
const EVENT_KIND = 'event:studies.member-left:payments.refund-on-leave';
const ADMIN = { email: 'outbox-admin@faults.test', password: 'fault-suite-admin-1' };
const COST = 25_000;

type Db = Awaited<ReturnType<typeof freshDatabase>>;

describe.skipIf(!pgUp)('outbox: kill -9 between the commit and the delivery', () => {
  let db: Db;
  const dir = tempDir('moim-faults-outbox-');
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    db = await freshDatabase('outbox');
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.drop();
    dir.remove();
  });

  async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await db.query(text, params)).rows as T[];
  }

  /** Waits (polling the database) until `check` holds, and answers that look; fails after a minute without. */
  const until = <T>(look: () => Promise<T>, check: (v: T) => boolean): Promise<T> =>
    waitFor(look, check, { timeoutMs: 60_000, everyMs: 200, what: 'the database to show the delivery' });

  it('the event survives SIGKILL and refunds exactly once after the restart, also when delivered again', async () => {
    const port = await freePort();
    const env = (jobs: boolean) => ({
      DATABASE_URL: db.url,
      DATA_DIR: dir.path,
      RATE_LIMITS_ENABLED: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOBS_ENABLED: jobs ? 'true' : 'false',
    });

    // 1. A process whose queue never runs: everything up to the commit of the leave.
    server = await startServer(env(false), port);
    await server.ready();
    const base = server.url;
    const adminToken = await adminWithSecondFactor(base, ADMIN);
    const leader = await register(base, 'leader');
    const member = await register(base, 'member');

    const today = seoulDate(new Date());
    const start = addDays(today, 14);
    const proposed = await request(
      base,
      'POST',
      '/api/studies',
      {
        title: '아웃박스 장애 스터디',
        generation: 1,
        type: 'PARTICIPATORY',
        welcomeMessage: '함께 공부해요!',
        scheduleDetails: { weekdays: ['TUE'], startTime: '20:00', endTime: '22:00' },
        location: { type: 'ONLINE' },
        capacity: 10,
        recruitDeadline: addDays(today, 13),
        startDate: start,
        endDate: addDays(start, 28),
        recurrenceType: 'WEEKLY',
        costType: 'PAID',
        cost: COST,
      },
      leader.token,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const studyId = proposed.body.data.id as string;
    expect((await request(base, 'POST', `/api/studies/${studyId}/status`, { action: 'APPROVE' }, adminToken)).status).toBe(200);
    const applied = await request(
      base,
      'POST',
      `/api/studies/${studyId}/applications`,
      { motivation: '열심히 참여하겠습니다.' },
      member.token,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const appId = applied.body.data.applicationId as string;
    expect((await request(base, 'POST', `/api/studies/${studyId}/applications/${appId}/accept`, {}, leader.token)).status).toBe(200);
    const started = await request(base, 'POST', `/api/studies/${studyId}/applications/${appId}/payment`, { method: 'CARD' }, member.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    // the hosted checkout, as a browser submits it (approved card), then the success page's confirm
    const checkout = new URL(started.body.data.checkoutUrl as string, base);
    const form = new URLSearchParams(checkout.searchParams);
    form.set('cardNumber', '4242424242424242');
    form.set('action', 'pay');
    const paid = await fetch(`${base}/api/payments/test-gateway/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!, base).searchParams;
    const orderId = back.get('orderId')!;
    const confirmed = await request(
      base,
      'POST',
      '/api/payments/confirm',
      { paymentKey: back.get('paymentKey'), orderId, amount: Number(back.get('amount')) },
      member.token,
    );
    expect(confirmed.body.data, JSON.stringify(confirmed.body)).toMatchObject({ status: 'DONE', applicationStatus: 'CONFIRMED' });

    const left = await request(base, 'POST', `/api/studies/${studyId}/members/leave?userId=${member.id}`, {}, member.token);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const eventJobs = () => rows<{ status: string; attempts: number }>(`select status, attempts from jobs where kind = $1`, [EVENT_KIND]);
    const pay = async () =>
      (
        await rows<{ status: string; refund_status: string; refunded_amount: number | null }>(
          `select status, refund_status, refunded_amount from payments where order_id = $1`,
          [orderId],
        )
      )[0]!;
    // committed: membership ended, the event in the outbox, no refund yet
    expect((await eventJobs()).map((j) => j.status)).toEqual(['pending']);
    expect(await pay()).toMatchObject({ status: 'DONE', refund_status: 'NONE' });

    // 2. kill -9: the process dies with the event undelivered.
    await server.kill('SIGKILL');
    expect(server.child.signalCode).toBe('SIGKILL');

    // 3. A new process (queue on) on the same database delivers it: one refund.
    server = await startServer(env(true), port);
    await server.ready();
    const refunded = await until(pay, (p) => p.status === 'CANCELED' && p.refund_status === 'DONE');
    expect(refunded).toEqual({ status: 'CANCELED', refund_status: 'DONE', refunded_amount: COST });
    expect((await until(eventJobs, (j) => j.every((x) => x.status === 'done'))).map((j) => j.status)).toEqual(['done']);
    const app = await rows<{ status: string }>(`select status from study_applications where id = $1`, [appId]);
    expect(app[0]!.status).toBe('REFUNDED');
    const refundMails = () =>
      rows<{ n: number }>(`select count(*)::int as n from mail_outbox where to_address = $1 and subject like '%환불이 완료되었습니다%'`, [
        member.email,
      ]);
    expect((await until(refundMails, (r) => r[0]!.n >= 1))[0]!.n).toBe(1);

    // 4. Killed again, and the same event delivered once more (as after a crash between the
    //    handler and marking its job done): the handler finds the refund done; nothing repeats.
    await server.kill('SIGKILL');
    await db.query(`update jobs set status = 'pending', run_at = now(), locked_until = null where kind = $1`, [EVENT_KIND]);
    server = await startServer(env(true), port);
    await server.ready();
    const redelivered = await until(eventJobs, (j) => j.every((x) => x.status === 'done'));
    expect(redelivered.map((j) => j.status)).toEqual(['done']);
    expect(redelivered[0]!.attempts).toBeGreaterThanOrEqual(2);
    expect(await pay()).toEqual({ status: 'CANCELED', refund_status: 'DONE', refunded_amount: COST });
    const ledger = await rows<{ type: string; n: number }>(
      `select e.type, count(*)::int as n from payment_events e join payments p on p.id = e.payment_id
        where p.order_id = $1 and e.type in ('REFUND_REQUESTED', 'REFUNDED') group by e.type order by e.type`,
      [orderId],
    );
    expect(ledger).toEqual([
      { type: 'REFUNDED', n: 1 },
      { type: 'REFUND_REQUESTED', n: 1 },
    ]);
    // no job of the refund is still waiting to run a second time
    const refundJobs = await rows<{ status: string }>(`select status from jobs where kind = 'payments.refund'`);
    expect(refundJobs.every((j) => j.status === 'done')).toBe(true);
    expect((await refundMails())[0]!.n).toBe(1);
    console.log(
      `[faults] outbox kill -9: event delivered after restart, refund ${COST} once; redelivery after a second kill changed nothing`,
    );
  });
});
