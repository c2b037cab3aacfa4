/**
 * The deadline job (issue 14): at 00:00 Asia/Seoul recruitment closes for every RECRUITING
 * project whose last recruiting day has passed. One job per Seoul date on the database queue
 * (deduplicated by date, so several instances schedule it once); each run schedules the next,
 * and a recurring check re-schedules it should a run ever be lost. A run that comes late (the
 * server was down at midnight) closes everything due by then.
 */
import { deadlineCloseRunAfter, seoulDate } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { ProjectsService } from './service.ts';

export const CLOSE_EXPIRED_JOB = 'projects.close-expired';
const ENSURE_EVERY_MS = 10 * 60_000;

/** Queue the next midnight run (a no-op when it is already queued). */
export async function scheduleNextClose(ctx: AppContext, now: Date = new Date()): Promise<void> {
  const { at, date } = deadlineCloseRunAfter(now);
  await ctx.jobs.enqueue(CLOSE_EXPIRED_JOB, { date }, { runAt: at, dedupeKey: `${CLOSE_EXPIRED_JOB}:${date}`, maxAttempts: 10 });
}

export const CLOSE_SCHEDULE_SWEEP = `${CLOSE_EXPIRED_JOB}.schedule`;
export const CLOSE_SCHEDULE_EVERY_MS = ENSURE_EVERY_MS;

/** The deadline job's handler. */
export function closeExpiredJob(ctx: AppContext, service: ProjectsService): JobHandler {
  return async (payload) => {
    const scheduled = typeof payload.date === 'string' ? payload.date : '';
    const today = seoulDate(new Date());
    // the later of the date this run was queued for and today's (a late run catches up)
    const closed = await service.closeExpired(scheduled > today ? scheduled : today);
    if (closed > 0) ctx.log.info({ closed }, 'projects: recruitment closed at the deadline');
    // the midnight after this run's own (never this run again, even if it ran early or late)
    const ranFor = scheduled ? Date.parse(`${scheduled}T00:00:00+09:00`) : 0;
    await scheduleNextClose(ctx, new Date(Math.max(Date.now(), Number.isNaN(ranFor) ? 0 : ranFor)));
  };
}
