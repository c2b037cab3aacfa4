/**
 * Demo projects (after the accounts seeder, whose `shared.users` it uses), made through the
 * projects service: created "in the past" by a service whose clock is set back, published,
 * applied to, approved, rejected, withdrawn, closed, completed or cancelled, and viewed, so that
 * every status and every application outcome is on the pages at first start. Notifications are
 * stored without mail (nobody is mailed for demo content).
 */
import { type ProjectAction, type ProjectStatus, addDays, projectBody, seoulDate } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import type { Seeder } from '../../seed/index.ts';
import type { Clock } from '../../clock.ts';
import type { ProjectsDeps } from './deps.ts';
import { DEMO_EXTRA_SKILL, DEMO_INTRO, DEMO_MOTIVATION, DEMO_PROJECTS, type DemoProject, OTHERS, type Who } from './seed-content.ts';
import { recordViews } from './project-repo.ts';
import type { ProjectsService } from './service.ts';

interface SharedUsers {
  admin: string;
  leader: string;
  member: string;
  others: string[];
}

const DAY = 86_400_000;
const asUser = (id: string): AuthUser => ({ id, roles: ['ROLE_USER'], systemRole: 'ROLE_USER' });

/** The status moves that lead from RECRUITING to `status`. */
const PATH: Record<ProjectStatus, ProjectAction[]> = {
  DRAFT: [],
  RECRUITING: [],
  IN_PROGRESS: ['CLOSE_RECRUITMENT'],
  COMPLETED: ['CLOSE_RECRUITMENT', 'COMPLETE'],
  CANCELLED: ['CANCEL'],
};

/** `build`: the module's services over a clock of the seed's (each demo project is back-dated). */
export function projectsSeeder(deps: ProjectsDeps, build: (clock: Clock) => ProjectsService): Seeder {
  return {
    name: 'projects',
    async demo(ctx, shared) {
      const people = shared.users as SharedUsers | undefined;
      if (!people) {
        ctx.log.warn('projects: no demo users (accounts seeder did not run); no demo projects');
        return;
      }
      const ids: Record<Who, string> = {
        leader: people.leader,
        member: people.member,
        ...(Object.fromEntries(OTHERS.map((w, i) => [w, people.others[i] ?? people.member])) as Record<
          Exclude<Who, 'leader' | 'member'>,
          string
        >),
      };
      const names = await deps.users.publicProfiles(Object.values(ids));
      await deps.notifications.withoutMail(async () => {
        for (const demo of DEMO_PROJECTS) await seedOne(ctx, build, demo, ids, (w) => names.get(ids[w])?.name ?? w);
      });
    },
  };
}

async function seedOne(
  ctx: AppContext,
  build: (clock: Clock) => ProjectsService,
  demo: DemoProject,
  ids: Record<Who, string>,
  nameOf: (w: Who) => string,
) {
  const realNow = Date.now();
  let at = realNow - demo.daysAgo * DAY;
  const service = build(() => new Date(at));
  const created = seoulDate(new Date(at));
  const { startAfter, ...form } = demo.project;
  const body = projectBody.parse({
    ...form,
    recruitmentDeadline: demo.deadlineAfter === null ? null : addDays(created, demo.deadlineAfter),
    startDate: startAfter === undefined ? null : addDays(created, startAfter),
  });
  const owner = asUser(ids[demo.owner]);
  const project = await service.create(owner, { project: body, publish: demo.status !== 'DRAFT' });
  if (demo.status === 'DRAFT') return;

  // Applications arrive over the first days of recruiting; decisions follow a day later.
  const step = () => {
    at = Math.min(at + Math.round(DAY * 0.7), realNow - 60_000);
  };
  for (const a of demo.applications) {
    step();
    const position = project.positions[a.position]!;
    const applicant = asUser(ids[a.who]);
    const app = await service.apply(project.id, applicant, {
      positionId: position.id,
      introduction: DEMO_INTRO(nameOf(a.who)),
      motivation: DEMO_MOTIVATION,
      // what the owner sees at a glance: the position's first skills and one of their own, their links
      skills: [...position.requiredSkills.slice(0, 2), DEMO_EXTRA_SKILL[a.who]].filter(
        (skill, i, all) => all.findIndex((x) => x.toLowerCase() === skill.toLowerCase()) === i,
      ),
      links: {
        github: `https://github.example.com/${a.who}`,
        portfolio: a.position % 2 === 0 ? `https://${a.who}.example.com` : null,
        blog: `https://blog.example.com/@${a.who}`,
      },
    });
    step();
    if (a.outcome === 'APPROVED') await service.accept(project.id, app.applicationId, owner);
    else if (a.outcome === 'REJECTED')
      await service.reject(project.id, app.applicationId, owner, a.note ?? '이번에는 함께하기 어렵게 되었습니다.');
    else if (a.outcome === 'WITHDRAWN') await service.cancel(project.id, app.applicationId, applicant, applicant.id);
  }
  for (const action of PATH[demo.status]) {
    at = Math.min(at + 7 * DAY, realNow - 60_000);
    await service.move(project.id, owner, action);
  }
  // Distinct viewers over the last days (the counter and its daily log, as page views record them).
  await recordViews(
    ctx.db,
    project.id,
    Array.from({ length: demo.views }, (_, i) => ({
      day: seoulDate(new Date(realNow - (i % Math.max(1, demo.daysAgo)) * DAY)),
      viewerKey: `g:demo-${i}`,
    })),
  );
}
