/**
 * Projects: the pure rules both sides use (docs/projects.md). Kinds and statuses, the status
 * machine, limits, the slug made from a project's name, the recruitment D-day in Asia/Seoul and
 * whether a position still takes applications.
 */
import { addDays, daysBetween, seoulDate } from './seoul-dates.ts';

export const PROJECT_TYPES = ['SIDE_PROJECT', 'STARTUP', 'OPEN_SOURCE'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_STATUSES = ['DRAFT', 'RECRUITING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** What the public list shows without a status filter (drafts never; cancelled only when asked for). */
export const PROJECT_LISTED_STATUSES = ['RECRUITING', 'IN_PROGRESS', 'COMPLETED'] as const satisfies readonly ProjectStatus[];
/** Statuses anyone may filter the list by (drafts stay with their owner). */
export const PROJECT_PUBLIC_STATUSES = ['RECRUITING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const satisfies readonly ProjectStatus[];

export const TECH_CATEGORIES = ['FRONTEND', 'BACKEND', 'DATABASE', 'DEVOPS', 'MOBILE', 'DESIGN', 'ETC'] as const;
export type TechCategory = (typeof TECH_CATEGORIES)[number];

export const MEETING_TYPES = ['ONLINE', 'OFFLINE', 'HYBRID'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

export const PROJECT_APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type ProjectApplicationStatus = (typeof PROJECT_APPLICATION_STATUSES)[number];

export const PROJECT_MEMBER_ROLES = ['OWNER', 'MEMBER'] as const;
export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[number];

/** The list's orders: newest first, closest deadline first (recruiting ones), most viewed, best match. */
export const PROJECT_SORTS = ['createdAt,desc', 'deadline,asc', 'viewCount,desc', 'relevance,desc'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const PROJECT_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  taglineMax: 120,
  /** sanitized HTML */
  descriptionMax: 20_000,
  visionMax: 2_000,
  positionsMin: 1,
  positionsMax: 10,
  positionNameMax: 40,
  requiredCountMin: 1,
  requiredCountMax: 20,
  skillsMin: 1,
  skillsMax: 10,
  skillMax: 30,
  responsibilitiesMax: 1_000,
  techStackMax: 30,
  techNameMax: 30,
  frequencyMax: 60,
  regionMax: 60,
  durationMax: 40,
  toolsMax: 10,
  toolMax: 30,
  compensationMax: 200,
  urlMax: 300,
  introductionMin: 10,
  introductionMax: 500,
  motivationMin: 10,
  motivationMax: 1_000,
  noteMin: 2,
  noteMax: 500,
} as const;

// ---------------------------------------------------------------------------------------------
// Status machine

export const PROJECT_ACTIONS = ['PUBLISH', 'CLOSE_RECRUITMENT', 'REOPEN', 'COMPLETE', 'CANCEL'] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

export const PROJECT_TRANSITIONS: Record<ProjectAction, { from: readonly ProjectStatus[]; to: ProjectStatus }> = {
  PUBLISH: { from: ['DRAFT'], to: 'RECRUITING' },
  CLOSE_RECRUITMENT: { from: ['RECRUITING'], to: 'IN_PROGRESS' },
  REOPEN: { from: ['IN_PROGRESS'], to: 'RECRUITING' },
  COMPLETE: { from: ['IN_PROGRESS'], to: 'COMPLETED' },
  // "any → CANCELLED": any status that has not ended (a completed project stays completed).
  CANCEL: { from: ['DRAFT', 'RECRUITING', 'IN_PROGRESS'], to: 'CANCELLED' },
};

/** The status `action` leads to from `from`, or null when the move is not allowed. */
export function nextProjectStatus(from: ProjectStatus, action: ProjectAction): ProjectStatus | null {
  const rule = PROJECT_TRANSITIONS[action];
  return rule.from.includes(from) ? rule.to : null;
}

/** The actions the owner may take from `status` (the page's buttons). */
export function projectActionsFrom(status: ProjectStatus): ProjectAction[] {
  return PROJECT_ACTIONS.filter((a) => nextProjectStatus(status, a) !== null);
}

/** Statuses in which the owner may still change the project's fields. */
export const EDITABLE_PROJECT_STATUSES = ['DRAFT', 'RECRUITING', 'IN_PROGRESS', 'COMPLETED'] as const satisfies readonly ProjectStatus[];

// ---------------------------------------------------------------------------------------------
// Recruitment

/**
 * Days left until the recruitment deadline (a Seoul calendar date, inclusive): 0 on the day
 * itself ("D-Day"), negative once it has passed; null without a deadline.
 */
export function projectDday(deadline: string | null | undefined, now: Date = new Date()): number | null {
  if (!deadline) return null;
  return daysBetween(seoulDate(now), deadline);
}

/** "D-3", "D-Day", or null when there is no deadline or it has passed. */
export function ddayLabel(deadline: string | null | undefined, now: Date = new Date()): string | null {
  const d = projectDday(deadline, now);
  if (d === null || d < 0) return null;
  return d === 0 ? 'D-Day' : `D-${d}`;
}

/** A deadline has passed once its Seoul day is over (the close job runs at the next 00:00). */
export function deadlinePassed(deadline: string | null | undefined, now: Date = new Date()): boolean {
  return deadline ? deadline < seoulDate(now) : false;
}

/** Whether the project takes applications at all: RECRUITING and its deadline not yet over. */
export function projectAcceptsApplications(
  p: { status: ProjectStatus; recruitmentDeadline: string | null; deleted?: boolean },
  now: Date = new Date(),
): boolean {
  return p.status === 'RECRUITING' && !p.deleted && !deadlinePassed(p.recruitmentDeadline, now);
}

/** A position takes applications while it has a free seat (and its project takes any). */
export function positionIsOpen(pos: { requiredCount: number; filledCount: number }): boolean {
  return pos.filledCount < pos.requiredCount;
}

/** The deadline job's next run after `now`: the next 00:00 in Asia/Seoul, and that Seoul date. */
export function deadlineCloseRunAfter(now: Date = new Date()): { at: Date; date: string } {
  const date = addDays(seoulDate(now), 1);
  return { at: new Date(`${date}T00:00:00+09:00`), date };
}

// ---------------------------------------------------------------------------------------------
// Slugs

/** A project slug: lowercase latin letters, digits and Hangul syllables in hyphen-separated words. */
export const PROJECT_SLUG_PATTERN = /^[a-z0-9\uAC00-\uD7A3]+(?:-[a-z0-9\uAC00-\uD7A3]+)*$/;
export const PROJECT_SLUG_MAX = 80;

/**
 * The slug base made from a project's name, Korean kept ("모임 캘린더 앱" → "모임-캘린더-앱");
 * anything that is not a latin letter, digit or Hangul syllable separates words. A collision
 * gets -2, -3… on the server. "project" when nothing usable is left.
 */
export function projectSlugBase(name: string): string {
  const words = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^a-z0-9\uAC00-\uD7A3]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const body = words.slice(0, PROJECT_SLUG_MAX - 4).replace(/-+$/g, '');
  return body || 'project';
}

// ---------------------------------------------------------------------------------------------
// Text from users

/**
 * NUL, other C0/C1 controls (tabs and newlines aside where allowed) and lone UTF-16 surrogates
 * never reach the database (PostgreSQL refuses NUL in text; a lone surrogate is not UTF-8).
 */
export const UNSAFE_LINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
