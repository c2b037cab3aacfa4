/**
 * Members of a study: the list (members, leader, admins), the public count, leaving or being
 * removed (kept as inactive history), warnings (the third makes the membership inactive) and
 * the MANAGER role. Attendance rates come from the calendar module.
 */
import { type MemberWarning, type Membership, type Page, STUDY_LIMITS, type StudyMember, seoulDate, toPage } from '@moim/contract';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { notice } from '../notifications/index.ts';
import { accessOf, assertLeaderOrAdmin, assertVisible, studyNotFound } from './access.ts';
import type { StudyDeps } from './deps.ts';
import {
  addWarning,
  countSeatedMembers,
  deactivateMembership,
  findMembership,
  listMembers,
  lockMembership,
  membershipsOfUser,
  setMemberRole,
} from './membership-repo.ts';
import type { InactiveReason, MembershipRow, StudyRow } from './schema.ts';
import { findStudy, releaseSeat } from './study-repo.ts';
import { promoteWaitlist } from './waitlist-promotion.ts';
import { toMembership, toStudyMember } from './study-view.ts';
import type { StudiesEvents } from './events.ts';
import { studyAccessChanged } from './live-topics.ts';

const memberNotFound = () => new AppError('BIZ-3001', 'studies.memberNotFound');

export class MemberService {
  constructor(private readonly d: StudyDeps) {}

  private get db() {
    return this.d.ctx.db;
  }

  private async visibleStudy(studyId: string, user: AuthUser | null) {
    const study = await findStudy(this.db, studyId);
    if (!study) throw studyNotFound();
    const a = await accessOf(this.db, study, user);
    assertVisible(study, a);
    return { study, a };
  }

  async list(
    studyId: string,
    user: AuthUser,
    q: { page: number; size: number; sort: string; active?: boolean | undefined },
  ): Promise<Page<StudyMember>> {
    const { a } = await this.visibleStudy(studyId, user);
    if (!a.isActiveMember && !a.isOwner && !a.isAdmin) throw new AppError('AUTH-1004', 'studies.membersOnlyList');
    const { rows, total } = await listMembers(this.db, studyId, q);
    const rates = await this.d.calendar.attendanceRates(
      studyId,
      rows.map((m) => ({ userId: m.userId, joinedAt: m.joinedAt })),
      seoulDate(this.d.clock()),
    );
    return toPage(
      rows.map((m) => toStudyMember(m, rates.get(m.userId) ?? null)),
      total,
      q,
    );
  }

  /** Active members taking a seat (the leader not counted); public for any visible study. */
  async count(studyId: string, user: AuthUser | null): Promise<number> {
    await this.visibleStudy(studyId, user);
    return countSeatedMembers(this.db, studyId);
  }

  private async membershipView(study: StudyRow, m: MembershipRow): Promise<Membership> {
    const rates = await this.d.calendar.attendanceRates(study.id, [{ userId: m.userId, joinedAt: m.joinedAt }], seoulDate(this.d.clock()));
    return toMembership(m, study, rates.get(m.userId) ?? null);
  }

  /** Leave (the member) or remove (the leader or an admin); the seat is freed, history kept. */
  async leave(studyId: string, user: AuthUser, targetUserId: string): Promise<Membership> {
    const self = targetUserId === user.id;
    const now = this.d.clock();
    const { study, m } = await this.db.transaction(async (tx) => {
      const study = await findStudy(tx, studyId);
      if (!study) throw studyNotFound();
      const a = await accessOf(tx, study, user);
      assertVisible(study, a);
      if (!self) assertLeaderOrAdmin(a, 'studies.removeLeaderOnly');
      const m = await lockMembership(tx, studyId, targetUserId);
      if (!m || !m.isActive) throw memberNotFound();
      if (m.role === 'OWNER') throw new AppError('BIZ-3003', 'studies.leaderCannotLeave');
      if (study.status !== 'APPROVED' && study.status !== 'IN_PROGRESS') {
        throw new AppError('BIZ-3002', 'studies.leaveOnlyActive', { status: study.status });
      }
      const reason: InactiveReason = self ? 'LEFT' : 'REMOVED';
      await this.end(tx, study, m, reason, now);
      if (!self) {
        await this.d.notifications.notify(
          targetUserId,
          {
            type: 'MEMBER_REMOVED',
            message: notice('notice.study.memberRemoved', { study: study.title }),
            link: `/study/${study.slug}`,
          },
          tx,
        );
      }
      return { study, m: (await findMembership(tx, studyId, targetUserId))! };
    });
    this.d.caches.invalidate();
    return this.membershipView(study, m);
  }

  /**
   * A deleted account leaves every running study it is a member of, as if it had left itself
   * (seat freed, the next in line promoted, `studies.member-left` for the refund rule); a study it
   * leads stays led by the deleted account (docs/privacy.md "Erasure"). Idempotent.
   */
  async leaveForDeletedAccount(userId: string): Promise<void> {
    const now = this.d.clock();
    const active = (await membershipsOfUser(this.db, userId)).filter((x) => x.membership.isActive && x.membership.role !== 'OWNER');
    for (const { study: s } of active) {
      await this.db.transaction(async (tx) => {
        const study = await findStudy(tx, s.id);
        if (!study || (study.status !== 'APPROVED' && study.status !== 'IN_PROGRESS')) return;
        const m = await lockMembership(tx, study.id, userId);
        if (!m || !m.isActive || m.role === 'OWNER') return;
        await this.end(tx, study, m, 'LEFT', now);
      });
    }
    if (active.length > 0) this.d.caches.invalidate();
  }

  /**
   * End an active membership: inactive, seat freed, and `studies.member-left` published in the
   * same transaction (payments refunds from it after the commit; docs/architecture.md).
   */
  private async end(tx: Tx, study: StudyRow, m: MembershipRow, reason: InactiveReason, now: Date): Promise<void> {
    await deactivateMembership(tx, study.id, m.userId, reason, now);
    await releaseSeat(tx, study.id, true);
    // the seat goes to the next in line in this transaction (waitlist-promotion.ts)
    await promoteWaitlist(this.d, tx, study.id, now);
    await this.d.ctx.events.channel<StudiesEvents>().publish(tx, 'studies.member-left', {
      studyId: study.id,
      userId: m.userId,
      applicationId: m.applicationId,
      reason,
      studyStartDate: study.startDate,
      at: now.toISOString(),
    });
  }

  /** A warning from the leader or an admin; the third makes the membership inactive. */
  async warn(studyId: string, user: AuthUser, targetUserId: string, reason: string): Promise<MemberWarning> {
    const now = this.d.clock();
    const result = await this.db.transaction(async (tx) => {
      const study = await findStudy(tx, studyId);
      if (!study) throw studyNotFound();
      const a = await accessOf(tx, study, user);
      assertVisible(study, a);
      assertLeaderOrAdmin(a, 'studies.warnLeaderOnly');
      const m = await lockMembership(tx, studyId, targetUserId);
      if (!m || !m.isActive) throw memberNotFound();
      if (m.role === 'OWNER') throw new AppError('BIZ-3003', 'studies.warnLeader');
      if (study.status !== 'APPROVED' && study.status !== 'IN_PROGRESS')
        throw new AppError('BIZ-3002', 'studies.warnOnlyActive', { status: study.status });
      const w = await addWarning(tx, { studyId, userId: targetUserId, reason, givenBy: user.id, at: now });
      const deactivated = w.warningCount >= STUDY_LIMITS.warningsToDeactivate;
      if (deactivated) await this.end(tx, study, m, 'WARNINGS', now);
      await this.d.notifications.notify(
        targetUserId,
        {
          type: 'MEMBER_WARNED',
          message: notice(deactivated ? 'notice.study.memberDeactivated' : 'notice.study.memberWarned', {
            study: study.title,
            count: w.warningCount,
            reason,
          }),
          link: `/study/${study.slug}`,
        },
        tx,
      );
      return {
        id: w.id,
        studyId,
        userId: targetUserId,
        reason,
        givenBy: user.id,
        createdAt: now.toISOString(),
        warningCount: w.warningCount,
        isActive: !deactivated,
      };
    });
    this.d.caches.invalidate();
    return result;
  }

  /** Promote a member to MANAGER or back (the leader or an admin). */
  async setRole(studyId: string, user: AuthUser, targetUserId: string, role: 'MANAGER' | 'MEMBER'): Promise<Membership> {
    const { study, a } = await this.visibleStudy(studyId, user);
    assertLeaderOrAdmin(a, 'studies.roleLeaderOnly');
    const m = await setMemberRole(this.db, studyId, targetUserId, role);
    if (!m) throw memberNotFound();
    await studyAccessChanged(this.d, studyId);
    return this.membershipView(study, m);
  }

  /** GET /api/studies/my/memberships: every membership of the caller (deleted studies hidden). */
  async mine(user: AuthUser): Promise<Membership[]> {
    const rows = await membershipsOfUser(this.db, user.id);
    const rates = await this.d.calendar.userAttendanceRates(
      user.id,
      rows.map((r) => ({ studyId: r.study.id, joinedAt: r.membership.joinedAt })),
      seoulDate(this.d.clock()),
    );
    return rows.map((r) => toMembership(r.membership, r.study, rates.get(r.study.id) ?? null));
  }
}
