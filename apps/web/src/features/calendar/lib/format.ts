import { STUDY_TIMEZONE } from '@moim/contract';

const cache = new Map<string, Intl.DateTimeFormat>();
function f(locale: string, key: string, o: Intl.DateTimeFormatOptions) {
  const id = `${locale}|${key}`;
  let x = cache.get(id);
  if (!x) {
    x = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'ko-KR', { timeZone: STUDY_TIMEZONE, ...o });
    cache.set(id, x);
  }
  return x;
}
// A Seoul calendar date at Seoul noon, so the formatter (also in Asia/Seoul) shows that date.
const noon = (date: string) => new Date(`${date}T12:00:00+09:00`);

export const formatMonthTitle = (month: string, locale: string) =>
  f(locale, 'm', { year: 'numeric', month: 'long' }).format(noon(`${month}-15`));
export const formatLongDate = (date: string, locale: string) =>
  f(locale, 'l', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }).format(noon(date));
export const formatDayHeading = (date: string, locale: string) =>
  f(locale, 'd', { month: 'long', day: 'numeric', weekday: 'short' }).format(noon(date));
export const weekdayShort = (locale: string) =>
  Array.from({ length: 7 }, (_, i) => f(locale, 'w', { weekday: 'short' }).format(noon(`2026-11-${23 + i}`)));
