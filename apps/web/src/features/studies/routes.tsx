/**
 * The study pages (SPEC §2). Every page is its own lazy chunk; propose, manage and the back
 * office are split so the public list and detail stay light. Static paths outrank
 * /study/:studyIdentifier, and the shell's redirects (/study/1 → /study/1-tecoteco …) are matched
 * before it.
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/auth/require-auth';
import { lazyChunk, lazyPage } from '../../shared/chunk/lazy-page';
import type { ShellSlots } from '../../shared/shell/slots';

const StudyListPage = lazyPage(() => import('./pages/study-list-page'), 'studies');
const StudyDetailPage = lazyPage<{ identifier?: string }>(() => import('./pages/study-detail-page'), 'studies');
const ProposePage = lazyPage(() => import('./pages/propose/propose-page'), 'studies');
const ApplyPage = lazyPage(() => import('./pages/apply-page'), 'studies');
const ManagePage = lazyPage(() => import('./pages/manage/manage-page'), 'studies');
const ReviewWritePage = lazyPage(() => import('./pages/review-write-page'), 'studies');
const CheckInPage = lazyPage(() => import('./pages/check-in-page'), 'studies');

const guarded = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;

export const routes: RouteObject[] = [
  { path: '/study', element: <StudyListPage /> },
  { path: '/study/calendar', element: <StudyListPage /> },
  { path: '/study/propose', element: guarded(<ProposePage />) },
  { path: '/study/1-tecoteco', element: <StudyDetailPage identifier="1-tecoteco" /> },
  { path: '/study/:studyId/apply', element: guarded(<ApplyPage />) },
  { path: '/study/:studyId/manage', element: guarded(<ManagePage />) },
  { path: '/study/:studyId/review/write', element: guarded(<ReviewWritePage />) },
  { path: '/study/:studyId/check-in', element: guarded(<CheckInPage />) },
  { path: '/study/:studyIdentifier', element: <StudyDetailPage /> },
];

export const slots: ShellSlots = {
  profileSections: [lazyChunk(() => import('./my-studies/my-studies-section'))],
};
