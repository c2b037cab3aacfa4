/**
 * A study's period as its sessions: "첫 모임 12월 10일(목) · 마지막 모임 1월 14일(목) · 총 6회".
 * The stored period starts and ends on sessions (the server snaps it, contract study-period.ts);
 * naming the sessions keeps a reader from taking the period's ends for anything else.
 */
import { type StudyPeriodSource, studySessionBounds } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { formatSessionDate } from '../../../shared/lib/format';
import { useLocale } from '../lib/use-locale';

export function sessionSpanText(study: StudyPeriodSource, t: (key: string, o?: Record<string, unknown>) => string, locale: string): string {
  const b = studySessionBounds(study);
  if (!b) return t('sessions.none');
  const first = formatSessionDate(b.first, locale);
  if (b.count === 1) return t('sessions.single', { first });
  return t('sessions.range', { first, last: formatSessionDate(b.last, locale), count: b.count });
}

export function SessionSpan({ study, className }: { study: StudyPeriodSource; className?: string }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  return (
    <span className={className} data-testid="session-span">
      {sessionSpanText(study, t, locale)}
    </span>
  );
}
