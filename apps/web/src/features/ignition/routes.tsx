/**
 * The navigator's routes beyond the three the shell declares (/ignition, /ignition/navigator,
 * /ignition/navigator-v1-deprecated): a posting's own page, and the back office under /admin.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const PostingPage = lazyPage(() => import('./posting-page'), 'ignition');
const AdminJobsPage = lazyPage(() => import('./admin/admin-jobs-page'), 'ignition');
const AdminRunPage = lazyPage(() => import('./admin/admin-run-page'), 'ignition');
const AdminPostingFormPage = lazyPage(() => import('./admin/admin-posting-form-page'), 'ignition');

export const routes: RouteObject[] = [{ path: '/ignition/navigator/:jobId', element: <PostingPage /> }];

/** Under /admin (the shell's admin layout already requires ROLE_ADMIN). */
export const adminRoutes: RouteObject[] = [
  { path: 'jobs', element: <AdminJobsPage /> },
  { path: 'jobs/runs/:runId', element: <AdminRunPage /> },
  { path: 'jobs/postings/new', element: <AdminPostingFormPage /> },
  { path: 'jobs/postings/:postingId/edit', element: <AdminPostingFormPage /> },
];

export const adminNav: Array<{ to: string; ns: string; labelKey: string }> = [{ to: 'jobs', ns: 'ignition', labelKey: 'admin.nav' }];
