/** The search box (debounced: the URL and the results follow 300 ms after typing stops) and the sort. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortKey } from '../lib/filters';

export const SEARCH_DEBOUNCE_MS = 300;

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
  const { t } = useTranslation('ignition');
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onQuery);
  useEffect(() => {
    latest.current = onQuery;
  });
  // the URL changed elsewhere (a chip, back/forward): show it
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setText(q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (v: string) => {
    setText(v);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(v.trim()), SEARCH_DEBOUNCE_MS);
  };
  const effective = sort ?? (q ? 'relevance' : 'postedAt');
  return (
    <form
      className="jn-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        onQuery(text.trim());
      }}
    >
      <label htmlFor="jn-q" className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id="jn-q"
        className="input jn-search__input"
        type="search"
        value={text}
        maxLength={100}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => change(e.target.value)}
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
