import type { Clock } from '../../clock.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { UsersService } from '../users/index.ts';
import type { CalendarStudies } from './ports.ts';

/** What reminders need from the modules below: recipients (users), the inbox and push, mail. */
export interface ReminderDeps {
  users: Pick<UsersService, 'getUser'>;
  notifications: Pick<NotificationsService, 'notify' | 'push'>;
  mail: Pick<MailService, 'enqueue'>;
}

/** What the calendar module needs from the modules below it (its factory's `deps`). */
export interface CalendarDeps extends ReminderDeps {
  /** the studies module's lower layer (ports.ts): built before calendar */
  studies: CalendarStudies;
  /** tests: the time check-in windows, codes, reminders and the feed are read at */
  clock?: Clock;
}
