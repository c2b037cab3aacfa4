import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { formatDateTime, useAdminUsers } from './admin-api';
import { Pager } from '../../shared/ui/pager';
import { TableScroll } from '../../shared/ui/table-scroll';
import { ErrorMessage } from '../../shared/ui/error-message';
import { AdminSecondFactorDialog } from './admin-second-factor-dialog';

const STATUSES = ['', 'ACTIVE', 'DEACTIVATED', 'DELETED'] as const;

export default function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin-shell');
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string>('');
  const [factorOf, setFactorOf] = useState<{ id: string; name: string } | null>(null);
  const users = useAdminUsers({ page, size: 20, ...(q ? { q } : {}), ...(status ? { status } : {}) });
  return (
    <section aria-labelledby="admin-users-title">
      <h1 id="admin-users-title">{t('users.title')}</h1>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setQ(search.trim());
        }}
      >
        <label className="visually-hidden" htmlFor="admin-user-q">
          {t('users.search')}
        </label>
        <input
          id="admin-user-q"
          className="input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('users.searchPlaceholder')}
        />
        <label className="visually-hidden" htmlFor="admin-user-status">
          {t('users.status')}
        </label>
        <select
          id="admin-user-status"
          className="input"
          value={status}
          onChange={(e) => {
            setPage(0);
            setStatus(e.target.value);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`users.statuses.${s}`) : t('users.allStatuses')}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary btn-sm">
          {t('users.searchButton')}
        </button>
      </form>
      {users.isLoading ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorMessage variant="state" error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data?.content.length ? (
        <EmptyState title={t('users.empty')} />
      ) : (
        <>
          <p className="muted">{t('users.total', { count: users.data.totalElements })}</p>
          <TableScroll className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('users.name')}</th>
                  <th scope="col">{t('users.email')}</th>
                  <th scope="col">{t('users.roles')}</th>
                  <th scope="col">{t('users.status')}</th>
                  <th scope="col">{t('users.joined')}</th>
                  <th scope="col">{t('secondFactor.column')}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.content.map((u) => (
                  <tr key={u.id}>
                    <td>
                      <strong data-user-content="">{u.name}</strong>
                      {u.username && <div className="muted">@{u.username}</div>}
                    </td>
                    <td>{u.email}</td>
                    <td>{[...new Set([...u.roles, u.systemRole])].join(', ')}</td>
                    <td>
                      <span className={`badge${u.status === 'ACTIVE' ? ' badge--success' : ''}`}>{t(`users.statuses.${u.status}`)}</span>
                    </td>
                    <td>{formatDateTime(u.createdAt, i18n.language)}</td>
                    <td>
                      {u.status !== 'DELETED' && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFactorOf({ id: u.id, name: u.name })}>
                          {t('secondFactor.open')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={page} totalPages={users.data.totalPages} onPage={setPage} />
        </>
      )}
      {factorOf && <AdminSecondFactorDialog user={factorOf} onClose={() => setFactorOf(null)} />}
    </section>
  );
}
