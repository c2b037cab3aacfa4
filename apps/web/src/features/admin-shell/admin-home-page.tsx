import { Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { useAdminOverview, useAdminUsers, useOutbox } from './admin-api';
import type { AdminNavEntry } from './admin-nav';

function Count({ value, loading }: { value?: number; loading: boolean }) {
  return <span className="admin-card__count">{loading ? '…' : (value ?? '—')}</span>;
}

function FeatureCard({ item }: { item: AdminNavEntry }) {
  const { t } = useTranslation(item.ns);
  return (
    <Link to={`/admin/${item.to}`} className="admin-card">
      <strong>{t(item.labelKey)}</strong>
    </Link>
  );
}

export default function AdminHomePage({ nav = [] }: { nav?: AdminNavEntry[] }) {
  const { t } = useTranslation('admin-shell');
  const users = useAdminUsers({ page: 0, size: 1 });
  const outbox = useOutbox({ page: 0, size: 1 });
  const waiting = useAdminOverview();
  const todo = [
    { key: 'pendingStudyApprovals', to: '/admin/studies' },
    { key: 'depositsToConfirm', to: '/admin/payments?status=WAITING_FOR_DEPOSIT' },
    { key: 'refundsToDecide', to: '/admin/payments?refundStatus=REQUESTED' },
    { key: 'depositPayoutsToSend', to: '/admin/deposit-refunds' },
    { key: 'depositRefundsFailed', to: '/admin/deposit-refunds?status=FAILED' },
  ] as const;
  return (
    <section aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">{t('home.title')}</h1>
      <p className="muted">{t('home.lead')}</p>
      <h2 className="admin-home__sub">{t('home.waiting')}</h2>
      {waiting.isError && <p className="muted">{t('home.waitingError')}</p>}
      <div className="admin-cards" data-testid="admin-waiting">
        {todo.map((c) => (
          <Link key={c.key} to={c.to} className="admin-card" data-testid={`admin-waiting-${c.key}`}>
            <strong>{t(`home.${c.key}`)}</strong>
            <Count value={waiting.data?.[c.key]} loading={waiting.isLoading} />
            <span className="muted">{t(`home.${c.key}Body`)}</span>
          </Link>
        ))}
      </div>
      <h2 className="admin-home__sub">{t('home.tools')}</h2>
      <div className="admin-cards">
        <Link to="/admin/users" className="admin-card">
          <strong>{t('nav.users')}</strong>
          <Count value={users.data?.totalElements} loading={users.isLoading} />
          <span className="muted">{t('home.usersBody')}</span>
        </Link>
        <Link to="/admin/outbox" className="admin-card">
          <strong>{t('nav.outbox')}</strong>
          <Count value={outbox.data?.totalElements} loading={outbox.isLoading} />
          <span className="muted">{t('home.outboxBody')}</span>
        </Link>
        {nav.map((item) => (
          <Suspense key={item.to} fallback={null}>
            <FeatureCard item={item} />
          </Suspense>
        ))}
      </div>
      {nav.length === 0 && <p className="frame-note">{t('home.more')}</p>}
    </section>
  );
}
