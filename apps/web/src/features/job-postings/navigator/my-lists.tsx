/** The member's own lists in the navigator: bookmarked postings and recently viewed ones. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { jobQueries } from '../api';
import { formatDate } from '../lib/format';
import { useLocale, useNow } from '../lib/use-locale';
import { PostingCard } from './posting-card';
import { Results } from './results';
import { ErrorMessage } from '../../../shared/ui/error-message';

export function LoginPrompt({ returnTo, text }: { returnTo: string; text: string }) {
  const { t } = useTranslation('job-postings');
  return (
    <EmptyState title={text}>
      <Link className="btn btn-primary" to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>
        {t('common.login', { ns: 'translation' })}
      </Link>
    </EmptyState>
  );
}

export function BookmarksView() {
  const { t } = useTranslation('job-postings');
  const [page, setPage] = useState(0);
  const list = useQuery(jobQueries.bookmarks(page));
  return (
    <section aria-labelledby="bookmarks-title">
      <h2 id="bookmarks-title" className="jn-h2">
        {t('tabs.bookmarks')}
      </h2>
      <Results
        list={list}
        query=""
        emptyTitle={t('bookmark.empty')}
        emptyAction={<p className="muted">{t('bookmark.emptyHint')}</p>}
        onPage={setPage}
      />
    </section>
  );
}

export function RecentView() {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const now = useNow();
  const list = useQuery(jobQueries.recent());
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className="jn-h2">
        {t('tabs.recent')}
      </h2>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('recent.empty')} />
      ) : (
        <ul className="jn-list">
          {list.data.map((p) => (
            <li key={p.id}>
              <p className="jn-hint muted">{t('recent.viewedAt', { date: formatDate(p.viewedAt, locale) })}</p>
              <PostingCard posting={p} query="" now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
