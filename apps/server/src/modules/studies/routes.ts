/**
 * The studies module: studies, status moves, applications, the waitlist, members, "my studies", composed
 * pages and the back office: the HTTP surface, registered by `createStudiesModule` (index.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerAdminStudyRoutes } from './admin-routes.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { registerCoverRoutes } from './cover-routes.ts';
import { registerDepositRoutes } from './deposit-routes.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerPageRoutes } from './page-routes.ts';
import type { StudyServices } from './service.ts';
import { registerStudyRoutes } from './study-routes.ts';
import { registerWaitlistRoutes } from './waitlist-routes.ts';

export function registerStudiesRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  registerStudyRoutes(scope, ctx, s);
  registerCoverRoutes(scope, ctx, s);
  registerApplicationRoutes(scope, ctx, s);
  registerWaitlistRoutes(scope, ctx, s);
  registerDepositRoutes(scope, ctx, s);
  registerMemberRoutes(scope, ctx, s);
  registerPageRoutes(scope, ctx, s);
  registerAdminStudyRoutes(scope, ctx, s);
}
