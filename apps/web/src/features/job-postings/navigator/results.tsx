/** The search results: loading, error, empty (with a way out) and the list with its pager. */
import type { JobPostingSummary, Page } from '@moim/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useNow } from '../lib/use-locale';
import { Pager } from '../../../shared/ui/pager';
import { PostingCard } from './posting-card';
import { ErrorMessage } from '../../../shared/ui/error-message';

export function Results({
  list,
  query,
  emptyTitle,
  emptyAction,
  onPage,
}: {
  list: UseQueryResult<Page<JobPostingSummary>>;
  query: string;
  emptyTitle: string;
  emptyAction?: React.ReactNode;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('job-postings');
  const now = useNow();
  if (list.isPending) return <LoadingState label={t('results.loading')} />;
  if (list.isError) return <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.content.length === 0) return <EmptyState title={emptyTitle}>{emptyAction}</EmptyState>;
  return (
    <>
      <ul className="jn-list" aria-busy={list.isFetching} data-testid="job-results">
        {list.data.content.map((p) => (
          <li key={p.id}>
            <PostingCard posting={p} query={query} now={now} />
          </li>
        ))}
      </ul>
      <Pager
        page={list.data.number}
        totalPages={list.data.totalPages}
        onPage={(p) => {
          onPage(p);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
