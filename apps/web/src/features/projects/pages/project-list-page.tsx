/**
 * /project: published projects with filters that run on the server (type, status, meeting, stack,
 * open position, Korean-aware search), sort and paging, all in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { projectListOptions } from '../api/projects-api';
import { Pager } from '../../../shared/ui/pager';
import { ProjectCard } from '../components/project-card';
import { ProjectFilters } from '../components/project-filters';
import { EMPTY_FILTERS, filtersToParams, hasActiveFilters, parseFilters, type ProjectListFilters } from '../lib/list-filters';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../projects.css';

export default function ProjectListPage() {
  const { t } = useTranslation('projects');
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const list = useQuery(projectListOptions(filters));
  const [now] = useState(() => new Date());
  const update = (next: ProjectListFilters) => setParams(filtersToParams(next, params));
  const filtered = hasActiveFilters(filters);

  return (
    <div className="page pj-page">
      <div className="container stack">
        <header className="pj-listhead">
          <div>
            <p className="pj-eyebrow">{t('list.eyebrow')}</p>
            <h1 className="pj-h1">{t('list.title')}</h1>
            <p className="muted pj-lead">{t('list.lead')}</p>
          </div>
          <Link to="/project/new" className="btn btn-primary">
            {t('list.create')}
          </Link>
        </header>

        <ProjectFilters filters={filters} onChange={update} />

        <p className="muted" aria-live="polite">
          {list.data ? t('list.count', { count: list.data.totalElements }) : '\u00a0'}
        </p>

        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.content.length === 0 ? (
          <EmptyState title={filtered ? t('list.emptyFiltered') : t('list.empty')}>
            <p className="muted">{filtered ? t('list.emptyFilteredBody') : t('list.emptyBody')}</p>
            {filtered ? (
              <button type="button" className="btn btn-secondary" onClick={() => update(EMPTY_FILTERS)}>
                {t('filters.reset')}
              </button>
            ) : (
              <Link to="/project/new" className="btn btn-primary">
                {t('list.create')}
              </Link>
            )}
          </EmptyState>
        ) : (
          <>
            <section className="pj-grid" aria-label={t('list.results')} aria-busy={list.isFetching}>
              {list.data.content.map((p) => (
                <ProjectCard key={p.id} project={p} now={now} />
              ))}
            </section>
            <Pager
              page={list.data.number}
              totalPages={list.data.totalPages}
              onPage={(page) => {
                update({ ...filters, page });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
