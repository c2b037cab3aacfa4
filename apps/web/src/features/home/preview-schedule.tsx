/** The schedule line of a study preview (home page): its own chunk, see home-page.tsx. */
import { useTranslation } from 'react-i18next';
import { scheduleText } from '../../shared/lib/schedule';
import type { StudyPreview } from '../../shared/shell/current-studies';

/**
 * A preview's schedule in the reader's language, the way the study pages write it (one time-range
 * format everywhere); a leader's own line, or one without the structured fields, is user content.
 */
export interface PreviewScheduleProps {
  study: StudyPreview;
  className?: string;
}

export default function PreviewSchedule({ study, className }: PreviewScheduleProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ko';
  const s =
    study.recurrenceType && study.scheduleDetails && study.startDate
      ? scheduleText(
          {
            schedule: study.schedule ?? '',
            recurrenceType: study.recurrenceType,
            scheduleDetails: study.scheduleDetails,
            startDate: study.startDate,
          },
          t,
          locale,
        )
      : { text: study.schedule ?? '', userWritten: true };
  if (!s.text) return null;
  return s.userWritten ? (
    <span className={className} data-user-content="">
      {s.text}
    </span>
  ) : (
    <span className={className}>{s.text}</span>
  );
}
