import type { Study } from '@moim/contract';
import { useTranslation } from 'react-i18next';
import { durationText, scheduleText } from '../lib/schedule';
import { useLocale } from '../lib/use-locale';

/** A study's schedule in the reader's language (a leader's own line marked as user content). */
export function ScheduleLine({ study }: { study: Pick<Study, 'schedule' | 'recurrenceType' | 'scheduleDetails' | 'startDate'> }) {
  const { t } = useTranslation(); // scheduleText.* lives in the shared catalogue
  const s = scheduleText(study, t, useLocale());
  return s.userWritten ? <span data-user-content="">{s.text}</span> : <>{s.text}</>;
}

/** "(8주)" / "(8 weeks)" after the period, when the study has a duration. */
export function DurationNote({ study }: { study: Pick<Study, 'duration' | 'startDate' | 'endDate'> }) {
  const { t } = useTranslation();
  const d = durationText(study, t);
  if (!d) return null;
  return <> ({d.userWritten ? <span data-user-content="">{d.text}</span> : d.text})</>;
}
