/**
 * Search (as you type, debounced; shared/lib/use-search-param), chip filters (type, status,
 * meeting), tech stack, open position and sort for the project list; every change goes to the
 * URL and back to page 0.
 */
import { MEETING_TYPES, PROJECT_PUBLIC_STATUSES, PROJECT_SORTS, PROJECT_TYPES } from '@moim/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { ChipGroup, toggle } from '../../../shared/ui/chip-group';
import { EMPTY_FILTERS, hasActiveFilters, type ProjectListFilters } from '../lib/list-filters';
import { TagInput } from './tag-input';
import '../projects.css';
import './project-filters.css';

const PJ_CHIPS = { group: 'pj-chipgroup', row: 'pj-chipgroup__row', chip: 'pj-toggle' };

export function ProjectFilters({ filters, onChange }: { filters: ProjectListFilters; onChange: (f: ProjectListFilters) => void }) {
  const { t } = useTranslation('projects');
  const [position, setPosition] = useState(filters.position);
  const [syncedPosition, setSyncedPosition] = useState(filters.position);
  if (syncedPosition !== filters.position) {
    // the URL changed from outside (back button, reset): show its value
    setSyncedPosition(filters.position);
    setPosition(filters.position);
  }
  const [open, setOpen] = useState(false);
  const active =
    filters.type.length + filters.status.length + filters.meetingType.length + filters.stack.length + (filters.position ? 1 : 0);
  const set = (patch: Partial<ProjectListFilters>) => onChange({ ...filters, ...patch, page: 0 });
  // search as you type: the URL follows the box (debounced), the box keeps what is typed
  const search = useSearchParam(filters.q, (q) => set({ q }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search.submit();
  };
  return (
    <section className="pj-filters card" aria-label={t('filters.title')}>
      <form role="search" className="pj-search" onSubmit={submit}>
        <label htmlFor="project-search" className="visually-hidden">
          {t('filters.search')}
        </label>
        <input
          id="project-search"
          type="search"
          maxLength={100}
          placeholder={t('filters.searchPlaceholder')}
          aria-describedby="project-search-hint"
          autoComplete="off"
          enterKeyHint="search"
          {...search.inputProps}
        />
        <button type="submit" className="btn btn-primary">
          {t('filters.searchButton')}
        </button>
        <p id="project-search-hint" className="muted pj-search__hint">
          {t('filters.searchHint')}
        </p>
      </form>
      <button
        type="button"
        className="btn btn-secondary pj-filters__toggle"
        aria-expanded={open}
        aria-controls="project-filters-more"
        onClick={() => setOpen((o) => !o)}
      >
        {t('filters.more')}
        {active > 0 && <span className="pj-count">{active}</span>}
      </button>
      <div id="project-filters-more" className="pj-filters__more" data-open={open}>
        <div className="pj-filters__groups">
          <ChipGroup
            classes={PJ_CHIPS}
            legend={t('filters.type')}
            values={PROJECT_TYPES}
            selected={filters.type}
            label={(v) => t(`type.${v}`)}
            onToggle={(v) => set({ type: toggle(filters.type, v) })}
          />
          <ChipGroup
            classes={PJ_CHIPS}
            legend={t('filters.status')}
            values={PROJECT_PUBLIC_STATUSES}
            selected={filters.status}
            label={(v) => t(`status.${v}`)}
            onToggle={(v) => set({ status: toggle(filters.status, v) })}
          />
          <ChipGroup
            classes={PJ_CHIPS}
            legend={t('filters.meeting')}
            values={MEETING_TYPES}
            selected={filters.meetingType}
            label={(v) => t(`meeting.${v}`)}
            onToggle={(v) => set({ meetingType: toggle(filters.meetingType, v) })}
          />
        </div>
        <div className="pj-filters__row">
          <TagInput
            id="project-stack-filter"
            label={t('filters.stack')}
            values={filters.stack}
            max={10}
            placeholder={t('filters.stackPlaceholder')}
            onChange={(stack) => set({ stack })}
          />
          <form
            className="field pj-filters__position"
            onSubmit={(e) => {
              e.preventDefault();
              set({ position: position.trim() });
            }}
          >
            <label htmlFor="project-position-filter" className="field__label">
              {t('filters.position')}
            </label>
            <div className="pj-inline">
              <input
                id="project-position-filter"
                value={position}
                maxLength={40}
                placeholder={t('filters.positionPlaceholder')}
                onChange={(e) => setPosition(e.target.value)}
              />
              <button type="submit" className="btn btn-secondary">
                {t('filters.apply')}
              </button>
            </div>
          </form>
          <div className="field pj-filters__sort">
            <label htmlFor="project-sort" className="field__label">
              {t('filters.sort')}
            </label>
            <select id="project-sort" value={filters.sort} onChange={(e) => set({ sort: e.target.value as ProjectListFilters['sort'] })}>
              {PROJECT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {hasActiveFilters(filters) && (
        <div className="pj-filters__foot">
          <button type="button" className="btn btn-ghost" onClick={() => onChange(EMPTY_FILTERS)}>
            {t('filters.reset')}
          </button>
        </div>
      )}
    </section>
  );
}
