/**
 * The schedule and duration lines of a study in the reader's language. The server stores a
 * Korean line made from the structured schedule ("매주 화 20:00–22:00", "12월 6일 14:00–17:00")
 * unless the leader wrote their own. When the stored line is the generated one, it is written
 * again here from the structured fields, with Intl in the active locale; a leader's own line is
 * user content and shown as written (`userWritten`, rendered inside data-user-content).
 * The texts are the shared catalogue's `scheduleText.*` (pass the default namespace's `t`), so
 * the home page's cards and the study pages say a schedule the same way.
 */
import { describeDuration, describeSchedule, daysBetween, type Study, type Weekday } from '@moim/contract';
import type { TFunction } from '../i18n';
import { formatShortDate, formatTimeRange } from './format';

const WEEK: readonly Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

type ScheduleStudy = Pick<Study, 'schedule' | 'recurrenceType' | 'scheduleDetails' | 'startDate'>;
type DurationStudy = Pick<Study, 'duration' | 'startDate' | 'endDate'>;

export interface LocalText {
  text: string;
  userWritten: boolean;
}

const intlLocale = (locale: string) => (locale === 'en' ? 'en-US' : 'ko-KR');

// Korean names and dates are written without Intl (the same text as ko-KR's, schedule.test.tsx
// checks it): a renderer's first ICU formatter costs 50–200 ms of main thread, in the render
// that shows the home page's first schedule line (docs/rendering.md, "Start-up work in short tasks").
const KO_WEEKDAYS = '월화수목금토일';

function weekdayName(d: Weekday, locale: string): string {
  if (locale !== 'en') return KO_WEEKDAYS[WEEK.indexOf(d)]!;
  // 2026-01-05 is a Monday
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 0, 5 + WEEK.indexOf(d), 12)),
  );
}

export function scheduleText(study: ScheduleStudy, t: TFunction, locale: string): LocalText {
  const generated = describeSchedule(study.recurrenceType, study.scheduleDetails, study.startDate);
  if (study.schedule && study.schedule !== generated) return { text: study.schedule, userWritten: true };
  const d = study.scheduleDetails;
  const time = formatTimeRange(d.startTime.slice(0, 5), d.endTime.slice(0, 5), locale);
  const listed = [...(d.weekdays ?? [])].sort((a, b) => WEEK.indexOf(a) - WEEK.indexOf(b));
  const startDay = WEEK[(new Date(`${study.startDate}T12:00:00Z`).getUTCDay() + 6) % 7]!;
  const days = (listed.length ? listed : [startDay]).map((w) => weekdayName(w, locale)).join(locale === 'en' ? ', ' : '·');
  const onlyWeekdays = listed.length === 5 && !listed.includes('SAT') && !listed.includes('SUN');
  const k = 'scheduleText.';
  switch (study.recurrenceType) {
    case 'ONE_TIME': {
      const date =
        locale === 'en'
          ? new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
              new Date(`${study.startDate}T12:00:00Z`),
            )
          : formatShortDate(study.startDate, locale);
      return { text: t(`${k}once`, { date, time }), userWritten: false };
    }
    case 'DAILY':
      if (onlyWeekdays) return { text: t(`${k}weekdays`, { time }), userWritten: false };
      if (listed.length === 0 || listed.length === 7) return { text: t(`${k}daily`, { time }), userWritten: false };
      return { text: t(`${k}dailyOn`, { days, time }), userWritten: false };
    case 'WEEKLY':
      return { text: t(`${k}weekly`, { days, time }), userWritten: false };
    case 'BIWEEKLY':
      return { text: t(`${k}biweekly`, { days, time }), userWritten: false };
    case 'MONTHLY':
      return { text: t(`${k}monthly`, { day: Number(study.startDate.slice(8, 10)), time }), userWritten: false };
    default:
      return { text: time, userWritten: false };
  }
}

/** "8주" / "8 weeks" when the stored duration is the generated one; a leader's own words as written. */
export function durationText(study: DurationStudy, t: TFunction): LocalText | null {
  if (!study.duration) return null;
  if (study.duration !== describeDuration(study.startDate, study.endDate)) return { text: study.duration, userWritten: true };
  const days = daysBetween(study.startDate, study.endDate) + 1;
  return days < 14
    ? { text: t('scheduleText.days', { count: days }), userWritten: false }
    : { text: t('scheduleText.weeks', { count: Math.ceil(days / 7) }), userWritten: false };
}
