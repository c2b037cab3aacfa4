/**
 * The calendar module's public interface: study events (generated from a study's schedule and
 * special ones), RSVPs, attendance and the private iCal feed. Declares what it needs of the studies module
 * (ports.ts `CalendarStudies`), which the studies module's lower layer fills; the studies services sit
 * above calendar and call it downward (attendance rates, syncing generated events in their
 * transaction).
 */
import type { AppContext } from '../../context.ts';
import type { CalendarStudies } from './ports.ts';
import type { ServerModule } from '../types.ts';
import { FeedService } from './feed-service.ts';
import { calendarRoutes } from './routes.ts';
import { CalendarService } from './service.ts';

export type { CalendarService } from './service.ts';
export type { CalendarStudies, CalendarStudyRef, CalendarStudyAccess } from './ports.ts';

export function createCalendarModule(ctx: AppContext, deps: { studies: CalendarStudies }): ServerModule<CalendarService> {
  const service = new CalendarService(ctx, deps.studies);
  const feed = new FeedService(ctx, deps.studies);
  return { name: 'calendar', api: service, routes: calendarRoutes(ctx, service, feed) };
}
