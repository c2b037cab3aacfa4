/**
 * /ignition/navigator (the JOBS link): search with Korean partial words and 초성, quick chips,
 * a filter panel with live counts, chips for the filters in force, sorts including "match",
 * bookmarks, recently viewed and saved searches. Everything is in the URL; `?jobId=` opens a
 * posting in a modal (its own page: /ignition/navigator/:jobId).
 */
import { useTranslation } from '../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { PageHeader } from '../../shared/ui/page-header';
import { useFacets, useJobList, useSkillProfile, useSkills } from './api';
import { EMPTY_FILTERS, filtersToParams, hasSearch, parseFilters, VIEWS, type NavigatorFilters, type View } from './lib/filters';
import { ActiveChips } from './navigator/active-chips';
import { DetailDialog } from './navigator/detail-dialog';
import { FilterPanel } from './navigator/filter-panel';
import { BookmarksView, LoginPrompt, RecentView } from './navigator/my-lists';
import { QuickChips } from './navigator/quick-chips';
import { Results } from './navigator/results';
import { SaveSearchButton, SavedSearchesView } from './navigator/saved-searches';
import { SearchBar } from './navigator/search-bar';
import { UnsubscribeBanner } from './navigator/unsubscribe-banner';
import './ignition.css';
import './navigator/navigator.css';
import { TabBar } from '../../shared/ui/tab-bar';
import './navigator-page.css';

export default function NavigatorPage() {
  const { t } = useTranslation('job-postings');
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const view: View = (VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as View) : 'all';
  const list = useJobList(filters, auth.isAuthenticated, view === 'all');
  const facets = useFacets(filters, view === 'all');
  const skills = useSkills();
  const profile = useSkillProfile(auth.isAuthenticated);
  const skillNames = new Map((skills.data ?? []).map((s) => [s.id, s.name]));
  const hasProfile = !!profile.data?.profile;

  const update = (next: NavigatorFilters) => setParams(filtersToParams(next, params));
  const tabHref = (v: View) => {
    const next = new URLSearchParams(params);
    next.delete('jobId');
    if (v === 'all') next.delete('view');
    else next.set('view', v);
    return `?${next.toString()}`;
  };
  const here = `/ignition/navigator${params.size ? `?${params.toString()}` : ''}`;
  const defaultName =
    [
      filters.q,
      ...filters.experience.map((v) => t(`experience.${v}`)),
      ...filters.workMode.map((v) => t(`workMode.${v}`)),
      ...filters.skill.map((v) => skillNames.get(v) ?? v),
    ]
      .filter(Boolean)
      .join(' ') || t('saved.defaultName');

  return (
    <>
      <PageHeader eyebrow="JOBS" title={t('navigator.title')} lead={t('navigator.lead')} />
      <div className="container page-body jn">
        <UnsubscribeBanner />
        {auth.isAuthenticated && profile.isSuccess && !hasProfile && (
          <p className="form-message form-message--info jn-prompt">
            {t('profile.prompt')} <Link to="/users/me/edit#job-skill-profile">{t('profile.promptLink')}</Link>
          </p>
        )}
        <TabBar as="nav" aria-label={t('tabs.label')}>
          {VIEWS.map((v) => (
            <Link key={v} to={tabHref(v)} aria-current={view === v ? 'page' : undefined}>
              {t(`tabs.${v}`)}
            </Link>
          ))}
        </TabBar>

        {view === 'all' ? (
          <>
            <SearchBar
              q={filters.q}
              sort={filters.sort}
              canSortByMatch={hasProfile}
              onQuery={(q) => update({ ...filters, q, page: 0, sort: !q && filters.sort === 'relevance' ? null : filters.sort })}
              onSort={(sort) => update({ ...filters, sort, page: 0 })}
            />
            <QuickChips filters={filters} facets={facets.data} onChange={update} />
            <ActiveChips filters={filters} facets={facets.data} skillNames={skillNames} onChange={update} />
            <div className="jn-layout">
              <FilterPanel filters={filters} facets={facets.data} skillNames={skillNames} onChange={update} />
              <section className="jn-results" aria-labelledby="results-title">
                <div className="jn-toolbar">
                  <h2 id="results-title" className="jn-count" aria-live="polite">
                    {list.data
                      ? t(list.data.totalExact === false ? 'results.countApprox' : 'results.count', { count: list.data.totalElements })
                      : '\u00a0'}
                  </h2>
                  {auth.isAuthenticated ? (
                    <SaveSearchButton filters={filters} defaultName={defaultName} />
                  ) : hasSearch(filters) ? (
                    <Link className="jn-hint" to={`/login?returnTo=${encodeURIComponent(here)}`}>
                      {t('saved.loginToSave')}
                    </Link>
                  ) : null}
                </div>
                <Results
                  list={list}
                  query={filters.q}
                  emptyTitle={hasSearch(filters) ? t('results.emptyFiltered') : t('results.empty')}
                  emptyAction={
                    hasSearch(filters) ? (
                      <button type="button" className="btn btn-secondary" onClick={() => update(EMPTY_FILTERS)}>
                        {t('filters.clear')}
                      </button>
                    ) : undefined
                  }
                  onPage={(page) => update({ ...filters, page })}
                />
              </section>
            </div>
          </>
        ) : !auth.isAuthenticated ? (
          <LoginPrompt returnTo={here} text={t(`tabs.loginFor.${view}`)} />
        ) : view === 'bookmarks' ? (
          <BookmarksView />
        ) : view === 'recent' ? (
          <RecentView />
        ) : (
          <SavedSearchesView skillNames={skillNames} />
        )}
        <DetailDialog />
      </div>
    </>
  );
}
