/**
 * Projects (issue 14, docs/projects.md): side-project pages with positions, a team, in-app
 * applications per position decided by the owner, Korean search, a daily view count and the
 * recruitment deadline closed at 00:00 Asia/Seoul by a job on the database queue.
 * Depends on users (public profiles) and notifications (inbox + mail).
 *
 * The module's wiring, and nothing else: its services over one clock, the deadline job and its
 * schedule, the live topic, the routes, the demo seed, its part of members' data.
 */
import { type Clock, systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { ApplicationService } from './application-service.ts';
import { ProjectCaches } from './caches.ts';
import type { ProjectsDeps } from './deps.ts';
import { CLOSE_EXPIRED_JOB, CLOSE_SCHEDULE_EVERY_MS, CLOSE_SCHEDULE_SWEEP, closeExpiredJob, scheduleNextClose } from './jobs.ts';
import { projectsKnobsByContext } from './knobs.ts';
import { ListTotals } from './list-totals.ts';
import { projectApplicationsAccess } from './live-topics.ts';
import { projectsPrivacy } from './personal-data.ts';
import { ProjectService } from './project-service.ts';
import { registerProjectRoutes } from './routes.ts';
import { projectsSeeder } from './seed.ts';
import { ProjectsService, type ViewerHint } from './service.ts';
import { StatusService } from './status-service.ts';

export type { ProjectsService, ViewerHint };
export type { ProjectsDeps } from './deps.ts';

/** The projects services over `clock` (the module's; the demo seed back-dates with its own). */
export function createProjectsService(
  ctx: AppContext,
  deps: ProjectsDeps,
  clock: Clock = systemClock,
  totals = new ListTotals(),
  caches = new ProjectCaches(),
): ProjectsService {
  const p = { ctx, deps, clock, totals, caches };
  const projects = new ProjectService(p);
  return new ProjectsService(projects, new StatusService(p, projects), new ApplicationService(p));
}

export function createProjectsModule(ctx: AppContext, deps: ProjectsDeps): ServerModule<ProjectsService> {
  const totals = new ListTotals();
  const caches = new ProjectCaches();
  const service = createProjectsService(ctx, deps, systemClock, totals, caches);
  projectsKnobsByContext.set(ctx, { setListTotalsTtl: (ms) => totals.setTtl(ms), setReadCacheTtl: (ms) => caches.setTtl(ms) });
  ctx.jobs.register(CLOSE_EXPIRED_JOB, closeExpiredJob(ctx, service));
  // a recurring check re-schedules the midnight run should one ever be lost
  ctx.jobs.every(CLOSE_SCHEDULE_SWEEP, CLOSE_SCHEDULE_EVERY_MS, () => scheduleNextClose(ctx));
  ctx.live.defineTopic('project-applications', projectApplicationsAccess(ctx));
  return {
    name: 'projects',
    api: service,
    routes: async (app) => {
      // several instances: list changes clear every instance's read cache (caches.ts)
      const redis = ctx.redis.client;
      if (redis) {
        await caches.shareThrough(redis);
        app.addHook('onClose', async () => caches.close());
      }
      registerProjectRoutes(app, ctx, service);
    },
    seeder: projectsSeeder(deps, (clock) => createProjectsService(ctx, deps, clock)),
    privacy: projectsPrivacy(ctx),
  };
}
