/**
 * What the studies module needs: from the modules below (`StudiesDeps`, the factory's deps) and
 * what index.ts hands every studies service (`StudyDeps`).
 */
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { CalendarService } from '../calendar/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { StudyCaches } from './caches.ts';
import type { StudyDirectory } from './service.ts';

/** The modules below studies it calls (downward, by injection: modules/index.ts). */
export interface StudyModuleDeps {
  /** attendance rates, generated events synced in a study's transaction, the demo's sessions */
  calendar: Pick<
    CalendarService,
    'attendanceRates' | 'userAttendanceRates' | 'syncGeneratedEvents' | 'checkIns' | 'create' | 'listForStudy' | 'recordAttendance' | 'rsvp'
  >;
  /** the inbox (and its mail) */
  notifications: Pick<NotificationsService, 'notify' | 'notifyMany' | 'withoutMail'>;
}

/** The factory's deps (`createStudiesModule`): the modules below, studies' own lower layer, the clock. */
export interface StudiesDeps extends StudyModuleDeps {
  /** studies' lower layer, built before calendar (modules/index.ts) */
  directory: StudyDirectory;
  /** the module's clock (tests move it: payment deadlines, waitlist offers); the real time by default */
  clock?: Clock;
}

/** What index.ts hands every studies service: the context, the module's one clock, the read caches, the modules below. */
export interface StudyDeps extends StudyModuleDeps {
  ctx: AppContext;
  clock: Clock;
  caches: StudyCaches;
}
