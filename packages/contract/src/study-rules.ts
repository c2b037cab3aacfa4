/**
 * Pure study rules both the server and the web use, so a page shows exactly what the server
 * will decide: the value sets, the status machine, applicability and its labels (SPEC §4),
 * the id-or-slug test (SPEC §5), slugs and Asia/Seoul calendar dates.
 */
import { seoulDate } from './seoul-dates.ts';
import { studySeats } from './study-seats.ts';
import type { FormTextKey } from './form-messages.ts';
import type { StudyListQuery } from './studies.ts';

// Calendar dates and seats: modules of their own, so a page that needs only them (the home page's
// study cards) does not load every study rule.
export * from './seoul-dates.ts';

export const STUDY_STATUSES = ['PENDING', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'TERMINATED'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

export const STUDY_TYPES = ['PARTICIPATORY', 'EDUCATIONAL', 'ONE_TIME'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

export const COST_TYPES = ['FREE', 'VENUE_FEE_ONLY', 'PAID'] as const;
export type CostType = (typeof COST_TYPES)[number];

export const RECURRENCE_TYPES = ['ONE_TIME', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

export const LOCATION_TYPES = ['ONLINE', 'OFFLINE'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const MEMBER_ROLES = ['OWNER', 'MANAGER', 'MEMBER'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const APPLICATION_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'REJECTED',
  'CANCELLED',
  'PAYMENT_PENDING',
  'CONFIRMED',
  'EXPIRED',
  'REFUNDED',
  'WAITLISTED',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** One of these per user and study at a time (a partial unique index in the database). */
export const OPEN_APPLICATION_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'PAYMENT_PENDING',
  'WAITLISTED',
] as const satisfies readonly ApplicationStatus[];
/** Accepted but unpaid applications hold a seat until paid, cancelled or expired. */
export const SEAT_HOLDING_APPLICATION_STATUSES = ['ACCEPTED', 'PAYMENT_PENDING'] as const satisfies readonly ApplicationStatus[];
export const CLOSED_APPLICATION_STATUSES = ['REJECTED', 'CANCELLED', 'EXPIRED', 'REFUNDED'] as const satisfies readonly ApplicationStatus[];

/** Study limits (moim's rules; SPEC leaves them "not shown"). */
export const STUDY_LIMITS = {
  titleMin: 2,
  titleMax: 255,
  welcomeMin: 5,
  welcomeMax: 100,
  capacityMin: 1,
  capacityMax: 100,
  taglineMax: 200,
  costMax: 10_000_000,
  questionsMax: 5,
  questionMax: 300,
  answerMax: 2000,
  motivationMin: 5,
  motivationMax: 2000,
  reasonMax: 1000,
  paymentDeadlineHoursDefault: 72,
  paymentDeadlineHoursMin: 1,
  paymentDeadlineHoursMax: 720,
  warningsToDeactivate: 3,
} as const;

// ---------------------------------------------------------------------------------------------
// Status machine (SPEC §4 + moim's rules)

export const STUDY_ACTIONS = ['APPROVE', 'REJECT', 'START', 'COMPLETE', 'TERMINATE', 'REACTIVATE'] as const;
export type StudyAction = (typeof STUDY_ACTIONS)[number];

export interface StudyTransitionRule {
  from: readonly StudyStatus[];
  /** `PREVIOUS` = the status the study had before it was terminated. */
  to: StudyStatus | 'PREVIOUS';
  /** ADMIN only, or the study's leader (OWNER) as well as an admin. */
  who: 'ADMIN' | 'LEADER_OR_ADMIN';
  reasonRequired: boolean;
}

export const STUDY_TRANSITIONS: Record<StudyAction, StudyTransitionRule> = {
  APPROVE: { from: ['PENDING'], to: 'APPROVED', who: 'ADMIN', reasonRequired: false },
  REJECT: { from: ['PENDING'], to: 'REJECTED', who: 'ADMIN', reasonRequired: true },
  START: { from: ['APPROVED'], to: 'IN_PROGRESS', who: 'LEADER_OR_ADMIN', reasonRequired: false },
  COMPLETE: { from: ['IN_PROGRESS'], to: 'COMPLETED', who: 'LEADER_OR_ADMIN', reasonRequired: false },
  TERMINATE: { from: ['PENDING', 'APPROVED', 'IN_PROGRESS', 'REJECTED'], to: 'TERMINATED', who: 'ADMIN', reasonRequired: false },
  REACTIVATE: { from: ['TERMINATED'], to: 'PREVIOUS', who: 'ADMIN', reasonRequired: false },
};

/** The status `action` leads to from `status`, or null when the move is not allowed (BIZ-3002). */
export function nextStudyStatus(
  status: StudyStatus,
  action: StudyAction,
  statusBeforeTermination?: StudyStatus | null,
): StudyStatus | null {
  const rule = STUDY_TRANSITIONS[action];
  if (!rule.from.includes(status)) return null;
  if (rule.to !== 'PREVIOUS') return rule.to;
  if (!statusBeforeTermination || statusBeforeTermination === 'TERMINATED') return null;
  return statusBeforeTermination;
}

/** Only returned or stopped studies may be (softly) deleted. */
export const DELETABLE_STUDY_STATUSES = ['REJECTED', 'TERMINATED'] as const satisfies readonly StudyStatus[];
/** Statuses the slug lookup answers for (SPEC §5). */
export const SLUG_VISIBLE_STUDY_STATUSES = ['APPROVED', 'IN_PROGRESS', 'COMPLETED', 'PENDING'] as const satisfies readonly StudyStatus[];
/** Statuses only the study's leader and admins may see by id. */
export const PRIVATE_STUDY_STATUSES = ['PENDING', 'REJECTED'] as const satisfies readonly StudyStatus[];
/** Statuses in which applications may be decided and members may join. */
export const ACTIVE_STUDY_STATUSES = ['APPROVED', 'IN_PROGRESS'] as const satisfies readonly StudyStatus[];

// ---------------------------------------------------------------------------------------------
// Applicability (SPEC §4)

export const APPLICABILITY_LABELS = [
  'PENDING',
  'RECRUITING',
  'RECRUITMENT_CLOSED',
  'FULL',
  'IN_PROGRESS',
  'COMPLETED',
  'TERMINATED',
  'REJECTED',
  'UNKNOWN',
] as const;
export type ApplicabilityLabel = (typeof APPLICABILITY_LABELS)[number];

export const STUDY_STATUS_LABELS: Record<ApplicabilityLabel, { ko: string; en: string }> = {
  PENDING: { ko: '승인 대기', en: 'Awaiting approval' },
  RECRUITING: { ko: '모집 중', en: 'Recruiting' },
  RECRUITMENT_CLOSED: { ko: '모집 마감', en: 'Recruitment closed' },
  FULL: { ko: '정원 마감', en: 'Full' },
  IN_PROGRESS: { ko: '진행 중', en: 'In progress' },
  COMPLETED: { ko: '완료', en: 'Completed' },
  TERMINATED: { ko: '중단', en: 'Stopped' },
  REJECTED: { ko: '반려', en: 'Returned' },
  UNKNOWN: { ko: '알 수 없음', en: 'Unknown' },
};

export interface Applicability {
  canApply: boolean;
  label: ApplicabilityLabel;
  showReviewButton: boolean;
}

export interface ApplicabilityInput {
  status: string;
  recruitDeadline?: string | Date | null;
  capacity: number;
  /** confirmed members */
  enrolled: number;
  /**
   * confirmed members plus seats held by accepted, unpaid applications. When given, a study whose
   * seats are all taken or held counts as full (an accept would fail), even before payment.
   */
  seatsTaken?: number | null;
  isRecruiting?: boolean | null;
}

function deadlinePassed(deadline: string | Date | null | undefined, now: Date): boolean {
  if (deadline === null || deadline === undefined || deadline === '') return false;
  const t = deadline instanceof Date ? deadline.getTime() : Date.parse(deadline);
  if (Number.isNaN(t)) return false;
  return now.getTime() > t;
}

// The seats of a study: their own module, so a page that shows only seats needs no other rule.
export { studySeats, type StudySeats } from './study-seats.ts';

function isFull(s: ApplicabilityInput): boolean {
  return studySeats(s).full;
}

/** Can the study be applied to now, and what does its badge say? One rule for server and web. */
export function studyApplicability(study: ApplicabilityInput, now: Date = new Date()): Applicability {
  const no = (label: ApplicabilityLabel, showReviewButton = false): Applicability => ({ canApply: false, label, showReviewButton });
  switch (study.status) {
    case 'PENDING':
      return no('PENDING');
    case 'APPROVED':
      if (deadlinePassed(study.recruitDeadline, now)) return no('RECRUITMENT_CLOSED');
      if (isFull(study)) return no('FULL');
      return { canApply: true, label: 'RECRUITING', showReviewButton: false };
    case 'IN_PROGRESS': {
      const canApply =
        study.isRecruiting === true
          ? true
          : study.isRecruiting === false
            ? false
            : !deadlinePassed(study.recruitDeadline, now) && !isFull(study);
      return { canApply, label: 'IN_PROGRESS', showReviewButton: false };
    }
    case 'COMPLETED':
      return no('COMPLETED', true);
    case 'TERMINATED':
      return no('TERMINATED');
    case 'REJECTED':
      return no('REJECTED');
    default:
      return no('UNKNOWN');
  }
}

/**
 * The waitlist is open when the study is full and would take an application if a seat were free
 * (docs/waitlist.md): a freed seat then goes to the first in line, not to a new applicant.
 */
export function waitlistOpen(study: ApplicabilityInput, now: Date = new Date()): boolean {
  return isFull(study) && studyApplicability({ ...study, enrolled: 0, seatsTaken: 0 }, now).canApply;
}

export function applicabilityLabelText(label: ApplicabilityLabel, locale: 'ko' | 'en' = 'ko'): string {
  return STUDY_STATUS_LABELS[label][locale];
}

// ---------------------------------------------------------------------------------------------
// Identifiers (SPEC §5)

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A study identifier is an id if it matches the UUID pattern, otherwise a slug. */
export function isStudyUuid(identifier: string): boolean {
  return UUID_PATTERN.test(identifier);
}

/** A slug: lowercase latin letters, digits and Hangul syllables in hyphen-separated words. */
export const STUDY_SLUG_PATTERN = /^[a-z0-9\uAC00-\uD7A3]+(?:-[a-z0-9\uAC00-\uD7A3]+)*$/;
/** The optional latin handle a proposer may give (e.g. "tecoteco" → slug "1-tecoteco"). */
export const STUDY_SLUG_HINT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const STUDY_SLUG_MAX = 80;

/**
 * The slug base for a study: `<generation>-<words>`. Words come from the latin handle when given,
 * else from the title, keeping latin letters, digits and Hangul (no romanization: "3기 데브로그"
 * → "3-3기-데브로그"); anything else separates words. A collision gets -2, -3… (server side).
 */
export function studySlugBase(generation: number, title: string, hint?: string | null): string {
  const source = hint && hint.trim() ? hint : title;
  const words = source
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^a-z0-9\uAC00-\uD7A3]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const prefix = `${generation}-`;
  let body = words.slice(0, STUDY_SLUG_MAX - prefix.length - 4).replace(/-+$/g, '');
  if (!body) body = 'study';
  return `${prefix}${body}`;
}

// ---------------------------------------------------------------------------------------------
// Proposal cross-field rules (the per-field ranges live in the zod schemas)

/**
 * One broken cross-field rule: the field, the catalogue code it answers, and the rule as a key
 * of the form catalogue (`form.startFromToday`), rendered in the reader's language (the server
 * into `error.details.fields[].message`, the web by `formText`).
 */
export interface ProposalIssue {
  path: string;
  code: 'VAL-2001' | 'VAL-2003' | 'VAL-2004';
  message: `form.${FormTextKey}`;
}

export interface ProposalDates {
  startDate: string;
  endDate: string;
  recruitDeadline: string | Date;
  costType: CostType;
  cost?: number | null;
  recurrenceType?: RecurrenceType;
  scheduleDetails?: { startTime: string; endTime: string } | null;
}

/**
 * Cross-field rules of a proposal (or of a study after a change): start not in the past (Seoul
 * date), deadline on or before the start date, end on or after the start, a positive cost
 * exactly when the study is not free, sessions ending after they start. `past` says which dates
 * must not lie in the past: both for a proposal; only the changed ones for a change to a study.
 */
export function studyScheduleIssues(
  p: ProposalDates,
  now: Date,
  past: { start: boolean; deadline: boolean } = { start: true, deadline: true },
): ProposalIssue[] {
  const issues: ProposalIssue[] = [];
  const today = seoulDate(now);
  if (past.start && p.startDate < today) {
    issues.push({ path: 'startDate', code: 'VAL-2004', message: 'form.startFromToday' });
  }
  if (p.endDate < p.startDate) {
    issues.push({ path: 'endDate', code: 'VAL-2004', message: 'form.endAfterStart' });
  }
  const deadline = p.recruitDeadline instanceof Date ? p.recruitDeadline : new Date(p.recruitDeadline);
  if (Number.isNaN(deadline.getTime())) {
    issues.push({ path: 'recruitDeadline', code: 'VAL-2001', message: 'form.deadlineFormat' });
  } else {
    if (seoulDate(deadline) > p.startDate) {
      issues.push({ path: 'recruitDeadline', code: 'VAL-2004', message: 'form.deadlineBeforeStart' });
    }
    if (past.deadline && deadline.getTime() < now.getTime()) {
      issues.push({ path: 'recruitDeadline', code: 'VAL-2004', message: 'form.deadlinePassed' });
    }
  }
  if (p.costType === 'FREE') {
    if (p.cost) issues.push({ path: 'cost', code: 'VAL-2004', message: 'form.freeHasNoCost' });
  } else if (!p.cost || p.cost <= 0) {
    issues.push({ path: 'cost', code: 'VAL-2003', message: 'form.paidNeedsCost' });
  }
  if (p.scheduleDetails && p.scheduleDetails.endTime <= p.scheduleDetails.startTime) {
    issues.push({ path: 'scheduleDetails.endTime', code: 'VAL-2004', message: 'form.endTimeAfterStart' });
  }
  return issues;
}

/**
 * The order a list request reads in: the one it asks, else by relevance with a text query (the
 * best matches first) and newest first without one; relevance without a query is newest first.
 */
export function studyListSort(q: Pick<StudyListQuery, 'sort' | 'q'>): string {
  const sort = q.sort ?? (q.q ? 'relevance,desc' : 'createdAt,desc');
  return sort.startsWith('relevance') && !q.q ? 'createdAt,desc' : sort;
}

export const MY_STUDY_GROUPS = [
  'proposed',
  'pending',
  'awaitingPayment',
  'depositPending',
  'confirmed',
  'leading',
  'participating',
  'completed',
  'inactive',
] as const;

export type MyStudyGroup = (typeof MY_STUDY_GROUPS)[number];
