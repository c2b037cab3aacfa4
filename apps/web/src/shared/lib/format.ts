/**
 * Display formatting for every page: every date and time in Asia/Seoul (whatever the browser's
 * zone), money as integer KRW in ko-KR grouping. Formatters are cached per locale.
 */
import { STUDY_TIMEZONE } from '@moim/contract';
import { formatCount } from './format-count';

const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${key}`;
  let f = cache.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale.startsWith('en') ? 'en-US' : 'ko-KR', { timeZone: STUDY_TIMEZONE, ...options });
    cache.set(id, f);
  }
  return f;
}

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return value;
  // A bare calendar date (YYYY-MM-DD) is a Seoul date, not UTC midnight.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+09:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The Seoul calendar day of `d` for the Korean texts written without Intl (the same as ko-KR's in
 * Asia/Seoul, format.test.ts checks it): a renderer's first ICU formatter costs 50–200 ms of main
 * thread, in the render that shows the first study cards (docs/rendering.md, "Start-up work in short tasks"). Seoul is UTC+9
 * (STUDY_TIMEZONE) without daylight saving time since 1988; earlier dates go through Intl.
 */
function seoulDay(d: Date): { year: number; month: number; day: number; weekday: number } | null {
  if (d.getUTCFullYear() < 1989) return null;
  const s = new Date(d.getTime() + 9 * 3_600_000);
  return { year: s.getUTCFullYear(), month: s.getUTCMonth() + 1, day: s.getUTCDate(), weekday: s.getUTCDay() };
}

/** 2026년 12월 1일 (화) / Tue, Dec 1, 2026 */
export function formatDate(value: string | Date | null | undefined, locale = 'ko'): string {
  if (!value) return '';
  const d = toDate(value);
  const ko = d && !locale.startsWith('en') ? seoulDay(d) : null;
  if (ko) return `${ko.year}년 ${ko.month}월 ${ko.day}일 (${'일월화수목금토'[ko.weekday]})`;
  return d ? fmt(locale, 'date', { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' }).format(d) : '';
}

/** 12월 1일 / Dec 1 */
export function formatShortDate(value: string | Date | null | undefined, locale = 'ko'): string {
  if (!value) return '';
  const d = toDate(value);
  const ko = d && !locale.startsWith('en') ? seoulDay(d) : null;
  if (ko) return `${ko.month}월 ${ko.day}일`;
  return d ? fmt(locale, 'short', { month: 'short', day: 'numeric' }).format(d) : '';
}

/** 12월 10일(목) / Thu, Dec 10: a session's day (the study pages' first and last session). */
export function formatSessionDate(value: string | Date | null | undefined, locale = 'ko'): string {
  if (!value) return '';
  const d = toDate(value);
  const ko = d && !locale.startsWith('en') ? seoulDay(d) : null;
  if (ko) return `${ko.month}월 ${ko.day}일(${'일월화수목금토'[ko.weekday]})`;
  return d ? fmt(locale, 'session', { weekday: 'short', month: 'short', day: 'numeric' }).format(d) : '';
}

/**
 * 2026년 12월 1일 19:30 / Dec 1, 2026, 7:30 PM. Korean in 24 h, like formatTimeRange: also the
 * same text in every runtime (ICU's Korean day period differs: "오후" in browsers, "PM" in
 * Node 20's ICU 78), so a page rendered on the server hydrates without a mismatch.
 */
export function formatDateTime(value: string | Date | null | undefined, locale = 'ko'): string {
  if (!value) return '';
  const d = toDate(value);
  const en = locale.startsWith('en');
  return d
    ? fmt(locale, 'datetime', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: en ? 'numeric' : '2-digit',
        minute: '2-digit',
        ...(en ? {} : { hourCycle: 'h23' as const }),
      }).format(d)
    : '';
}

/** "2026년 12월" / "December 2026" for a YYYY-MM month. */
export function formatMonth(month: string, locale = 'ko'): string {
  return fmt(locale, 'month', { year: 'numeric', month: 'long' }).format(new Date(`${month}-15T12:00:00+09:00`));
}

/** Short weekday names Monday first, in the locale. */
export function weekdayNames(locale = 'ko'): string[] {
  const f = fmt(locale, 'wd', { weekday: 'short' });
  // 2026-11-23 is a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2026, 10, 23 + i, 3))));
}

/** 30,000원 / ₩30,000 — money is integer KRW, grouped as ko-KR does (formatCount, without ICU). */
export function formatKrw(amount: number | null | undefined, locale = 'ko'): string {
  const n = formatCount(Math.round(amount ?? 0), 'ko-KR');
  return locale.startsWith('en') ? `₩${n}` : `${n}원`;
}

/**
 * A time range, the one way every page writes it: "14:00–17:00" (ko, 24 h) / "2:00 – 5:00 PM"
 * (en), through Intl's range format, never broken across lines. `start`/`end` are "HH:MM" (or "HH:MM:SS") wall-clock times.
 */
export function formatTimeRange(start: string, end: string, locale = 'ko'): string {
  const en = locale.startsWith('en');
  // Korean is "HH:MM ~ HH:MM" (ko-KR, h23; "HH:MM–HH:MM" when the end is not later), written
  // here without Intl: a renderer's first ICU formatter costs 50–200 ms of main thread, in the
  // render that shows the first schedule line (format.test.ts checks it against Intl).
  if (!en && minutesOf(start) < 24 * 60 && minutesOf(end) < 24 * 60) {
    const [a, b] = [start, end].map(hhmm);
    return unbreakable(minutesOf(end) > minutesOf(start) ? `${a} ~ ${b}` : `${a}–${b}`);
  }
  const at = (value: string) => {
    const [h, m] = clock(value);
    return new Date(Date.UTC(2026, 0, 5, h, m));
  };
  const f = new Intl.DateTimeFormat(en ? 'en-US' : 'ko-KR', {
    hour: en ? 'numeric' : '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    ...(en ? {} : { hourCycle: 'h23' as const }),
  });
  const a = at(start);
  const b = at(end);
  return unbreakable(b > a ? f.formatRange(a, b) : `${f.format(a)}–${f.format(b)}`);
}

/**
 * The range never wraps at its dash: spaces become no-break spaces (a thin space becomes the
 * narrow no-break one) and a word joiner (U+2060) follows the dash or tilde, which Unicode line
 * breaking would otherwise allow to end a line ("7:30 –" / "9:30 PM").
 */
function unbreakable(range: string): string {
  return range
    .replace(/ /g, '\u00a0')
    .replace(/\u2009/g, '\u202f')
    .replace(/([–~-])/g, '$1\u2060');
}

/** "HH:MM" (two digits each) from "H:MM", "HH:MM" or "HH:MM:SS" of the same day, like Intl's 2-digit h23 format. */
function hhmm(value: string): string {
  const [h, m] = clock(value);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
function minutesOf(value: string): number {
  const [h, m] = clock(value);
  return h * 60 + m;
}
/** [hours, minutes] of "H:MM", "HH:MM" or "HH:MM:SS". */
function clock(value: string): [number, number] {
  const [h = 0, m = 0] = value.split(':').map(Number);
  return [h, m];
}

/** "19:00" from "19:00:00" or "19:00". */
export function formatTime(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : '';
}
