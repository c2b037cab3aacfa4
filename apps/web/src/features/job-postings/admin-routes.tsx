/**
 * The navigator's back office: job sources, import runs and postings under /admin/jobs. Read by the back office's route table (app/admin-area.tsx), a chunk of its own
 * loaded when an admin opens /admin, so none of this is in the start-up chunk.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const AdminJobsPage = lazyPage(() => import('./admin/admin-jobs-page'), 'job-postings');
const AdminRunPage = lazyPage(() => import('./admin/admin-run-page'), 'job-postings');
const AdminPostingFormPage = lazyPage(() => import('./admin/admin-posting-form-page'), 'job-postings');

/** Under /admin (relative paths; the admin area already requires ROLE_ADMIN). */
export const adminRoutes: RouteObject[] = [
  { path: 'jobs', element: <AdminJobsPage /> },
  { path: 'jobs/runs/:runId', element: <AdminRunPage /> },
  { path: 'jobs/postings/new', element: <AdminPostingFormPage /> },
  { path: 'jobs/postings/:postingId/edit', element: <AdminPostingFormPage /> },
];

export const adminNav: Array<{ to: string; ns: string; labelKey: string }> = [{ to: 'jobs', ns: 'job-postings', labelKey: 'admin.nav' }];
