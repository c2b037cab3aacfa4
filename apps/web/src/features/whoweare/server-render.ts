/** The team pages the server renders with the team (shared/api/server-render.ts). */
import { readData, type ServerRenderedPage } from '../../shared/api/server-render';
import { sitePaths } from '../../shared/api/paths/site';
import { sortMembers, whoweareKeys, type Member } from './api';

/** What the build renders the pages' templates with (never shown). */
function sampleMembers(): Member[] {
  return [
    {
      id: '00000000-0000-4000-8000-000000000004',
      name: '김모임',
      username: 'moim',
      roleTitle: '백엔드 · 인프라',
      quote: '느린 쿼리를 찾아 빠르게 만듭니다.',
      bio: '백엔드와 인프라를 맡고 있습니다.',
      profileImage: null,
      profileImageThumb: null,
      links: [{ label: 'GitHub', url: 'https://github.com/moim' }],
      joinedYear: 2024,
      memberSince: '2024-03-01',
      sortOrder: 1,
    },
  ];
}

const teamPage = (path: string): ServerRenderedPage => ({
  pattern: path,
  sample: path,
  sampleData: () => [[whoweareKeys.members(), sampleMembers()]],
  async load(_params, get) {
    const members = await readData(get, sitePaths.whoweareMembers);
    return members ? [[whoweareKeys.members(), sortMembers(members.data as Member[])]] : null;
  },
});

/** /whoweare, /whoweare-original and /whoweare-hybrid-archive: the team as the API lists it. */
export const teamPages: readonly ServerRenderedPage[] = ['/whoweare', '/whoweare-original', '/whoweare-hybrid-archive'].map(teamPage);
