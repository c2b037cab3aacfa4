/**
 * Who reaches the back office: the floating admin toolbar is on an admin's pages only (by role or
 * by system role), never a member's or a guest's; /admin/* sends a guest to the login (coming
 * back afterwards) and a member home, and shows an admin the back office.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthStateProvider } from '../shared/auth/auth-provider';
import type { SessionUser } from '../shared/auth/types';
import { fakeAuth, initTestI18n, newTestQueryClient, stubFetch, TEST_USER } from '../shared/test/render';
import { AppShell } from './app-shell';
import { routes } from './router';

const ADMIN: SessionUser = { ...TEST_USER, id: 'admin-1', name: '관리자김', roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' };
// an admin known by the system role alone (the roles list does not say it)
const SYSTEM_ADMIN: SessionUser = { ...TEST_USER, id: 'admin-2', name: '시스템관리자', roles: ['ROLE_USER'], systemRole: 'ROLE_ADMIN' };

async function mount(user: SessionUser | null, routeTable: RouteObject[], at: string) {
  await initTestI18n('ko');
  const router = createMemoryRouter(routeTable, { initialEntries: [at] });
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthStateProvider value={fakeAuth(user)}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
}

const shell = (label: string): RouteObject[] => [{ element: <AppShell />, children: [{ path: '*', element: <p>{label}</p> }] }];

beforeEach(() => {
  localStorage.clear();
  stubFetch(() => undefined);
});
afterEach(() => localStorage.clear());

describe('the admin toolbar', () => {
  it.each([
    ['by role', ADMIN],
    ['by system role', SYSTEM_ADMIN],
  ])('an admin (%s) has it on their pages', async (_how, user) => {
    await mount(user, shell('page body'), '/study');
    expect(await screen.findByTestId('admin-toolbar-toggle')).toBeTruthy();
  });

  it.each([
    ['a member', TEST_USER],
    ['a guest', null],
  ])('%s does not, even once the toolbar has loaded for an admin on the same screen', async (_who, user) => {
    const other = await mount(user, shell('their page'), '/study');
    const admin = await mount(ADMIN, shell('admin page'), '/study');
    // the admin's toolbar is in: the lazy chunk has loaded for every view that would show it
    await within(admin.container).findByTestId('admin-toolbar-toggle');
    expect(within(other.container).getByText('their page')).toBeTruthy();
    expect(within(other.container).queryByTestId('admin-toolbar-toggle')).toBeNull();
    expect(screen.getAllByTestId('admin-toolbar-toggle')).toHaveLength(1);
  });
});

describe('the /admin guard (the app’s route table)', () => {
  function Where() {
    const l = useLocation();
    return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
  }
  const walk = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...walk(r.children ?? [])]);
  const adminRoute = walk(routes).find((r) => r.path === '/admin/*')!;
  const table: RouteObject[] = [
    { path: '/admin/*', element: adminRoute.element },
    { path: '/login', element: <Where /> },
    { path: '/', element: <Where /> },
  ];

  it('sends a guest to the login, which will bring them back', async () => {
    await mount(null, table, '/admin/users?status=ACTIVE');
    expect((await screen.findByTestId('where')).textContent).toBe(`/login?returnTo=${encodeURIComponent('/admin/users?status=ACTIVE')}`);
    expect(screen.queryByText('BACK OFFICE')).toBeNull();
  });

  it('sends a signed-in member home without showing the back office', async () => {
    localStorage.setItem('authToken', 'member-token');
    await mount(TEST_USER, table, '/admin/users');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(screen.queryByText('BACK OFFICE')).toBeNull();
  });

  it('shows an admin the back office with its navigation', async () => {
    localStorage.setItem('authToken', 'admin-token');
    await mount(SYSTEM_ADMIN, table, '/admin/users');
    expect(await screen.findByText('BACK OFFICE')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '관리자 메뉴' });
    expect(within(nav).getByRole('link', { name: '사용자' }).getAttribute('href')).toBe('/admin/users');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
