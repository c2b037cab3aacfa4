/**
 * Structured data against what Google Search Central documents for each rich result (the
 * "Required properties" and "Recommended properties" tables of developers.google.com/search/docs/
 * appearance/structured-data/job-posting, /event and /course-info): every required one present,
 * the recommended ones we can know present, and text that cannot break out of its element.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JobPostingDetail } from './job-postings.ts';
import type { Study } from './studies.ts';
import { jobPostingLd, jsonLdScript, jsonLdText, studyLd, type JsonLd } from './structured-data.ts';

/** The dotted paths (`a.b`, `a[].b` for every item of a list) that `ld` lacks. */
function missing(ld: JsonLd, paths: readonly string[]): string[] {
  const has = (v: unknown, parts: string[]): boolean => {
    if (parts.length === 0) return v !== undefined && v !== null && v !== '';
    const [head, ...rest] = parts;
    if (head!.endsWith('[]')) {
      const list = (v as Record<string, unknown> | undefined)?.[head!.slice(0, -2)];
      return Array.isArray(list) && list.length > 0 && list.every((item) => has(item, rest));
    }
    return has((v as Record<string, unknown> | undefined)?.[head!], rest);
  };
  return paths.filter((p) => !has(ld, p.split('.')));
}

const JOB_REQUIRED = ['datePosted', 'description', 'hiringOrganization.name', 'title'];
const JOB_RECOMMENDED = ['employmentType', 'identifier.value', 'validThrough', 'baseSalary.currency', 'baseSalary.value.unitText'];
const EVENT_REQUIRED = ['name', 'startDate', 'location'];
const EVENT_RECOMMENDED = [
  'description',
  'endDate',
  'eventAttendanceMode',
  'eventStatus',
  'offers.price',
  'offers.priceCurrency',
  'offers.availability',
  'offers.url',
  'offers.validFrom',
  'organizer.name',
];
const COURSE_REQUIRED = [
  'name',
  'description',
  'provider.name',
  'offers[].category',
  'hasCourseInstance[].courseMode',
  'hasCourseInstance[].courseSchedule.repeatFrequency',
];
const COURSE_RECOMMENDED = [
  'offers[].price',
  'offers[].priceCurrency',
  'hasCourseInstance[].instructor[].name',
  'hasCourseInstance[].location',
];

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

const study = (over: Partial<Study> = {}): Study => ({
  id: '22222222-2222-4222-8222-222222222222',
  slug: '1-tecoteco',
  title: '테코테코 알고리즘 스터디',
  coverImage: '/api/images/cover.webp',
  coverImageThumb: null,
  coverImageStatus: 'READY',
  generation: 1,
  tagline: '매주 목요일, 코딩 테스트 문제를 함께 풀어요',
  proposerId: 'p',
  type: 'PARTICIPATORY',
  leader: { id: 'l', name: '이리더', profileImage: null, welcomeMessage: '' },
  schedule: '매주 목 19:30–21:30',
  duration: '5주',
  scheduleDetails: { weekdays: ['THU'], startTime: '19:30', endTime: '21:30', timezone: 'Asia/Seoul' },
  location: { type: 'OFFLINE', address: '서울 강남구 테헤란로 1' },
  capacity: 8,
  enrolled: 3,
  seatsTaken: 3,
  recruitDeadline: '2099-12-01T14:59:59.999Z',
  isRecruiting: null,
  status: 'APPROVED',
  recurrenceType: 'WEEKLY',
  startDate: '2099-12-03',
  endDate: '2099-12-31',
  costType: 'PAID',
  costDescription: '',
  cost: 50_000,
  paymentDeadlineHours: 72,
  questions: [],
  deleted: false,
  rejectReason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  applicability: { canApply: true, label: 'RECRUITING', showReviewButton: false },
  viewer: null,
  ...over,
});

describe('JobPosting', () => {
  it("has Google's required and recommended properties, keeps a past validThrough, and names a contract job CONTRACTOR", () => {
    const ld = jobPostingLd(detail, 'https://moim.dev/ignition/navigator/1');
    expect(missing(ld, [...JOB_REQUIRED, 'jobLocation.address.addressCountry', ...JOB_RECOMMENDED])).toEqual([]);
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
    expect(jobPostingLd({ ...detail, employmentType: 'CONTRACT' }, 'u').employmentType).toBe('CONTRACTOR');
  });

  it('a remote posting is TELECOMMUTE with the country applicants must be in, instead of a place', () => {
    const remote = jobPostingLd({ ...detail, workMode: 'REMOTE', region: null, validThrough: null }, 'u');
    expect(remote).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'KR' } });
    expect(remote.jobLocation).toBeUndefined();
    expect(remote.validThrough).toBeUndefined();
    expect(missing(remote, JOB_REQUIRED)).toEqual([]);
  });
});

describe('a study', () => {
  it("meeting weekly is a Course with a recurring CourseInstance, with Google's required properties", () => {
    const ld = studyLd(study(), 'https://moim.dev/study/1-tecoteco', 'https://moim.dev');
    expect(ld['@type']).toBe('Course');
    expect(missing(ld, [...COURSE_REQUIRED, ...COURSE_RECOMMENDED])).toEqual([]);
    expect(ld).toMatchObject({
      image: ['https://moim.dev/api/images/cover.webp'],
      offers: [{ category: 'Paid', price: 50_000, priceCurrency: 'KRW', availability: 'https://schema.org/InStock' }],
      hasCourseInstance: [
        {
          courseMode: 'Onsite',
          startDate: '2099-12-03',
          endDate: '2099-12-31',
          courseSchedule: {
            repeatFrequency: 'P1W',
            byDay: ['https://schema.org/Thursday'],
            startTime: '19:30',
            scheduleTimezone: 'Asia/Seoul',
          },
        },
      ],
    });
    const online = studyLd(
      study({ location: { type: 'ONLINE', address: null }, costType: 'FREE', cost: 0 }),
      'https://moim.dev/s',
      'https://moim.dev',
    );
    expect(online).toMatchObject({
      offers: [{ category: 'Free', price: 0 }],
      hasCourseInstance: [{ courseMode: 'Online', location: { '@type': 'VirtualLocation', url: 'https://moim.dev/s' } }],
    });
  });

  it("meeting once is an Event with Seoul times, Google's required properties, and a cancelled status when terminated", () => {
    const once = study({ recurrenceType: 'ONE_TIME', type: 'ONE_TIME', startDate: '2099-12-03', endDate: '2099-12-03' });
    const ld = studyLd(once, 'https://moim.dev/study/x', 'https://moim.dev');
    expect(ld['@type']).toBe('Event');
    expect(missing(ld, [...EVENT_REQUIRED, 'location.address.addressCountry', ...EVENT_RECOMMENDED])).toEqual([]);
    expect(ld).toMatchObject({
      startDate: '2099-12-03T19:30:00+09:00',
      endDate: '2099-12-03T21:30:00+09:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    });
    const cancelled = studyLd(
      { ...once, status: 'TERMINATED', applicability: { ...once.applicability, label: 'TERMINATED' } },
      'u',
      'https://moim.dev',
    );
    expect(cancelled).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
      offers: { availability: 'https://schema.org/SoldOut' },
    });
  });
});

describe('the script element', () => {
  it('no text closes the element, opens a comment or breaks a line for old parsers; the JSON reads back the same', () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028\u2029';
    const text = jsonLdScript(jobPostingLd({ ...detail, title }, 'u'));
    const inner = text.slice('<script type="application/ld+json" id="page-json-ld">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner).title).toBe(title);
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = jsonLdText({ s });
        expect(out).not.toMatch(/<\/?script|<!--|[\u2028\u2029]/i);
        expect(JSON.parse(out).s).toBe(s);
      }),
    );
  });
});
