// A role or a skill searched by its name in the other language (issue 33 §8): "backend" finds
// "백엔드 개발자", "백엔드" finds "Backend Engineer", partial words and 초성 too; the skill
// profile and the `skill` filter resolve the same table's names.
import { JOB_SYNONYMS_VERSION } from '@moim/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { refreshSearchColumns } from './search-refresh.ts';
import { SkillCatalogue } from './catalogue-repo.ts';
import { createUser, importPostings, posting, search, type TestUser } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
const ids: Record<string, string> = {};

const data = {
  KO_BACKEND: posting({ title: '백엔드 개발자 (Java/Spring)', requiredSkills: ['Java', 'Spring Boot'] }),
  EN_BACKEND: posting({ title: 'Backend Engineer', company: { name: 'Aurora Mobility' }, requiredSkills: ['Go', 'Kubernetes'] }),
  SERVER: posting({ title: '서버 개발자 (Node.js)', requiredSkills: ['Node.js'] }),
  FRONTEND: posting({ title: '프론트엔드 엔지니어', requiredSkills: ['React', 'TypeScript'] }),
  EN_FRONTEND: posting({ title: 'Front-end Developer', requiredSkills: ['Vue.js'] }),
  IOS: posting({ title: 'iOS 개발자', requiredSkills: ['Swift'] }),
  ML: posting({ title: '머신러닝 엔지니어', requiredSkills: ['Python', 'PyTorch'] }),
  DATA: posting({ title: 'Data Engineer', requiredSkills: ['Spark', 'Airflow'] }),
  BIOS: posting({ title: 'BIOS 펌웨어 엔지니어', requiredSkills: ['C'] }),
};
type Key = keyof typeof data;
const keys = (page: { content: Array<Record<string, any>> }) =>
  page.content.map((p) => (Object.keys(ids) as Key[]).find((k) => ids[k] === p.id)).sort();
const q = (text: string, extra = '') => search(t, `q=${encodeURIComponent(text)}&size=50${extra}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true });
  const run = await importPostings(t, admin, Object.values(data));
  expect(run).toMatchObject({ status: 'SUCCEEDED', rejected: 0 });
  for (const [k, v] of Object.entries(data)) {
    const r = await t.ctx.db.execute<{ id: string }>(sql`select id from job_postings where source_url = ${v.sourceUrl}`);
    ids[k] = r.rows[0]!.id;
  }
});
afterAll(() => t.close());

describe('roles in both languages', () => {
  it('"backend" finds the Korean backend postings, "백엔드" the English one', async () => {
    expect(keys(await q('backend'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('Backend'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('백엔드'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('frontend'))).toEqual(['EN_FRONTEND', 'FRONTEND']);
    expect(keys(await q('프론트엔드'))).toEqual(['EN_FRONTEND', 'FRONTEND']);
    expect(keys(await q('데이터 엔지니어'))).toEqual(['DATA']);
    expect(keys(await q('ML'))).toEqual(['ML']);
    expect(keys(await q('machine learning'))).toEqual(['ML']);
  });

  it('finds them while the word is being typed, and by 초성', async () => {
    expect(keys(await q('backe'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('백엔'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('백ㅇ'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('ㅂㅇㄷ'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    expect(keys(await q('ㅍㄹㅌㅇㄷ'))).toEqual(['EN_FRONTEND', 'FRONTEND']);
  });

  it('recognises a Latin name only as a whole word ("BIOS" is no iOS posting)', async () => {
    expect(keys(await q('아이오에스'))).toEqual(['IOS']);
  });
});

describe('skills in both languages', () => {
  it('finds a skill by any of its names, in the text and in the filter', async () => {
    expect(keys(await q('k8s'))).toEqual(['EN_BACKEND']);
    expect(keys(await q('쿠버네티스'))).toEqual(['EN_BACKEND']);
    expect(keys(await q('golang'))).toEqual(['EN_BACKEND']);
    expect(keys(await q('리액트'))).toEqual(['FRONTEND']);
    expect(keys(await q('타입스크립트'))).toEqual(['FRONTEND']);
    expect(keys(await q('파이썬'))).toEqual(['ML']);
    expect(keys(await search(t, `skill=${encodeURIComponent('고랭')}`))).toEqual(['EN_BACKEND']);
    expect(keys(await search(t, `skill=${encodeURIComponent('쿠베')}`))).toEqual(['EN_BACKEND']);
  });

  it('resolves a profile written in Korean to the same skills', async () => {
    const member = await createUser(t);
    const put = await t.call({
      method: 'PUT',
      url: '/api/job-postings/me/profile',
      headers: member.headers,
      payload: {
        skills: [
          { skill: '고', level: 3 },
          { skill: '쿠버네티스', level: 2 },
          { skill: '리액트', level: 2 },
        ],
        yearsOfExperience: 2,
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.skills.map((s: { skill: { id: string } }) => s.skill.id)).toEqual(['go', 'kubernetes', 'react']);
    const r = await search(t, `q=backend&size=50`, member);
    expect(r.content.find((p) => p.id === ids.EN_BACKEND)!.match.score).toBe(100);
  });

  it('lists every name of a skill in the catalogue the profile picks from', async () => {
    const r = await t.call({ method: 'GET', url: '/api/job-postings/skills' });
    const k8s = (r.body.data as Array<{ id: string; aliases: string[] }>).find((s) => s.id === 'kubernetes')!;
    expect(k8s.aliases).toEqual(expect.arrayContaining(['k8s', '쿠버네티스', '쿠베']));
  });
});

describe('postings written with an older synonym table', () => {
  it('get their search columns rewritten at start-up', async () => {
    await t.ctx.db.execute(
      sql`update job_postings set search_version = 0, search_text = title, search_jamo = title, search_choseong = '' where id = ${ids.KO_BACKEND}`,
    );
    expect(keys(await q('backend'))).toEqual(['EN_BACKEND', 'SERVER']);
    const catalogue = new SkillCatalogue(t.ctx.db);
    expect(await refreshSearchColumns(t.ctx.db, catalogue)).toBe(1);
    expect(keys(await q('backend'))).toEqual(['EN_BACKEND', 'KO_BACKEND', 'SERVER']);
    const v = await t.ctx.db.execute<{ n: string | number }>(
      sql`select count(*) as n from job_postings where search_version <> ${JOB_SYNONYMS_VERSION}`,
    );
    expect(Number(v.rows[0]!.n)).toBe(0);
    expect(await refreshSearchColumns(t.ctx.db, catalogue)).toBe(0);
  });
});
