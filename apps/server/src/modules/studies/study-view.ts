/** Rows → the contract's response shapes (Study, Application, Membership, StudyMember). */
import {
  type Application,
  type Membership,
  type Study,
  type StudyMember,
  type StudyTransition,
  type StudyViewer,
  studyApplicability,
} from '@moim/contract';
import type { ApplicationView } from './application-repo.ts';
import type { MemberWithUser } from './membership-repo.ts';
import type { MembershipRow, StudyRow, StudyTransitionRow } from './schema.ts';
import type { StudyWithLeader } from './study-repo.ts';

/** The 640 px cover next to the 1280 px one (same version). */
export const coverThumbOf = (url: string | null): string | null => (url ? url.replace('size=1280', 'size=640') : null);

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function toStudy(row: StudyWithLeader, now: Date, opts: { privileged?: boolean; viewer?: StudyViewer | null } = {}): Study {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    coverImage: row.coverImage,
    coverImageThumb: coverThumbOf(row.coverImage),
    coverImageStatus: row.coverImageStatus,
    generation: row.generation,
    tagline: row.tagline,
    proposerId: row.proposerId,
    type: row.type,
    leader: { id: row.leaderId, name: row.leaderName, profileImage: row.leaderImage, welcomeMessage: row.welcomeMessage },
    schedule: row.schedule,
    duration: row.duration,
    scheduleDetails: {
      weekdays: row.scheduleWeekdays,
      startTime: row.sessionStartTime,
      endTime: row.sessionEndTime,
      timezone: row.timezone,
    },
    location: { type: row.locationType, address: row.locationAddress },
    capacity: row.capacity,
    enrolled: row.enrolled,
    seatsTaken: row.seatsTaken,
    recruitDeadline: row.recruitDeadline.toISOString(),
    isRecruiting: row.isRecruiting,
    status: row.status,
    recurrenceType: row.recurrenceType,
    startDate: row.startDate,
    endDate: row.endDate,
    costType: row.costType,
    costDescription: row.costDescription,
    cost: row.cost,
    paymentDeadlineHours: row.paymentDeadlineHours,
    questions: row.questions,
    deleted: row.deleted,
    rejectReason: opts.privileged ? row.rejectReason : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    applicability: studyApplicability(applicabilityInput(row), now),
    viewer: opts.viewer ?? null,
  };
}

export function applicabilityInput(row: StudyRow) {
  return {
    status: row.status,
    recruitDeadline: row.recruitDeadline,
    capacity: row.capacity,
    enrolled: row.enrolled,
    seatsTaken: row.seatsTaken,
    isRecruiting: row.isRecruiting,
  };
}

export function toApplication(row: ApplicationView): Application {
  return {
    applicationId: row.id,
    studyId: row.studyId,
    studyTitle: row.studyTitle,
    studySlug: row.studySlug,
    status: row.status,
    appliedAt: row.appliedAt.toISOString(),
    reviewNote: row.reviewNote,
    checkoutId: row.checkoutId,
    paymentDeadline: iso(row.paymentDeadline),
    paidAmount: row.paidAmount,
    confirmedAt: iso(row.confirmedAt),
    decidedAt: iso(row.decidedAt),
    amountDue: row.amountDue,
    motivation: row.motivation,
    answers: row.answers,
    applicant: { id: row.userId, name: row.applicantName, profileImage: row.applicantImage },
  };
}

export function toMembership(
  m: MembershipRow,
  s: Pick<StudyRow, 'id' | 'title' | 'slug' | 'status'>,
  attendanceRate: number | null,
): Membership {
  return {
    memberId: m.userId,
    studyId: s.id,
    studyTitle: s.title,
    studySlug: s.slug,
    studyStatus: s.status,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
    isActive: m.isActive,
    attendanceRate,
    warningCount: m.warningCount,
  };
}

export function toStudyMember(m: MemberWithUser, attendanceRate: number | null): StudyMember {
  return {
    memberId: m.userId,
    name: m.name,
    profileImage: m.profileImage,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
    isActive: m.isActive,
    inactiveReason: m.inactiveReason,
    attendanceRate,
    warningCount: m.warningCount,
  };
}

export function toTransition(t: StudyTransitionRow & { actorName: string | null; actorImage: string | null }): StudyTransition {
  return {
    id: t.id,
    studyId: t.studyId,
    action: t.action,
    fromStatus: t.fromStatus,
    toStatus: t.toStatus,
    reason: t.reason,
    actor: t.actorId ? { id: t.actorId, name: t.actorName ?? '', profileImage: t.actorImage } : null,
    createdAt: t.createdAt.toISOString(),
  };
}
