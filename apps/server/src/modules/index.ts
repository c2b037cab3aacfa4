/**
 * The composition root: every feature module, built in dependency order, each receiving the
 * typed public interfaces of the modules below it (GUIDE §1 seams; graph in
 * docs/architecture.md). Add a module here and nowhere else.
 *
 * Transition: the modules in `legacyModules` still register themselves into `ctx.services`;
 * they are being converted to `ServerModule` factories. Only this file may read
 * `ctx.services`, to hand a legacy module's typed service to a converted one.
 */
import type { AppContext } from '../context.ts';
import type { Module, ServerModule } from './types.ts';
import { healthModule } from './health/routes.ts';
import { authModule } from './auth/routes.ts';
import { usersModule } from './users/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { studiesModule } from './studies/routes.ts';
import { calendarModule } from './calendar/routes.ts';
import { createReviewsModule } from './reviews/index.ts';
import { createLabModule } from './lab/index.ts';
import { createStudioModule } from './studio/index.ts';
import { createProjectsModule } from './projects/index.ts';
import { paymentsModule } from './payments/routes.ts';
import { gamesModule } from './games/routes.ts';
import { siteModule } from './site/routes.ts';
import { createDeductionBotsModule } from './deduction-bots/index.ts';
import { createJobPostingsModule } from './job-postings/index.ts';
import { createAdminOverviewModule } from './admin-overview/index.ts';

export const legacyModules: Module[] = [
  healthModule,
  siteModule,
  authModule,
  usersModule,
  notificationsModule,
  studiesModule,
  calendarModule,
  gamesModule,
  paymentsModule,
];

/** Called after the legacy modules have registered; returns the converted modules in order. */
export function composeModules(ctx: AppContext): ServerModule[] {
  const { studies, users, mail, notifications } = ctx.services;
  const reviews = createReviewsModule(ctx, { studies });
  const deductionBots = createDeductionBotsModule(ctx, { users: ctx.services.users });
  const lab = createLabModule(ctx);
  const studio = createStudioModule(ctx, { mail: ctx.services.mail, users: ctx.services.users });
  const jobPostings = createJobPostingsModule(ctx, { users, mail, notifications });
  const projects = createProjectsModule(ctx, { users, notifications });
  const adminOverview = createAdminOverviewModule(ctx, { studies, payments: ctx.services.payments });
  return [reviews, deductionBots, lab, studio, jobPostings, projects, adminOverview];
}
