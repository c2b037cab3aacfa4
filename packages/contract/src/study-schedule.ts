/**
 * The session dates of a study, from its recurrence and weekdays, between its start and end dates
 * (all Asia/Seoul calendar dates). The server creates the regular calendar events from this at
 * approval; the web can preview the same dates on the proposal form.
 *
 * - ONE_TIME: the start date.
 * - DAILY: every day (only the listed weekdays, when some are listed).
 * - WEEKLY: every listed weekday (the start date's weekday when none is listed).
 * - BIWEEKLY: like WEEKLY, in every other week counted from the start date's week (weeks begin on Monday).
 * - MONTHLY: the start date's day of the month, clamped to the month's last day (31 → 30 in April).
 */
import { addDays, daysBetween, type Weekday, weekdayOf } from './seoul-dates.ts';
import type { RecurrenceType } from './study-rules.ts';

export const MAX_GENERATED_SESSIONS = 400;

export interface SessionPlan {
  recurrenceType: RecurrenceType;
  weekdays?: readonly Weekday[] | null;
  startDate: string;
  endDate: string;
}

function lastDayOfMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

export function generateSessionDates(plan: SessionPlan, max = MAX_GENERATED_SESSIONS): string[] {
  const { startDate, endDate } = plan;
  if (endDate < startDate) return [];
  const span = daysBetween(startDate, endDate);
  const listed = new Set(plan.weekdays ?? []);
  const out: string[] = [];
  switch (plan.recurrenceType) {
    case 'ONE_TIME':
      return [startDate];
    case 'DAILY':
      for (let i = 0; i <= span && out.length < max; i++) {
        const d = addDays(startDate, i);
        if (listed.size === 0 || listed.has(weekdayOf(d))) out.push(d);
      }
      return out;
    case 'WEEKLY':
    case 'BIWEEKLY': {
      const days = listed.size > 0 ? listed : new Set([weekdayOf(startDate)]);
      // Monday of the start date's week: week 0.
      const mondayOffset = (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).indexOf(weekdayOf(startDate));
      for (let i = 0; i <= span && out.length < max; i++) {
        const d = addDays(startDate, i);
        if (!days.has(weekdayOf(d))) continue;
        if (plan.recurrenceType === 'BIWEEKLY') {
          const week = Math.floor((i + mondayOffset) / 7);
          if (week % 2 !== 0) continue;
        }
        out.push(d);
      }
      return out;
    }
    case 'MONTHLY': {
      const [y0, m0, d0] = startDate.split('-').map(Number) as [number, number, number];
      for (let k = 0; out.length < max; k++) {
        const month0 = m0 - 1 + k;
        const year = y0 + Math.floor(month0 / 12);
        const month1 = (month0 % 12) + 1;
        const day = Math.min(d0, lastDayOfMonth(year, month1));
        const d = `${year}-${String(month1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        if (d > endDate) break;
        out.push(d);
      }
      return out;
    }
    default:
      return [];
  }
}

const WEEKDAY_KO: Record<Weekday, string> = { MON: '월', TUE: '화', WED: '수', THU: '목', FRI: '금', SAT: '토', SUN: '일' };
const WEEK_ORDER: readonly Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** The human schedule line a proposal gets when it gives none, e.g. "매주 월·수 20:00–22:00". */
export function describeSchedule(
  recurrenceType: RecurrenceType,
  details: { weekdays?: readonly Weekday[] | null; startTime: string; endTime: string },
  startDate: string,
): string {
  const days = [...(details.weekdays ?? [])].sort((a, b) => WEEK_ORDER.indexOf(a) - WEEK_ORDER.indexOf(b));
  const dayText = days.map((d) => WEEKDAY_KO[d]).join('·');
  const time = `${details.startTime}–${details.endTime}`;
  const weekdaysOnly = days.length === 5 && !days.includes('SAT') && !days.includes('SUN');
  switch (recurrenceType) {
    case 'ONE_TIME': {
      const [, m, d] = startDate.split('-');
      return `${Number(m)}월 ${Number(d)}일 ${time}`;
    }
    case 'DAILY':
      return `${weekdaysOnly ? '평일 매일' : days.length === 0 || days.length === 7 ? '매일' : `매일(${dayText})`} ${time}`;
    case 'WEEKLY':
      return `매주 ${dayText || WEEKDAY_KO[weekdayOf(startDate)]} ${time}`;
    case 'BIWEEKLY':
      return `격주 ${dayText || WEEKDAY_KO[weekdayOf(startDate)]} ${time}`;
    case 'MONTHLY':
      return `매월 ${Number(startDate.slice(8, 10))}일 ${time}`;
    default:
      return time;
  }
}

/** The human duration a proposal gets when it gives none: "1일", "5일", "8주". */
export function describeDuration(startDate: string, endDate: string): string {
  const days = daysBetween(startDate, endDate) + 1;
  if (days <= 1) return '1일';
  if (days < 14) return `${days}일`;
  return `${Math.ceil(days / 7)}주`;
}
