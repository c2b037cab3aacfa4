/**
 * The waitlist's races, over real HTTP and concurrent job runners against PostgreSQL (PGlite has
 * one connection, so nothing would overlap there): members leaving at once, holds expiring while
 * the leader accepts and holders pay, the capacity raised while members leave. After each race:
 * members never exceed the capacity, the seat counters match the rows, and nobody holds two seats.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, accept, applyOk, approvedStudy, createUser, createUsers, joinStudy } from './test-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const HOUR = 3_600_000;

describe.skipIf(!onPostgres)('waitlist races on PostgreSQL (skipped on PGlite: one connection, no real overlap)', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let leader: TestUser;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    // what is under test is who gets each seat, not the request budget (see concurrency.test.ts)
    t = await createTestApp({ env: { DB_REQUEST_BUDGET_MS: '20000' }, overrides: { studiesClock: clock } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    admin = await createUser(t, { admin: true });
    leader = await createUser(t, { name: '리더' });
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, who: TestUser, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; error?: { code: string } } }));

  async function joinLine(people: TestUser[], studyId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const u of people) {
      const r = await send('POST', `/api/studies/${studyId}/waitlist`, u, { motivation: '자리가 나면 참여할게요' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push((r.body as unknown as { data: { applicationId: string } }).data.applicationId);
    }
    return ids;
  }

  /** The invariants a user depends on, read straight from the rows. */
  async function assertSeats(studyId: string) {
    const r = await t.ctx.db.execute<{
      capacity: number;
      enrolled: number;
      seats_taken: number;
      members: number;
      holds: number;
      doubled: number;
      waiting_members: number;
    }>(sql`
      select s.capacity, s.enrolled, s.seats_taken,
        (select count(*)::int from study_memberships m where m.study_id = s.id and m.is_active and m.role <> 'OWNER') as members,
        (select count(*)::int from study_applications a where a.study_id = s.id and a.status in ('ACCEPTED', 'PAYMENT_PENDING')) as holds,
        (select count(*)::int from (
           select u.user_id from (
             select user_id from study_memberships where study_id = s.id and is_active and role <> 'OWNER'
             union all
             select user_id from study_applications where study_id = s.id and status in ('ACCEPTED', 'PAYMENT_PENDING')
           ) u group by u.user_id having count(*) > 1) d) as doubled,
        (select count(*)::int from study_applications a join study_memberships m on m.study_id = a.study_id and m.user_id = a.user_id
           where a.study_id = s.id and a.status = 'WAITLISTED' and m.is_active) as waiting_members
      from studies s where s.id = ${studyId}`);
    const row = r.rows[0]!;
    expect(row.members).toBeLessThanOrEqual(row.capacity);
    expect(row.seats_taken).toBeLessThanOrEqual(row.capacity);
    expect(row.enrolled).toBe(row.members);
    expect(row.seats_taken).toBe(row.members + row.holds);
    expect(row.doubled).toBe(0);
    expect(row.waiting_members).toBe(0);
    return row;
  }

  const statuses = async (ids: string[]) => {
    const r = await t.ctx.db.execute<{ id: string; status: string }>(
      sql`select id, status from study_applications where id in ${sql.raw(`(${ids.map((i) => `'${i}'`).join(',')})`)}`,
    );
    return new Map(r.rows.map((x) => [x.id, x.status]));
  };

  it('five members leave at once: exactly the first five in line come in, each once', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 5 });
    const members = await createUsers(t, 5);
    for (const m of members) await joinStudy(t, leader, m, s.id);
    const line = await joinLine(await createUsers(t, 8), s.id);
    const results = await Promise.all(members.map((m) => send('POST', `/api/studies/${s.id}/members/leave?userId=${m.id}`, m)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const row = await assertSeats(s.id);
    expect(row).toMatchObject({ members: 5, seats_taken: 5 });
    const st = await statuses(line);
    expect(line.map((id) => st.get(id))).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'CONFIRMED',
      'CONFIRMED',
      'CONFIRMED',
      'WAITLISTED',
      'WAITLISTED',
      'WAITLISTED',
    ]);
  });

  it('holds expiring while the leader accepts, holders pay and people leave the line: never past capacity, nobody twice', async () => {
    offsetMs = 0;
    const s = await approvedStudy(t, leader, admin, { costType: 'PAID', cost: 10000, capacity: 4 });
    const holders = await createUsers(t, 4);
    const holds: string[] = [];
    for (const h of holders) {
      const a = await applyOk(t, h, s.id);
      expect((await accept(t, leader, s.id, a.applicationId)).status).toBe(200);
      holds.push(a.applicationId);
    }
    const pendingPeople = await createUsers(t, 2);
    // applications made before the study filled (a full study takes no new one): make room, apply, fill again
    const pending: string[] = [];
    await t.ctx.db.execute(sql`update studies set capacity = 6 where id = ${s.id}`);
    for (const p of pendingPeople) pending.push((await applyOk(t, p, s.id)).applicationId);
    await t.ctx.db.execute(sql`update studies set capacity = 4 where id = ${s.id}`);
    const waiting = await createUsers(t, 6);
    const line = await joinLine(waiting, s.id);

    offsetMs = 73 * HOUR; // every hold's deadline has passed
    const outcomes = await Promise.allSettled([
      t.ctx.jobs.drain(clock()),
      t.ctx.jobs.drain(clock()),
      t.ctx.jobs.drain(clock()),
      // two holders pay at the last moment, racing their own expiry
      t.ctx.db.transaction((tx) => t.api.studies.confirmPaidApplication(tx, holds[0]!, 10000)),
      t.ctx.db.transaction((tx) => t.api.studies.confirmPaidApplication(tx, holds[1]!, 10000)),
      // the leader accepts the pending ones meanwhile
      ...pending.map((id) => send('POST', `/api/studies/${s.id}/applications/${id}/accept`, leader, {})),
      // two people leave the line
      send('DELETE', `/api/studies/${s.id}/waitlist/me`, waiting[4]!),
      send('DELETE', `/api/studies/${s.id}/waitlist/me`, waiting[5]!),
    ]);
    // a payment that lost to its expiry is refused with a state error, never half-done
    for (const o of outcomes.slice(3, 5)) if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'BIZ-3002' });
    await t.ctx.jobs.drain(clock()); // anything left over (a job retried)
    const row = await assertSeats(s.id);
    expect(row.seats_taken).toBe(4);
    const st = await statuses([...holds, ...pending, ...line]);
    const seated = [...holds, ...pending, ...line].filter((id) => ['ACCEPTED', 'CONFIRMED', 'PAYMENT_PENDING'].includes(st.get(id)!));
    expect(seated).toHaveLength(4);
    // the line moved in order: nobody behind someone still waiting got a seat
    const order = line.slice(0, 4).map((id) => st.get(id));
    const firstWaiting = order.indexOf('WAITLISTED');
    if (firstWaiting >= 0) expect(order.slice(firstWaiting).every((x) => x === 'WAITLISTED')).toBe(true);
    expect([st.get(line[4]!), st.get(line[5]!)]).toEqual(['CANCELLED', 'CANCELLED']);
    offsetMs = 0;
  });

  it('the capacity raised while members leave: every new and freed seat filled once from the line', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 3 });
    const members = await createUsers(t, 3);
    for (const m of members) await joinStudy(t, leader, m, s.id);
    const line = await joinLine(await createUsers(t, 6), s.id);
    const results = await Promise.all([
      send('PATCH', `/api/studies/${s.id}`, leader, { capacity: 5 }),
      send('POST', `/api/studies/${s.id}/members/leave?userId=${members[0]!.id}`, members[0]!),
      send('POST', `/api/studies/${s.id}/members/leave?userId=${members[1]!.id}`, members[1]!),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const row = await assertSeats(s.id);
    expect(row).toMatchObject({ capacity: 5, members: 5, seats_taken: 5 });
    const st = await statuses(line);
    expect(line.map((id) => st.get(id))).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'WAITLISTED', 'WAITLISTED']);
  });

  it('many join the line while seats free: nobody waits while a seat is free', async () => {
    const s = await approvedStudy(t, leader, admin, { capacity: 3 });
    const members = await createUsers(t, 3);
    for (const m of members) await joinStudy(t, leader, m, s.id);
    const joiners = await createUsers(t, 10);
    await Promise.all([
      ...joiners.map((u) => send('POST', `/api/studies/${s.id}/waitlist`, u, { motivation: '자리가 나면 참여할게요' })),
      ...members.map((m) => send('POST', `/api/studies/${s.id}/members/leave?userId=${m.id}`, m)),
    ]);
    const row = await assertSeats(s.id);
    const waiting = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from study_applications where study_id = ${s.id} and status = 'WAITLISTED'`,
    );
    // a free seat and a person waiting never coexist
    if (waiting.rows[0]!.n > 0) expect(row.seats_taken).toBe(row.capacity);
  });
});
