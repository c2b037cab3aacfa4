/**
 * The project pages (SPEC §2): list, create and edit (login required), detail. Every page is its
 * own lazy chunk; "my projects" joins /users/me through the shell's `profileSections` slot.
 */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/auth/require-auth';
import { lazyChunk, lazyPage } from '../../shared/chunk/lazy-page';
import type { ShellSlots } from '../../shared/shell/slots';

const ProjectListPage = lazyPage(() => import('./pages/project-list-page'), 'projects');
const ProjectDetailPage = lazyPage(() => import('./pages/project-detail-page'), 'projects');
const ProjectFormPage = lazyPage<{ mode: 'new' | 'edit' }>(() => import('./pages/project-form-page'), 'projects');

export const routes: RouteObject[] = [
  { path: '/project', element: <ProjectListPage /> },
  {
    path: '/project/new',
    element: (
      <RequireAuth>
        <ProjectFormPage mode="new" />
      </RequireAuth>
    ),
  },
  {
    path: '/project/:slug/edit',
    element: (
      <RequireAuth>
        <ProjectFormPage mode="edit" />
      </RequireAuth>
    ),
  },
  { path: '/project/:slug', element: <ProjectDetailPage /> },
];

export const slots: ShellSlots = {
  profileSections: [lazyChunk(() => import('./my-projects/my-projects-section'))],
};
