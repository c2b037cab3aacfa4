/**
 * The jobs navigator (issue 15): job POSTINGS (the `jobs` table is the platform's job queue,
 * unrelated). Depends on users (names, alert recipients), mail (saved-search alerts),
 * notifications (correction status); feeds are fetched only through the platform's SSRF-safe
 * fetcher (ctx.fetcher).
 * Recurring work on the job queue: expiry (daily), saved-search alerts (checked hourly, sent
 * once a day at 09:00 KST per search), feed sources (each enabled one daily).
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { AdminService } from './admin-service.ts';
import { registerJobPostingAdminRoutes } from './admin-routes.ts';
import { AlertService } from './alerts.ts';
import { JobPostingCaches, registerCaches } from './caches.ts';
import { SkillCatalogue } from './catalogue-repo.ts';
import type { JobPostingsDeps } from './deps.ts';
import { IMPORT_JOB, ImportService, type UserNames } from './import-service.ts';
import { feedFetcherOf } from './importer/fetcher.ts';
import { MemberService } from './member-service.ts';
import { jobPostingsPrivacy } from './personal-data.ts';
import { expirePostings } from './posting-repo.ts';
import { PostingService } from './posting-service.ts';
import { registerJobPostingRoutes } from './routes.ts';
import { jobPostingsSeeder } from './seed.ts';

export type { FeedFetcher, FetchedDocument } from './importer/fetcher.ts';
export type { JobPostingsDeps } from './deps.ts';

/** What other modules may use: read-only search and the expiry sweep (for operations). */
export interface JobPostingsApi {
  postings: Pick<PostingService, 'search' | 'stats' | 'detail'>;
  expire(now?: Date): Promise<number>;
  alerts: Pick<AlertService, 'runDue'>;
  imports: Pick<ImportService, 'runDueSources' | 'process'>;
}

export const EXPIRY_JOB = 'job-postings.expire';
export const ALERTS_JOB = 'job-postings.alerts';
export const FEEDS_JOB = 'job-postings.feeds';
const HOUR = 3_600_000;

export function createJobPostingsModule(ctx: AppContext, deps: JobPostingsDeps): ServerModule<JobPostingsApi> {
  const catalogue = new SkillCatalogue(ctx.db);
  const names: UserNames = {
    async names(ids) {
      const users = await deps.users.getUsers(ids);
      return new Map([...users].map(([id, u]) => [id, u.name]));
    },
  };
  // the public read caches, cleared by every write below (and in other instances through Redis)
  const caches = new JobPostingCaches(ctx.config.JOB_POSTINGS_READ_CACHE_MS);
  registerCaches(ctx, caches);
  const changed = () => caches.invalidate();
  const postings = new PostingService(ctx, catalogue, caches);
  const members = new MemberService(ctx, postings);
  const imports = new ImportService(ctx, catalogue, feedFetcherOf(ctx.fetcher), names, changed);
  const admin = new AdminService(ctx, postings, imports, names, deps.notifications, changed);
  const alerts = new AlertService(ctx, postings, members, deps.users, deps.mail);
  ctx.jobs.register(IMPORT_JOB, async (payload) => imports.process(String(payload.runId)), { lane: 'job-imports' });

  const expire = async (now = new Date()) => {
    const n = await expirePostings(ctx.db, now);
    // the caches also hold pages made before a deadline passed (caches.ts): the daily sweep clears them
    changed();
    if (n) ctx.log.info({ expired: n }, 'job postings past their valid-through date closed');
    return n;
  };
  // Recurring sweeps (the queue runs them on whichever instance polls; each is idempotent).
  ctx.jobs.every(EXPIRY_JOB, 24 * HOUR, async () => void (await expire()));
  ctx.jobs.every(ALERTS_JOB, HOUR, async () => void (await alerts.runDue()));
  ctx.jobs.every(FEEDS_JOB, HOUR, async () => void (await imports.runDueSources()));

  return {
    name: 'job-postings',
    api: { postings, expire, alerts, imports },
    routes: async (app) => {
      // several instances: a change clears every instance's read caches (caches.ts)
      if (ctx.redis.client) {
        await caches.shareThrough(ctx.redis.client);
        app.addHook('onClose', async () => caches.close());
      }
      registerJobPostingRoutes(app, ctx, postings, members);
      registerJobPostingAdminRoutes(app, ctx, admin, imports, deps.securityLog);
    },
    seeder: jobPostingsSeeder(imports, members, postings, changed),
    privacy: jobPostingsPrivacy(ctx),
  };
}
