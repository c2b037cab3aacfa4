/**
 * The composition root: every feature module, built in dependency order, each receiving the
 * typed public interfaces of the modules below it (GUIDE §1 seams; graph in
 * docs/architecture.md). Synchronous calls go downward only; a reaction that flows upward is a
 * domain event through the outbox (events/event-bus.ts), subscribed by the higher module through
 * the lower one's `events` channel. Add a module here and nowhere else.
 */
import type { AppContext } from '../context.ts';
import { createMailService, type MailService } from '../providers/mail/service.ts';
import { createPushProvider } from '../providers/push/index.ts';
import type { ServerModule } from './types.ts';
import { createHealthModule } from './health/index.ts';
import { createSiteModule } from './site/index.ts';
import { createLiveModule } from './live/index.ts';
import { createSecurityLog, createSecurityLogModule, type SecurityLogService } from './security-log/index.ts';
import { createAuthModule, createAuthSessions, type AuthService } from './auth/index.ts';
import { createUsersModule, type UsersModuleService } from './users/index.ts';
import { createNotificationsModule, type NotificationsService } from './notifications/index.ts';
import { createStudyDirectory, createStudiesModule, type StudiesApi } from './studies/index.ts';
import { createCalendarModule, type CalendarService } from './calendar/index.ts';
import { createGamesModule, type GamesService } from './games/index.ts';
import { createPaymentsModule, type PaymentsService } from './payments/index.ts';
import { createReviewsModule } from './reviews/index.ts';
import { createLabModule } from './lab/index.ts';
import { createStudioModule } from './studio/index.ts';
import { createProjectsModule, type ProjectsService } from './projects/index.ts';
import { createDeductionBotsModule } from './deduction-bots/index.ts';
import { createJobPostingsModule } from './job-postings/index.ts';
import { createAdminOverviewModule } from './admin-overview/index.ts';
import { createPrivacyModule, type DataExportService } from './privacy/index.ts';

/** What a test may set in place of the defaults: the modules' clocks. */
export interface ModuleOverrides {
  /** the calendar module's clock (check-in windows and codes, attendance "today", reminders) */
  calendarClock?: () => Date;
  /** the privacy module's clock (when exports are made and expire) */
  privacyClock?: () => Date;
  /** the studies module's clock (payment deadlines, waitlist offers) */
  studiesClock?: () => Date;
  /** the payments module's clock (deposit settlement after each session) */
  paymentsClock?: () => Date;
}

/** The typed interfaces of the modules (the test harness reaches the services through these). */
export interface ModuleApis {
  mail: MailService;
  securityLog: SecurityLogService;
  auth: AuthService;
  users: UsersModuleService;
  notifications: NotificationsService;
  calendar: CalendarService;
  studies: StudiesApi;
  games: GamesService;
  payments: PaymentsService;
  dataExports: DataExportService;
  projects: ProjectsService;
}

export interface ComposedModules {
  /** in dependency order: routes are mounted and seeders run in this order */
  list: ServerModule[];
  apis: ModuleApis;
}

export function composeModules(ctx: AppContext, overrides: ModuleOverrides = {}): ComposedModules {
  // providers every module may receive
  const mail = createMailService(ctx);
  const push = createPushProvider(ctx.config, ctx.fetcher);

  const health = createHealthModule(ctx);
  const site = createSiteModule(ctx);
  // the live channel's socket (the channel is platform, ctx.live: modules define topics into it)
  const live = createLiveModule(ctx);
  // the security log (every module below may record into it) → auth's lower layer (passwords,
  // session store) → the log's members' sessions → users → notifications → auth's upper layer
  // (login, refresh, an admin's reset of a lost factor, which notifies)
  const securityLog = createSecurityLog(ctx);
  const sessions = createAuthSessions(ctx);
  const securityLogModule = createSecurityLogModule(ctx, { log: securityLog, sessions });
  const users = createUsersModule(ctx, { credentials: sessions, mail, securityLog });
  const notifications = createNotificationsModule(ctx, { users: users.api, mail: mail, push });
  const auth = createAuthModule(ctx, { sessions, users: users.api, mail, securityLog, notifications: notifications.api });
  // studies' lower layer (study facts) → calendar → the studies services
  const directory = createStudyDirectory(ctx);
  const calendar = createCalendarModule(ctx, {
    studies: directory,
    users: users.api,
    notifications: notifications.api,
    mail,
    ...(overrides.calendarClock ? { clock: overrides.calendarClock } : {}),
  });
  const studies = createStudiesModule(ctx, {
    directory,
    calendar: calendar.api,
    notifications: notifications.api,
    ...(overrides.studiesClock ? { clock: overrides.studiesClock } : {}),
  });
  const deductionBots = createDeductionBotsModule(ctx, { users: users.api });
  const games = createGamesModule(ctx, { users: users.api, bots: deductionBots.api });
  const payments = createPaymentsModule(ctx, {
    studies: studies.api,
    studyEvents: studies.api.events,
    users: users.api,
    mail,
    notifications: notifications.api,
    securityLog,
    ...(overrides.paymentsClock ? { clock: overrides.paymentsClock } : {}),
  });
  const reviews = createReviewsModule(ctx, { studies: studies.api });
  const lab = createLabModule(ctx);
  const studio = createStudioModule(ctx, { mail, users: users.api });
  const jobPostings = createJobPostingsModule(ctx, { users: users.api, mail, notifications: notifications.api, securityLog });
  const projects = createProjectsModule(ctx, { users: users.api, notifications: notifications.api });
  const adminOverview = createAdminOverviewModule(ctx, { studies: studies.api, payments: payments.api });
  const below: ServerModule[] = [
    health,
    site,
    live,
    securityLogModule,
    users,
    notifications,
    auth,
    calendar,
    studies,
    deductionBots,
    games,
    payments,
    reviews,
    lab,
    studio,
    jobPostings,
    projects,
    adminOverview,
  ];
  // members' export and erasure: every module's `privacy` part, gathered here (docs/privacy.md)
  const privacy = createPrivacyModule(ctx, {
    modules: below,
    accountEvents: users.api.events,
    notifications: notifications.api,
    securityLog,
    stepUp: sessions,
    ...(overrides.privacyClock ? { clock: overrides.privacyClock } : {}),
  });

  return {
    list: [...below, privacy],
    apis: {
      mail,
      securityLog,
      auth: auth.api,
      users: users.api,
      notifications: notifications.api,
      calendar: calendar.api,
      studies: studies.api,
      games: games.api,
      payments: payments.api,
      dataExports: privacy.api,
      projects: projects.api,
    },
  };
}
