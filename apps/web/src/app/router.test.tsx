import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api/client';
import { lazyPage } from '../shared/chunk/lazy-page';
import { RouteErrorBoundary } from '../features/errors/route-error';
import { Providers } from './providers';
import AdminArea, { adminNav, adminRoutes } from './admin-area';
import { AppRoutes, preloadRoute, routes } from './router';
import { initTestI18n } from '../shared/test/i18n';

/** Every route object of a tree, children included. */
const walk = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...walk(r.children ?? [])]);

describe('the route table', () => {
  beforeAll(() => initTestI18n('ko'));
  afterEach(cleanup);

  it('uses only what the declarative router understands (no loader, action, lazy or errorElement)', () => {
    // useRoutes silently ignores data-router fields: a feature relying on one would break quietly.
    const offenders = walk([...routes, ...adminRoutes])
      .filter((r) => ['loader', 'action', 'lazy', 'errorElement', 'ErrorBoundary', 'Component'].some((k) => k in r))
      .map((r) => r.path ?? '(pathless)');
    expect(offenders).toEqual([]);
  });

  it("keeps the back office in a table of its own, with the features' admin pages and navigation", async () => {
    expect(walk(routes).some((r) => r.path === '/admin/*')).toBe(true);
    expect(adminNav.map((n) => n.to)).toEqual(['jobs', 'payments', 'deposit-refunds', 'security-log', 'studies']);
    const paths = walk(adminRoutes).map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'users',
        'outbox',
        'jobs/runs/:runId',
        'payments/:paymentId',
        'deposit-refunds',
        'security-log',
        'studies/:studyId',
        '*',
      ]),
    );
    // relative to /admin: an unknown admin address is the 404 page, inside the admin layout
    render(
      <Providers client={new QueryClient()}>
        <MemoryRouter initialEntries={['/admin/nope']}>
          <Routes>
            <Route path="/admin/*" element={<AdminArea />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: /스터디/ }).getAttribute('href')).toBe('/admin/studies');
  });

  it('preloads the lazy pages an address matches, and nothing for a guarded page', async () => {
    const home = await preloadRoute('/');
    expect(home).toHaveLength(1);
    expect(typeof home[0]!.default).toBe('function');
    expect(await preloadRoute('/users/me')).toHaveLength(0);
  });

  it('replaces an old address with its new one', async () => {
    let where = '';
    function Where() {
      where = useLocation().pathname;
      return null;
    }
    render(
      <Providers client={new QueryClient()}>
        <MemoryRouter initialEntries={['/whoweare-ai-guide']}>
          <Where />
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(where).toBe('/whoweare');
  });
});

describe('RouteErrorBoundary', () => {
  beforeAll(() => initTestI18n('ko'));
  afterEach(cleanup);

  let broken = true;
  function Failing() {
    if (broken) throw new ApiError({ status: 404, code: 'BIZ-3001', serverMessage: 'not found' });
    return <p>fine</p>;
  }
  function Retry() {
    const navigate = useNavigate();
    const { pathname } = useLocation();
    return (
      <button type="button" onClick={() => navigate(pathname, { replace: true })}>
        go
      </button>
    );
  }
  function Tree() {
    return useRoutes([
      {
        element: (
          <>
            <Retry />
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          </>
        ),
        children: [{ path: '/broken', element: <Failing /> }],
      },
    ]);
  }

  it('shows the page for the status thrown, and renders the route again after a navigation', async () => {
    const original = console.error;
    console.error = () => undefined; // React reports the caught error
    try {
      render(
        <MemoryRouter initialEntries={['/broken']}>
          <Tree />
        </MemoryRouter>,
      );
      expect(screen.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
      broken = false;
      await act(async () => screen.getByRole('button', { name: 'go' }).click());
      expect(screen.getByText('fine')).toBeTruthy();
    } finally {
      console.error = original;
    }
  });
});

describe('lazyPage', () => {
  afterEach(cleanup);

  it('renders a preloaded page at once, without the Suspense fallback', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>page body</p> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('page body')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('suspends while a page has not been loaded', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>late body</p> }));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('late body')).toBeTruthy();
  });
});
