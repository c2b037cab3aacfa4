/**
 * The studies module's public interface and its wiring. Two layers (docs/architecture.md):
 * - `createStudyDirectory` (lower, on the database alone): study facts, caller access, members.
 *   Calendar receives it (as its `CalendarStudies` port) and sits between the two layers.
 * - `createStudiesModule` (upper, depends on calendar and notifications, called downward): the
 *   studies services and routes; its `api` (`StudiesService`) is the directory plus the payment
 *   hooks, and `events` is the channel of the domain events it publishes (events.ts).
 *
 * The module's wiring, and nothing else: its services over one clock, handed to one another
 * here; the payment-deadline and cover jobs and the expiry sweep; the live topic and the
 * re-authorization when a membership ends; the routes, the demo seed, its part of members' data.
 */
import { type Clock, systemClock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { EventChannel } from '../../events/event-bus.ts';
import type { ServerModule } from '../types.ts';
import { AdminStudyService } from './admin-service.ts';
import { ApplicationService } from './application-service.ts';
import { StudyCaches } from './caches.ts';
import { CoverService } from './cover-service.ts';
import type { StudiesDeps, StudyDeps, StudyModuleDeps } from './deps.ts';
import { DepositSettings } from './deposit.ts';
import type { StudiesEvents } from './events.ts';
import {
  EXPIRE_JOB,
  EXPIRE_SWEEP,
  EXPIRE_SWEEP_EVERY_MS,
  PAYMENT_DUE_JOB,
  STUDY_COVER_JOB,
  expireJob,
  expireSweep,
  paymentDueJob,
  studyCoverJob,
} from './jobs.ts';
import { studiesKnobsByContext } from './knobs.ts';
import { recheckStudyTopics, studyApplicantsAccess } from './live-topics.ts';
import { MemberService } from './member-service.ts';
import { MyStudiesService } from './my-studies-service.ts';
import { PageService } from './page-service.ts';
import { PaymentHooks } from './payment-hooks.ts';
import { studiesPrivacy } from './personal-data.ts';
import { registerStudiesRoutes } from './routes.ts';
import { studiesSeeder } from './seed.ts';
import { createStudiesFacade, type StudiesService, type StudyServices } from './service.ts';
import { StatusService } from './status-service.ts';
import { StudyService } from './study-service.ts';
import { WaitlistService } from './waitlist-service.ts';

export { createStudyDirectory } from './service.ts';
export type { StudiesService, StudyDirectory, StudyRef, StudyCallerAccess } from './service.ts';
export type { StudiesDeps, StudyModuleDeps } from './deps.ts';
export type { ApplicationForPayment } from './payment-hooks.ts';
export type { DepositFacts } from './deposit.ts';
export type { ApplicationCloseCause, ApplicationClosedEvent, MemberLeftEvent, StudiesEvents } from './events.ts';
export type { DemoDeposit } from './seed.ts';
export type { DemoDepositStudy } from './seed-deposit.ts';

/** What the payments module may ask of studies (docs/studies.md "Payment hooks"). */
export type StudiesPaymentHooks = Pick<
  StudiesService,
  | 'getApplicationForPayment'
  | 'setCheckoutId'
  | 'markPaymentPending'
  | 'returnToAccepted'
  | 'confirmPaidApplication'
  | 'refundApplication'
  | 'depositFacts'
>;

/** The studies module's public interface: the facade and the events it publishes. */
export interface StudiesApi extends StudiesService {
  readonly events: EventChannel<StudiesEvents>;
}

/** The studies services over `clock` and `caches` (the module's; the demo seed back-dates with its own clock). */
function buildStudyServices(ctx: AppContext, modules: StudyModuleDeps, clock: Clock, caches: StudyCaches): StudyServices {
  const deps: StudyDeps = { ctx, clock, caches, calendar: modules.calendar, notifications: modules.notifications };
  const studies = new StudyService(deps);
  return {
    deps,
    studies,
    covers: new CoverService(deps, studies),
    status: new StatusService(deps, studies),
    applications: new ApplicationService(deps),
    waitlist: new WaitlistService(deps),
    members: new MemberService(deps),
    my: new MyStudiesService(deps),
    pages: new PageService(deps),
    admin: new AdminStudyService(deps),
    payments: new PaymentHooks(deps),
    deposits: new DepositSettings(deps),
  };
}

export function createStudiesModule(ctx: AppContext, deps: StudiesDeps): ServerModule<StudiesApi> {
  const caches = new StudyCaches();
  const s = buildStudyServices(ctx, deps, deps.clock ?? systemClock, caches);
  studiesKnobsByContext.set(ctx, { setReadCacheTtl: (ms) => caches.setTtl(ms) });
  ctx.jobs.register(EXPIRE_JOB, expireJob(s));
  ctx.jobs.register(PAYMENT_DUE_JOB, paymentDueJob(s));
  ctx.jobs.register(STUDY_COVER_JOB, studyCoverJob(s));
  ctx.jobs.every(EXPIRE_SWEEP, EXPIRE_SWEEP_EVERY_MS, expireSweep(ctx, s));
  ctx.live.defineTopic('study-applicants', studyApplicantsAccess(ctx));
  const events = ctx.events.channel<StudiesEvents>();
  events.subscribe('studies.member-left', 'live.recheck-study-topics', recheckStudyTopics(ctx));
  const api: StudiesApi = { ...createStudiesFacade(deps.directory, s), events };
  return {
    name: 'studies',
    api,
    routes: async (scope) => {
      // several instances: study changes clear every instance's read cache (caches.ts)
      const redis = ctx.redis.client;
      if (redis) {
        await caches.shareThrough(redis);
        scope.addHook('onClose', async () => caches.close());
      }
      registerStudiesRoutes(scope, ctx, s);
    },
    seeder: studiesSeeder(s, (clock) => buildStudyServices(ctx, deps, clock, caches)),
    privacy: studiesPrivacy(ctx, s),
  };
}
