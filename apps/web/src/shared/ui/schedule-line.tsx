/**
 * The one schedule line of a study (the study pages, and the home page's study cards and hero):
 * its schedule in the reader's language, written from the structured fields the way every page
 * writes it (shared/lib/schedule); a leader's own line, or one without the structured fields, is
 * user content. The home page loads it on demand (its rules are ≈ 2.5 KB gzip and only show with
 * data), through schedule-line-chunk.tsx.
 */
import type { Study } from '@moim/contract';
import { useTranslation } from '../i18n';
import { scheduleText } from '../lib/schedule';

export interface ScheduleSource {
  schedule?: string | null;
  recurrenceType?: Study['recurrenceType'] | null;
  scheduleDetails?: Study['scheduleDetails'] | null;
  startDate?: string | null;
}

export interface ScheduleLineProps {
  study: ScheduleSource;
  /** wraps the line in a span with this class (the text alone otherwise) */
  className?: string;
}

export function ScheduleLine({ study, className }: ScheduleLineProps) {
  const { t, i18n } = useTranslation(); // scheduleText.* lives in the shared catalogue
  const locale = i18n.language === 'en' ? 'en' : 'ko';
  const { recurrenceType, scheduleDetails, startDate } = study;
  const s =
    recurrenceType && scheduleDetails && startDate
      ? scheduleText({ schedule: study.schedule ?? '', recurrenceType, scheduleDetails, startDate }, t, locale)
      : { text: study.schedule ?? '', userWritten: true };
  if (!s.text) return null;
  if (s.userWritten)
    return (
      <span className={className} data-user-content="">
        {s.text}
      </span>
    );
  return className ? <span className={className}>{s.text}</span> : <>{s.text}</>;
}
