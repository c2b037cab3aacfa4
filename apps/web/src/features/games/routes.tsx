/**
 * The games feature's own pages under /lab: Tetris, the deduction game, its bots and ladder
 * (the lab feature links to them; it never imports their pages).
 */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/auth/require-auth';
import { lazyChunk, lazyPage } from '../../shared/chunk/lazy-page';
import type { ShellSlots } from '../../shared/shell/slots';

const TetrisPage = lazyPage(() => import('./tetris/tetris-page'), ['games']);
const DeductionPage = lazyPage(() => import('./deduction/deduction-page'), ['deduction', 'games']);
const BotsPage = lazyPage(() => import('./deduction/bots-page'), ['deduction']);
const SharedBotPage = lazyPage(() => import('./deduction/shared-bot-page'), ['deduction']);
const LadderPage = lazyPage(() => import('./deduction/ladder-page'), ['deduction']);
const RoomsPage = lazyPage(() => import('./deduction/rooms-page'), ['deduction']);
const RoomPage = lazyPage(() => import('./deduction/room-page'), ['deduction']);

export const routes: RouteObject[] = [
  { path: '/lab/tetris', element: <TetrisPage /> },
  { path: '/lab/deduction-game', element: <DeductionPage /> },
  { path: '/lab/deduction-game/bots', element: <BotsPage /> },
  { path: '/lab/deduction-game/bots/shared/:shareId', element: <SharedBotPage /> },
  { path: '/lab/deduction-game/ladder', element: <LadderPage /> },
  {
    path: '/lab/deduction-game/rooms',
    element: (
      <RequireAuth>
        <RoomsPage />
      </RequireAuth>
    ),
  },
  {
    path: '/lab/deduction-game/rooms/:id',
    element: (
      <RequireAuth>
        <RoomPage />
      </RequireAuth>
    ),
  },
];

/** "My games" (ratings and boards) on /users/me, after my studies and projects */
export const slots: ShellSlots = {
  profileSections: [lazyChunk(() => import('./my-games-section'))],
  profileOrder: 10,
};
