import { studySeats, type Study } from '@moim/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { formatDateTime, formatKrw } from '../../../shared/lib/format';
import { useLocale } from '../lib/use-locale';
import { ApplyCta } from './apply-cta';
import { CopyLinkButton } from './copy-link';
import { DurationNote, ScheduleLine } from './schedule-line';
import { SessionSpan } from './session-span';

/** The study's key facts with the call to action (the detail page's side panel). */
export function StudyFacts({ study, isAuthenticated }: { study: Study; isAuthenticated: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const seats = studySeats(study);
  const rows: Array<[string, ReactNode]> = [
    [t('facts.type'), `${t(`type.${study.type}`)} · ${t(`recurrence.${study.recurrenceType}`)}`],
    [t('facts.schedule'), <ScheduleLine key="s" study={study} />],
    [
      t('facts.period'),
      <>
        <SessionSpan study={study} />
        <DurationNote study={study} />
      </>,
    ],
    [
      t('facts.location'),
      study.location.type === 'ONLINE' ? (
        t('location.ONLINE')
      ) : (
        <>
          {t('location.OFFLINE')} · <span data-user-content="">{study.location.address ?? ''}</span>
        </>
      ),
    ],
    [
      t('facts.capacity'),
      `${t('facts.capacityValue', { taken: seats.taken, capacity: seats.capacity })}${seats.held > 0 ? ` (${t('facts.held', { count: seats.held })})` : ''}`,
    ],
    [t('facts.deadline'), formatDateTime(study.recruitDeadline, locale)],
    [
      t('facts.cost'),
      study.costType === 'FREE' ? t('costType.FREE') : `${t(`costType.${study.costType}`)} · ${formatKrw(study.cost, locale)}`,
    ],
  ];
  return (
    <aside className="st-facts" aria-label={t('facts.title')}>
      <h2 className="st-facts__title">{t('facts.title')}</h2>
      <dl className="st-facts__list">
        {rows.map(([k, v]) => (
          <div key={k} className="st-facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {study.costDescription && (
        <p className="muted st-facts__note" data-user-content="">
          {study.costDescription}
        </p>
      )}
      <ApplyCta study={study} isAuthenticated={isAuthenticated} block />
      <CopyLinkButton />
    </aside>
  );
}
