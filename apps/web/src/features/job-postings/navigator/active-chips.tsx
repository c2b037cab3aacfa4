/** The filters in force as removable chips, and "clear all". */
import type { JobFacets } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { EMPTY_FILTERS, hasSearch, type NavigatorFilters } from '../lib/filters';
import './active-chips.css';

export function ActiveChips({
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
  if (!hasSearch(filters)) return null;
  const chips: Array<{ key: string; label: string; next: NavigatorFilters }> = [];
  const without = <K extends 'company' | 'skill' | 'experience' | 'employmentType' | 'region' | 'workMode'>(key: K, v: string) =>
    ({ ...filters, [key]: (filters[key] as string[]).filter((x) => x !== v), page: 0 }) as NavigatorFilters;
  if (filters.q)
    chips.push({
      key: 'q',
      label: `“${filters.q}”`,
      next: { ...filters, q: '', page: 0, sort: filters.sort === 'relevance' ? null : filters.sort },
    });
  for (const v of filters.experience) chips.push({ key: `e${v}`, label: t(`experience.${v}`), next: without('experience', v) });
  for (const v of filters.workMode) chips.push({ key: `w${v}`, label: t(`workMode.${v}`), next: without('workMode', v) });
  for (const v of filters.employmentType) chips.push({ key: `t${v}`, label: t(`employment.${v}`), next: without('employmentType', v) });
  for (const v of filters.region) chips.push({ key: `r${v}`, label: t(`region.${v}`), next: without('region', v) });
  for (const v of filters.skill) chips.push({ key: `s${v}`, label: `#${skillNames.get(v) ?? v}`, next: without('skill', v) });
  for (const v of filters.company)
    chips.push({
      key: `c${v}`,
      label: facets?.companies.find((c) => c.value === v)?.label ?? t('filters.selectedCompany'),
      next: without('company', v),
    });
  if (filters.salaryMin)
    chips.push({
      key: 'salary',
      label: t('filters.salaryFloor', { man: (filters.salaryMin / 10_000).toLocaleString(), millions: filters.salaryMin / 1_000_000 }),
      next: { ...filters, salaryMin: null, page: 0 },
    });
  if (filters.includeClosed)
    chips.push({ key: 'closed', label: t('filters.includeClosed'), next: { ...filters, includeClosed: false, page: 0 } });
  return (
    <div className="jn-active" role="group" aria-label={t('filters.active')}>
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          className="jn-chip jn-chip--on"
          onClick={() => onChange(c.next)}
          aria-label={t('filters.remove', { label: c.label })}
        >
          {c.label} <span aria-hidden="true">✕</span>
        </button>
      ))}
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange({ ...EMPTY_FILTERS, sort: null })}>
        {t('filters.clear')}
      </button>
    </div>
  );
}
