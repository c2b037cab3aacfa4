/**
 * The navigator's routes beyond the three the shell declares (/ignition, /ignition/navigator,
 * /ignition/navigator-v1-deprecated): a posting's own page (the back office under /admin: admin-routes.tsx).
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const PostingPage = lazyPage(() => import('./posting-page'), 'job-postings');

export const routes: RouteObject[] = [{ path: '/ignition/navigator/:jobId', element: <PostingPage /> }];
