/**
 * A signed-in caller's detail by slug is read in one statement without Drizzle's mapping
 * (study-service.ts `viewerBySlugJson`): it must answer exactly what `getBySlug` (the study,
 * its membership row and latest application through Drizzle and `toStudy`) answers — the same
 * bytes, or the same refusal — for every kind of caller and study: the leader, an admin, an
 * active member or manager, a member who left, an applicant (latest application), a stranger,
 * a guest;
 * APPROVED, PENDING, REJECTED, TERMINATED, deleted, IN_PROGRESS, COMPLETED; a reject reason with
 * quotes and `$&`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { StudyCaches } from './caches.ts';
import type { StudyDeps } from './deps.ts';
import { studies, studyApplications, studyMemberships } from './schema.ts';
import { StudyService } from './study-service.ts';
import { type TestUser, applyOk, approvedStudy, createUser, joinStudy, propose } from './test-helpers.ts';
import { studiesKnobs } from './studies-test-kit.ts';

let t: TestApp;
let svc: StudyService;
const now = new Date();
const users: Record<string, TestUser> = {};
const slugs: Record<string, string> = {};

const authOf = (u: TestUser): AuthUser => {
  const admin = u === users.admin;
  return { id: u.id, roles: admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'], systemRole: admin ? 'ROLE_ADMIN' : 'ROLE_USER' };
};

beforeAll(async () => {
  t = await createTestApp();
  studiesKnobs(t.ctx).setReadCacheTtl(0);
  const deps = { ctx: t.ctx, clock: () => now, caches: new StudyCaches() } as unknown as StudyDeps;
  svc = new StudyService(deps);
  for (const k of ['admin', 'leader', 'member', 'manager', 'left', 'applicant', 'stranger'])
    users[k] = await createUser(t, { admin: k === 'admin', name: `${k} "사용자"` });
  const { admin, leader } = users as Record<string, TestUser>;
  const main = await approvedStudy(t, leader!, admin!, { questions: [{ text: '왜 "참여"하나요?', required: false }] });
  slugs.approved = main.slug;
  await joinStudy(t, leader!, users.member!, main.id);
  await joinStudy(t, leader!, users.manager!, main.id);
  await t.ctx.db
    .update(studyMemberships)
    .set({ role: 'MANAGER' })
    .where(and(eq(studyMemberships.studyId, main.id), eq(studyMemberships.userId, users.manager!.id)));
  await joinStudy(t, leader!, users.left!, main.id);
  await t.ctx.db
    .update(studyMemberships)
    .set({ isActive: false, inactiveReason: 'LEFT', leftAt: new Date() })
    .where(and(eq(studyMemberships.studyId, main.id), eq(studyMemberships.userId, users.left!.id)));
  // two applications, the latest one counts
  const first = await applyOk(t, users.applicant!, main.id);
  await t.ctx.db
    .update(studyApplications)
    .set({ status: 'REJECTED', appliedAt: new Date(Date.now() - 60_000) })
    .where(eq(studyApplications.id, first.applicationId));
  await applyOk(t, users.applicant!, main.id);
  // an approved study that carries a reject reason (from an earlier rejection): leader and admins only
  const withReason = await approvedStudy(t, leader!, admin!);
  await t.ctx.db.update(studies).set({ rejectReason: '사유: "따옴표" $& $1 \\ 줄\n바꿈' }).where(eq(studies.id, withReason.id));
  slugs.withReason = withReason.slug;
  slugs.pending = (await propose(t, leader!)).slug;
  const rejected = await propose(t, leader!);
  await t.ctx.db.update(studies).set({ status: 'REJECTED', rejectReason: '부족' }).where(eq(studies.id, rejected.id));
  slugs.rejected = rejected.slug;
  const terminated = await approvedStudy(t, leader!, admin!);
  await t.ctx.db.update(studies).set({ status: 'TERMINATED' }).where(eq(studies.id, terminated.id));
  slugs.terminated = terminated.slug;
  const deleted = await approvedStudy(t, leader!, admin!);
  await t.ctx.db.update(studies).set({ deleted: true }).where(eq(studies.id, deleted.id));
  slugs.deleted = deleted.slug;
  const inProgress = await approvedStudy(t, leader!, admin!);
  await t.ctx.db.update(studies).set({ status: 'IN_PROGRESS' }).where(eq(studies.id, inProgress.id));
  slugs.inProgress = inProgress.slug;
  const completed = await approvedStudy(t, leader!, admin!);
  await t.ctx.db.update(studies).set({ status: 'COMPLETED', rejectReason: '예전 사유' }).where(eq(studies.id, completed.id));
  slugs.completed = completed.slug;
  slugs.missing = 'no-such-study';
});
afterAll(() => t.close());

async function outcome(read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (err) {
    return `error ${(err as { code?: string }).code}`;
  }
}

describe('a signed-in detail by slug: the same as getBySlug', () => {
  it('for every caller and every study', async () => {
    let seen = 0;
    let refused = 0;
    for (const [sk, slug] of Object.entries(slugs)) {
      for (const [uk, u] of Object.entries(users)) {
        const user = authOf(u);
        const expected = await outcome(async () => JSON.stringify(ok(await svc.getBySlug(slug, user))));
        const actual = await outcome(() => svc.viewerBySlugJson(slug, user));
        expect(actual, `${sk} as ${uk}`).toBe(expected);
        if (expected.startsWith('error')) refused++;
        else seen++;
      }
      // and a guest (the cached detail's loader: the same card, no viewer block)
      const expected = await outcome(async () => JSON.stringify(ok(await svc.getBySlug(slug, null))));
      expect(await outcome(() => svc.guestBySlugJson(slug)), `${sk} as a guest`).toBe(expected);
    }
    // the grid covers both outcomes, and the viewer blocks differ
    expect(seen).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it('shows the viewer block and, to the leader and admins only, the reject reason', async () => {
    const view = async (slug: string, u: TestUser) => JSON.parse(await svc.viewerBySlugJson(slug, authOf(u))).data;
    expect((await view(slugs.approved!, users.member!)).viewer).toMatchObject({ role: 'MEMBER', isActiveMember: true, isLeader: false });
    expect((await view(slugs.approved!, users.manager!)).viewer).toMatchObject({ role: 'MANAGER', isActiveMember: true });
    expect((await view(slugs.approved!, users.left!)).viewer).toMatchObject({ role: null, isActiveMember: false });
    expect((await view(slugs.approved!, users.applicant!)).viewer).toMatchObject({ applicationStatus: 'PENDING' });
    expect((await view(slugs.approved!, users.leader!)).viewer).toMatchObject({ isLeader: true, role: 'OWNER' });
    expect((await view(slugs.withReason!, users.leader!)).rejectReason).toBe('사유: "따옴표" $& $1 \\ 줄\n바꿈');
    expect((await view(slugs.withReason!, users.admin!)).rejectReason).toBe('사유: "따옴표" $& $1 \\ 줄\n바꿈');
    expect((await view(slugs.withReason!, users.stranger!)).rejectReason).toBeNull();
    expect((await view(slugs.pending!, users.admin!)).viewer).toMatchObject({ isAdmin: true });
    await expect(svc.viewerBySlugJson(slugs.pending!, authOf(users.member!))).rejects.toMatchObject({ code: 'BIZ-3001' });
  });

  it('answers the route with the same body', async () => {
    const r = await t.call({ method: 'GET', url: `/api/studies/slug/${slugs.approved}`, headers: users.applicant!.headers });
    expect(r.status).toBe(200);
    const expected = JSON.parse(JSON.stringify(ok(await svc.getBySlug(slugs.approved!, authOf(users.applicant!)))));
    expect({ ...r.body.data, applicability: null }).toEqual({ ...expected.data, applicability: null });
  });
});
