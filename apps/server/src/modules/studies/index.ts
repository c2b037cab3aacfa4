/**
 * The studies module's public interface: what other modules may ask of studies (they never read
 * its tables). Two layers (docs/architecture.md):
 * - `createStudyDirectory` (lower, on the database alone): study facts, caller access, members.
 *   Calendar receives it (as its `CalendarStudies` port) and sits between the two layers.
 * - `createStudiesModule` (upper, depends on calendar and notifications, called downward): the
 *   studies services and routes; its `api` (`StudiesService`) is the directory plus the payment
 *   hooks, and `events` is the channel of the domain events it publishes (events.ts).
 */
import type { AppContext } from '../../context.ts';
import type { EventChannel } from '../../events/event-bus.ts';
import type { ServerModule } from '../types.ts';
import type { StudyModuleDeps } from './deps.ts';
import type { StudiesEvents } from './events.ts';
import { registerStudyJobs } from './jobs.ts';
import { studiesRoutes } from './routes.ts';
import { studiesSeeder } from './seed.ts';
import { createStudiesFacade, createStudyServices, type StudiesService, type StudyDirectory } from './service.ts';

export { createStudyDirectory } from './service.ts';
export type { StudiesService, StudyDirectory, StudyRef, StudyCallerAccess } from './service.ts';
export type { StudyModuleDeps } from './deps.ts';
export type { ApplicationForPayment } from './payment-hooks.ts';
export type { ApplicationCloseCause, ApplicationClosedEvent, MemberLeftEvent, StudiesEvents } from './events.ts';
export type { DemoDeposit } from './seed.ts';

/** What the payments module may ask of studies (docs/studies.md "Payment hooks"). */
export type StudiesPaymentHooks = Pick<
  StudiesService,
  'getApplicationForPayment' | 'setCheckoutId' | 'markPaymentPending' | 'returnToAccepted' | 'confirmPaidApplication' | 'refundApplication'
>;

/** The studies module's public interface: the facade and the events it publishes. */
export interface StudiesApi extends StudiesService {
  readonly events: EventChannel<StudiesEvents>;
  /** benches: the read caches' TTL on this instance (0 turns them off) */
  setReadCacheTtl(ms: number): void;
}

export function createStudiesModule(ctx: AppContext, deps: StudyModuleDeps & { directory: StudyDirectory }): ServerModule<StudiesApi> {
  const s = createStudyServices(ctx, deps);
  registerStudyJobs(ctx, s);
  const api: StudiesApi = {
    ...createStudiesFacade(deps.directory, s),
    events: ctx.events.channel<StudiesEvents>(),
    setReadCacheTtl: (ms) => s.deps.caches.setTtl(ms),
  };
  return { name: 'studies', api, routes: studiesRoutes(ctx, s), seeder: studiesSeeder(s) };
}
