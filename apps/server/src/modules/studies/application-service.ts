/**
 * Applications (SPEC §3, §4, §7): apply, list and read, accept or reject, cancel, expiry of
 * unpaid seats. Seat accounting (docs/studies.md): the leader takes no seat; an accepted
 * application holds a seat until it is paid (CONFIRMED), cancelled, expired or refunded; the
 * seat is taken with a conditional UPDATE (`seats_taken < capacity`), so concurrent accepts can
 * never pass capacity, and the database's check constraint backs it.
 */
import { amountDueOf, isFreeStudy } from './deposit.ts';
import {
  studySeats,
  type Application,
  type ApplicationListQuery,
  type ApplicationStatus,
  type ApplyBody,
  type Page,
  type StudyStatus,
  studyApplicability,
  toPage,
} from '@moim/contract';
import { or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { ErrorTextKey } from '../../i18n/error-texts.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { notice } from '../notifications/index.ts';
import { applicationChanged } from './live-topics.ts';
import { accessOf, assertManagerOrAdmin, assertVisible, type StudyAccess, studyNotFound } from './access.ts';
import {
  findApplication,
  findApplicationView,
  inTerminatedStudy,
  insertApplication,
  listByStudy,
  listByUser,
  lockApplication,
  moveApplication,
  openApplicationOf,
  overdueAccepted,
} from './application-repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StudyDeps } from './deps.ts';
import { scheduleExpiry } from './payment-deadline.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';
import type { ApplicationClosedEvent, StudiesEvents } from './events.ts';
import { activateMember } from './membership-repo.ts';
import { type ApplicationAnswer, type ApplicationRow, type StudyRow, studyApplications } from './schema.ts';
import { findStudy, findStudyBySlug, latestReason, releaseSeat, takeSeat } from './study-repo.ts';
import { applicabilityInput, toApplication } from './study-view.ts';

export { EXPIRE_JOB, EXPIRE_SWEEP, PAYMENT_DUE_JOB } from './payment-deadline.ts';

const appNotFound = () => new AppError('BIZ-3001', 'studies.applicationNotFound');

/**
 * Another person's application, for a caller who may not act on it: to the study's organisers
 * (who see it) 403 with `text`, to anyone else 404, exactly as an application that does not exist.
 */
const alreadyApplied = () => new AppError('BIZ-3002', 'studies.alreadyApplied', { reason: 'ALREADY_APPLIED' });

function notYours(a: StudyAccess, text: ErrorTextKey): AppError {
  return a.isManager || a.isAdmin ? new AppError('AUTH-1004', text) : appNotFound();
}

/**
 * Publish `studies.application-closed` inside the transaction that closed the application
 * (payments ends its open payments from it after the commit; docs/architecture.md "Events").
 */
export async function publishApplicationClosed(
  d: StudyDeps,
  tx: DbOrTx,
  app: Pick<ApplicationRow, 'id' | 'studyId' | 'userId'>,
  status: ApplicationClosedEvent['status'],
  cause: ApplicationClosedEvent['cause'],
  at: Date,
): Promise<void> {
  await applicationChanged(d, tx, app);
  await d.ctx.events.channel<StudiesEvents>().publish(tx, 'studies.application-closed', {
    applicationId: app.id,
    studyId: app.studyId,
    userId: app.userId,
    status,
    cause,
    at: at.toISOString(),
  });
}

/** The answers to the study's questions, checked (unknown, twice, required missing) and stored with each question's text. */
export function validatedAnswers(study: StudyRow, body: ApplyBody): ApplicationAnswer[] {
  const byId = new Map(study.questions.map((q) => [q.id, q]));
  const answers: ApplicationAnswer[] = [];
  for (const ans of body.answers) {
    const q = byId.get(ans.questionId);
    if (!q) {
      const text = { key: 'studies.unknownQuestion', params: { questionId: ans.questionId } } as const;
      throw new AppError('VAL-2001', text, {
        fields: [{ path: 'body.answers', code: 'unknown_question', message: text.key }],
        questionId: ans.questionId,
      });
    }
    if (answers.some((x) => x.questionId === q.id)) {
      throw invalidInput('VAL-2001', { path: 'body.answers', code: 'duplicate', message: 'studies.answeredTwice' });
    }
    answers.push({ questionId: q.id, question: q.text, answer: ans.answer });
  }
  for (const q of study.questions) {
    if (q.required && !answers.find((x) => x.questionId === q.id && x.answer.length > 0)) {
      const text = { key: 'studies.answerRequired', params: { question: q.text } } as const;
      throw new AppError('VAL-2003', text, {
        fields: [{ path: 'body.answers', code: 'missing', message: text.key }],
        questionId: q.id,
      });
    }
  }
  return answers;
}

/** Who may apply (or join the waitlist): not its organisers, not a member, not one removed by warnings. */
export function assertMayApply(a: StudyAccess): void {
  if (a.isOwner || a.role === 'MANAGER') throw new AppError('BIZ-3003', 'studies.ownStudy');
  if (a.isActiveMember) throw new AppError('BIZ-3002', 'studies.alreadyMember', { reason: 'ALREADY_MEMBER' });
  if (a.membership?.inactiveReason === 'WARNINGS') throw new AppError('BIZ-3003', 'studies.warnedOut');
}

export class ApplicationService {
  constructor(private readonly d: StudyDeps) {}

  private get db() {
    return this.d.ctx.db;
  }

  private async view(id: string, db: DbOrTx = this.db): Promise<Application> {
    const v = await findApplicationView(db, id);
    if (!v) throw appNotFound();
    return toApplication(v);
  }

  // -------------------------------------------------------------------------------------------
  // Applying

  async apply(ref: { id: string } | { slug: string }, user: AuthUser, body: ApplyBody): Promise<Application> {
    const now = this.d.clock();
    const study = 'id' in ref ? await findStudy(this.db, ref.id) : await findStudyBySlug(this.db, ref.slug);
    if (!study) throw studyNotFound();
    const a = await accessOf(this.db, study, user);
    assertVisible(study, a);
    assertMayApply(a);
    const open = studyApplicability(applicabilityInput(study), now);
    if (!open.canApply) {
      // a full study is a state: a seat freed lets the next one in
      throw new AppError('BIZ-3002', open.label === 'FULL' ? 'studies.full' : 'studies.notOpen', { label: open.label });
    }
    if (await openApplicationOf(this.db, study.id, user.id)) throw alreadyApplied();

    const answers = validatedAnswers(study, body);

    let row: ApplicationRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const app = await insertApplication(tx, {
          studyId: study.id,
          userId: user.id,
          motivation: body.motivation,
          answers,
          amountDue: amountDueOf(study),
          appliedAt: now,
          updatedAt: now,
        });
        await applicationChanged(this.d, tx, app);
        await this.d.notifications.notify(
          study.leaderId,
          {
            type: 'APPLICATION_RECEIVED',
            message: notice('notice.study.applicationReceived', { study: study.title }),
            link: `/study/${study.id}/manage`,
          },
          tx,
        );
        return app;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'study_applications_open_idx')) throw alreadyApplied();
      throw err;
    }
    return this.view(row.id);
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  async list(studyId: string, user: AuthUser, q: ApplicationListQuery): Promise<Page<Application>> {
    const study = await findStudy(this.db, studyId);
    const a = study ? await accessOf(this.db, study, user) : undefined;
    if (!study || !a) throw studyNotFound();
    assertVisible(study, a);
    assertManagerOrAdmin(a, 'studies.applicationsManagersOnly');
    const { rows, total } = await listByStudy(this.db, studyId, q);
    return toPage(rows.map(toApplication), total, q);
  }

  async get(studyId: string, appId: string, user: AuthUser): Promise<Application> {
    const app = await findApplication(this.db, appId);
    if (!app || app.studyId !== studyId) throw appNotFound();
    const study = await findStudy(this.db, studyId);
    if (!study) throw studyNotFound();
    if (app.userId !== user.id) {
      // another person's application: its organisers see it, to anyone else it does not exist
      const a = await accessOf(this.db, study, user);
      assertVisible(study, a);
      if (!a.isManager && !a.isAdmin) throw appNotFound();
    } else if (study.deleted) {
      throw studyNotFound();
    }
    return this.view(appId);
  }

  // -------------------------------------------------------------------------------------------
  // Deciding

  /**
   * Accept a PENDING application. FREE: the applicant becomes a member at once (CONFIRMED).
   * With a cost: ACCEPTED with a payment deadline, holding a seat; an expiry job is queued for
   * the deadline (and a reminder a day before). No free seat → BIZ-3003.
   */
  async accept(studyId: string, appId: string, user: AuthUser, reviewNote?: string): Promise<Application> {
    const now = this.d.clock();
    await this.db.transaction(async (tx) => {
      const { app, study } = await this.lockForDecision(tx, studyId, appId, user);
      await applicationChanged(this.d, tx, app);
      const free = isFreeStudy(study);
      if (!(await takeSeat(tx, studyId, free))) {
        throw new AppError('BIZ-3002', 'studies.noSeatLeft', { reason: 'FULL', ...studySeats(study) });
      }
      const base = { decidedAt: now, decidedBy: user.id, reviewNote: reviewNote || null };
      const link = `/study/${study.slug}`;
      if (free) {
        await moveApplication(tx, app.id, ['PENDING'], { ...base, status: 'CONFIRMED', confirmedAt: now, amountDue: 0 });
        await activateMember(tx, studyId, app.userId, app.id, now);
        await this.d.notifications.notify(
          app.userId,
          {
            type: 'APPLICATION_ACCEPTED',
            message: notice('notice.study.applicationConfirmed', { study: study.title }),
            link,
          },
          tx,
        );
        return;
      }
      const deadline = new Date(now.getTime() + study.paymentDeadlineHours * 3_600_000);
      await moveApplication(tx, app.id, ['PENDING'], {
        ...base,
        status: 'ACCEPTED',
        paymentDeadline: deadline,
        amountDue: amountDueOf(study),
      });
      await scheduleExpiry(this.d, tx, app.id, deadline, now);
      await this.d.notifications.notify(
        app.userId,
        {
          type: 'APPLICATION_ACCEPTED',
          message: notice('notice.study.applicationAccepted', {
            study: study.title,
            deadline: deadline.toISOString(),
            amount: amountDueOf(study),
          }),
          link: `/study/${study.id}/apply`,
        },
        tx,
      );
    });
    this.d.caches.invalidate();
    return this.view(appId);
  }

  async reject(studyId: string, appId: string, user: AuthUser, reviewNote: string): Promise<Application> {
    const now = this.d.clock();
    await this.db.transaction(async (tx) => {
      // the organisers may also take someone off the waitlist
      const { app, study } = await this.lockForDecision(tx, studyId, appId, user, false, ['PENDING', 'WAITLISTED']);
      await moveApplication(tx, app.id, [app.status], {
        status: 'REJECTED',
        decidedAt: now,
        decidedBy: user.id,
        reviewNote,
        closedAt: now,
      });
      await publishApplicationClosed(this.d, tx, app, 'REJECTED', 'REJECTED', now);
      await this.d.notifications.notify(
        app.userId,
        {
          type: 'APPLICATION_REJECTED',
          message: notice('notice.study.applicationRejected', { study: study.title, note: reviewNote }),
          link: `/study/${study.slug}`,
        },
        tx,
      );
    });
    return this.view(appId);
  }

  private async lockForDecision(
    tx: Tx,
    studyId: string,
    appId: string,
    user: AuthUser,
    needActiveStudy = true,
    from: readonly ApplicationStatus[] = ['PENDING'],
  ) {
    const app = await lockApplication(tx, appId);
    if (!app || app.studyId !== studyId) throw appNotFound();
    const study = await findStudy(tx, studyId);
    if (!study) throw studyNotFound();
    const a = await accessOf(tx, study, user);
    assertVisible(study, a);
    // the applicant sees their application but does not decide it; a stranger does not see it
    if (!a.isManager && !a.isAdmin) {
      throw app.userId === user.id ? new AppError('AUTH-1004', 'studies.decideManagersOnly') : appNotFound();
    }
    if (!from.includes(app.status)) throw new AppError('BIZ-3002', 'studies.notPending', { status: app.status });
    if (needActiveStudy && !(['APPROVED', 'IN_PROGRESS'] as StudyStatus[]).includes(study.status)) {
      throw new AppError('BIZ-3002', 'studies.acceptOnlyActive', { studyStatus: study.status });
    }
    return { app, study };
  }

  // -------------------------------------------------------------------------------------------
  // Cancelling and expiry

  /**
   * A deleted account's open applications (PENDING, ACCEPTED, WAITLISTED) close as withdrawn: an
   * accepted one's seat goes to the next in line (docs/privacy.md "Erasure"). One transaction per
   * application; running it again finds nothing open.
   */
  async cancelForDeletedAccount(userId: string): Promise<void> {
    const now = this.d.clock();
    const open = (await listByUser(this.db, userId)).filter(
      (a) => a.status === 'PENDING' || a.status === 'ACCEPTED' || a.status === 'WAITLISTED',
    );
    for (const { id } of open) {
      await this.db.transaction(async (tx) => {
        const app = await lockApplication(tx, id);
        if (!app || (app.status !== 'PENDING' && app.status !== 'ACCEPTED' && app.status !== 'WAITLISTED')) return;
        await moveApplication(tx, app.id, [app.status], { status: 'CANCELLED', closedAt: now });
        if (app.status === 'ACCEPTED') {
          await releaseSeat(tx, app.studyId, false);
          await promoteWaitlist(this.d, tx, app.studyId, now);
        }
        await publishApplicationClosed(this.d, tx, app, 'CANCELLED', 'CANCELLED', now);
      });
    }
    if (open.length > 0) this.d.caches.invalidate();
  }

  /**
   * The applicant withdraws a PENDING, ACCEPTED or WAITLISTED application (an ACCEPTED one frees
   * its seat, which goes to the next in line).
   */
  async cancel(studyId: string, appId: string, user: AuthUser, applicantId: string): Promise<Application> {
    const now = this.d.clock();
    await this.db.transaction(async (tx) => {
      const app = await lockApplication(tx, appId);
      if (!app || app.studyId !== studyId) throw appNotFound();
      if (app.userId !== user.id) {
        const study = await findStudy(tx, studyId);
        if (!study) throw appNotFound();
        throw notYours(await accessOf(tx, study, user), 'studies.cancelOwnOnly');
      }
      if (applicantId !== user.id) throw new AppError('AUTH-1004', 'studies.cancelOwnOnly');
      if (app.status !== 'PENDING' && app.status !== 'ACCEPTED' && app.status !== 'WAITLISTED') {
        throw new AppError('BIZ-3002', 'studies.cancelNotOpen', { status: app.status });
      }
      await moveApplication(tx, app.id, [app.status], { status: 'CANCELLED', closedAt: now });
      if (app.status === 'ACCEPTED') {
        await releaseSeat(tx, studyId, false);
        await promoteWaitlist(this.d, tx, studyId, now);
      }
      await publishApplicationClosed(this.d, tx, app, 'CANCELLED', 'CANCELLED', now);
    });
    this.d.caches.invalidate();
    return this.view(appId);
  }

  /**
   * Expire one ACCEPTED application whose deadline has passed, or whose study was terminated
   * (a hold TERMINATE skipped because its row was locked then); true when it did.
   */
  async expire(appId: string): Promise<boolean> {
    const now = this.d.clock();
    const done = await this.db.transaction(async (tx) => {
      const moved = await moveApplication(
        tx,
        appId,
        ['ACCEPTED'],
        { status: 'EXPIRED', closedAt: now },
        or(sql`${studyApplications.paymentDeadline} <= ${now.toISOString()}::timestamptz`, inTerminatedStudy),
      );
      if (!moved) return false;
      await releaseSeat(tx, moved.studyId, false);
      // a lapsed offer or hold passes to the next in line (nothing moves in a terminated study)
      await promoteWaitlist(this.d, tx, moved.studyId, now);
      const study = await findStudy(tx, moved.studyId);
      const terminated = study?.status === 'TERMINATED';
      await publishApplicationClosed(this.d, tx, moved, 'EXPIRED', terminated ? 'STUDY_TERMINATED' : 'DEADLINE', now);
      const link = study ? `/study/${study.slug}` : null;
      await this.d.notifications.notify(
        moved.userId,
        terminated
          ? {
              type: 'STUDY_TERMINATED',
              message: notice('notice.study.terminated', { study: study.title, reason: await latestReason(tx, study.id, 'TERMINATE') }),
              link: null,
            }
          : { type: 'PAYMENT_EXPIRED', message: notice('notice.study.paymentExpired', { study: study?.title ?? '' }), link },
        tx,
      );
      return true;
    });
    if (done) this.d.caches.invalidate();
    return done;
  }

  /** The safety net: expire everything overdue (runs every few minutes). Returns how many. */
  async sweep(): Promise<number> {
    let n = 0;
    for (const id of await overdueAccepted(this.db, this.d.clock())) if (await this.expire(id)) n++;
    return n;
  }

  /** A day before the deadline: remind an applicant who has still not paid. */
  async remindPayment(appId: string): Promise<void> {
    const app = await findApplicationView(this.db, appId);
    if (!app || app.status !== 'ACCEPTED' || !app.paymentDeadline) return;
    await this.d.notifications.notify(app.userId, {
      type: 'PAYMENT_DUE',
      message: notice('notice.study.paymentDue', {
        study: app.studyTitle,
        amount: app.amountDue,
        deadline: new Date(app.paymentDeadline).toISOString(),
      }),
      link: `/study/${app.studyId}/apply`,
    });
  }
}
