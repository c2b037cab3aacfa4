/**
 * The studies module: studies, status moves, applications, members, "my studies", composed
 * pages and the back office. Built by `createStudiesModule` (index.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerAdminStudyRoutes } from './admin-routes.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { registerCoverRoutes } from './cover-routes.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerPageRoutes } from './page-routes.ts';
import type { StudyServices } from './service.ts';
import { registerStudyRoutes } from './study-routes.ts';

export function studiesRoutes(ctx: AppContext, s: StudyServices) {
  return async (scope: FastifyInstance) => {
    // several instances: study changes clear every instance's read cache (deps.ts)
    if (ctx.redis.client) {
      await s.deps.caches.shareThrough(ctx.redis.client);
      scope.addHook('onClose', async () => s.deps.caches.close());
    }
    registerStudyRoutes(scope, ctx, s);
    registerCoverRoutes(scope, ctx, s);
    registerApplicationRoutes(scope, ctx, s);
    registerMemberRoutes(scope, ctx, s);
    registerPageRoutes(scope, ctx, s);
    registerAdminStudyRoutes(scope, ctx, s);
  };
}
