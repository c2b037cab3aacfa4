import type { MailService } from '../../providers/mail/service.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { UsersService } from '../users/index.ts';

/** What the jobs navigator needs from the modules below it (its factory's `deps`). */
export interface JobPostingsDeps {
  users: Pick<UsersService, 'getUser' | 'getUsers'>;
  mail: Pick<MailService, 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** changes to the feed sources (the back office's configuration) are security-log entries */
  securityLog: Pick<SecurityLog, 'record'>;
}
