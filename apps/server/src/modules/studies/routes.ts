/**
 * The studies module: studies, status moves, applications, members, "my studies", composed
 * pages and the back office. Registers `ctx.services.studies` for calendar, reviews and payments.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Module } from '../types.ts';
import { registerAdminStudyRoutes } from './admin-routes.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { registerCoverRoutes } from './cover-routes.ts';
import { registerStudyJobs } from './jobs.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerPageRoutes } from './page-routes.ts';
import { type StudyServices, createStudiesFacade, createStudyServices } from './service.ts';
import { registerStudyRoutes } from './study-routes.ts';

const registry = new WeakMap<AppContext, StudyServices>();

/** The services of the app built on `ctx` (the demo seeder uses them). */
export function studyServicesOf(ctx: AppContext): StudyServices | undefined {
  return registry.get(ctx);
}

export const studiesModule: Module = {
  name: 'studies',
  async register(scope: FastifyInstance, ctx: AppContext) {
    const s = createStudyServices(ctx);
    registry.set(ctx, s);
    // several instances: study changes clear every instance's read cache (deps.ts)
    if (ctx.redis.client) {
      await s.deps.caches.shareThrough(ctx.redis.client);
      scope.addHook('onClose', async () => s.deps.caches.close());
    }
    ctx.services.studies = createStudiesFacade(s);
    registerStudyJobs(ctx, s);
    registerStudyRoutes(scope, ctx, s);
    registerCoverRoutes(scope, ctx, s);
    registerApplicationRoutes(scope, ctx, s);
    registerMemberRoutes(scope, ctx, s);
    registerPageRoutes(scope, ctx, s);
    registerAdminStudyRoutes(scope, ctx, s);
  },
};
