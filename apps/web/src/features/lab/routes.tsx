/**
 * The lab (SPEC §2): /lab, /lab/team-shuffle, /lab/spotlight-arena, /lab/{subject}. Tetris is
 * /lab/tetris (the games feature's page); other subjects show "coming soon" or not found.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const LabPage = lazyPage(() => import('./lab-page'), ['lab', 'games']);
const TetrisPage = lazyPage(() => import('../games/tetris/tetris-page'), ['games']);
const TeamShufflePage = lazyPage(() => import('./team-shuffle/team-shuffle-page'), 'lab');
const SpotlightArenaPage = lazyPage(() => import('./spotlight-arena/spotlight-arena-page'), 'lab');
const LabSubjectPage = lazyPage(() => import('./lab-subject-page'), 'lab');

export const routes: RouteObject[] = [
  { path: '/lab', element: <LabPage /> },
  { path: '/lab/tetris', element: <TetrisPage /> },
  { path: '/lab/team-shuffle', element: <TeamShufflePage /> },
  { path: '/lab/spotlight-arena', element: <SpotlightArenaPage /> },
  { path: '/lab/:subject', element: <LabSubjectPage /> },
];
