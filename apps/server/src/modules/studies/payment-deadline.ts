/**
 * The payment deadline of a seat held unpaid (an accepted application of a study with a cost, or
 * a waitlist offer): its expiry job at the deadline and its reminder a day before, both in the
 * jobs table (run once across instances, kept over a restart) and deduplicated per application.
 */
import type { DbOrTx } from '../../db/client.ts';
import type { StudyDeps } from './deps.ts';

export const EXPIRE_JOB = 'studies.expire-application';
export const PAYMENT_DUE_JOB = 'studies.payment-due-reminder';
export const EXPIRE_SWEEP = 'studies.expire-sweep';
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

export async function scheduleExpiry(d: StudyDeps, tx: DbOrTx, appId: string, deadline: Date, now: Date): Promise<void> {
  await d.ctx.jobs.enqueue(EXPIRE_JOB, { applicationId: appId }, { runAt: deadline, dedupeKey: `${EXPIRE_JOB}:${appId}` }, tx);
  const remindAt = new Date(deadline.getTime() - REMINDER_BEFORE_MS);
  if (remindAt > now) {
    await d.ctx.jobs.enqueue(PAYMENT_DUE_JOB, { applicationId: appId }, { runAt: remindAt, dedupeKey: `${PAYMENT_DUE_JOB}:${appId}` }, tx);
  }
}
