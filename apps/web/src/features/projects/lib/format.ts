/**
 * Dates on the project pages: Intl in the active locale, always Asia/Seoul; the recruitment
 * D-day from the contract's rule.
 * Stand-in until the shared formatters land (shared/ui/format.ts, issue 11): same signatures,
 * so switching is an import change.
 */
import { STUDY_TIMEZONE, projectDday } from '@moim/contract';
import type { TFunction } from 'i18next';

const formats = new Map<string, Intl.DateTimeFormat>();
const tag = (locale: string) => (locale.startsWith('en') ? 'en-US' : 'ko-KR');

function fmt(locale: string, style: string, options: Intl.DateTimeFormatOptions) {
  const id = `${tag(locale)}|${style}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(tag(locale), { timeZone: STUDY_TIMEZONE, ...options });
    formats.set(id, f);
  }
  return f;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return value;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+09:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 2026. 12. 1. (화) / Tue, Dec 1, 2026 */
export function formatDate(value: string | Date | null | undefined, locale = 'ko'): string {
  const d = toDate(value);
  return d ? fmt(locale, 'date', { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(d) : '';
}

/** 2026. 12. 1. 오후 7:30 */
export function formatDateTime(value: string | Date | null | undefined, locale = 'ko'): string {
  const d = toDate(value);
  return d
    ? fmt(locale, 'datetime', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d)
    : '';
}

export type DdayTone = 'urgent' | 'soon' | 'normal' | 'closed' | 'open';

/** "D-3" / "D-Day" / "마감" / "상시 모집" and how urgent it looks. */
export function ddayOf(t: TFunction<'projects'>, deadline: string | null, now: Date): { label: string; tone: DdayTone } {
  const d = projectDday(deadline, now);
  if (d === null) return { label: t('dday.open'), tone: 'open' };
  if (d < 0) return { label: t('dday.closed'), tone: 'closed' };
  if (d === 0) return { label: t('dday.today'), tone: 'urgent' };
  return { label: t('dday.left', { count: d }), tone: d <= 3 ? 'urgent' : d <= 7 ? 'soon' : 'normal' };
}
