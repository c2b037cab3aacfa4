/**
 * Races settled in the database, over real HTTP against PostgreSQL (PGlite has one connection,
 * so requests there never overlap and the test would prove nothing).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { type Person, applyOk, createProject, person } from './test-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('project races on PostgreSQL (skipped on PGlite: one connection, no real overlap)', () => {
  let t: TestApp;
  let base: string;
  let owner: Person;

  beforeAll(async () => {
    // what is under test is who gets each place, not the request's database budget (1.5 s by
    // default, tested in db/guard.test.ts and the fault suite): the racing transactions queue
    // for the connections and each other's row locks, past 1.5 s on a busy 2-core machine
    t = await createTestApp({ env: { DB_REQUEST_BUDGET_MS: '20000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    owner = await person(t, { name: '오너' });
  });
  afterAll(() => t.close());

  const post = (path: string, who: Person, body?: object) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; error?: { code: string } } }));

  it('30 simultaneous acceptances for the last seat: exactly one wins, the rest answer 409 BIZ-3002 (the position is full)', async () => {
    const p = await createProject(t, owner, {
      positions: [{ name: '백엔드 개발자', requiredCount: 3, requiredSkills: ['Go'] }],
    });
    // two of three seats taken already
    for (let i = 0; i < 2; i++) {
      const a = await applyOk(t, await person(t), p, 0);
      expect((await post(`/api/projects/${p.id}/applications/${a.applicationId}/accept`, owner)).status).toBe(200);
    }
    const apps = [];
    for (let i = 0; i < 30; i++) apps.push(await applyOk(t, await person(t), p, 0));
    const results = await Promise.all(apps.map((a) => post(`/api/projects/${p.id}/applications/${a.applicationId}/accept`, owner)));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.error?.code === 'BIZ-3002')).toBe(true);
    const pos = await t.ctx.db.execute<{ required_count: number; filled_count: number }>(
      sql`select required_count, filled_count from project_positions where project_id = ${p.id}`,
    );
    expect(pos.rows[0]).toEqual({ required_count: 3, filled_count: 3 });
    const counts = await t.ctx.db.execute<{ members: number; approved: number; pending: number }>(sql`
      select (select count(*)::int from project_members where project_id = ${p.id} and role = 'MEMBER') as members,
             (select count(*)::int from project_applications where project_id = ${p.id} and status = 'APPROVED') as approved,
             (select count(*)::int from project_applications where project_id = ${p.id} and status = 'PENDING') as pending`);
    expect(counts.rows[0]).toEqual({ members: 3, approved: 3, pending: 29 });
  });

  it('acceptances racing across two positions fill each to its count and no further', async () => {
    const p = await createProject(t, owner, {
      positions: [
        { name: 'A', requiredCount: 2, requiredSkills: ['x'] },
        { name: 'B', requiredCount: 1, requiredSkills: ['y'] },
      ],
    });
    const apps = [];
    for (let i = 0; i < 16; i++) apps.push(await applyOk(t, await person(t), p, i % 2));
    const results = await Promise.all(apps.map((a) => post(`/api/projects/${p.id}/applications/${a.applicationId}/accept`, owner)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const pos = await t.ctx.db.execute<{ name: string; filled_count: number }>(
      sql`select name, filled_count from project_positions where project_id = ${p.id} order by name`,
    );
    expect(pos.rows).toEqual([
      { name: 'A', filled_count: 2 },
      { name: 'B', filled_count: 1 },
    ]);
  });

  it('20 simultaneous applications by one user make one application', async () => {
    const p = await createProject(t, owner);
    const u = await person(t);
    const body = {
      positionId: p.positions[0]!.id,
      introduction: '동시에 보낸 지원서입니다. 한 번만 들어가야 해요.',
      motivation: '동시에 보낸 지원서입니다. 한 번만 들어가야 해요.',
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => post(`/api/projects/${p.id}/applications`, u, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // the one open application is there: the others are state conflicts
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.error?.code === 'BIZ-3002')).toBe(true);
    const rows = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from project_applications where project_id = ${p.id} and user_id = ${u.id}`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('a cancel racing acceptances leaves no acceptance after the cancel and no pending application behind', async () => {
    const p = await createProject(t, owner, { positions: [{ name: 'A', requiredCount: 10, requiredSkills: ['x'] }] });
    const apps = [];
    for (let i = 0; i < 10; i++) apps.push(await applyOk(t, await person(t), p, 0));
    const results = await Promise.all([
      ...apps.map((a) => post(`/api/projects/${p.id}/applications/${a.applicationId}/accept`, owner)),
      post(`/api/projects/${p.id}/status`, owner, { action: 'CANCEL' }),
    ]);
    expect(results.at(-1)!.status).toBe(200);
    const rows = await t.ctx.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from project_applications where project_id = ${p.id} group by status`,
    );
    const by = Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
    expect(by.PENDING ?? 0).toBe(0);
    const filled = await t.ctx.db.execute<{ filled_count: number }>(
      sql`select filled_count from project_positions where project_id = ${p.id}`,
    );
    expect(filled.rows[0]!.filled_count).toBe(by.APPROVED ?? 0);
  });
});
