import type { Study } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { durationText } from '../lib/schedule';

// The schedule line is shared with the home page (shared/ui/schedule-line).
export { ScheduleLine } from '../../../shared/ui/schedule-line';

/** "(8주)" / "(8 weeks)" after the period, when the study has a duration. */
export function DurationNote({ study }: { study: Pick<Study, 'duration' | 'startDate' | 'endDate'> }) {
  const { t } = useTranslation();
  const d = durationText(study, t);
  if (!d) return null;
  return <> ({d.userWritten ? <span data-user-content="">{d.text}</span> : d.text})</>;
}
