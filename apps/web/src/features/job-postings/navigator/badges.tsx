/** Small status pills of a posting: match score, D-day / closing soon / closed. */
import type { JobMatch } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import type { DeadlineLabel } from '../lib/format';
import './badges.css';

export function MatchBadge({ match }: { match: JobMatch | null }) {
  const { t } = useTranslation('job-postings');
  if (!match || match.score === null) return null;
  const tone = match.score >= 70 ? 'high' : match.score >= 40 ? 'mid' : 'low';
  return (
    <span className={`jn-match jn-match--${tone}`} title={t('match.title')}>
      <span className="visually-hidden">{t('match.label')} </span>
      {t('match.score', { score: match.score })}
    </span>
  );
}

export function DeadlineBadge({ label }: { label: DeadlineLabel }) {
  return <span className={`jn-dday jn-dday--${label.tone}`}>{label.text}</span>;
}
