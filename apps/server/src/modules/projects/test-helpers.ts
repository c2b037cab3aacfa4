/**
 * Helpers for the projects integration tests (not a test file): people made through the users
 * service with signed access tokens, a valid project form with dates relative to today, and
 * shortcuts through the HTTP API.
 */
import { type Project, type ProjectApplication, type ProjectBodyInput, addDays, seoulDate } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/support.ts';
import { signInWithSecondFactor } from '../auth/second-factor-test-kit.ts';

export interface Person {
  id: string;
  name: string;
  headers: { authorization: string };
}

export async function person(t: TestApp, opts: { name?: string; admin?: boolean } = {}): Promise<Person> {
  const tag = randomBytes(5).toString('hex');
  const name = opts.name ?? `사람-${tag}`;
  const u = await t.api.users.createUser({ email: `${tag}@example.com`, name, emailVerified: true });
  if (opts.admin) await t.api.users.setAdmin(u.id, true);
  const roles = opts.admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'];
  // an admin has a second factor and signs in through it (docs/accounts-factors.md "Second factor")
  const token = opts.admin
    ? (await signInWithSecondFactor(t, u.id)).accessToken
    : await t.ctx.tokens.sign({ id: u.id, roles, systemRole: 'ROLE_USER' });
  return { id: u.id, name, headers: { authorization: `Bearer ${token}` } };
}

export const today = () => seoulDate(new Date());

/** A valid form: two positions, stack, online meetings, recruiting for ten days. */
export function form(overrides: Partial<ProjectBodyInput> = {}): ProjectBodyInput {
  return {
    name: `사이드 프로젝트 ${randomBytes(3).toString('hex')}`,
    tagline: '함께 만드는 스터디 일정 앱',
    description: '<p>스터디 <strong>일정</strong>을 모읍니다.</p>',
    vision: '운영보다 공부에 시간을',
    type: 'SIDE_PROJECT',
    positions: [
      {
        name: '백엔드 개발자',
        requiredCount: 2,
        requiredSkills: ['Kotlin', 'Spring'],
        preferredSkills: ['PostgreSQL'],
        responsibilities: 'API',
      },
      { name: '프론트엔드 개발자', requiredCount: 1, requiredSkills: ['React'] },
    ],
    techStack: [
      { category: 'BACKEND', name: 'Kotlin' },
      { category: 'FRONTEND', name: 'React' },
    ],
    meeting: { type: 'ONLINE', frequency: '주 1회' },
    recruitmentDeadline: addDays(today(), 10),
    startDate: addDays(today(), 14),
    expectedDuration: '3개월',
    collaborationTools: ['GitHub', 'Discord'],
    compensation: '',
    links: { repository: 'https://github.example.com/p', demo: null, contact: 'mailto:owner@example.com' },
    ...overrides,
  };
}

export async function createProject(
  t: TestApp,
  owner: Person,
  overrides: Partial<ProjectBodyInput> = {},
  publish = true,
): Promise<Project> {
  const r = await t.call({ method: 'POST', url: '/api/projects', headers: owner.headers, payload: { project: form(overrides), publish } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as Project;
}

export function move(t: TestApp, who: Person | undefined, id: string, action: string) {
  return t.call({ method: 'POST', url: `/api/projects/${id}/status`, headers: who?.headers, payload: { action } });
}

export function apply(t: TestApp, who: Person | undefined, p: Project, position = 0, extra: object = {}) {
  return t.call({
    method: 'POST',
    url: `/api/projects/${p.id}/applications`,
    headers: who?.headers,
    payload: {
      positionId: p.positions[position]!.id,
      introduction: '백엔드 3년차 개발자입니다. 주말에 시간을 낼 수 있어요.',
      motivation: '일정 조율 문제를 직접 겪어서 꼭 만들어 보고 싶습니다.',
      links: { github: 'https://github.example.com/me' },
      ...extra,
    },
  });
}

export async function applyOk(t: TestApp, who: Person, p: Project, position = 0): Promise<ProjectApplication> {
  const r = await apply(t, who, p, position);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as ProjectApplication;
}

/**
 * A decision on an application, by the names study applications use: POST …/accept (an optional
 * reviewNote), POST …/reject (reviewNote), DELETE … ?applicantId= (the applicant cancels; the
 * caller names themself unless `applicantId` says otherwise).
 */
export function decide(
  t: TestApp,
  who: Person | undefined,
  p: Project,
  appId: string,
  verb: 'accept' | 'reject' | 'cancel',
  note?: string,
  applicantId = who?.id,
) {
  const url = `/api/projects/${p.id}/applications/${appId}`;
  if (verb === 'cancel') return t.call({ method: 'DELETE', url: `${url}?applicantId=${applicantId ?? ''}`, headers: who?.headers });
  const reviewNote = verb === 'reject' ? (note ?? '이번에는 다른 분과 함께하기로 했어요.') : note;
  return t.call({
    method: 'POST',
    url: `${url}/${verb}`,
    headers: who?.headers,
    ...(reviewNote === undefined ? {} : { payload: { reviewNote } }),
  });
}

export async function inbox(t: TestApp, who: Person) {
  const r = await t.call({ method: 'GET', url: '/api/notifications?size=50', headers: who.headers });
  return r.body.data.content as { type: string; title: string; body: string; link: string | null }[];
}

const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

/**
 * What a person types to find `title` by 초성 (worked out here, not with es-hangul): each Hangul
 * word's initial consonants, the words that have Hangul in them, separated by single spaces
 * ("게임잼 팀: 2D 퍼즐" → "ㄱㅇㅈ ㅌ ㅍㅈ"); `words` keeps only the first ones.
 */
export function choseongOf(title: string, words = Infinity): string {
  return title
    .split(/\s+/)
    .map((w) =>
      [...w]
        .filter((c) => c >= '가' && c <= '힣')
        .map((c) => CHOSEONG[Math.floor((c.codePointAt(0)! - 0xac00) / 588)])
        .join(''),
    )
    .filter(Boolean)
    .slice(0, words)
    .join(' ');
}
