import { FORM_TEXTS, seoulDate } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { generateDemoPostings } from './demo-data.ts';
import { createUser, importPostings, posting, search, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
const ids: Record<string, string> = {};

const data = {
  // 0.7 × 2/4 + 0.3 × 1/2 = 0.5, 2 years inside 1–3 → 50
  P1: posting({
    title: '매치 1',
    experienceLevel: 'JUNIOR',
    requiredSkills: ['Java', 'Spring Boot', 'MySQL', 'Kubernetes'],
    preferredSkills: ['JavaScript', 'AWS'],
  }),
  // 2/3 × 0.8^(7−2) = 0.6667 × 0.32768 = 0.2185 → 22
  P2: posting({ title: '매치 2', experienceLevel: 'SENIOR', requiredSkills: ['Java', 'k8s', 'JS'] }),
  // no skills listed → no score
  P3: posting({ title: '매치 3', experienceLevel: 'ANY' }),
  // 0.7 × 1/1 + 0.3 × 0/2 = 0.7, 2 years vs ENTRY 0–1: above the range, not penalised → 70
  P4: posting({ title: '매치 4', experienceLevel: 'ENTRY', requiredSkills: ['React'], preferredSkills: ['TypeScript', 'Jest'] }),
  // preferred only, 1/1 → 1.0, ANY → 100
  P5: posting({ title: '매치 5', experienceLevel: 'ANY', preferredSkills: ['Java'] }),
};
type Key = keyof typeof data;

const putProfile = (who: TestUser | undefined, payload: object) =>
  t.call({ method: 'PUT', url: '/api/job-postings/me/profile', headers: who?.headers, payload });
const PROFILE = {
  skills: [
    { skill: '자바', level: 3 },
    { skill: 'Spring', level: 3 },
    { skill: 'JS', level: 2 },
    { skill: 'react', level: 2 },
  ],
  yearsOfExperience: 2,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  member = await createUser(t);
  await importPostings(t, admin, Object.values(data));
  for (const [k, v] of Object.entries(data)) {
    const r = await t.ctx.db.execute<{ id: string }>(sql`select id from job_postings where source_url = ${v.sourceUrl}`);
    ids[k] = r.rows[0]!.id;
  }
});
afterAll(() => t.close());

describe('skill profile', () => {
  it('is private to its owner and null until saved; aliases become catalogue skills', async () => {
    expect((await t.call({ method: 'GET', url: '/api/job-postings/me/profile' })).status).toBe(401);
    expect((await putProfile(undefined, PROFILE)).status).toBe(401);
    const empty = await t.call({ method: 'GET', url: '/api/job-postings/me/profile', headers: member.headers });
    expect(empty.body.data).toEqual({ profile: null });
    const saved = await putProfile(member, { ...PROFILE, preferredWorkModes: ['REMOTE', 'REMOTE'], preferredRegions: ['SEOUL'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      skills: [
        { skill: { id: 'java', name: 'Java' }, level: 3 },
        { skill: { id: 'springboot', name: 'Spring Boot' }, level: 3 },
        { skill: { id: 'javascript', name: 'JavaScript' }, level: 2 },
        { skill: { id: 'react', name: 'React' }, level: 2 },
      ],
      yearsOfExperience: 2,
      preferredWorkModes: ['REMOTE'],
      preferredRegions: ['SEOUL'],
    });
  });

  it('refuses unknown skills and out-of-range values', async () => {
    const unknown = await putProfile(member, { skills: [{ skill: '없는기술xyz', level: 3 }], yearsOfExperience: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VAL-2001');
    expect(unknown.body.error.details.fields).toEqual([
      { path: 'body.skills.0.skill', code: 'unknown_skill', message: FORM_TEXTS.unknownSkill.ko },
    ]);
    for (const bad of [
      { skills: [], yearsOfExperience: 41 },
      { skills: [{ skill: 'Java', level: 6 }], yearsOfExperience: 1 },
      { skills: [{ skill: 'Ja\u0000va', level: 3 }], yearsOfExperience: 1 },
      { skills: [], yearsOfExperience: 1, preferredRegions: ['MARS'] },
      { skills: [] },
    ]) {
      expect((await putProfile(member, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('match score and explanation (hand-computed)', () => {
  it('shows the score and matched/missing skills on every posting for a member with a profile', async () => {
    await putProfile(member, PROFILE);
    const page = await search(t, 'size=20', member);
    const byKey = (k: Key) => page.content.find((p) => p.id === ids[k])!.match;
    expect(byKey('P1')).toMatchObject({
      score: 50,
      required: { matched: ['java', 'springboot'], missing: ['mysql', 'kubernetes'] },
      preferred: { matched: ['javascript'], missing: ['aws'] },
      experience: { fit: 'INSIDE', factor: 1, years: 2, min: 1, max: 3 },
    });
    expect(byKey('P2')).toMatchObject({ score: 22, experience: { fit: 'BELOW', min: 7, max: null } });
    expect(byKey('P2')!.exact).toBeCloseTo((2 / 3) * 0.8 ** 5, 10);
    expect(byKey('P3')).toMatchObject({ score: null, exact: null });
    expect(byKey('P4')).toMatchObject({ score: 70, experience: { fit: 'ABOVE', factor: 1, years: 2, max: 1 } });
    expect(byKey('P5')).toMatchObject({ score: 100, preferred: { matched: ['java'], missing: [] } });
    const detail = await t.call({ method: 'GET', url: `/api/job-postings/${ids.P1}`, headers: member.headers });
    expect(detail.body.data.match.score).toBe(50);
  });

  it('sorts by match, best first, postings without skills last', async () => {
    const r = await search(t, 'sort=match&size=20', member);
    expect(r.content.map((p) => Object.keys(ids).find((k) => ids[k] === p.id))).toEqual(['P5', 'P4', 'P1', 'P2', 'P3']);
  });

  it('orders by match by default for a member with a profile (0 % postings never lead), with or without words', async () => {
    const key = (p: Record<string, any>) => Object.keys(ids).find((k) => ids[k] === p.id);
    expect((await search(t, 'size=20', member)).content.map(key)).toEqual(['P5', 'P4', 'P1', 'P2', 'P3']);
    expect((await search(t, `q=${encodeURIComponent('매치')}&size=20`, member)).content.map(key)).toEqual(['P5', 'P4', 'P1', 'P2', 'P3']);
    // an order asked for is kept
    expect((await search(t, 'size=20&sort=postedAt', member)).content.map(key)).toEqual((await search(t, 'size=20')).content.map(key));
  });

  it('never shows a score to guests or to members without a profile', async () => {
    const other = await createUser(t);
    for (const who of [undefined, other]) {
      const r = await search(t, 'size=20', who);
      expect(r.content.every((p) => p.match === null)).toBe(true);
    }
  });

  it('orders by exactly the score the page shows (SQL and the contract rule agree) on generated postings', async () => {
    const items = generateDemoPostings({ count: 80, seed: 7, today: seoulDate(new Date()), urlBase: 'https://agree.example.com' });
    await importPostings(t, admin, items);
    for (const profile of [
      PROFILE,
      {
        skills: [
          { skill: 'Kotlin', level: 3 },
          { skill: 'Android', level: 2 },
          { skill: 'Git', level: 4 },
        ],
        yearsOfExperience: 0,
      },
      {
        skills: [
          { skill: 'Python', level: 5 },
          { skill: 'SQL', level: 4 },
          { skill: 'Spark', level: 3 },
        ],
        yearsOfExperience: 12,
      },
    ]) {
      await putProfile(member, profile);
      const r = await search(t, 'sort=match&size=100&activeOnly=false', member);
      const exact = r.content.map((p) => p.match.exact as number | null);
      const scored = exact.filter((x): x is number => x !== null);
      expect(exact.slice(scored.length).every((x) => x === null)).toBe(true); // nulls last
      for (let i = 1; i < scored.length; i++) expect(scored[i]!).toBeLessThanOrEqual(scored[i - 1]! + 1e-9);
      expect(new Set(scored.map((x) => Math.round(x * 100))).size).toBeGreaterThan(3);
    }
  });
});
