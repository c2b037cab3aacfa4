/** Month arithmetic on Asia/Seoul calendar dates (YYYY-MM-DD strings; no time zones involved). */
import { addDays, WEEKDAYS, weekdayOf } from '@moim/contract';

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

export function isMonth(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The weeks (Monday first) covering `month`, each day a YYYY-MM-DD string. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const start = addDays(first, -WEEKDAYS.indexOf(weekdayOf(first)));
  const next = `${shiftMonth(month, 1)}-01`;
  const weeks: string[][] = [];
  for (let d = start; d < next; d = addDays(d, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(d, i)));
  return weeks;
}

/** First and last day shown by the month grid (for the events query). */
export function monthRange(month: string): { from: string; to: string } {
  const weeks = monthWeeks(month);
  return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! };
}
