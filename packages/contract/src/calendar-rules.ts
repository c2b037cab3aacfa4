/**
 * Calendar event kinds, attendance states and the range limit, without zod (./calendar.ts holds
 * the wire's schemas).
 */

export const EVENT_TYPES = ['regular', 'special', 'recruitment'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_LOCATIONS = ['online', 'offline'] as const;

export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT', 'LATE', 'EXCUSED'] as const;

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** PRESENT and LATE count as attended; EXCUSED events leave the member's rate alone. */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['PRESENT', 'LATE'];

/** The widest range one calendar query may ask for. */
export const CALENDAR_MAX_RANGE_DAYS = 366;
