/** /calendar: every study's events (sessions, special events, recruitment deadlines), month grid or list, filtered by event type. */
import { EVENT_TYPES, seoulDate, type EventType } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParams } from 'react-router';
import { useCalendarEvents } from '../api/calendar-api';
import { EventCalendar } from '../components/event-calendar';
import { FeedSubscription } from '../components/feed-subscription';
import { monthRange } from '../lib/month';
import { calendarPageState } from '../lib/page-state';
import { TabBar } from '../../../shared/ui/tab-bar';

export default function CalendarPage() {
  const { t } = useTranslation('calendar');
  const [params, setParams] = useSearchParams();
  const [thisMonth] = useState(() => seoulDate(new Date()).slice(0, 7));
  const { month, view, types } = calendarPageState(params, thisMonth);
  const q = useCalendarEvents({ ...monthRange(month), type: types });

  const patch = (fn: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    fn(next);
    setParams(next, { replace: true });
  };
  const toggleType = (ty: EventType) =>
    patch((p) => {
      const set = new Set(types);
      if (set.has(ty)) set.delete(ty);
      else set.add(ty);
      p.delete('type');
      for (const v of EVENT_TYPES) if (set.has(v)) p.append('type', v);
    });

  return (
    <div className="page cal-page">
      <div className="container stack">
        <header>
          <p className="cal-eyebrow">{t('eyebrow')}</p>
          <h1 className="cal-h1">{t('title')}</h1>
          <p className="muted">{t('lead')}</p>
        </header>
        <div className="cal-toolbar">
          <fieldset className="cal-filter">
            <legend className="visually-hidden">{t('filterLegend')}</legend>
            {EVENT_TYPES.map((ty) => (
              <label key={ty} className={`cal-filter__chip cal-filter__chip--${ty}`}>
                <input type="checkbox" checked={types.includes(ty)} onChange={() => toggleType(ty)} />
                <span>{t(`eventType.${ty}`)}</span>
              </label>
            ))}
          </fieldset>
          <TabBar variant="segmented" role="group" aria-label={t('viewLabel')}>
            <button type="button" aria-pressed={view === 'month'} onClick={() => patch((p) => p.delete('view'))}>
              {t('viewMonth')}
            </button>
            <button type="button" aria-pressed={view === 'list'} onClick={() => patch((p) => p.set('view', 'list'))}>
              {t('viewList')}
            </button>
          </TabBar>
        </div>
        <EventCalendar
          month={month}
          onMonthChange={(m) => patch((p) => p.set('month', m))}
          view={view}
          events={q.data}
          isPending={q.isPending || q.isPlaceholderData}
          error={q.error}
          onRetry={() => void q.refetch()}
        />
        <FeedSubscription />
      </div>
    </div>
  );
}
