/**
 * Demo projects (fictional teams, people from the accounts seeder): a dozen in every status with
 * positions, members and applications (seed-projects-recruiting.ts, seed-projects-underway.ts).
 * Dates are relative to the day the demo is loaded.
 */
import type { DemoProject, Who } from './seed-demo-types.ts';
import { RECRUITING_PROJECTS } from './seed-projects-recruiting.ts';
import { UNDERWAY_PROJECTS } from './seed-projects-underway.ts';

export { OTHERS, type DemoApplication, type DemoProject, type Who } from './seed-demo-types.ts';

const intro = (who: string) => `안녕하세요, ${who}입니다. 평일 저녁과 주말에 꾸준히 시간을 낼 수 있어요.`;
const motive = '사용자에게 바로 닿는 제품을 처음부터 끝까지 만들어 보고 싶어서 지원합니다. 코드 리뷰 문화가 있는 팀이면 좋겠어요.';

export const DEMO_PROJECTS: DemoProject[] = [...RECRUITING_PROJECTS, ...UNDERWAY_PROJECTS];

export const DEMO_INTRO = intro;
/** A skill each demo applicant brings besides the position's. */
export const DEMO_EXTRA_SKILL: Record<Who, string> = {
  leader: 'Kubernetes',
  member: 'Figma',
  haneul: 'TypeScript',
  doyun: 'Go',
  minjun: 'Swift',
  seoyun: 'Python',
  jiho: 'Docker',
  yerin: 'GraphQL',
  seungwoo: 'Redis',
  sua: 'Storybook',
};
export const DEMO_MOTIVATION = motive;
