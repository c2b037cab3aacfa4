import { studySeats, type Study } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { formatKrw, formatShortDate } from '../../../shared/lib/format';
import { studyPath } from '../lib/paths';
import { useLocale } from '../lib/use-locale';
import { Avatar } from '../../../shared/ui/avatar';
import { StudyCover } from '../../../shared/ui/study-cover';
import { CalendarIcon, ClockIcon, PinIcon, UsersIcon } from './icons';
import { StatusBadge } from './status-badge';
import { ScheduleLine } from './schedule-line';
import { SessionSpan } from './session-span';

export function CostLabel({ study }: { study: Pick<Study, 'costType' | 'cost'> }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  if (study.costType === 'FREE') return <>{t('costType.FREE')}</>;
  return (
    <>
      {t(`costType.${study.costType}`)} · {formatKrw(study.cost, locale)}
    </>
  );
}

/** `priority`: the card is likely above the fold (its cover is not lazy-loaded). */
export function StudyCard({ study, priority = false }: { study: Study; priority?: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const seats = studySeats(study);
  const fill = seats.capacity > 0 ? Math.min(100, Math.round((seats.taken / seats.capacity) * 100)) : 0;
  return (
    <article className="st-card">
      <StudyCover study={study} shape="card" priority={priority} sizes="(max-width: 768px) 100vw, 400px" />
      <div className="st-card__badges">
        <StatusBadge study={study} />
        <span className="badge">{t(`type.${study.type}`)}</span>
        <span className="badge">{t(`recurrence.${study.recurrenceType}`)}</span>
      </div>
      <h3 className="st-card__title">
        <Link to={studyPath(study)} className="st-card__link" data-user-content="">
          {study.title}
        </Link>
      </h3>
      {study.tagline && (
        <p className="st-card__tagline" data-user-content="">
          {study.tagline}
        </p>
      )}
      <ul className="st-meta" aria-label={t('card.details')}>
        <li>
          <ClockIcon />
          <span>
            <ScheduleLine study={study} />
          </span>
        </li>
        <li>
          <CalendarIcon />
          <span>
            <SessionSpan study={study} />
          </span>
        </li>
        <li>
          <PinIcon />
          {study.location.type === 'ONLINE' || !study.location.address ? (
            <span>{t(`location.${study.location.type}`)}</span>
          ) : (
            <span data-user-content="">{study.location.address}</span>
          )}
        </li>
      </ul>
      <div className="st-card__footer">
        <span className="st-card__leader">
          <Avatar name={study.leader.name} src={study.leader.profileImage} size={28} />
          <span data-user-content="">{study.leader.name}</span>
        </span>
        <span className="st-card__cost">
          <CostLabel study={study} />
        </span>
      </div>
      <div className="st-capacity">
        <span className="st-capacity__label">
          <UsersIcon />
          {t('card.capacity', { taken: seats.taken, capacity: seats.capacity })}
        </span>
        <span className="st-capacity__bar" aria-hidden="true">
          <span style={{ width: `${fill}%` }} />
        </span>
        <span className="st-capacity__deadline">{t('card.deadline', { date: formatShortDate(study.recruitDeadline, locale) })}</span>
      </div>
    </article>
  );
}
