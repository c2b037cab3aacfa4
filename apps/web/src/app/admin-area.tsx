/**
 * The back office (/admin/*, ROLE_ADMIN only; the guard is in router.tsx): its route table is a
 * chunk of its own, loaded when an admin opens /admin, so the start-up chunk carries neither the
 * admin pages' loaders nor their preload lists. The layout is in this chunk; each page is a lazy
 * chunk of its own. Features add pages and navigation entries through
 * `features/<feature>/admin-routes.tsx`, which may export:
 *   adminRoutes  RouteObject[] — pages under /admin (relative paths, e.g. 'studies')
 *   adminNav     AdminNavItem[] — entries of the admin navigation
 * They are discovered at build time, like the features' routes.tsx (app/feature-modules.ts).
 */
import { useRoutes, type RouteObject } from 'react-router';
import AdminLayout from '../features/admin-shell/admin-layout';
import { NotFoundPage } from '../features/errors/error-pages';
import { lazyPage } from '../shared/chunk/lazy-page';

export interface AdminNavItem {
  /** path under /admin, e.g. 'studies' */
  to: string;
  /** i18n namespace and key of the label */
  ns: string;
  labelKey: string;
}

interface AdminModule {
  adminRoutes?: RouteObject[];
  adminNav?: AdminNavItem[];
}

const AdminHomePage = lazyPage(() => import('../features/admin-shell/admin-home-page'), 'admin-shell');
const AdminUsersPage = lazyPage(() => import('../features/admin-shell/admin-users-page'), 'admin-shell');
const AdminOutboxPage = lazyPage(() => import('../features/admin-shell/admin-outbox-page'), 'admin-shell');

const modules = Object.entries(import.meta.glob<AdminModule>('../features/*/admin-routes.tsx', { eager: true }))
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([, module]) => module);

export const adminNav: AdminNavItem[] = modules.flatMap((m) => m.adminNav ?? []);

/** The admin area's routes, relative to /admin. */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout nav={adminNav} />,
    children: [
      { index: true, element: <AdminHomePage nav={adminNav} /> },
      { path: 'users', element: <AdminUsersPage /> },
      { path: 'outbox', element: <AdminOutboxPage /> },
      // Admin pages of other features: studies approvals, payments, job imports …
      ...modules.flatMap((m) => m.adminRoutes ?? []),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export default function AdminArea() {
  return useRoutes(adminRoutes);
}
