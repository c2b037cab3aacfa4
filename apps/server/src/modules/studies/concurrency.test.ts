/**
 * Races settled in the database, over real HTTP against PostgreSQL (PGlite has one connection,
 * so requests there never overlap and the test would prove nothing).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type TestUser, applyOk, approvedStudy, createUser, createUsers } from './test-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('concurrency on PostgreSQL (skipped on PGlite: one connection, no real overlap)', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let leader: TestUser;

  beforeAll(async () => {
    // what is under test is who gets each seat, not the request's database budget (1.5 s by
    // default, tested in db/guard.test.ts and the fault suite): 20 transactions at once queue
    // for 10 connections and each other's row locks, past 1.5 s on a busy 2-core machine
    t = await createTestApp({ env: { DB_REQUEST_BUDGET_MS: '20000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    admin = await createUser(t, { admin: true });
    leader = await createUser(t, { name: '리더' });
  });
  afterAll(() => t.close());

  const post = (path: string, who: TestUser, body: object = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; error?: { code: string } } }));

  it('50 simultaneous accepts for the last seat: exactly one wins, the rest answer 409 BIZ-3002 (full)', async () => {
    for (const costType of ['FREE', 'PAID'] as const) {
      const s = await approvedStudy(t, leader, admin, { capacity: 3, ...(costType === 'PAID' ? { costType, cost: 10000 } : {}) });
      // two seats taken already
      for (const u of await createUsers(t, 2)) {
        const a = await applyOk(t, u, s.id);
        expect((await post(`/api/studies/${s.id}/applications/${a.applicationId}/accept`, leader)).status).toBe(200);
      }
      const apps = [];
      for (const u of await createUsers(t, 50)) apps.push(await applyOk(t, u, s.id));
      const results = await Promise.all(apps.map((a) => post(`/api/studies/${s.id}/applications/${a.applicationId}/accept`, leader)));
      const won = results.filter((r) => r.status === 200);
      const lost = results.filter((r) => r.status !== 200);
      expect(won, costType).toHaveLength(1);
      expect(lost.every((r) => r.status === 409 && r.body.error?.code === 'BIZ-3002')).toBe(true);
      const row = await t.ctx.db.execute<{ capacity: number; enrolled: number; seats_taken: number }>(
        sql`select capacity, enrolled, seats_taken from studies where id = ${s.id}`,
      );
      const { capacity, enrolled, seats_taken } = row.rows[0]!;
      expect(seats_taken).toBe(capacity);
      expect(enrolled).toBeLessThanOrEqual(capacity);
      expect(enrolled).toBe(costType === 'FREE' ? 3 : 0);
      const members = await t.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from study_memberships where study_id = ${s.id} and is_active and role <> 'OWNER'`,
      );
      expect(members.rows[0]!.n).toBe(costType === 'FREE' ? 3 : 0);
    }
    // 104 applications one after another and 100 accepts at once, through PgBouncer: 15 s on a quiet
    // machine, past 30 s beside the rest of CI on two cores
  }, 120_000);

  it('20 simultaneous applies by one user make one application', async () => {
    const s = await approvedStudy(t, leader, admin);
    const u = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(`/api/studies/${s.id}/applications`, u, { motivation: '동시에 신청합니다' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.error?.code === 'BIZ-3002')).toBe(true);
    const rows = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from study_applications where study_id = ${s.id} and user_id = ${u.id}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('RSVPs never pass the participant limit', async () => {
    const s = await approvedStudy(t, leader, admin);
    const ev = await post(`/api/studies/${s.id}/events`, leader, {
      title: '선착순 특강',
      date: (await t.call({ method: 'GET', url: `/api/studies/${s.id}` })).body.data.startDate,
      startTime: '19:00',
      endTime: '21:00',
      location: 'online',
      participantLimit: 5,
    });
    const id = (ev.body as unknown as { data: { id: string } }).data.id;
    const people = await createUsers(t, 30);
    const results = await Promise.all(people.map((u) => post(`/api/calendar/events/${id}/rsvp`, u)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const row = await t.ctx.db.execute<{ n: number; c: number }>(
      sql`select (select count(*)::int from event_rsvps where event_id = ${id}) as n, current_participants as c from study_events where id = ${id}`,
    );
    expect(row.rows[0]).toEqual({ n: 5, c: 5 });
  });
});
