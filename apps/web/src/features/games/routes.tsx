/**
 * The games feature's own pages under /lab: Tetris, the deduction game, its bots and ladder
 * (the lab feature links to them; it never imports their pages).
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const TetrisPage = lazyPage(() => import('./tetris/tetris-page'), ['games']);
const DeductionPage = lazyPage(() => import('./deduction/deduction-page'), ['deduction', 'games']);
const BotsPage = lazyPage(() => import('./deduction/bots-page'), ['deduction']);
const SharedBotPage = lazyPage(() => import('./deduction/shared-bot-page'), ['deduction']);
const LadderPage = lazyPage(() => import('./deduction/ladder-page'), ['deduction']);

export const routes: RouteObject[] = [
  { path: '/lab/tetris', element: <TetrisPage /> },
  { path: '/lab/deduction-game', element: <DeductionPage /> },
  { path: '/lab/deduction-game/bots', element: <BotsPage /> },
  { path: '/lab/deduction-game/bots/shared/:shareId', element: <SharedBotPage /> },
  { path: '/lab/deduction-game/ladder', element: <LadderPage /> },
];
