import type { NotificationsService } from '../notifications/index.ts';
import type { UsersService } from '../users/index.ts';

/** What projects need from the modules below: public profiles (users), the inbox and mail. */
export interface ProjectsDeps {
  users: Pick<UsersService, 'publicProfiles'>;
  notifications: Pick<NotificationsService, 'notify' | 'notifyMany' | 'withoutMail'>;
}
