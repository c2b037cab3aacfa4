/** Every feature module, in registration order. Add a module here and nowhere else. */
import type { Module } from './types.ts';
import { healthModule } from './health/routes.ts';
import { authModule } from './auth/routes.ts';
import { usersModule } from './users/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { studiesModule } from './studies/routes.ts';
import { calendarModule } from './calendar/routes.ts';
import { reviewsModule } from './reviews/routes.ts';
import { paymentsModule } from './payments/routes.ts';
import { gamesModule } from './games/routes.ts';
import { siteModule } from './site/routes.ts';
import { createDeductionBotsModule } from './deduction-bots/index.ts';

// Deduction bots get the users module's public names (wired here until the seams land).
export const deductionBotsModule = createDeductionBotsModule((ctx) => ({ users: ctx.services.users }));

export const modules: Module[] = [
  healthModule,
  siteModule,
  authModule,
  usersModule,
  notificationsModule,
  studiesModule,
  calendarModule,
  reviewsModule,
  gamesModule,
  deductionBotsModule,
  paymentsModule,
];
