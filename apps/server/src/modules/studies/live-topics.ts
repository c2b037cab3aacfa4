/**
 * The studies module's live topic (docs/live.md): `study-applicants:<studyId>`, the applications
 * a study's leader, its managers and admins see. An application that is made, decided, paid,
 * cancelled, expired or refunded publishes `application.changed` there once its transaction
 * commits; the page then reads the list again through the API.
 *
 * Who may watch a study's topics (this one and the calendar's `study-check-ins`) changes when a
 * membership ends (a manager leaves or is removed) or a manager steps down: the live channel then
 * asks every watching socket's authorizer again (`ctx.live.recheckAccess`).
 */
import { liveTopicOf } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EventHandler } from '../../events/event-bus.ts';
import type { TopicAuthorizer } from '../../live/hub.ts';
import { accessOf, canSee } from './access.ts';
import type { StudyDeps } from './deps.ts';
import type { StudiesEvents } from './events.ts';
import { findStudy } from './study-repo.ts';

/** Who may follow `study-applicants:<studyId>`: the study's leader, its managers and admins. */
export function studyApplicantsAccess(ctx: AppContext): TopicAuthorizer {
  return async (user, studyId) => {
    const study = await findStudy(ctx.db, studyId);
    if (!study) return false;
    const a = await accessOf(ctx.db, study, user);
    return canSee(study, a) && (a.isManager || a.isAdmin);
  };
}

/** A membership ended (`studies.member-left`): the study's topics are authorized again. */
export function recheckStudyTopics(ctx: AppContext): EventHandler<StudiesEvents['studies.member-left']> {
  return async (e) => {
    await ctx.live.recheckAccess(e.payload.studyId);
  };
}

/** A member's role changed (committed): the study's topics are authorized again. */
export async function studyAccessChanged(d: Pick<StudyDeps, 'ctx'>, studyId: string): Promise<void> {
  await d.ctx.live.recheckAccess(studyId);
}

/** After `tx` commits: the study's applicants list changed. */
export async function applicationChanged(d: Pick<StudyDeps, 'ctx'>, tx: DbOrTx, app: { id: string; studyId: string }): Promise<void> {
  await d.ctx.live.publishAfterCommit(tx, liveTopicOf('study-applicants', app.studyId), 'application.changed', {
    studyId: app.studyId,
    applicationId: app.id,
  });
}
