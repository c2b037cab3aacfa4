/**
 * Test helpers for the studies, calendar, reviews and notifications tests: users inserted
 * straight into the users table with signed access tokens (no accounts module needed), a valid
 * proposal with dates relative to today, and shortcuts through the HTTP API.
 */
import { type Application, type Study, type StudyProposalInput, addDays, seoulDate, weekdayOf } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import { users } from '../users/schema.ts';
import { signInWithSecondFactor } from '../auth/second-factor-test-kit.ts';

export interface TestUser {
  id: string;
  name: string;
  token: string;
  headers: { authorization: string };
}

export async function createUser(t: TestApp, opts: { name?: string; admin?: boolean } = {}): Promise<TestUser> {
  const tag = randomBytes(5).toString('hex');
  const name = opts.name ?? `user-${tag}`;
  const roles = opts.admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'];
  const systemRole = opts.admin ? ('ROLE_ADMIN' as const) : ('ROLE_USER' as const);
  const [row] = await t.ctx.db
    .insert(users)
    .values({ email: `${tag}@test.moim.dev`, name, roles, systemRole })
    .returning({ id: users.id });
  // an admin has a second factor and signs in through it (docs/accounts-factors.md "Second factor")
  const token = opts.admin
    ? (await signInWithSecondFactor(t, row!.id)).accessToken
    : await t.ctx.tokens.sign({ id: row!.id, roles, systemRole });
  return { id: row!.id, name, token, headers: { authorization: `Bearer ${token}` } };
}

export async function createUsers(t: TestApp, n: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) out.push(await createUser(t));
  return out;
}

/**
 * A valid proposal: weekly Mon/Wed evenings for eight weeks, from the first Monday at least two
 * weeks away (a period that starts and ends on a session, as the server stores it), recruiting
 * for ten days.
 */
export function proposal(overrides: Partial<StudyProposalInput> = {}): StudyProposalInput {
  const today = seoulDate(new Date());
  let start = addDays(today, 14);
  while (weekdayOf(start) !== 'MON') start = addDays(start, 1);
  return {
    title: `데브로그 ${randomBytes(3).toString('hex')}`,
    generation: 3,
    tagline: '개발 블로그 글쓰기를 함께 습관으로',
    type: 'PARTICIPATORY',
    welcomeMessage: '함께 꾸준히 써 봐요!',
    scheduleDetails: { weekdays: ['MON', 'WED'], startTime: '20:00', endTime: '22:00' },
    location: { type: 'ONLINE' },
    capacity: 10,
    recruitDeadline: addDays(today, 10),
    startDate: start,
    endDate: addDays(start, 51), // a Wednesday
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
    ...overrides,
  };
}

export async function propose(t: TestApp, leader: TestUser, overrides: Partial<StudyProposalInput> = {}): Promise<Study> {
  const r = await t.call({ method: 'POST', url: '/api/studies', headers: leader.headers, payload: proposal(overrides) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as Study;
}

export async function setStatus(t: TestApp, user: TestUser, studyId: string, action: string, reason?: string) {
  return t.call({
    method: 'POST',
    url: `/api/studies/${studyId}/status`,
    headers: user.headers,
    payload: { action, ...(reason ? { reason } : {}) },
  });
}

/** Propose and approve (as the admin). */
export async function approvedStudy(
  t: TestApp,
  leader: TestUser,
  admin: TestUser,
  overrides: Partial<StudyProposalInput> = {},
): Promise<Study> {
  const s = await propose(t, leader, overrides);
  const r = await setStatus(t, admin, s.id, 'APPROVE');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Study;
}

export async function apply(t: TestApp, user: TestUser, studyId: string, motivation = '꾸준히 글을 쓰고 싶어요.') {
  return t.call({ method: 'POST', url: `/api/studies/${studyId}/applications`, headers: user.headers, payload: { motivation } });
}

export async function applyOk(t: TestApp, user: TestUser, studyId: string): Promise<Application> {
  const r = await apply(t, user, studyId);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as Application;
}

export async function accept(t: TestApp, by: TestUser, studyId: string, appId: string) {
  return t.call({ method: 'POST', url: `/api/studies/${studyId}/applications/${appId}/accept`, headers: by.headers, payload: {} });
}

/** Apply and get accepted (a free study: a confirmed member). */
export async function joinStudy(t: TestApp, leader: TestUser, user: TestUser, studyId: string): Promise<Application> {
  const app = await applyOk(t, user, studyId);
  const r = await accept(t, leader, studyId, app.applicationId);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Application;
}
