import { COST_TYPES, RECURRENCE_TYPES, STUDY_TYPES } from '@moim/contract';
import { type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { ChipGroup, toggle } from '../../../shared/ui/chip-group';
import { EMPTY_FILTERS, hasActiveFilters, type StudyListFilters } from '../lib/list-filters';
import { SearchIcon } from './icons';

interface Props {
  filters: StudyListFilters;
  onChange: (next: StudyListFilters) => void;
}

/** Text search, chip filters and the "recruiting only" switch; every change resets to page 0. */
export function StudyFilters({ filters, onChange }: Props) {
  const { t } = useTranslation('studies');
  const set = (patch: Partial<StudyListFilters>) => onChange({ ...filters, ...patch, page: 0 });
  // searched on submit; the box keeps what is typed and shows a URL it did not write (back, reset)
  const search = useSearchParam(filters.q, (q) => set({ q }), { debounceMs: null });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search.submit();
  };
  return (
    <section className="st-filters" aria-label={t('filters.title')}>
      <form role="search" className="st-search" onSubmit={submit}>
        <label htmlFor="study-search" className="visually-hidden">
          {t('filters.search')}
        </label>
        <span className="st-search__icon">
          <SearchIcon />
        </span>
        <input id="study-search" type="search" maxLength={100} placeholder={t('filters.searchPlaceholder')} {...search.inputProps} />
        <button type="submit" className="btn btn-primary st-search__btn">
          {t('filters.searchButton')}
        </button>
      </form>
      <div className="st-filters__groups">
        <ChipGroup
          legend={t('filters.type')}
          values={STUDY_TYPES}
          selected={filters.type}
          label={(v) => t(`type.${v}`)}
          onToggle={(v) => set({ type: toggle(filters.type, v) })}
        />
        <ChipGroup
          legend={t('filters.costType')}
          values={COST_TYPES}
          selected={filters.costType}
          label={(v) => t(`costType.${v}`)}
          onToggle={(v) => set({ costType: toggle(filters.costType, v) })}
        />
        <ChipGroup
          legend={t('filters.recurrence')}
          values={RECURRENCE_TYPES}
          selected={filters.recurrence}
          label={(v) => t(`recurrence.${v}`)}
          onToggle={(v) => set({ recurrence: toggle(filters.recurrence, v) })}
        />
      </div>
      <div className="st-filters__foot">
        <label className="st-switch">
          <input type="checkbox" role="switch" checked={filters.recruiting} onChange={(e) => set({ recruiting: e.target.checked })} />
          <span className="st-switch__track" aria-hidden="true" />
          <span>{t('filters.recruiting')}</span>
        </label>
        {hasActiveFilters(filters) && (
          <button type="button" className="btn btn-ghost st-filters__reset" onClick={() => onChange(EMPTY_FILTERS)}>
            {t('filters.reset')}
          </button>
        )}
      </div>
    </section>
  );
}
