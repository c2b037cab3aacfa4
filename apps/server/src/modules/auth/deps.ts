import type { MailService } from '../../providers/mail/service.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { UsersService } from '../users/index.ts';
import type { AuthSessions } from './service.ts';

/** What auth's upper layer needs below it (its lower layer, the session store, is built first). */
export interface AuthDeps {
  sessions: AuthSessions;
  users: UsersService;
  mail: MailService;
  securityLog: Pick<SecurityLog, 'record' | 'mask'>;
  /** an admin's reset of a member's lost factor tells the member and the other admins */
  notifications: Pick<NotificationsService, 'notify' | 'notifyMany'>;
}
