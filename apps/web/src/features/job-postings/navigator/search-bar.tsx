/**
 * The search box (the URL and the results follow 300 ms after typing stops; the box keeps what is
 * typed, IME composition included: shared/lib/use-search-param) and the sort.
 */
import { defaultJobSort } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import type { SortKey } from '../lib/filters';
import './search-bar.css';

export function SearchBar({
  q,
  sort,
  canSortByMatch,
  onQuery,
  onSort,
}: {
  q: string;
  sort: SortKey | null;
  canSortByMatch: boolean;
  onQuery: (q: string) => void;
  onSort: (s: SortKey | null) => void;
}) {
  const { t } = useTranslation('job-postings');
  const search = useSearchParam(q, onQuery);
  // the server's own default when none is asked (by match for a member with a skill profile)
  const effective = sort ?? defaultJobSort({ hasQuery: !!q, hasProfile: canSortByMatch });
  return (
    <form
      className="jn-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        search.submit();
      }}
    >
      <label htmlFor="jn-q" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="jn-q"
        className="input jn-search__input"
        type="search"
        maxLength={100}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        {...search.inputProps}
      />
      <label htmlFor="jn-sort" className="visually-hidden">
        {t('sort.label')}
      </label>
      <select id="jn-sort" className="input jn-search__sort" value={effective} onChange={(e) => onSort(e.target.value as SortKey)}>
        {q && <option value="relevance">{t('sort.relevance')}</option>}
        <option value="postedAt">{t('sort.postedAt')}</option>
        <option value="validThrough">{t('sort.validThrough')}</option>
        {canSortByMatch && <option value="match">{t('sort.match')}</option>}
      </select>
    </form>
  );
}
