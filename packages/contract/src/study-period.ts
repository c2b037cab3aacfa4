/**
 * A study's period as a reader sees it: from its first session to its last. A period whose ends
 * fall between sessions ("매주 목" shown as Wednesday – Wednesday) reads as if those were session
 * dates, so a proposed or changed period is snapped to its sessions (the server stores the snapped
 * dates) and the pages name the first and last sessions and their number.
 *
 * The sessions are `generateSessionDates`' (the same dates the calendar gets at approval). Snapping
 * keeps them: the start moves to the first session (for BIWEEKLY an even number of weeks, so the
 * fortnight's rhythm stays) and the end back to the last one.
 */
import { generateSessionDates, type SessionPlan } from './study-schedule.ts';

/** The first and last session of a period and how many there are. */
export interface SessionBounds {
  first: string;
  last: string;
  count: number;
}

/** Enough sessions for any period a study can have (the calendar caps what it generates separately). */
const UNCAPPED = Number.MAX_SAFE_INTEGER;

/** The first and last session inside the plan's period, or null when the period holds none. */
export function sessionBounds(plan: SessionPlan): SessionBounds | null {
  const dates = generateSessionDates(plan, UNCAPPED);
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === undefined || last === undefined) return null;
  return { first, last, count: dates.length };
}

/**
 * The period snapped to its sessions: the start on the first session, the end on the last. Null
 * when the period holds no session (a weekly Thursday study from Monday to Wednesday).
 */
export function snapPeriodToSessions(plan: SessionPlan): { startDate: string; endDate: string } | null {
  const b = sessionBounds(plan);
  return b ? { startDate: b.first, endDate: b.last } : null;
}

/** Whether the period already starts on its first session and ends on its last. */
export function periodIsSnapped(plan: SessionPlan): boolean {
  const b = sessionBounds(plan);
  return b !== null && b.first === plan.startDate && b.last === plan.endDate;
}

/** A study (or a list card) as the pages have it: its recurrence, weekdays and period. */
export interface StudyPeriodSource {
  recurrenceType: SessionPlan['recurrenceType'];
  scheduleDetails?: { weekdays?: SessionPlan['weekdays'] } | null;
  startDate: string;
  endDate: string;
}

/** The sessions of a study as its pages show them ("첫 모임 12월 10일(목) · 마지막 모임 1월 14일(목) · 총 6회"). */
export function studySessionBounds(study: StudyPeriodSource): SessionBounds | null {
  return sessionBounds({
    recurrenceType: study.recurrenceType,
    weekdays: study.scheduleDetails?.weekdays ?? [],
    startDate: study.startDate,
    endDate: study.endDate,
  });
}
