/**
 * schema.org structured data for search engines, built once for the server (which writes it into
 * the HTML it serves, so a crawler reads it without running the app) and the web (which writes it
 * on pages it draws itself): a job posting is a JobPosting (Google for Jobs), a study a Course with
 * its recurring CourseInstance or, when it meets once, an Event. docs/structured-data.md lists the
 * properties and the rules each follows.
 */
import type { JobPostingDetail } from './job-postings.ts';
import type { Study } from './studies.ts';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org/';

const REGION_NAMES: Record<string, string> = {
  SEOUL: 'Seoul',
  GYEONGGI: 'Gyeonggi-do',
  INCHEON: 'Incheon',
  BUSAN: 'Busan',
  DAEGU: 'Daegu',
  DAEJEON: 'Daejeon',
  GWANGJU: 'Gwangju',
  ULSAN: 'Ulsan',
  SEJONG: 'Sejong',
  GANGWON: 'Gangwon-do',
  CHUNGBUK: 'Chungcheongbuk-do',
  CHUNGNAM: 'Chungcheongnam-do',
  JEONBUK: 'Jeonbuk',
  JEONNAM: 'Jeollanam-do',
  GYEONGBUK: 'Gyeongsangbuk-do',
  GYEONGNAM: 'Gyeongsangnam-do',
  JEJU: 'Jeju',
};

/** moim's employment types in Google's JobPosting vocabulary (a contract job is CONTRACTOR). */
const EMPLOYMENT_TYPES: Record<JobPostingDetail['employmentType'], string> = {
  FULL_TIME: 'FULL_TIME',
  CONTRACT: 'CONTRACTOR',
  INTERN: 'INTERN',
  PART_TIME: 'PART_TIME',
};

/** A posting as schema.org JobPosting: a past validThrough of a closed posting is kept, so search engines drop it. */
export function jobPostingLd(p: JobPostingDetail, pageUrl: string): JsonLd {
  const ld: JsonLd = {
    '@context': CONTEXT,
    '@type': 'JobPosting',
    title: p.title,
    description: [p.description, p.requirements && `자격 요건\n${p.requirements}`, p.preferred && `우대 사항\n${p.preferred}`]
      .filter(Boolean)
      .join('\n\n'),
    identifier: { '@type': 'PropertyValue', name: p.company.name, value: p.id },
    datePosted: p.postedAt,
    employmentType: EMPLOYMENT_TYPES[p.employmentType],
    hiringOrganization: {
      '@type': 'Organization',
      name: p.company.name,
      ...(p.company.nameEn ? { alternateName: p.company.nameEn } : {}),
      ...(p.company.careersUrl ? { sameAs: p.company.careersUrl } : {}),
      ...(p.company.logoUrl ? { logo: p.company.logoUrl } : {}),
    },
    url: pageUrl,
    skills: [...p.requiredSkills, ...p.preferredSkills].map((s) => s.name).join(', '),
    experienceRequirements:
      p.experienceLevel === 'ANY'
        ? 'no requirements'
        : { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: p.experienceMin * 12 },
  };
  if (p.validThrough) ld.validThrough = p.validThrough;
  if (p.workMode === 'REMOTE') {
    ld.jobLocationType = 'TELECOMMUTE';
    ld.applicantLocationRequirements = { '@type': 'Country', name: 'KR' };
  }
  if (p.workMode !== 'REMOTE' || p.region) {
    ld.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(p.location ? { streetAddress: p.location } : {}),
        ...(p.region ? { addressRegion: REGION_NAMES[p.region] } : {}),
        addressCountry: 'KR',
      },
    };
  }
  if (p.salaryMin !== null || p.salaryMax !== null) {
    ld.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'KRW',
      value: {
        '@type': 'QuantitativeValue',
        unitText: 'YEAR',
        ...(p.salaryMin !== null ? { minValue: p.salaryMin } : {}),
        ...(p.salaryMax !== null ? { maxValue: p.salaryMax } : {}),
      },
    };
  }
  return ld;
}

const DAY_NAMES: Record<string, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};
const REPEAT: Record<string, string> = { DAILY: 'P1D', WEEKLY: 'P1W', BIWEEKLY: 'P2W', MONTHLY: 'P1M' };

/** A Seoul date and time of day as an ISO 8601 instant with its offset (Korea keeps no summer time). */
const seoulInstant = (date: string, time: string) => `${date}T${time}:00+09:00`;

/** A study as a Course (it meets on a schedule) or an Event (it meets once). */
export function studyLd(s: Study, pageUrl: string, origin: string): JsonLd {
  const online = s.location.type === 'ONLINE';
  const location = online
    ? { '@type': 'VirtualLocation', url: pageUrl }
    : {
        '@type': 'Place',
        name: s.location.address ?? s.title,
        address: { '@type': 'PostalAddress', ...(s.location.address ? { streetAddress: s.location.address } : {}), addressCountry: 'KR' },
      };
  const organizer = { '@type': 'Person', name: s.leader.name };
  const offer = {
    '@type': 'Offer',
    price: s.costType === 'FREE' ? 0 : s.cost,
    priceCurrency: 'KRW',
    category: s.costType === 'FREE' ? 'Free' : 'Paid',
    url: pageUrl,
    // open for applications as a guest sees it (full, closed, running or over: no seat to take)
    availability: s.applicability.label === 'RECRUITING' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    validFrom: s.createdAt,
  };
  const image = s.coverImage ? new URL(s.coverImage, origin).toString() : undefined;
  const start = seoulInstant(s.startDate, s.scheduleDetails.startTime);
  const end = seoulInstant(s.endDate, s.scheduleDetails.endTime);
  if (s.recurrenceType === 'ONE_TIME') {
    return {
      '@context': CONTEXT,
      '@type': 'Event',
      name: s.title,
      description: s.tagline,
      url: pageUrl,
      startDate: start,
      endDate: end,
      eventStatus: s.status === 'TERMINATED' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
      eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
      location,
      organizer,
      offers: offer,
      ...(image ? { image: [image] } : {}),
    };
  }
  const repeat = REPEAT[s.recurrenceType];
  return {
    '@context': CONTEXT,
    '@type': 'Course',
    name: s.title,
    description: s.tagline,
    url: pageUrl,
    inLanguage: 'ko',
    provider: { '@type': 'Organization', name: 'moim', sameAs: origin },
    offers: [offer],
    ...(image ? { image: [image] } : {}),
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: online ? 'Online' : 'Onsite',
        location,
        startDate: s.startDate,
        endDate: s.endDate,
        instructor: [organizer],
        courseSchedule: {
          '@type': 'Schedule',
          ...(repeat ? { repeatFrequency: repeat } : {}),
          ...(s.scheduleDetails.weekdays.length > 0
            ? { byDay: s.scheduleDetails.weekdays.map((d) => `https://schema.org/${DAY_NAMES[d] ?? d}`) }
            : {}),
          startDate: s.startDate,
          endDate: s.endDate,
          startTime: s.scheduleDetails.startTime,
          endTime: s.scheduleDetails.endTime,
          scheduleTimezone: 'Asia/Seoul',
        },
      },
    ],
  };
}

/**
 * The JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped so no text can
 * close the element or open a comment, and U+2028/U+2029 escaped for older JavaScript parsers.
 */
export function jsonLdText(ld: JsonLd): string {
  return JSON.stringify(ld).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The element id of the structured data the server writes into a page's <head>. */
export const PAGE_JSON_LD_ID = 'page-json-ld';

/** The whole element, for HTML the server writes. */
export function jsonLdScript(ld: JsonLd, id: string = PAGE_JSON_LD_ID): string {
  return `<script type="application/ld+json" id="${id}">${jsonLdText(ld)}</script>`;
}
