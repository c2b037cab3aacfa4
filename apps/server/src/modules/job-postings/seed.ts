/**
 * Demo content of the navigator, made through the module's services: a few hundred generated
 * postings (demo-data.ts) imported as one run (its report shows in the back office), a skill
 * profile, bookmarks and a saved search for the study leader, and a correction from a member.
 * The member account is left without a profile (the end-to-end journey fills it in).
 */
import { seoulDate } from '@moim/contract';
import type { Seeder } from '../../seed/index.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { generateDemoPostings } from './demo-data.ts';
import type { ImportService } from './import-service.ts';
import type { MemberService } from './member-service.ts';
import type { PostingService } from './posting-service.ts';
import { refreshSearchColumns } from './search-refresh.ts';

export const DEMO_POSTING_COUNT = 320;

interface SeededUsers {
  admin: string;
  leader: string;
  member: string;
  others: string[];
}

const asUser = (id: string): AuthUser => ({ id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' }) as AuthUser;

export function jobPostingsSeeder(imports: ImportService, members: MemberService, postings: PostingService, changed: () => void): Seeder {
  return {
    name: 'job-postings',
    // postings whose search columns were written with another synonym table (migration 0030)
    async always(ctx) {
      const n = await refreshSearchColumns(ctx.db, postings.catalogue);
      if (n > 0) changed();
      if (n > 0) ctx.log.info({ postings: n }, 'job postings: search columns rewritten with the current synonyms');
    },
    async demo(_ctx, shared) {
      const users = shared.users as SeededUsers | undefined;
      const items = generateDemoPostings({ count: DEMO_POSTING_COUNT, today: seoulDate(new Date()) });
      await imports.importNow('demo-dataset (generated)', items, users?.admin ?? null);
      if (!users) return;
      const leader = asUser(users.leader);
      await members.saveProfile(leader, {
        skills: [
          { skill: 'Java', level: 4 },
          { skill: 'Spring', level: 4 },
          { skill: 'MySQL', level: 3 },
          { skill: 'JPA', level: 3 },
          { skill: 'AWS', level: 2 },
          { skill: 'Docker', level: 2 },
        ],
        yearsOfExperience: 4,
        preferredRegions: ['SEOUL', 'GYEONGGI'],
        preferredWorkModes: ['HYBRID', 'REMOTE'],
        preferredEmploymentTypes: ['FULL_TIME'],
      });
      const backend = await postings.search({ q: '백엔드', skill: ['java'], page: 0, size: 3, activeOnly: true }, leader);
      for (const p of backend.content) await members.setBookmark(leader, p.id, true);
      for (const p of backend.content.slice(0, 2)) await postings.detail(p.id, leader);
      await members.createSavedSearch(leader, {
        name: '판교·서울 자바 백엔드',
        filters: { q: '백엔드', skill: ['java'], region: ['SEOUL', 'GYEONGGI'] },
        alertEnabled: true,
      });
      const reporter = users.others[0];
      const first = backend.content[0];
      if (reporter && first) {
        await members.report(asUser(reporter), {
          postingId: first.id,
          kind: 'DATA_ERROR',
          message: '연봉 정보가 회사 채용 페이지와 다릅니다. 확인 부탁드려요.',
        });
        await members.report(asUser(reporter), {
          kind: 'ADD_COMPANY',
          message: '별무리랩스(가상)의 채용 공고도 모아 주세요: https://byeolmuri.example.com/careers',
        });
      }
    },
  };
}
