/** The jobs navigator's pages the server renders with their public data (shared/api/server-render.ts). */
import type { JobFacets, JobPostingDetail } from '@moim/contract';
import { readData, readSubject, type ServerRenderedPage } from '../../shared/api/server-render';
import { jobPostingsPaths } from '../../shared/api/paths/job-postings';
import { jobFacetsPath, jobKeys, jobListPath, PAGE_SIZE } from './api';
import { EMPTY_FILTERS, parseFilters, UUID } from './lib/filters';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000002';

/** What the build renders the pages' templates with (never shown). */
function samplePosting(): JobPostingDetail {
  return {
    id: SAMPLE_ID,
    title: '백엔드 엔지니어 (Kotlin)',
    company: { id: '00000000-0000-4000-8000-000000000003', name: '모임랩', nameEn: 'Moim Lab', careersUrl: null, logoUrl: null },
    employmentType: 'FULL_TIME',
    experienceLevel: 'JUNIOR',
    experienceMin: 1,
    experienceMax: 3,
    location: '서울 강남구',
    region: 'SEOUL',
    workMode: 'HYBRID',
    salaryMin: 45_000_000,
    salaryMax: 60_000_000,
    requiredSkills: [{ id: 'kotlin', name: 'Kotlin', category: 'LANGUAGE' }],
    preferredSkills: [{ id: 'postgresql', name: 'PostgreSQL', category: 'DATABASE' }],
    postedAt: '2026-11-20T00:00:00.000Z',
    validThrough: '2026-12-31T14:59:59.000Z',
    active: true,
    closedReason: null,
    match: null,
    bookmarked: false,
    description: '결제와 정산 API를 만듭니다.',
    requirements: 'Kotlin 또는 Java 실무 1년 이상',
    preferred: 'PostgreSQL 운영 경험',
    sourceUrl: 'https://example.com/jobs/1',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
  };
}

/** /ignition/navigator/{id}: a posting's own page, as a guest sees it, or its not-found state (a 404). */
export const postingPage: ServerRenderedPage = {
  pattern: '/ignition/navigator/:jobId',
  sample: `/ignition/navigator/${SAMPLE_ID}`,
  sampleData: () => [[jobKeys.detail(SAMPLE_ID, false), samplePosting()]],
  async load({ jobId }, get) {
    if (!jobId || !UUID.test(jobId)) return null;
    return readSubject(get, jobPostingsPaths.byId(jobId), jobKeys.detail(jobId, false));
  },
};

/** /ignition/navigator: a page of postings and the filters' counts, for the address's filters, as a guest sees them. */
export const navigatorPage: ServerRenderedPage = {
  pattern: '/ignition/navigator',
  sample: '/ignition/navigator',
  sampleData() {
    const { description: _d, requirements: _r, preferred: _p, sourceUrl: _s, createdAt: _c, updatedAt: _u, ...card } = samplePosting();
    const count = (value: string, label = value) => [{ value, label, count: 1 }];
    const facets: JobFacets = {
      total: 1,
      exact: true,
      companies: count(card.company.id, card.company.name),
      skills: count('kotlin', 'Kotlin'),
      experience: count('JUNIOR', '주니어'),
      employmentType: count('FULL_TIME', '정규직'),
      workMode: count('HYBRID', '하이브리드'),
      region: count('SEOUL', '서울'),
    };
    return [
      [
        jobKeys.list(EMPTY_FILTERS, false),
        { content: [card], number: 0, size: PAGE_SIZE, totalElements: 1, totalPages: 1, first: true, last: true, totalExact: true },
      ],
      [jobKeys.facets(EMPTY_FILTERS), facets],
    ];
  },
  async load(_params, get, search) {
    // another tab of the navigator (bookmarks, recent, saved) is the member's own, and a posting
    // opened over the list is a dialog the app draws: the shell
    if ((search.has('view') && search.get('view') !== 'all') || search.has('jobId')) return null;
    const filters = parseFilters(search);
    const [list, facets] = await Promise.all([readData(get, jobListPath(filters)), readData(get, jobFacetsPath(filters))]);
    return list && facets
      ? [
          [jobKeys.list(filters, false), list.data],
          [jobKeys.facets(filters), facets.data],
        ]
      : null;
  },
};
