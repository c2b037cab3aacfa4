/**
 * The lab (SPEC §2): /lab, /lab/team-shuffle, /lab/spotlight-arena, /lab/{subject}. Tetris
 * (/lab/tetris) and the deduction game are declared by the games feature (its routes.tsx); other
 * subjects show "coming soon" or not found.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const LabPage = lazyPage(() => import('./lab-page'), ['lab', 'games']);
const TeamShufflePage = lazyPage(() => import('./team-shuffle/team-shuffle-page'), 'lab');
const SpotlightArenaPage = lazyPage(() => import('./spotlight-arena/spotlight-arena-page'), 'lab');
const LabSubjectPage = lazyPage(() => import('./lab-subject-page'), 'lab');

export const routes: RouteObject[] = [
  { path: '/lab', element: <LabPage /> },
  { path: '/lab/team-shuffle', element: <TeamShufflePage /> },
  { path: '/lab/spotlight-arena', element: <SpotlightArenaPage /> },
  { path: '/lab/:subject', element: <LabSubjectPage /> },
];
