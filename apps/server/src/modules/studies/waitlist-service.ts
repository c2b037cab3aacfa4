/**
 * The waitlist of a full study (docs/waitlist.md): join (a WAITLISTED application, same
 * motivation and answers as an application), see one's place, leave, and the organisers' view of
 * the line. Promotion is waitlist-promotion.ts, run by whatever frees a seat.
 */
import { amountDueOf } from './deposit.ts';
import { type Application, type MyWaitlistPlace, type StudyWaitlist, type ApplyBody, waitlistOpen } from '@moim/contract';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { accessOf, assertManagerOrAdmin, assertVisible, studyNotFound } from './access.ts';
import { findApplicationView, insertApplication, moveApplication, openApplicationOf } from './application-repo.ts';
import { applicationChanged } from './live-topics.ts';
import { assertMayApply, publishApplicationClosed, validatedAnswers } from './application-service.ts';
import type { StudyDeps } from './deps.ts';
import { findStudy, lockStudy } from './study-repo.ts';
import { applicabilityInput, toApplication } from './study-view.ts';
import { waitlistLength, waitlistOf, waitlistPlaceOf } from './waitlist-repo.ts';

const alreadyWaitlisted = () => new AppError('BIZ-3002', 'studies.alreadyWaitlisted', { reason: 'ALREADY_APPLIED' });

export class WaitlistService {
  constructor(private readonly d: StudyDeps) {}

  private get db() {
    return this.d.ctx.db;
  }

  private async visible(studyId: string, user: AuthUser) {
    const study = await findStudy(this.db, studyId);
    if (!study) throw studyNotFound();
    const a = await accessOf(this.db, study, user);
    assertVisible(study, a);
    return { study, a };
  }

  private async view(appId: string): Promise<Application> {
    const v = await findApplicationView(this.db, appId);
    if (!v) throw new AppError('BIZ-3001', 'studies.applicationNotFound');
    return toApplication(v);
  }

  /**
   * Join the line of a full study. "Full" is decided under the study's row lock, the lock every
   * seat change takes, so a seat freed at the same moment is either seen here (refused: apply
   * instead) or freed after this commits (and then given to this place in line).
   */
  async join(studyId: string, user: AuthUser, body: ApplyBody): Promise<Application> {
    const now = this.d.clock();
    const { study, a } = await this.visible(studyId, user);
    assertMayApply(a);
    const answers = validatedAnswers(study, body);
    let id: string;
    try {
      id = await this.db.transaction(async (tx) => {
        const row = await lockStudy(tx, studyId);
        if (!row) throw studyNotFound();
        if (!waitlistOpen(applicabilityInput(row), now)) {
          const notFull = !row.deleted && row.seatsTaken < row.capacity && (row.status === 'APPROVED' || row.status === 'IN_PROGRESS');
          throw notFull
            ? new AppError('BIZ-3002', 'studies.waitlistNotFull', {
                reason: 'NOT_FULL',
                seatsTaken: row.seatsTaken,
                capacity: row.capacity,
              })
            : new AppError('BIZ-3002', 'studies.waitlistClosed', { reason: 'CLOSED', status: row.status });
        }
        if (await openApplicationOf(tx, studyId, user.id)) throw alreadyWaitlisted();
        const app = await insertApplication(tx, {
          studyId,
          userId: user.id,
          status: 'WAITLISTED',
          waitlistedAt: now,
          motivation: body.motivation,
          answers,
          amountDue: amountDueOf(row),
          appliedAt: now,
          updatedAt: now,
        });
        await applicationChanged(this.d, tx, app);
        return app.id;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'study_applications_open_idx')) throw alreadyWaitlisted();
      throw err;
    }
    return this.view(id);
  }

  /** Leave the line (the caller's own place); CANCELLED, as a withdrawn application. */
  async leave(studyId: string, user: AuthUser): Promise<Application> {
    const now = this.d.clock();
    await this.visible(studyId, user);
    const id = await this.db.transaction(async (tx) => {
      const place = await waitlistPlaceOf(tx, studyId, user.id);
      const moved = place && (await moveApplication(tx, place.app.id, ['WAITLISTED'], { status: 'CANCELLED', closedAt: now }));
      // not in line (never, or promoted a moment ago): nothing of the caller's to remove here
      if (!moved) throw new AppError('BIZ-3001', 'studies.notOnWaitlist');
      await publishApplicationClosed(this.d, tx, moved, 'CANCELLED', 'CANCELLED', now);
      return moved.id;
    });
    return this.view(id);
  }

  /** The line's length and the caller's place in it; names of others never. */
  async mine(studyId: string, user: AuthUser): Promise<MyWaitlistPlace> {
    await this.visible(studyId, user);
    const [length, place] = await Promise.all([waitlistLength(this.db, studyId), waitlistPlaceOf(this.db, studyId, user.id)]);
    return { studyId, length, applicationId: place?.app.id ?? null, position: place?.position ?? null };
  }

  /** The whole line with names: the leader, active managers and admins only. */
  async list(studyId: string, user: AuthUser): Promise<StudyWaitlist> {
    const { a } = await this.visible(studyId, user);
    assertManagerOrAdmin(a, 'studies.waitlistManagersOnly');
    const rows = await waitlistOf(this.db, studyId);
    return {
      studyId,
      length: rows.length,
      entries: rows.map((r, i) => ({
        applicationId: r.id,
        position: i + 1,
        waitlistedAt: r.waitlistedAt!.toISOString(),
        motivation: r.motivation,
        applicant: { id: r.userId, name: r.name, profileImage: r.profileImage },
      })),
    };
  }
}
