import { applicabilityLabelText, studyApplicability, type ApplicabilityInput, type ApplicabilityLabel } from '@moim/contract';
import { useLocale, useNow } from '../lib/use-locale';

const TONE: Record<ApplicabilityLabel, 'success' | 'warning' | 'primary' | 'muted' | 'danger'> = {
  RECRUITING: 'success',
  RECRUITMENT_CLOSED: 'warning',
  FULL: 'warning',
  IN_PROGRESS: 'primary',
  PENDING: 'muted',
  COMPLETED: 'muted',
  TERMINATED: 'danger',
  REJECTED: 'danger',
  UNKNOWN: 'muted',
};

/** The study's status label, decided by the shared rule (studyApplicability) at render time. */
export function StatusBadge({ study }: { study: ApplicabilityInput }) {
  const locale = useLocale();
  const now = useNow();
  const { label } = studyApplicability(study, now);
  return <span className={`badge st-badge st-badge--${TONE[label]}`}>{applicabilityLabelText(label, locale)}</span>;
}
