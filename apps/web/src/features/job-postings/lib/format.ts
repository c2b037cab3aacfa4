/** Display helpers of the navigator: salaries in 만원 / KRW, experience ranges, D-day, dates in Asia/Seoul. */
import { deadlineOf, STUDY_TIMEZONE, type JobPostingSummary } from '@moim/contract';
import type { TFunction } from '../../../shared/i18n';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDate(value: string | null | undefined, locale: 'ko' | 'en'): string {
  if (!value) return '';
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'ko-KR', {
      timeZone: STUDY_TIMEZONE,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    dateFormats.set(locale, f);
  }
  return f.format(new Date(value));
}

/** One annual amount: 4,000만 원 / ₩40M. */
export function formatMoney(v: number, locale: 'ko' | 'en'): string {
  return locale === 'en'
    ? `₩${(v / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })}M`
    : `${Math.round(v / 10_000).toLocaleString('ko-KR')}만 원`;
}

/** 4,000만 원 ~ 5,500만 원 / ₩40M – ₩55M; null when unknown. */
export function formatSalary(min: number | null, max: number | null, t: TFunction, locale: 'ko' | 'en'): string | null {
  if (min === null && max === null) return null;
  const unit = (v: number) => formatMoney(v, locale);
  if (min !== null && max !== null) return min === max ? unit(min) : t('format.salaryRange', { min: unit(min), max: unit(max) });
  if (min !== null) return t('format.salaryFrom', { value: unit(min) });
  return t('format.salaryUpTo', { value: unit(max!) });
}

/** 신입 · 경력 3~7년 · 경력 7년 이상 · 경력무관 */
export function formatExperience(p: Pick<JobPostingSummary, 'experienceLevel' | 'experienceMin' | 'experienceMax'>, t: TFunction): string {
  const level = t(`experience.${p.experienceLevel}`);
  if (p.experienceLevel === 'ANY') return level;
  if (p.experienceMax === null) return t('format.yearsFrom', { level, min: p.experienceMin });
  if (p.experienceMin === p.experienceMax) return t('format.yearsExactly', { level, n: p.experienceMin });
  return t('format.yearsRange', { level, min: p.experienceMin, max: p.experienceMax });
}

export interface DeadlineLabel {
  text: string;
  tone: 'danger' | 'warning' | 'muted' | 'closed';
}

/** D-3 / D-day / 상시 채용 / 마감 */
export function deadlineLabel(p: Pick<JobPostingSummary, 'validThrough' | 'active'>, t: TFunction, now: Date): DeadlineLabel {
  const d = deadlineOf(p.validThrough, now);
  if (!p.active || d.expired) return { text: t('deadline.closed'), tone: 'closed' };
  if (d.daysLeft === null) return { text: t('deadline.open'), tone: 'muted' };
  if (d.daysLeft === 0) return { text: t('deadline.today'), tone: 'danger' };
  return { text: t('deadline.days', { n: d.daysLeft }), tone: d.closingSoon ? 'warning' : 'muted' };
}
