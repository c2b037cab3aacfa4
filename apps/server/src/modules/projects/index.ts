/**
 * Projects (issue 14, docs/projects.md): side-project pages with positions, a team, in-app
 * applications per position decided by the owner, Korean search, a daily view count and the
 * recruitment deadline closed at 00:00 Asia/Seoul by a job on the database queue.
 * Depends on users (public profiles) and notifications (inbox + mail).
 */
import type { AppContext } from '../../context.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ServerModule } from '../types.ts';
import type { ProjectsDeps } from './access.ts';
import { registerProjectJobs } from './jobs.ts';
import { registerProjectRoutes } from './routes.ts';
import { projectsSeeder } from './seed.ts';
import { type ProjectsService, type ViewerHint, createProjectsService } from './service.ts';

export type { ProjectsService, ProjectsDeps, ViewerHint };

export function createProjectsModule(
  ctx: AppContext,
  deps: ProjectsDeps & { notifications: Pick<NotificationsService, 'notify' | 'notifyMany' | 'withoutMail'> },
): ServerModule<ProjectsService> {
  const service = createProjectsService(ctx, deps);
  registerProjectJobs(ctx, service);
  return {
    name: 'projects',
    api: service,
    routes: async (app) => {
      // several instances: list changes clear every instance's read cache (caches.ts)
      if (ctx.redis.client) {
        await service.shareReadCache(ctx.redis.client);
        app.addHook('onClose', async () => service.closeReadCache());
      }
      registerProjectRoutes(app, ctx, service);
    },
    seeder: projectsSeeder(deps),
  };
}
