import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToParams, parseFilters, toApiQuery } from './filters';
import { highlightRanges } from './highlight';

const mark = (text: string, q: string) => highlightRanges(text, q).map(([a, b]) => text.slice(a, b));

describe('highlight', () => {
  it('marks partial words, a word being typed and 초성, as the server matches them', () => {
    expect(mark('자바 백엔드 개발자', '자바')).toEqual(['자바']);
    expect(mark('결제 시스템 엔지니어', '결ㅈ')).toEqual(['결제']);
    expect(mark('[신입] 백엔드 개발자 (Kotlin)', 'ㅂㅇㄷ')).toEqual(['백엔드']);
    expect(mark('프론트엔드 React', 'react')).toEqual(['React']);
    expect(mark('자바 백엔드', '백엔드 자바')).toEqual(['자바', '백엔드']);
    expect(mark('아무것도', 'xyz')).toEqual([]);
    expect(highlightRanges('abc', '  ')).toEqual([]);
  });
});

describe('URL filters', () => {
  it('round-trips through the query string, drops unknown values and keeps other parameters', () => {
    const params = new URLSearchParams(
      'q=자바&experience=ENTRY&experience=BOGUS&workMode=REMOTE&skill=java&skill=bad skill&salaryMin=40000000&closed=true&sort=match&page=2&jobId=abc',
    );
    const f = parseFilters(params);
    expect(f).toEqual({
      ...EMPTY_FILTERS,
      q: '자바',
      experience: ['ENTRY'],
      workMode: ['REMOTE'],
      skill: ['java'],
      salaryMin: 40_000_000,
      includeClosed: true,
      sort: 'match',
      page: 2,
    });
    const back = filtersToParams(f, params);
    expect(back.get('jobId')).toBe('abc');
    expect(parseFilters(back)).toEqual(f);
    expect(toApiQuery(f, 20)).toMatchObject({ q: '자바', activeOnly: false, sort: 'match', page: 2, size: 20, salaryMin: 40_000_000 });
    expect(toApiQuery(EMPTY_FILTERS, 20)).toMatchObject({ q: undefined, activeOnly: undefined, sort: undefined });
  });
});
