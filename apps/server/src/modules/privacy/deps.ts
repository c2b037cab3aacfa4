import type { Clock } from '../../clock.ts';
import type { EventChannel } from '../../events/event-bus.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { SecurityLog } from '../security-log/index.ts';
import type { ModulePrivacy } from '../types.ts';
import type { UsersEvents } from '../users/index.ts';
import type { StepUp } from './ports.ts';

/** What this module needs from the modules below it (its factory's `deps`). */
export interface PrivacyModuleDeps {
  /** the modules below, by name, with their part (those without one are left out) */
  modules: ReadonlyArray<{ name: string; privacy?: ModulePrivacy | undefined }>;
  accountEvents: EventChannel<UsersEvents>;
  notifications: Pick<NotificationsService, 'notify'>;
  securityLog: Pick<SecurityLog, 'record'>;
  stepUp: StepUp;
  /** tests: the time exports are made and expire at */
  clock?: Clock;
}
