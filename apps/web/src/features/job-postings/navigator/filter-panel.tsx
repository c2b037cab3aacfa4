/**
 * The filter panel: every group is a set of checkboxes with the count each value would give
 * (the server's facets: each facet counts with the other filters applied), a salary floor and
 * "include closed". At ≤768 px it folds behind a button.
 */
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, WORK_MODES, type FacetCount, type JobFacets } from '@moim/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { activeFilterCount, toggle, type NavigatorFilters } from '../lib/filters';
import './filter-panel.css';

const SALARY_FLOORS = [30_000_000, 40_000_000, 50_000_000, 60_000_000, 80_000_000, 100_000_000];

type ListKey = 'experience' | 'employmentType' | 'workMode' | 'region' | 'skill' | 'company';

export function FilterPanel({
  filters,
  facets,
  skillNames,
  onChange,
}: {
  filters: NavigatorFilters;
  facets: JobFacets | undefined;
  skillNames: Map<string, string>;
  onChange: (f: NavigatorFilters) => void;
}) {
  const { t } = useTranslation('job-postings');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const set = (next: Partial<NavigatorFilters>) => onChange({ ...filters, ...next, page: 0 });
  const count = (list: FacetCount[] | undefined, value: string) => list?.find((f) => f.value === value)?.count ?? 0;
  // over many postings the server counts a sample of the newest and scales it (contract: jobFacets.exact)
  const approx = facets?.exact === false;

  const group = (key: ListKey, title: string, values: Array<{ value: string; label: string; count: number }>) => (
    <fieldset className="jn-group" key={key}>
      <legend>{title}</legend>
      {values.length === 0 ? (
        <p className="muted jn-hint">{t('filters.none')}</p>
      ) : (
        values.map((v) => {
          const checked = (filters[key] as string[]).includes(v.value);
          return (
            <label key={v.value} className={`jn-check${v.count === 0 && !checked ? ' jn-check--zero' : ''}`}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() => set({ [key]: toggle(filters[key] as string[], v.value) } as Partial<NavigatorFilters>)}
              />
              {/* company names are imported content, written as their postings write them */}
              <span {...(key === 'company' ? { 'data-user-content': '' } : {})}>{v.label}</span>
              <span
                className="jn-check__count"
                aria-label={t(approx && v.count > 0 ? 'filters.countApproxLabel' : 'filters.countLabel', { count: v.count })}
              >
                {approx && v.count > 0 ? '~' : ''}
                {v.count.toLocaleString()}
              </span>
            </label>
          );
        })
      )}
    </fieldset>
  );

  const enumValues = (
    key: 'experience' | 'employmentType' | 'workMode',
    all: readonly string[],
    list: FacetCount[] | undefined,
    ns: string,
  ) => all.map((v) => ({ value: v, label: t(`${ns}.${v}`), count: count(list, v) }));
  const withSelected = (list: FacetCount[] | undefined, selected: string[], name: (v: string) => string) => {
    const rows = (list ?? []).map((f) => ({ value: f.value, label: f.label, count: f.count }));
    for (const v of selected) if (!rows.some((r) => r.value === v)) rows.unshift({ value: v, label: name(v), count: 0 });
    return rows;
  };
  const n = activeFilterCount(filters);

  return (
    <aside className={`jn-filters${open ? ' jn-filters--open' : ''}`} aria-label={t('filters.label')}>
      <button
        type="button"
        className="btn btn-secondary jn-filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('filters.toggle', { count: n })}
      </button>
      <div id={panelId} className="jn-filters__body">
        {group('experience', t('filters.experience'), enumValues('experience', EXPERIENCE_LEVELS, facets?.experience, 'experience'))}
        {group('workMode', t('filters.workMode'), enumValues('workMode', WORK_MODES, facets?.workMode, 'workMode'))}
        {group(
          'employmentType',
          t('filters.employment'),
          enumValues('employmentType', EMPLOYMENT_TYPES, facets?.employmentType, 'employment'),
        )}
        {group(
          'region',
          t('filters.region'),
          withSelected(facets?.region, filters.region, (v) => t(`region.${v}`)).map((r) => ({ ...r, label: t(`region.${r.value}`) })),
        )}
        {group('skill', t('filters.skills'), withSelected(facets?.skills, filters.skill, (v) => skillNames.get(v) ?? v).slice(0, 16))}
        {group(
          'company',
          t('filters.companies'),
          withSelected(facets?.companies, filters.company, () => t('filters.selectedCompany')).slice(0, 12),
        )}
        <fieldset className="jn-group">
          <legend>{t('filters.salary')}</legend>
          <label className="visually-hidden" htmlFor={`${panelId}-salary`}>
            {t('filters.salary')}
          </label>
          <select
            id={`${panelId}-salary`}
            className="input"
            value={filters.salaryMin ?? ''}
            onChange={(e) => set({ salaryMin: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('filters.salaryAny')}</option>
            {SALARY_FLOORS.map((v) => (
              <option key={v} value={v}>
                {t('filters.salaryFloor', { man: (v / 10_000).toLocaleString(), millions: v / 1_000_000 })}
              </option>
            ))}
          </select>
          <p className="jn-hint muted">{t('filters.salaryHint')}</p>
        </fieldset>
        <label className="jn-check">
          <input type="checkbox" checked={filters.includeClosed} onChange={() => set({ includeClosed: !filters.includeClosed })} />
          <span>{t('filters.includeClosed')}</span>
        </label>
      </div>
    </aside>
  );
}
