/**
 * The security log's public interface (docs/security-log.md), in two layers like auth:
 * - `createSecurityLog` (lowest, no other module): the `SecurityLog` port every module that
 *   records security-relevant acts receives through its deps (auth, users, payments …).
 * - `createSecurityLogModule` (above auth's session store): the back office's search, members'
 *   sign-in history and sessions, and the retention job.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import type { SecurityLogModuleDeps } from './deps.ts';
import { securityLogPrivacy } from './personal-data.ts';
import { securityLogRoutes } from './routes.ts';
import { MemberSessionsService } from './sessions-service.ts';
import { SecurityLogService } from './service.ts';

export type { SecurityLogModuleDeps } from './deps.ts';

export type { SecurityEvent, SecurityLog, SecurityLogService } from './service.ts';
export type { LiveSession, MemberSessions } from './ports.ts';
export { maskEmail } from './masking.ts';

export const RETENTION_JOB = 'security-log.retention';

/** The lower layer: the log itself (what other modules receive as their `SecurityLog` port). */
export function createSecurityLog(ctx: AppContext): SecurityLogService {
  return new SecurityLogService(ctx);
}

export function createSecurityLogModule(ctx: AppContext, deps: SecurityLogModuleDeps): ServerModule<SecurityLogService> {
  const sessions = new MemberSessionsService({ sessions: deps.sessions, log: deps.log });
  // retention: twice a day is plenty for a cut-off measured in years
  ctx.jobs.every(RETENTION_JOB, 12 * 60 * 60_000, async () => {
    await deps.log.purge();
  });
  return {
    name: 'security-log',
    api: deps.log,
    routes: securityLogRoutes(ctx, deps.log, sessions),
    privacy: securityLogPrivacy(ctx),
  };
}
