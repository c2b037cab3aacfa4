import type { JobPostingDetail } from '@moim/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToParams, parseFilters, toApiQuery } from './filters';
import { highlightRanges } from './highlight';
import { jobPostingJsonLd, jsonLdText } from './json-ld';

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

const detail: JobPostingDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  title: '백엔드 개발자 </script>',
  company: { id: 'c', name: '한빛페이', nameEn: 'Hanbit Pay', careersUrl: 'https://hanbitpay.example.com/careers', logoUrl: null },
  employmentType: 'FULL_TIME',
  experienceLevel: 'JUNIOR',
  experienceMin: 1,
  experienceMax: 3,
  location: '서울 강남구',
  region: 'SEOUL',
  workMode: 'ONSITE',
  salaryMin: 50_000_000,
  salaryMax: null,
  requiredSkills: [{ id: 'java', name: 'Java', category: 'LANGUAGE' }],
  preferredSkills: [],
  postedAt: '2026-11-01T00:00:00.000Z',
  validThrough: '2026-11-10T14:59:59.999Z',
  active: false,
  closedReason: 'EXPIRED',
  match: null,
  bookmarked: false,
  description: '소개',
  requirements: '요건',
  preferred: '',
  sourceUrl: 'https://careers.example.com/1',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('JobPosting JSON-LD', () => {
  it('describes the posting for schema.org, keeps a past validThrough, and cannot close its script tag', () => {
    const ld = jobPostingJsonLd(detail, 'https://moim.dev/ignition/navigator/1');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: '백엔드 개발자 </script>',
      datePosted: '2026-11-01T00:00:00.000Z',
      validThrough: '2026-11-10T14:59:59.999Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: '한빛페이',
        alternateName: 'Hanbit Pay',
        sameAs: 'https://hanbitpay.example.com/careers',
      },
      jobLocation: { '@type': 'Place', address: { addressRegion: 'Seoul', addressCountry: 'KR', streetAddress: '서울 강남구' } },
      baseSalary: { currency: 'KRW', value: { unitText: 'YEAR', minValue: 50_000_000 } },
      skills: 'Java',
    });
    expect(ld.jobLocationType).toBeUndefined();
    const remote = jobPostingJsonLd({ ...detail, workMode: 'REMOTE', region: null, validThrough: null }, 'u');
    expect(remote).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { name: 'KR' } });
    expect(remote.validThrough).toBeUndefined();
    expect(jsonLdText(ld)).not.toContain('</script>');
    expect(JSON.parse(jsonLdText(ld)).title).toBe('백엔드 개발자 </script>');
  });
});
