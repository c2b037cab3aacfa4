import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { koreanSearch, parseKoreanQuery, searchColumnsOf } from './korean-search.ts';

describe('search columns', () => {
  it('normalises, splits syllables into jamo and keeps the 초성 of Hangul words', () => {
    const c = searchColumnsOf('  Ｒｅａｃｔ   백엔드 ', null, ['개발자']);
    expect(c.searchText).toBe('react 백엔드 개발자');
    expect(c.searchJamo).toBe('react ㅂㅐㄱㅇㅔㄴㄷㅡ ㄱㅐㅂㅏㄹㅈㅏ');
    expect(c.searchChoseong).toBe('ㅂㅇㄷ ㄱㅂㅈ');
  });

  it('reads a 초성-only query as 초성 and anything else as jamo', () => {
    expect(parseKoreanQuery('ㅂㅇㄷ')).toEqual({ kind: 'choseong', needle: 'ㅂㅇㄷ' });
    expect(parseKoreanQuery('결ㅈ')).toEqual({ kind: 'jamo', needle: 'ㄱㅕㄹㅈ' });
    expect(parseKoreanQuery('   ')).toBeNull();
  });
});

describe('korean search on the database', () => {
  let t: TestApp;
  const rows = ['자바 백엔드 개발자', '결제 시스템 엔지니어', '프론트엔드 React', 'Kotlin 서버 개발', '데이터 분석가'];
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.database.execScript(`
      create table search_probe (id serial primary key, title text, search_jamo text not null, search_choseong text not null);
      create index search_probe_jamo on search_probe using gin (search_jamo gin_trgm_ops);
      create index search_probe_cho on search_probe using gin (search_choseong gin_trgm_ops);`);
    for (const title of rows) {
      const c = searchColumnsOf(title);
      await t.ctx.db.execute(
        sql`insert into search_probe (title, search_jamo, search_choseong) values (${title}, ${c.searchJamo}, ${c.searchChoseong})`,
      );
    }
  });
  afterAll(() => t.close());

  const find = async (q: string) => {
    const s = koreanSearch({ jamo: sql.raw('search_jamo'), choseong: sql.raw('search_choseong') }, q)!;
    const r = await t.ctx.db.execute<{ title: string }>(sql`select title from search_probe where ${s.where} order by ${s.rank} desc, id`);
    return r.rows.map((x) => x.title);
  };

  it('finds two-syllable words, words being typed, 초성 and Latin text', async () => {
    expect(await find('자바')).toEqual(['자바 백엔드 개발자']);
    expect(await find('결ㅈ')).toEqual(['결제 시스템 엔지니어']);
    expect(await find('ㅂㅇㄷ')).toEqual(['자바 백엔드 개발자']);
    expect(await find('엔드')).toEqual(expect.arrayContaining(['자바 백엔드 개발자', '프론트엔드 React']));
    expect(await find('REACT')).toEqual(['프론트엔드 React']);
    expect(await find('100%')).toEqual([]);
  });

  it('uses the trigram index for a two-syllable query', async () => {
    const s = koreanSearch({ jamo: sql.raw('search_jamo'), choseong: sql.raw('search_choseong') }, '자바')!;
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain select id from search_probe where ${s.where}`);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/search_probe_jamo/);
  });
});
