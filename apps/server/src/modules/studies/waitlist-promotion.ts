/**
 * Promotion from the waitlist (docs/waitlist.md, docs/decisions/2026-11-29-waitlist.md): every
 * transaction that frees a seat or adds seats (a member leaves or is removed, an unpaid hold
 * expires or is cancelled, a refund, a capacity raise) calls `promoteWaitlist` before it commits.
 * The seat is taken with the same conditional UPDATE as an accept (`seats_taken < capacity`, which
 * also holds the study's row lock to the commit, so promotions of one study run one at a time),
 * and the person with a compare-and-set on WAITLISTED: a seat is never given twice and never
 * given past capacity. FREE: the application is CONFIRMED and its applicant a member at once.
 * With a cost: an offer — ACCEPTED with its own payment deadline and expiry job, the seat held —
 * which the applicant pays themselves or lets lapse (the expiry then promotes the next).
 */
import { amountDueOf, isFreeStudy } from './deposit.ts';
import type { Tx } from '../../db/client.ts';
import { notice } from '../notifications/index.ts';
import type { StudyDeps } from './deps.ts';
import { moveApplication } from './application-repo.ts';
import { applicationChanged } from './live-topics.ts';
import { activateMember } from './membership-repo.ts';
import { scheduleExpiry } from './payment-deadline.ts';
import { findStudy, releaseSeat, takeSeat } from './study-repo.ts';
import { waitlistHead } from './waitlist-repo.ts';

/** How many of the line one look reads (a cancelled head is passed over without a second read). */
const HEAD = 5;

/** Give every free seat of the study to the next in line, in the caller's transaction; how many moved. */
export async function promoteWaitlist(d: StudyDeps, tx: Tx, studyId: string, now: Date): Promise<number> {
  let promoted = 0;
  for (;;) {
    const head = await waitlistHead(tx, studyId, HEAD);
    if (head.length === 0) return promoted;
    const study = await findStudy(tx, studyId);
    if (!study) return promoted;
    const free = isFreeStudy(study);
    // no free seat (or the study is no longer running): the line waits
    if (!(await takeSeat(tx, studyId, free))) return promoted;
    const deadline = new Date(now.getTime() + study.paymentDeadlineHours * 3_600_000);
    let moved = undefined;
    for (const app of head) {
      moved = free
        ? await moveApplication(tx, app.id, ['WAITLISTED'], { status: 'CONFIRMED', decidedAt: now, confirmedAt: now, amountDue: 0 })
        : await moveApplication(tx, app.id, ['WAITLISTED'], {
            status: 'ACCEPTED',
            decidedAt: now,
            paymentDeadline: deadline,
            amountDue: amountDueOf(study),
          });
      if (moved) break;
    }
    if (!moved) {
      // everyone read left the line meanwhile: give the seat back and read the line again
      await releaseSeat(tx, studyId, free);
      continue;
    }
    promoted++;
    // the leader's applicants and waitlist pages see it once this commits (docs/live.md)
    await applicationChanged(d, tx, moved);
    if (free) {
      await activateMember(tx, studyId, moved.userId, moved.id, now);
      await d.notifications.notify(
        moved.userId,
        { type: 'WAITLIST_SEAT', message: notice('notice.study.waitlistJoined', { study: study.title }), link: `/study/${study.slug}` },
        tx,
      );
    } else {
      await scheduleExpiry(d, tx, moved.id, deadline, now);
      await d.notifications.notify(
        moved.userId,
        {
          type: 'WAITLIST_SEAT',
          message: notice('notice.study.waitlistOffer', {
            study: study.title,
            deadline: deadline.toISOString(),
            amount: amountDueOf(study),
          }),
          link: `/study/${study.id}/apply`,
        },
        tx,
      );
    }
  }
}
