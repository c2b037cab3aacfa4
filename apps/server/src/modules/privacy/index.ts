/**
 * Members' rights over their data (docs/privacy.md), the top of the module graph:
 * - export: every module's `privacy.sections` (ServerModule), gathered by the composition root,
 *   zipped by the `privacy.export` job, downloadable for 7 days behind step-up;
 * - erasure: on `users.account-deleted` (users' outbox event), each module's `privacy.erase` runs
 *   as its own subscriber (`<module>.erase-personal-data`: retried alone, idempotent).
 * Depends on: notifications (the "ready" notice and mail), the security log, auth's step-up
 * (`StepUp` port) and the users module's events; the other modules only through their `privacy`.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import type { PrivacyModuleDeps } from './deps.ts';
import { privacyRoutes } from './routes.ts';
import { DataExportService, EXPIRY_JOB, EXPORT_JOB } from './service.ts';

export type { DataExportService } from './service.ts';
export type { StepUp } from './ports.ts';

const HOUR = 3_600_000;

export function createPrivacyModule(ctx: AppContext, deps: PrivacyModuleDeps): ServerModule<DataExportService> {
  const sections = deps.modules.flatMap((m) => m.privacy?.sections ?? []);
  const exports = new DataExportService(ctx, {
    sections,
    notifications: deps.notifications,
    securityLog: deps.securityLog,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  ctx.jobs.register(EXPORT_JOB, async (payload, job) => exports.prepare(String(payload.exportId), job.attempt), { lane: 'privacy' });
  ctx.jobs.every(EXPIRY_JOB, HOUR, async () => void (await exports.expire()));

  const erasers: Array<{ name: string; erase: (userId: string) => Promise<void> }> = [
    ...deps.modules.flatMap((m) => (m.privacy?.erase ? [{ name: m.name, erase: m.privacy.erase.bind(m.privacy) }] : [])),
    { name: 'privacy', erase: (userId) => exports.forget(userId) },
  ];
  for (const e of erasers) {
    deps.accountEvents.subscribe('users.account-deleted', `${e.name}.erase-personal-data`, async (event) => {
      await e.erase(event.payload.userId);
    });
  }

  return { name: 'privacy', api: exports, routes: privacyRoutes(ctx, exports, deps.stepUp) };
}
