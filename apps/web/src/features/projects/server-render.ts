/** The project pages the server renders with their public data (shared/api/server-render.ts). */
import { DEFAULT_PAGE_SIZE, type Project } from '@moim/contract';
import { readData, readSubject, type ServerRenderedPage } from '../../shared/api/server-render';
import { projectsPaths } from '../../shared/api/paths/projects';
import { projectKeys, projectListPath } from './api/projects-api';
import { EMPTY_FILTERS, parseFilters } from './lib/list-filters';

/** What the build renders the pages' templates with (never shown): every section of a project. */
function sampleProject(): Project {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'sample-project',
    name: '모임 캘린더',
    tagline: '스터디 일정을 한 화면에서',
    type: 'SIDE_PROJECT',
    status: 'RECRUITING',
    meeting: { type: 'HYBRID', frequency: '주 1회', region: '서울' },
    recruitmentDeadline: '2026-12-31',
    startDate: '2027-01-04',
    positions: [
      {
        id: 'p1',
        name: '백엔드 개발자',
        requiredCount: 2,
        filledCount: 1,
        requiredSkills: ['Kotlin'],
        preferredSkills: ['PostgreSQL'],
        responsibilities: 'API와 데이터',
        open: true,
      },
      {
        id: 'p2',
        name: '디자이너',
        requiredCount: 1,
        filledCount: 1,
        requiredSkills: [],
        preferredSkills: [],
        responsibilities: '',
        open: false,
      },
    ],
    techStack: [
      { category: 'FRONTEND', name: 'React' },
      { category: 'BACKEND', name: 'Kotlin' },
    ],
    owner: { id: 'o1', name: '최서연', username: 'seoyeon', profileImage: null },
    memberCount: 3,
    viewCount: 42,
    acceptingApplications: true,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    description: '스터디 일정을 모아 보는 캘린더를 만듭니다.',
    vision: '모임의 모든 일정이 한곳에.',
    expectedDuration: '3개월',
    collaborationTools: ['GitHub', 'Slack'],
    compensation: '없음',
    links: { repository: 'https://github.com/moim/calendar', demo: null, contact: null },
    members: [
      {
        user: { id: 'o1', name: '최서연', username: 'seoyeon', profileImage: null },
        role: 'OWNER',
        position: null,
        joinedAt: '2026-11-20T00:00:00.000Z',
      },
    ],
    viewer: null,
  };
}

/** /project/{slug}: the project as a guest sees it (the server's read counts no view), or its not-found page (a 404). */
export const projectPage: ServerRenderedPage = {
  pattern: '/project/:slug',
  sample: '/project/sample-project',
  sampleData: () => [[projectKeys.detail('sample-project'), sampleProject()]],
  async load({ slug }, get) {
    if (!slug) return null;
    return readSubject(get, projectsPaths.bySlug(slug), projectKeys.detail(slug));
  },
};

/** /project: a page of the list, for the address's filters, as a guest sees it. */
export const projectListPage: ServerRenderedPage = {
  pattern: '/project',
  sample: '/project',
  sampleData() {
    const {
      viewer: _v,
      description: _d,
      vision: _vi,
      expectedDuration: _e,
      collaborationTools: _c,
      compensation: _co,
      links: _l,
      members: _m,
      positions,
      ...rest
    } = sampleProject();
    const card = {
      ...rest,
      positions: positions.map(({ id, name, requiredCount, filledCount, open }) => ({ id, name, requiredCount, filledCount, open })),
    };
    return [
      [
        projectKeys.list(EMPTY_FILTERS, DEFAULT_PAGE_SIZE),
        { content: [card], number: 0, size: DEFAULT_PAGE_SIZE, totalElements: 1, totalPages: 1, first: true, last: true },
      ],
    ];
  },
  async load(_params, get, search) {
    const filters = parseFilters(search);
    const list = await readData(get, projectListPath(filters));
    return list ? [[projectKeys.list(filters, DEFAULT_PAGE_SIZE), list.data]] : null;
  },
};
