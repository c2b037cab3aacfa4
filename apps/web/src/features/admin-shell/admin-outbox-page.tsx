import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { formatDateTime, useOutbox } from './admin-api';
import { Pager } from '../../shared/ui/pager';
import { ErrorMessage } from '../../shared/ui/error-message';

/** Mail the platform sent (password resets, notices), newest first. */
export default function AdminOutboxPage() {
  const { t, i18n } = useTranslation('admin-shell');
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [to, setTo] = useState('');
  const outbox = useOutbox({ page, size: 20, ...(to ? { to } : {}) });
  return (
    <section aria-labelledby="admin-outbox-title">
      <h1 id="admin-outbox-title">{t('outbox.title')}</h1>
      <p className="muted">{t('outbox.lead')}</p>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setTo(search.trim());
        }}
      >
        <label className="visually-hidden" htmlFor="admin-outbox-to">
          {t('outbox.to')}
        </label>
        <input
          id="admin-outbox-to"
          type="email"
          className="input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('outbox.toPlaceholder')}
        />
        <button type="submit" className="btn btn-primary btn-sm">
          {t('users.searchButton')}
        </button>
      </form>
      {outbox.isLoading ? (
        <LoadingState />
      ) : outbox.isError ? (
        <ErrorMessage variant="state" error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : !outbox.data?.content.length ? (
        <EmptyState title={t('outbox.empty')} />
      ) : (
        <>
          <ul className="outbox">
            {outbox.data.content.map((m) => (
              <li key={m.id}>
                <details>
                  <summary>
                    {/* the stored mail, in its recipient's language */}
                    <strong data-user-content="">{m.subject}</strong>
                    <span className="muted">
                      {m.to} · {formatDateTime(m.createdAt, i18n.language)} · {m.transport}
                    </span>
                  </summary>
                  <pre className="outbox__text" data-user-content="">
                    {m.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={outbox.data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
