/**
 * What calendar needs of the studies module, declared here (dependency inversion): calendar sits
 * below studies, so it never imports it. The composition root (modules/index.ts) hands it the
 * studies module's lower layer (`createStudyDirectory`), and the compiler checks there that it
 * satisfies `CalendarStudies`.
 */
import type { LocationType, MemberRole, RecurrenceType, StudyStatus, Weekday } from '@moim/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth-guard.ts';

/** The study facts calendar reads (the studies module's `StudyRef` fits). */
export interface CalendarStudyRef {
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

/** A caller's standing in a study (the studies module's `StudyCallerAccess` fits). */
export interface CalendarStudyAccess {
  study: CalendarStudyRef;
  visible: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  canManage: boolean;
  isActiveMember: boolean;
  role: MemberRole | null;
}

export interface CalendarStudies {
  getStudyRefs(studyIds: string[]): Promise<CalendarStudyRef[]>;
  callerAccess(studyId: string, user: AuthUser | null, db?: DbOrTx): Promise<CalendarStudyAccess | null>;
  activeMembers(studyId: string, db?: DbOrTx): Promise<{ userId: string; role: MemberRole; joinedAt: Date; warningCount: number }[]>;
  activeStudyIdsOf(userId: string): Promise<string[]>;
  /** members past and present (not the owner), for the attendance curve */
  memberRoll(studyId: string): Promise<{ userId: string; joinedAt: Date; leftAt: Date | null; isActive: boolean }[]>;
}
