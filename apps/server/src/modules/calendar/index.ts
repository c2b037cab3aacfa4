/**
 * The calendar module's public interface: study events (generated from a study's schedule and
 * special ones), RSVPs, attendance (the leader's records, members' check-ins, the report) and the
 * private iCal feed. Declares what it needs of the studies module
 * (ports.ts `CalendarStudies`), which the studies module's lower layer fills; the studies services sit
 * above calendar and call it downward (attendance rates, syncing generated events in their
 * transaction).
 */
import type { AppContext } from '../../context.ts';
import type { CalendarStudies } from './ports.ts';
import type { ServerModule } from '../types.ts';
import { checkInRoutes } from './check-in-routes.ts';
import { FeedService } from './feed-service.ts';
import { calendarRoutes } from './routes.ts';
import { CalendarService } from './service.ts';

export type { CalendarService } from './service.ts';
export type { CheckInService } from './check-in-service.ts';
export type { CalendarStudies, CalendarStudyRef, CalendarStudyAccess } from './ports.ts';

export function createCalendarModule(
  ctx: AppContext,
  deps: { studies: CalendarStudies; /** tests: the time check-in windows and codes are read at */ clock?: () => Date },
): ServerModule<CalendarService> {
  const clock = deps.clock ?? (() => new Date());
  const service = new CalendarService(ctx, deps.studies, clock);
  const feed = new FeedService(ctx, deps.studies);
  const calendar = calendarRoutes(ctx, service, feed);
  const checkIns = checkInRoutes(ctx, service.checkIns);
  return {
    name: 'calendar',
    api: service,
    routes: async (app) => {
      await calendar(app);
      await checkIns(app);
    },
  };
}
