import type { MemberSessions } from './ports.ts';
import type { SecurityLogService } from './service.ts';

/** The module's upper layer: the log it serves (built first, below auth) and auth's session store. */
export interface SecurityLogModuleDeps {
  log: SecurityLogService;
  sessions: MemberSessions;
}
