/**
 * The studies back office (approvals, a study's record) under /admin/studies. Read by the back office's route table (app/admin-area.tsx), a chunk of its own
 * loaded when an admin opens /admin, so none of this is in the start-up chunk.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const AdminStudiesPage = lazyPage(() => import('./admin/admin-studies-page'), 'studies');
const AdminStudyPage = lazyPage(() => import('./admin/admin-study-page'), 'studies');

/** Under /admin (relative paths; the admin area already requires ROLE_ADMIN). */
export const adminRoutes: RouteObject[] = [
  { path: 'studies', element: <AdminStudiesPage /> },
  { path: 'studies/:studyId', element: <AdminStudyPage /> },
];

/** Entries of the admin navigation (shape of app/admin-area AdminNavItem). */
export const adminNav: Array<{ to: string; ns: string; labelKey: string }> = [{ to: 'studies', ns: 'studies', labelKey: 'admin.nav' }];
