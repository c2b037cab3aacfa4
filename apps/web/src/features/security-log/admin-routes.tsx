/**
 * The back office's security log under /admin/security-log. Read by the back office's route
 * table (app/admin-area.tsx), a chunk of its own loaded when an admin opens /admin.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const AdminSecurityLogPage = lazyPage(() => import('./admin-security-log-page'), 'security-log');

/** Under /admin (relative paths; the admin area already requires ROLE_ADMIN). */
export const adminRoutes: RouteObject[] = [{ path: 'security-log', element: <AdminSecurityLogPage /> }];

export const adminNav: Array<{ to: string; ns: string; labelKey: string }> = [
  { to: 'security-log', ns: 'security-log', labelKey: 'admin.nav' },
];
