// The public studies list's text search (q): Korean search over the title and tagline as the
// projects list and the jobs navigator have it (search/korean-search.ts, migration 0029).
import type { Study } from '@moim/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { studies } from './schema.ts';
import { insertStudiesBulk, listPublicForExplain } from './study-repo.ts';
import { type TestUser, approvedStudy, createUser, propose } from './test-helpers.ts';
import { studiesKnobs } from './studies-test-kit.ts';

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
const ids: Record<string, string> = {};
const algo: string[] = [];

interface ListPage {
  content: Study[];
  totalElements: number;
  totalPages: number;
  number: number;
}

const list = async (query: string): Promise<ListPage> => {
  const r = await t.call({ method: 'GET', url: `/api/studies/paged?${query}` });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as ListPage;
};
const titles = async (query: string) => (await list(query)).content.map((s) => s.title);
const search = (q: string, more = '') => titles(`q=${encodeURIComponent(q)}${more}`);

beforeAll(async () => {
  t = await createTestApp();
  studiesKnobs(t.ctx).setReadCacheTtl(0);
  admin = await createUser(t, { name: '관리자', admin: true });
  leader = await createUser(t, { name: '검색 리더' });
  // "react" is the closer match to 리액트 and the older one: relevance and newest-first disagree
  ids.react = (await approvedStudy(t, leader, admin, { title: '리액트 스터디', tagline: '훅과 컴포넌트' })).id;
  ids.long = (
    await approvedStudy(t, leader, admin, {
      title: '프론트엔드 부트캠프',
      tagline: '리액트와 리액트 네이티브, 상태 관리와 테스트까지 넓게 다루는 긴 과정입니다',
    })
  ).id;
  ids.ts = (await approvedStudy(t, leader, admin, { title: 'TypeScript 입문', tagline: '타입으로 안전하게' })).id;
  ids.pct = (await approvedStudy(t, leader, admin, { title: '100% 완주 챌린지', tagline: 'snake_case 이름 짓기' })).id;
  for (let k = 1; k <= 7; k++) {
    const s = await approvedStudy(t, leader, admin, {
      title: `알고리즘 스터디 ${k}`,
      tagline: '매주 문제 풀이',
      type: k % 2 === 1 ? 'EDUCATIONAL' : 'PARTICIPATORY',
    });
    algo.push(s.id);
  }
  // not public: never found
  await propose(t, leader, { title: '리액트 대기중 스터디', tagline: '승인 전' });
});
afterAll(() => t.close());

describe('searching the studies list', () => {
  it('finds partial words in the title and the tagline', async () => {
    expect(await search('액트')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect(await search('컴포넌트')).toEqual(['리액트 스터디']);
    expect(await search('네이티브')).toEqual(['프론트엔드 부트캠프']);
    expect(await search('대기중')).toEqual([]);
  });

  it('finds a word still being typed (an unfinished last syllable)', async () => {
    expect(await search('리액')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect(await search('리ㅇ')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect(await search('리액ㅌ')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
  });

  it('finds by 초성', async () => {
    expect(await search('ㄹㅇㅌ')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect(await search('ㄹㅇㅌ ㅅㅌㄷ')).toEqual(['리액트 스터디']);
    expect(await search('ㅇㄱㄹㅈ', '&size=1')).toHaveLength(1);
    expect((await list(`q=${encodeURIComponent('ㅇㄱㄹㅈ')}`)).totalElements).toBe(7);
  });

  it('matches Latin text whatever its case', async () => {
    for (const q of ['typescript', 'TYPESCRIPT', 'Script', 'SNAKE']) expect(await search(q), q).toHaveLength(1);
    expect(await search('typescript')).toEqual(['TypeScript 입문']);
  });

  it('takes % and _ literally', async () => {
    expect(await search('0%')).toEqual(['100% 완주 챌린지']);
    expect(await search('10%')).toEqual([]);
    expect(await search('%')).toEqual(['100% 완주 챌린지']);
    expect(await search('e_c')).toEqual(['100% 완주 챌린지']);
    expect(await search('_')).toEqual(['100% 완주 챌린지']);
    expect(await search('1_0')).toEqual([]);
  });

  it('ranks a title that holds the query before a tagline that does, unless the client asks another order', async () => {
    expect(await search('리액트')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect(await search('리액트', '&sort=relevance,desc')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect(await search('리액트', '&sort=createdAt,desc')).toEqual(['프론트엔드 부트캠프', '리액트 스터디']);
    expect(await search('리액트', '&sort=title,desc')).toEqual(['프론트엔드 부트캠프', '리액트 스터디']);
    // relevance without a query: newest first, as the default list
    expect(await titles('sort=relevance&size=100')).toEqual(await titles('size=100'));
    for (const bad of ['relevance,asc', 'similarity,desc'])
      expect((await t.call({ method: 'GET', url: `/api/studies/paged?sort=${bad}` })).status).toBe(400);
    // the plain array (GET /api/studies) searches the same way
    const arr = await t.call({ method: 'GET', url: `/api/studies?q=${encodeURIComponent('ㄹㅇㅌ')}` });
    expect(arr.body.data.map((s: Study) => s.title)).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
  });

  it('combines with the filters and pages with the right totals', async () => {
    const q = `q=${encodeURIComponent('알고리즘')}`;
    const pages = [await list(`${q}&size=3&page=0`), await list(`${q}&size=3&page=1`), await list(`${q}&size=3&page=2`)];
    expect(pages.map((p) => [p.number, p.content.length, p.totalElements, p.totalPages])).toEqual([
      [0, 3, 7, 3],
      [1, 3, 7, 3],
      [2, 1, 7, 3],
    ]);
    expect(pages.flatMap((p) => p.content.map((s) => s.id)).sort()).toEqual([...algo].sort());
    const educational = await list(`${q}&type=EDUCATIONAL&costType=FREE&size=3&page=1`);
    expect(educational).toMatchObject({ number: 1, totalElements: 4, totalPages: 2 });
    expect(educational.content).toHaveLength(1);
    expect(educational.content[0]!.type).toBe('EDUCATIONAL');
    expect(await titles(`${q}&costType=PAID`)).toEqual([]);
    expect((await list(`${q}&type=PARTICIPATORY&recruiting=true`)).totalElements).toBe(3);
    expect((await list(`q=${encodeURIComponent('ㄹㅇㅌ')}&type=ONE_TIME`)).totalElements).toBe(0);
  });
});

describe('keeping the search columns current', () => {
  it('searches the new title and tagline after an edit (either alone)', async () => {
    const edit = async (payload: object) => {
      const r = await t.call({ method: 'PATCH', url: `/api/studies/${ids.ts}`, headers: leader.headers, payload });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await edit({ title: 'Kotlin 입문' });
    expect(await search('typescript')).toEqual([]);
    expect(await search('kotlin')).toEqual(['Kotlin 입문']);
    expect(await search('안전하게')).toEqual(['Kotlin 입문']);
    await edit({ tagline: '코루틴까지' });
    expect(await search('ㅋㄹㅌ')).toEqual(['Kotlin 입문']);
    expect(await search('안전하게')).toEqual([]);
    expect(await search('KOTLIN')).toEqual(['Kotlin 입문']);
  });

  it('fills the columns of rows written without them at start-up', async () => {
    // a row as it was before migration 0029
    await t.ctx.db.update(studies).set({ searchText: '', searchJamo: '', searchChoseong: '' }).where(eq(studies.id, ids.react!));
    expect(await search('리액트')).toEqual(['프론트엔드 부트캠프']);
    await t.seeder('studies').always!(t.ctx);
    expect(await search('리액트')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    const { rows } = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from studies where search_text = ''`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the search plan', () => {
  it('walks the public trigram indexes for a two-syllable word and for 초성 (1,500 rows, analyzed)', async () => {
    const words = ['캘린더', '가계부', '챗봇', '대시보드', '게임', '커뮤니티', '쇼핑몰', '블로그', '알림', '지도'];
    const day = new Date();
    await insertStudiesBulk(
      t.ctx.db,
      Array.from({ length: 1500 }, (_, i) => ({
        slug: `bulk-${i}`,
        title: `${words[i % words.length]} ${words[(i * 7) % words.length]} 스터디 ${i}`,
        tagline: '매주 한 번 온라인으로 진행 상황을 공유하고 서로의 코드를 읽습니다',
        generation: 1,
        proposerId: leader.id,
        leaderId: leader.id,
        type: 'PARTICIPATORY' as const,
        status: 'APPROVED' as const,
        welcomeMessage: '환영합니다',
        schedule: '매주 월 20:00–22:00',
        duration: '8주',
        sessionStartTime: '20:00',
        sessionEndTime: '22:00',
        locationType: 'ONLINE' as const,
        capacity: 10,
        recruitDeadline: day,
        recurrenceType: 'WEEKLY' as const,
        startDate: '2030-01-07',
        endDate: '2030-03-04',
        costType: 'FREE' as const,
      })),
    );
    await t.ctx.db.execute(sql`analyze studies`);
    for (const [q, index] of [
      ['리액', 'studies_public_search_jamo_trgm'],
      ['ㄹㅇㅌ', 'studies_public_search_choseong_trgm'],
    ] as const) {
      // the route's own statement (study-repo.ts listPublic), its $n parameters bound again
      const st = listPublicForExplain(t.ctx.db, { q, sort: 'relevance,desc' }, day, 10);
      const chunks = st.text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${st.values[Number(part) - 1]}` : sql.raw(part)));
      const plan = await t.ctx.db.transaction(async (tx) => {
        // (a table this small is cheaper to scan; the benchmark shows the plan at 100,000 rows)
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${sql.join(chunks)}`);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), q).toContain(index);
    }
    expect(await search('ㄹㅇㅌ')).toEqual(['리액트 스터디', '프론트엔드 부트캠프']);
    expect((await list(`q=${encodeURIComponent('ㅊㅂ')}`)).totalElements).toBe(300);
  }, 180_000);
});
