/**
 * The jobs navigator (issue 15): job POSTINGS (the `jobs` table is the platform's job queue,
 * unrelated). Depends on users (names, alert recipients), mail (saved-search alerts),
 * notifications (correction status); feeds are fetched only through the platform's SSRF-safe
 * fetcher (ctx.fetcher).
 * Recurring work on the job queue: expiry (daily), saved-search alerts (checked hourly, sent
 * once a day at 09:00 KST per search), feed sources (each enabled one daily).
 */
import type { AppContext } from '../../context.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ServerModule } from '../types.ts';
import type { UsersService } from '../users/index.ts';
import { AdminService } from './admin-service.ts';
import { registerJobPostingAdminRoutes } from './admin-routes.ts';
import type { SecurityLog } from '../security-log/index.ts';
import { AlertService } from './alerts.ts';
import { SkillCatalogue } from './catalogue-repo.ts';
import { ImportService, type UserNames } from './import-service.ts';
import { feedFetcherOf } from './importer/fetcher.ts';
import { MemberService } from './member-service.ts';
import { expirePostings } from './posting-repo.ts';
import { PostingService } from './posting-service.ts';
import { registerJobPostingRoutes } from './routes.ts';
import { jobPostingsSeeder } from './seed.ts';

export type { FeedFetcher, FetchedDocument } from './importer/fetcher.ts';

export interface JobPostingsDeps {
  users: Pick<UsersService, 'getUser' | 'getUsers'>;
  mail: Pick<MailService, 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** changes to the feed sources (the back office's configuration) are security-log entries */
  securityLog: Pick<SecurityLog, 'record'>;
}

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
  const postings = new PostingService(ctx, catalogue);
  const members = new MemberService(ctx, postings);
  const imports = new ImportService(ctx, catalogue, feedFetcherOf(ctx.fetcher), names);
  const admin = new AdminService(ctx, postings, imports, names, deps.notifications);
  const alerts = new AlertService(ctx, postings, members, deps.users, deps.mail);
  imports.register();

  const expire = async (now = new Date()) => {
    const n = await expirePostings(ctx.db, now);
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
      registerJobPostingRoutes(app, ctx, postings, members);
      registerJobPostingAdminRoutes(app, ctx, admin, imports, deps.securityLog);
    },
    seeder: jobPostingsSeeder(imports, members, postings),
  };
}
