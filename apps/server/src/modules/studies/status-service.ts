/**
 * The study status machine (SPEC §4, rules in the contract's STUDY_TRANSITIONS): admins approve,
 * reject (with a reason), terminate and reactivate; the leader or an admin starts and completes.
 * The row is locked for the move; every move is recorded with who, when, from, to and why, and
 * has its effects in the same transaction (calendar events on approval, notifications).
 */
import { STUDY_TRANSITIONS, type Study, type StudyAction, type StudyStatusBody, nextStudyStatus, seoulDate } from '@moim/contract';
import type { Tx } from '../../db/client.ts';
import { josa } from '../../i18n/josa.ts';
import { notice, type NotifyInput } from '../notifications/index.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { accessOf, assertVisible, studyNotFound } from './access.ts';
import { expireUnpaidHolds } from './application-repo.ts';
import { EXPIRE_JOB, publishApplicationClosed } from './application-service.ts';
import type { StudyDeps } from './deps.ts';
import { activeMembers } from './membership-repo.ts';
import type { NewStudyRow, StudyRow } from './schema.ts';
import { insertTransition, lockStudy, releaseSeat, updateStudy } from './study-repo.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';
import type { StudyService } from './study-service.ts';

/** How soon a seat hold TERMINATE had to skip (its row was locked) is tried again. */
export const SKIPPED_HOLD_RETRY_MS = 10_000;

export class StatusService {
  constructor(
    private readonly d: StudyDeps,
    private readonly studies: StudyService,
  ) {}

  async change(id: string, user: AuthUser, body: StudyStatusBody): Promise<Study> {
    const rule = STUDY_TRANSITIONS[body.action];
    await this.d.ctx.db.transaction(async (tx) => {
      const row = await lockStudy(tx, id);
      if (!row) throw studyNotFound();
      const a = await accessOf(tx, row, user);
      assertVisible(row, a);
      if (rule.who === 'ADMIN' && !a.isAdmin) throw new AppError('AUTH-1005', 'studies.adminOnly');
      if (rule.who === 'LEADER_OR_ADMIN' && !a.isOwner && !a.isAdmin) {
        throw new AppError('AUTH-1004', 'studies.statusLeaderOnly');
      }
      if (rule.reasonRequired && !body.reason)
        throw invalidInput('VAL-2003', { path: 'body.reason', code: 'missing', message: 'studies.reasonNeeded' });
      await this.move(tx, row, body.action, user.id, body.reason ?? null);
    });
    this.d.caches.invalidate();
    return this.studies.getById(id, user);
  }

  /** Apply one move to a locked row (also used by the demo seeder). BIZ-3002 when not allowed. */
  async move(tx: Tx, row: StudyRow, action: StudyAction, actorId: string | null, reason: string | null): Promise<StudyRow> {
    const to = nextStudyStatus(row.status, action, row.statusBeforeTermination);
    if (!to) {
      const params = { status: row.status, action, actionObject: josa(action, '을/를') };
      throw new AppError('BIZ-3002', { key: 'studies.transitionNotAllowed', params }, { status: row.status, action });
    }
    const patch: Partial<NewStudyRow> = { status: to };
    if (action === 'REJECT') patch.rejectReason = reason;
    if (action === 'TERMINATE') patch.statusBeforeTermination = row.status;
    if (action === 'REACTIVATE') patch.statusBeforeTermination = null;
    const updated = (await updateStudy(tx, row.id, patch))!;
    await insertTransition(tx, { studyId: row.id, action, fromStatus: row.status, toStatus: to, reason, actorId });
    await this.effects(tx, updated, action, reason);
    return updated;
  }

  private async effects(tx: Tx, study: StudyRow, action: StudyAction, reason: string | null): Promise<void> {
    const { notifications, calendar } = this.d;
    const link = `/study/${study.slug}`;
    const members = async () => (await activeMembers(tx, study.id)).filter((m) => m.role !== 'OWNER').map((m) => m.userId);
    const toLeader = (n: NotifyInput) => notifications.notify(study.leaderId, n, tx);
    switch (action) {
      case 'APPROVE':
        await calendar.syncGeneratedEvents(tx, study, seoulDate(this.d.clock()), { includePast: true });
        await toLeader({
          type: 'STUDY_APPROVED',
          message: notice('notice.study.approved', { study: study.title }),
          link,
        });
        break;
      case 'REJECT':
        await toLeader({
          type: 'STUDY_REJECTED',
          message: notice('notice.study.rejected', { study: study.title, reason: reason ?? '' }),
          link: null,
        });
        break;
      case 'START':
        await notifications.notifyMany(
          await members(),
          {
            type: 'STUDY_STARTED',
            message: notice('notice.study.started', { study: study.title }),
            link,
          },
          tx,
        );
        break;
      case 'COMPLETE':
        await notifications.notifyMany(
          await members(),
          {
            type: 'STUDY_COMPLETED',
            message: notice('notice.study.completed', { study: study.title }),
            link,
          },
          tx,
        );
        break;
      case 'TERMINATE': {
        // The study's recruitment is over: unpaid seat holds end now (their seats freed, each
        // published as studies.application-closed so payments ends the open payments), and the
        // holders are told with the members. PENDING applications stay (REACTIVATE resumes
        // them); a reported bank deposit (PAYMENT_PENDING) waits for an admin as always.
        // A hold another transaction had locked (a payment being recorded) is skipped here and
        // expires a moment later by a queued job (or the sweep), unless that payment confirmed it.
        const now = this.d.clock();
        const { expired: holds, skipped } = await expireUnpaidHolds(tx, study.id, now);
        for (const app of holds) {
          await releaseSeat(tx, study.id, false);
          await publishApplicationClosed(this.d, tx, app, 'EXPIRED', 'STUDY_TERMINATED', now);
        }
        for (const applicationId of skipped) {
          await this.d.ctx.jobs.enqueue(
            EXPIRE_JOB,
            { applicationId },
            { runAt: new Date(now.getTime() + SKIPPED_HOLD_RETRY_MS), dedupeKey: `${EXPIRE_JOB}:terminated:${applicationId}` },
            tx,
          );
        }
        await notifications.notifyMany(
          [study.leaderId, ...(await members()), ...holds.map((a) => a.userId)],
          {
            type: 'STUDY_TERMINATED',
            message: notice('notice.study.terminated', { study: study.title, reason: reason ?? '' }),
            link: null,
          },
          tx,
        );
        break;
      }
      case 'REACTIVATE':
        await toLeader({
          type: 'GENERAL',
          message: notice('notice.study.reactivated', { study: study.title }),
          link,
        });
        // the holds TERMINATE ended freed seats; the line that waited through it moves up
        await promoteWaitlist(this.d, tx, study.id, this.d.clock());
        break;
    }
  }
}
