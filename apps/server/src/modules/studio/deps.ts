import type { WritingAnalyzer } from '../../providers/ai/index.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { UsersService } from '../users/index.ts';

/** What the studio needs below it: the result mail, members' addresses, and (tests) an analyzer. */
export interface StudioDeps {
  mail: Pick<MailService, 'enqueue'>;
  users: Pick<UsersService, 'getUser' | 'findByEmail'>;
  /** the AI provider's analyzer (default: the configured provider) */
  analyzer?: WritingAnalyzer;
}
