import type { MailService } from '../../providers/mail/service.ts';
import type { PushProvider } from '../../providers/push/index.ts';
import type { UsersService } from '../users/index.ts';

/** What notifications needs below it: a recipient's contact (users), the mail provider and web push. */
export interface NotificationsDeps {
  users: Pick<UsersService, 'getUser'>;
  mail: MailService;
  /** the web push adapter (providers/push) */
  push: PushProvider;
}
