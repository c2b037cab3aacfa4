/**
 * The calendar module's public interface: study events (generated from a study's schedule and
 * special ones), RSVPs, attendance (the leader's records, members' check-ins, the report) and the
 * private iCal feed. Declares what it needs of the studies module
 * (ports.ts `CalendarStudies`), which the studies module's lower layer fills; the studies services sit
 * above calendar and call it downward (attendance rates, syncing generated events in their
 * transaction).
 *
 * The module's wiring, and nothing else: its services over one clock, the reminder jobs, the
 * check-in topic, the routes, its part of members' data.
 */
import { type Clock, systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { checkInRoutes } from './check-in-routes.ts';
import { CheckInService } from './check-in-service.ts';
import type { CalendarDeps } from './deps.ts';
import { FeedService } from './feed-service.ts';
import { reminderJob, sessionCancelledJob, sessionMovedJob } from './jobs.ts';
import { checkInsAccess } from './live-topics.ts';
import { calendarPrivacy } from './personal-data.ts';
import { reminderRoutes } from './reminder-routes.ts';
import { REMINDER_JOB, ReminderService, SESSION_CANCELLED_JOB, SESSION_MOVED_JOB } from './reminder-service.ts';
import { calendarRoutes } from './routes.ts';
import { CalendarService } from './service.ts';

export type { CalendarService } from './service.ts';
export type { CheckInService, DepositAttendance } from './check-in-service.ts';
export type { ReminderService } from './reminder-service.ts';
export type { CalendarStudies, CalendarStudyRef, CalendarStudyAccess } from './ports.ts';
export type { CalendarDeps } from './deps.ts';

export function createCalendarModule(ctx: AppContext, deps: CalendarDeps): ServerModule<CalendarService> {
  const clock = deps.clock ?? systemClock;
  // check-ins over another clock: the demo seeder replays past sessions (`checkIns.withClock`)
  const checkInsAt = (at: Clock): CheckInService => new CheckInService(ctx, deps.studies, at, checkInsAt);
  const checkIns = checkInsAt(clock);
  const reminders = new ReminderService(
    ctx,
    deps.studies,
    { users: deps.users, notifications: deps.notifications, mail: deps.mail },
    clock,
  );
  const service = new CalendarService(ctx, deps.studies, checkIns, reminders, clock);
  const feed = new FeedService(ctx, deps.studies, clock);
  ctx.jobs.register(REMINDER_JOB, reminderJob(reminders));
  ctx.jobs.register(SESSION_MOVED_JOB, sessionMovedJob(reminders));
  ctx.jobs.register(SESSION_CANCELLED_JOB, sessionCancelledJob(reminders));
  ctx.live.defineTopic('study-check-ins', checkInsAccess(deps.studies));
  const calendar = calendarRoutes(ctx, service, feed);
  const checkInHttp = checkInRoutes(ctx, checkIns);
  const reminderHttp = reminderRoutes(ctx, reminders);
  return {
    name: 'calendar',
    api: service,
    routes: async (app) => {
      await calendar(app);
      await checkInHttp(app);
      await reminderHttp(app);
    },
    privacy: calendarPrivacy(ctx),
  };
}
