/**
 * The events of a month as a Monday-first grid (with the selected day's agenda beside or below
 * it) or as a list. Keyboard: one day is in the tab order; arrows move by day and week, Page
 * Up/Down by month, Home/End to the week's ends. Event chips in the cells are pointer shortcuts;
 * keyboard and screen-reader users reach the events through the selected day's agenda.
 */
import { addDays, seoulDate, type CalendarEvent } from '@moim/contract';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { compareCodes, compareText } from '../../../shared/lib/compare-text';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { formatDayHeading, formatLongDate, formatMonthTitle, weekdayShort } from '../lib/format';
import { monthOf, monthWeeks, shiftMonth } from '../lib/month';
import { EventItem } from './event-item';
import '../calendar.css';

export interface EventCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  view: 'month' | 'list';
  events: CalendarEvent[] | undefined;
  isPending: boolean;
  error?: Error | null;
  onRetry?: () => void;
}

function byTime(a: CalendarEvent, b: CalendarEvent) {
  return (
    compareCodes(a.date, b.date) || compareCodes(a.startTime, b.startTime) || compareText(a.title, b.title) || compareCodes(a.id, b.id)
  );
}

export function EventCalendar({ month, onMonthChange, view, events, isPending, error, onRetry }: EventCalendarProps) {
  const { t, i18n } = useTranslation('calendar');
  const locale = i18n.language;
  const [today] = useState(() => seoulDate(new Date()));
  const [selected, setSelected] = useState(() => (monthOf(today) === month ? today : `${month}-01`));
  const pendingFocus = useRef(false);
  const dayRefs = useRef(new Map<string, HTMLButtonElement>());
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const byDate = useMemo(() => {
    const m = new Map<string, CalendarEvent[]>();
    for (const e of [...(events ?? [])].sort(byTime)) m.set(e.date, [...(m.get(e.date) ?? []), e]);
    return m;
  }, [events]);

  // Keep the selected day inside the shown month.
  const [shownMonth, setShownMonth] = useState(month);
  if (shownMonth !== month) {
    setShownMonth(month);
    if (monthOf(selected) !== month) setSelected(monthOf(today) === month ? today : `${month}-01`);
  }

  // Keyboard moves re-render the grid (maybe a new month): focus the new day afterwards.
  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    dayRefs.current.get(selected)?.focus();
  }, [selected, month]);

  const moveTo = (date: string) => {
    setSelected(date);
    pendingFocus.current = true;
    if (monthOf(date) !== month) onMonthChange(monthOf(date));
  };
  const onKey = (e: KeyboardEvent) => {
    const wd = (new Date(`${selected}T00:00:00Z`).getUTCDay() + 6) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(selected, -1),
      ArrowRight: () => addDays(selected, 1),
      ArrowUp: () => addDays(selected, -7),
      ArrowDown: () => addDays(selected, 7),
      Home: () => addDays(selected, -wd),
      End: () => addDays(selected, 6 - wd),
      PageUp: () => `${shiftMonth(month, -1)}-01`,
      PageDown: () => `${shiftMonth(month, 1)}-01`,
    };
    const fn = moves[e.key];
    if (!fn) return;
    e.preventDefault();
    moveTo(fn());
  };

  const header = (
    <div className="cal-head">
      <button type="button" className="btn btn-secondary cal-nav" onClick={() => onMonthChange(shiftMonth(month, -1))}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{t('prevMonth')}</span>
      </button>
      <h2 className="cal-title" aria-live="polite">
        {formatMonthTitle(month, locale)}
      </h2>
      <button type="button" className="btn btn-secondary cal-nav" onClick={() => onMonthChange(shiftMonth(month, 1))}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{t('nextMonth')}</span>
      </button>
      <button
        type="button"
        className="btn btn-ghost cal-today"
        onClick={() => {
          setSelected(today);
          onMonthChange(monthOf(today));
        }}
      >
        {t('today')}
      </button>
    </div>
  );

  if (error)
    return (
      <div className="cal">
        {header}
        <ErrorMessage variant="state" error={error} onRetry={onRetry} />
      </div>
    );

  if (view === 'list') {
    const days = [...byDate.keys()].filter((d) => monthOf(d) === month);
    return (
      <div className="cal">
        {header}
        {isPending && !events ? (
          <LoadingState />
        ) : days.length === 0 ? (
          <EmptyState title={t('emptyMonth')} />
        ) : (
          <ol className="cal-agenda">
            {days.map((d) => (
              <li key={d} className="cal-agenda__day">
                <h3 className={`cal-agenda__date ${d === today ? 'is-today' : ''}`}>{formatDayHeading(d, locale)}</h3>
                <div className="cal-agenda__events">
                  {byDate.get(d)!.map((e) => (
                    <EventItem key={e.id} event={e} />
                  ))}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    );
  }

  const dayEvents = byDate.get(selected) ?? [];
  const upcoming = [...(events ?? [])]
    .filter((e) => e.date > selected)
    .sort(byTime)
    .slice(0, 3);
  const names = weekdayShort(locale);
  return (
    <div className="cal">
      {header}
      <div className="cal-layout">
        <table className="cal-grid" aria-busy={isPending}>
          <caption className="visually-hidden">{t('gridCaption', { month: formatMonthTitle(month, locale) })}</caption>
          <thead>
            <tr>
              {names.map((n, i) => (
                <th key={n} scope="col" className={i >= 5 ? 'is-weekend' : undefined}>
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody onKeyDown={onKey}>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((d) => {
                  const list = byDate.get(d) ?? [];
                  const outside = monthOf(d) !== month;
                  return (
                    <td
                      key={d}
                      className={`cal-cell ${outside ? 'is-outside' : ''} ${d === today ? 'is-today' : ''} ${d === selected ? 'is-selected' : ''}`}
                    >
                      <button
                        type="button"
                        className="cal-day"
                        ref={(el) => {
                          if (el) dayRefs.current.set(d, el);
                          else dayRefs.current.delete(d);
                        }}
                        tabIndex={d === selected ? 0 : -1}
                        aria-pressed={d === selected}
                        aria-label={`${Number(d.slice(8))}, ${formatLongDate(d, locale)}${d === today ? `, ${t('today')}` : ''}, ${t('eventCount', { count: list.length })}`}
                        onClick={() => moveTo(d)}
                      >
                        <span className="cal-day__num">{Number(d.slice(8))}</span>
                        {list.length > 0 && (
                          <span className="cal-dots" aria-hidden="true">
                            {list.slice(0, 3).map((e) => (
                              <span key={e.id} className={`cal-dot cal-dot--${e.eventType}`} />
                            ))}
                          </span>
                        )}
                      </button>
                      <div className="cal-chips" aria-hidden="true">
                        {list.slice(0, 3).map((e) => (
                          <button
                            key={e.id}
                            type="button"
                            tabIndex={-1}
                            className={`cal-chip cal-chip--${e.eventType}`}
                            data-user-content=""
                            onClick={() => moveTo(d)}
                          >
                            {e.eventType !== 'recruitment' && <span className="cal-chip__time">{e.startTime.slice(0, 5)}</span>}
                            {e.studyTitle}
                          </button>
                        ))}
                        {list.length > 3 && <span className="cal-more">{t('more', { count: list.length - 3 })}</span>}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <section className="cal-daypanel" aria-labelledby="cal-day-title">
          <h3 id="cal-day-title" className="cal-daypanel__title">
            {formatDayHeading(selected, locale)}
          </h3>
          {isPending && !events ? (
            <LoadingState />
          ) : dayEvents.length === 0 ? (
            <>
              <p className="muted">{t('emptyDay')}</p>
              {upcoming.length > 0 && (
                <>
                  <h4 className="cal-daypanel__sub">{t('upcoming')}</h4>
                  <div className="cal-agenda__events">
                    {upcoming.map((e) => (
                      <EventItem key={e.id} event={e} showDate dateLabel={formatDayHeading(e.date, locale)} />
                    ))}
                  </div>
                </>
              )}
            </>
          ) : (
            <div className="cal-agenda__events">
              {dayEvents.map((e) => (
                <EventItem key={e.id} event={e} />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
