import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-page';

const CalendarPage = lazyPage(() => import('./pages/calendar-page'), 'calendar');

export const routes: RouteObject[] = [{ path: '/calendar', element: <CalendarPage /> }];
