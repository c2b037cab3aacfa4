/**
 * The route table of SPEC §2. Every page is a lazy chunk; the layout's Suspense shows the
 * 'Loading...' fallback while one loads.
 */
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout';

const HomePage = lazy(() => import('../features/home/home-page'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
