/**
 * The studies module's public interface in two layers: `StudyDirectory` (reads only, no other
 * module: built before calendar, which receives it) and `StudiesService` (the directory plus the
 * payment hooks; reviews, payments and the back office receive it). Other modules never read the
 * studies tables. Also the set of services index.ts builds and hands on (`StudyServices`).
 */
import { and, count, eq } from 'drizzle-orm';
import type { MemberRole, StudyStatus, Weekday, RecurrenceType, LocationType } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth-guard.ts';
import { accessOf, canSee } from './access.ts';
import type { AdminStudyService } from './admin-service.ts';
import type { ApplicationService } from './application-service.ts';
import type { CoverService } from './cover-service.ts';
import type { StudyDeps } from './deps.ts';
import type { DepositFacts, DepositSettings } from './deposit.ts';
import type { MemberService } from './member-service.ts';
import { activeMembers, findMembership, memberRoll, membershipsOfUser } from './membership-repo.ts';
import type { MyStudiesService } from './my-studies-service.ts';
import type { PageService } from './page-service.ts';
import type { ApplicationForPayment, PaymentHooks } from './payment-hooks.ts';
import { studies, type StudyRow } from './schema.ts';
import type { StatusService } from './status-service.ts';
import { findStudies, findStudy } from './study-repo.ts';
import type { StudyService } from './study-service.ts';
import type { WaitlistService } from './waitlist-service.ts';

/** The study facts other modules may read. */
export interface StudyRef {
  id: string;
  slug: string;
  title: string;
  status: StudyStatus;
  deleted: boolean;
  leaderId: string;
  startDate: string;
  endDate: string;
  recruitDeadline: Date;
  recurrenceType: RecurrenceType;
  scheduleWeekdays: Weekday[];
  sessionStartTime: string;
  sessionEndTime: string;
  locationType: LocationType;
  locationAddress: string | null;
}

export interface StudyCallerAccess {
  study: StudyRef;
  /** may see the study by id (not deleted; PENDING/REJECTED only to the leader and admins) */
  visible: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  /** OWNER, active MANAGER or admin */
  canManage: boolean;
  isActiveMember: boolean;
  role: MemberRole | null;
}

/** The lower layer: study facts other modules read (calendar, reviews, the back office). */
export interface StudyDirectory {
  getStudyRef(studyId: string, db?: DbOrTx): Promise<StudyRef | null>;
  getStudyRefs(studyIds: string[]): Promise<StudyRef[]>;
  callerAccess(studyId: string, user: AuthUser | null, db?: DbOrTx): Promise<StudyCallerAccess | null>;
  /** Active memberships of a study (user id, role, joined, warnings received). */
  activeMembers(studyId: string, db?: DbOrTx): Promise<{ userId: string; role: MemberRole; joinedAt: Date; warningCount: number }[]>;
  /** Every member's membership of a study, active or not (the owner's left out): the roll over time. */
  memberRoll(studyId: string): Promise<{ userId: string; joinedAt: Date; leftAt: Date | null; isActive: boolean }[]>;
  /** The user's membership of a study, active or not. */
  membership(
    studyId: string,
    userId: string,
  ): Promise<{ role: MemberRole; isActive: boolean; inactiveReason: string | null; joinedAt: Date } | null>;
  /** Studies (not deleted) where the user is an active member (any role). */
  activeStudyIdsOf(userId: string): Promise<string[]>;
  /** Proposed studies (not deleted) waiting for an admin's approval (the back office's home). */
  countPendingApprovals(): Promise<number>;
}

export interface StudiesService extends StudyDirectory {
  // ---- payment hooks (docs/studies.md "Payment hooks")
  getApplicationForPayment(applicationId: string, tx?: Tx): Promise<ApplicationForPayment | null>;
  setCheckoutId(applicationId: string, checkoutId: string, tx?: Tx): Promise<void>;
  markPaymentPending(applicationId: string, tx?: Tx): Promise<void>;
  /** PAYMENT_PENDING → ACCEPTED, or EXPIRED when the study has been terminated (payment-hooks.ts). */
  returnToAccepted(applicationId: string, tx?: Tx): Promise<'ACCEPTED' | 'EXPIRED'>;
  confirmPaidApplication(tx: Tx, applicationId: string, paidAmount: number, checkoutId?: string): Promise<void>;
  refundApplication(applicationId: string, tx?: Tx): Promise<void>;
  /** a study's deposit rule, sessions, records and members, to settle deposits from (deposit.ts) */
  depositFacts(studyId: string): Promise<DepositFacts | null>;
}

/** The studies services, built by index.ts over one clock and handed to the routes, jobs and seed. */
export interface StudyServices {
  deps: StudyDeps;
  studies: StudyService;
  covers: CoverService;
  status: StatusService;
  applications: ApplicationService;
  waitlist: WaitlistService;
  members: MemberService;
  my: MyStudiesService;
  pages: PageService;
  admin: AdminStudyService;
  payments: PaymentHooks;
  deposits: DepositSettings;
}

function ref(r: StudyRow): StudyRef {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    status: r.status,
    deleted: r.deleted,
    leaderId: r.leaderId,
    startDate: r.startDate,
    endDate: r.endDate,
    recruitDeadline: r.recruitDeadline,
    recurrenceType: r.recurrenceType,
    scheduleWeekdays: r.scheduleWeekdays,
    sessionStartTime: r.sessionStartTime,
    sessionEndTime: r.sessionEndTime,
    locationType: r.locationType,
    locationAddress: r.locationAddress,
  };
}

export { ref as toStudyRef };

/** The lower layer, on the database alone (built before calendar: modules/index.ts). */
export function createStudyDirectory(ctx: AppContext): StudyDirectory {
  const db = ctx.db;
  return {
    async getStudyRef(studyId, d = db) {
      const r = await findStudy(d, studyId);
      return r ? ref(r) : null;
    },
    async getStudyRefs(studyIds) {
      return (await findStudies(db, [...new Set(studyIds)])).map(ref);
    },
    async callerAccess(studyId, user, d = db) {
      const r = await findStudy(d, studyId);
      if (!r) return null;
      const a = await accessOf(d, r, user);
      return {
        study: ref(r),
        visible: canSee(r, a),
        isAdmin: a.isAdmin,
        isOwner: a.isOwner,
        canManage: a.isManager || a.isAdmin,
        isActiveMember: a.isActiveMember,
        role: a.role,
      };
    },
    async activeMembers(studyId, d = db) {
      return (await activeMembers(d, studyId)).map((m) => ({
        userId: m.userId,
        role: m.role,
        joinedAt: m.joinedAt,
        warningCount: m.warningCount,
      }));
    },
    async memberRoll(studyId) {
      return (await memberRoll(db, studyId)).map((m) => ({
        userId: m.userId,
        joinedAt: m.joinedAt,
        leftAt: m.leftAt,
        isActive: m.isActive,
      }));
    },
    async membership(studyId, userId) {
      const m = await findMembership(db, studyId, userId);
      return m ? { role: m.role, isActive: m.isActive, inactiveReason: m.inactiveReason, joinedAt: m.joinedAt } : null;
    },
    async activeStudyIdsOf(userId) {
      return (await membershipsOfUser(db, userId)).filter((m) => m.membership.isActive).map((m) => m.study.id);
    },
    async countPendingApprovals() {
      const [row] = await db
        .select({ n: count() })
        .from(studies)
        .where(and(eq(studies.status, 'PENDING'), eq(studies.deleted, false)));
      return row?.n ?? 0;
    },
  };
}

/** The whole public interface: the directory plus the payment hooks. */
export function createStudiesFacade(directory: StudyDirectory, s: StudyServices): StudiesService {
  return {
    ...directory,
    getApplicationForPayment: (id, tx) => s.payments.getApplicationForPayment(id, tx),
    setCheckoutId: (id, checkoutId, tx) => s.payments.setCheckoutId(id, checkoutId, tx),
    markPaymentPending: (id, tx) => s.payments.markPaymentPending(id, tx),
    returnToAccepted: (id, tx) => s.payments.returnToAccepted(id, tx),
    confirmPaidApplication: (tx, id, paid, checkoutId) => s.payments.confirmPaidApplication(tx, id, paid, checkoutId),
    refundApplication: (id, tx) => s.payments.refundApplication(id, tx),
    depositFacts: (studyId) => s.deposits.facts(studyId),
  };
}
