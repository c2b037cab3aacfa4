/** The studies module's scheduled work: expiry of unpaid seats, payment reminders, the sweep, cover images. */
import type { AppContext } from '../../context.ts';
import { EXPIRE_JOB, EXPIRE_SWEEP, PAYMENT_DUE_JOB } from './application-service.ts';
import { STUDY_COVER_JOB } from './cover-service.ts';
import type { StudyServices } from './service.ts';

export const EXPIRE_SWEEP_EVERY_MS = 5 * 60_000;

export function registerStudyJobs(ctx: AppContext, s: StudyServices): void {
  // At the deadline (queued at accept time, deduplicated per application).
  ctx.jobs.register(EXPIRE_JOB, async (payload) => {
    await s.applications.expire(String(payload.applicationId));
  });
  ctx.jobs.register(PAYMENT_DUE_JOB, async (payload) => {
    await s.applications.remindPayment(String(payload.applicationId));
  });
  // A new cover image: render its webp variants (cover-service.ts).
  ctx.jobs.register(STUDY_COVER_JOB, async (payload) => {
    await s.covers.process(String(payload.studyId), Number(payload.version));
  });
  // Safety net for a lost job or a deadline moved after the job ran.
  ctx.jobs.every(EXPIRE_SWEEP, EXPIRE_SWEEP_EVERY_MS, async () => {
    const n = await s.applications.sweep();
    if (n > 0) ctx.log.info({ expired: n }, 'studies: expired unpaid applications');
  });
}
