import type { Clock } from '../../clock.ts';
import type { EventChannel } from '../../events/event-bus.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { StudiesEvents, StudiesPaymentHooks } from '../studies/index.ts';
import type { UsersService } from '../users/index.ts';

/** The modules payments calls (downward only); ports.ts adds the log for their soft failures. */
export interface PaymentsCalls {
  studies: StudiesPaymentHooks;
  users: Pick<UsersService, 'getUsers'>;
  mail: Pick<MailService, 'send'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** the back office's reads of payments are security-log entries */
  securityLog: Pick<SecurityLog, 'record'>;
}

/** What the payments module needs from the modules below it (its factory's `deps`). */
export interface PaymentsDeps extends PaymentsCalls {
  /** a member who left (refund), an application closed unpaid (expiry): docs/architecture.md "Events" */
  studyEvents: EventChannel<StudiesEvents>;
  /** tests: the time deposits are settled and payments expire at */
  clock?: Clock;
}
