/**
 * The back office (/admin, ROLE_ADMIN only, its own lazy chunk): a navigation that other
 * features extend through `adminNav` in their admin-routes.tsx (app/admin-area.tsx), and the page.
 */
import { Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import { NavLink, Outlet } from 'react-router';
import { LoadingState } from '../../shared/ui/states';
import type { AdminNavEntry } from './admin-nav';
import '../../shared/ui/table.css';
import './admin.css';

function NavLabel({ item }: { item: AdminNavEntry }) {
  const { t } = useTranslation(item.ns);
  return <>{t(item.labelKey)}</>;
}

export default function AdminLayout({ nav = [] }: { nav?: AdminNavEntry[] }) {
  const { t } = useTranslation('admin-shell');
  return (
    <div className="container admin">
      <aside className="admin__side">
        <p className="admin__title">{t('title')}</p>
        <nav aria-label={t('navLabel')} className="admin__nav">
          <NavLink to="/admin" end>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/admin/users">{t('nav.users')}</NavLink>
          <NavLink to="/admin/outbox">{t('nav.outbox')}</NavLink>
          {nav.map((item) => (
            <NavLink key={item.to} to={`/admin/${item.to}`}>
              <Suspense fallback={item.to}>
                <NavLabel item={item} />
              </Suspense>
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="admin__main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
