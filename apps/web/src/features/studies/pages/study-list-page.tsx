/**
 * /study and /study/calendar (SPEC §2: both show the study list). Filters and page live in the
 * URL; /study/calendar opens with the calendar view, which shows the sessions of the studies
 * that match the filters. `?view=list|calendar` switches either way.
 */
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { useStudyList } from '../api/studies-api';
import { GridIcon, ListIcon } from '../components/icons';
import { Pager } from '../../../shared/ui/pager';
import { StudyCard } from '../components/study-card';
import { StudyFilters } from '../components/study-filters';
import { filtersToParams, hasActiveFilters, parseFilters, type StudyListFilters } from '../lib/list-filters';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../studies.css';
import { TabBar } from '../../../shared/ui/tab-bar';

const StudiesCalendarView = lazy(() => import('../components/studies-calendar-view'));

export default function StudyListPage() {
  const { t } = useTranslation('studies');
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const onCalendarRoute = location.pathname.replace(/\/$/, '') === '/study/calendar';
  const view = params.get('view') === 'calendar' || (onCalendarRoute && params.get('view') !== 'list') ? 'calendar' : 'list';
  // Deferred: the list's arrival is otherwise one synchronous render of every card
  // (useSyncExternalStore); as a transition it yields every few ms (docs/rendering.md,
  // "Start-up work in short tasks"). The urgent render keeps the previous result.
  const list = useDeferredValue(useStudyList(filters));
  const hydrated = useHydrated();

  const update = (next: StudyListFilters) => setParams(filtersToParams(next, params));
  const setView = (v: 'list' | 'calendar') => {
    const next = new URLSearchParams(params);
    if ((v === 'calendar') === onCalendarRoute) next.delete('view');
    else next.set('view', v);
    setParams(next);
  };

  return (
    <div className="page st-page">
      <div className="container stack">
        <header className="st-listhead">
          <div>
            <p className="st-eyebrow">{t('list.eyebrow')}</p>
            <h1 className="st-h1">{t('list.title')}</h1>
            <p className="muted st-lead">{t('list.lead')}</p>
          </div>
          <Link to="/study/propose" className="btn btn-primary">
            {t('list.propose')}
          </Link>
        </header>

        <StudyFilters filters={filters} onChange={update} />

        <div className="st-toolbar">
          <p className="muted" aria-live="polite">
            {list.data ? t('list.count', { count: list.data.totalElements }) : '\u00a0'}
          </p>
          <TabBar variant="segmented" role="group" aria-label={t('list.viewLabel')}>
            <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              <ListIcon />
              {t('list.viewList')}
            </button>
            <button type="button" aria-pressed={view === 'calendar'} onClick={() => setView('calendar')}>
              <GridIcon />
              {t('list.viewCalendar')}
            </button>
          </TabBar>
        </div>

        {view === 'calendar' ? (
          // the calendar's code loads with the view; the prerendered /study/calendar (and its
          // adoption) draws its loading state without the lazy part, which a render to a string
          // cannot wait for (React would redraw the page on the client)
          hydrated ? (
            <Suspense fallback={<LoadingState />}>
              <StudiesCalendarView filters={filters} />
            </Suspense>
          ) : (
            <LoadingState />
          )
        ) : list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.content.length === 0 ? (
          <EmptyState title={hasActiveFilters(filters) ? t('list.emptyFiltered') : t('list.empty')}>
            {hasActiveFilters(filters) ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => update({ ...filters, type: [], costType: [], recurrence: [], recruiting: false, q: '', page: 0 })}
              >
                {t('filters.reset')}
              </button>
            ) : (
              <Link to="/study/propose" className="btn btn-primary">
                {t('list.propose')}
              </Link>
            )}
          </EmptyState>
        ) : (
          <>
            {/* the cards' titles are h3: the list is the page's second level (axe heading-order) */}
            <h2 className="visually-hidden">{t('list.results')}</h2>
            <div className="st-grid" aria-busy={list.isFetching}>
              {list.data.content.map((s, i) => (
                <StudyCard key={s.id} study={s} priority={i === 0} />
              ))}
            </div>
            <Pager
              page={list.data.number}
              totalPages={list.data.totalPages}
              onPage={(p) => {
                update({ ...filters, page: p });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
