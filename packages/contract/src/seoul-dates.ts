/** Calendar dates in Asia/Seoul (UTC+9 all year, no daylight saving), YYYY-MM-DD strings. */

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const STUDY_TIMEZONE = 'Asia/Seoul';
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Asia/Seoul calendar date (YYYY-MM-DD) of an instant. */
export function seoulDate(instant: Date): string {
  return new Date(instant.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of a Seoul wall-clock time (`HH:MM`) on a Seoul date. */
export function seoulInstant(date: string, time = '00:00'): Date {
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+09:00`);
}

/** The last instant of a Seoul date (a date-only deadline means "until the end of that day"). */
export function endOfSeoulDay(date: string): Date {
  return new Date(`${date}T23:59:59.999+09:00`);
}

/** Whole days from `a` to `b` (YYYY-MM-DD), negative when b is earlier. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** MON…SUN of a YYYY-MM-DD date. */
export function weekdayOf(date: string): Weekday {
  const js = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(js + 6) % 7]!;
}
