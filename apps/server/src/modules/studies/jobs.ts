/**
 * The studies module's scheduled work, as handlers index.ts registers: expiry of unpaid seats,
 * payment reminders, the expiry sweep, cover images.
 */
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { StudyServices } from './service.ts';

export { EXPIRE_JOB, EXPIRE_SWEEP, PAYMENT_DUE_JOB } from './application-service.ts';
export { STUDY_COVER_JOB } from './cover-service.ts';

export const EXPIRE_SWEEP_EVERY_MS = 5 * 60_000;

/** At the payment deadline (queued at accept time, deduplicated per application). */
export function expireJob(s: StudyServices): JobHandler {
  return async (payload) => {
    await s.applications.expire(String(payload.applicationId));
  };
}

/** The reminder before the payment deadline. */
export function paymentDueJob(s: StudyServices): JobHandler {
  return async (payload) => {
    await s.applications.remindPayment(String(payload.applicationId));
  };
}

/** A new cover image: render its webp variants (cover-service.ts). */
export function studyCoverJob(s: StudyServices): JobHandler {
  return async (payload) => {
    await s.covers.process(String(payload.studyId), Number(payload.version));
  };
}

/** Safety net for a lost expiry job or a deadline moved after the job ran. */
export function expireSweep(ctx: AppContext, s: StudyServices): () => Promise<void> {
  return async () => {
    const n = await s.applications.sweep();
    if (n > 0) ctx.log.info({ expired: n }, 'studies: expired unpaid applications');
  };
}
