import type { Profile, User } from '@moim/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { AuthProvider } from './auth-provider';
import { RequireAuth } from './require-auth';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderAt(path: string, roles?: string[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/users/me',
        element: (
          <RequireAuth roles={roles}>
            <p>secret page</p>
          </RequireAuth>
        ),
      },
      { path: '/login', element: <Where /> },
      { path: '/', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });

/** GET /api/auth/validate answers the token's user (contract `user`). */
const apiUser = (roles: string[] = ['ROLE_USER']): User => ({
  id: 'u',
  email: 'a@b.c',
  username: null,
  name: 'A',
  roles,
  systemRole: roles.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : 'ROLE_USER',
  profileImage: null,
});
/** GET /api/users/me answers the profile (contract `profile`). */
const apiProfile = (roles?: string[]): Profile => ({
  ...apiUser(roles),
  bio: null,
  links: [],
  profileImageStatus: 'NONE',
  profileImageThumb: null,
  hasPassword: true,
  socialProviders: [],
  locale: 'ko',
  createdAt: '2026-01-05T00:00:00.000Z',
});

describe('RequireAuth', () => {
  beforeAll(() => initTestI18n('ko'));
  afterEach(cleanup);
  beforeEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows 인증 확인 중... then sends a guest to /login with the original location', async () => {
    renderAt('/users/me?tab=1');
    expect(screen.getByText('인증 확인 중...')).toBeTruthy();
    const where = await screen.findByTestId('where');
    expect(where.textContent).toBe(`/login?returnTo=${encodeURIComponent('/users/me?tab=1')}`);
  });

  it('checks a stored token with /api/auth/validate, then shows the page', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('user', JSON.stringify({ id: 'u', email: 'a@b.c', name: 'A', roles: ['ROLE_USER'] }));
    let resolveValidate: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string) => {
      if (url === '/api/auth/validate') return new Promise<Response>((r) => (resolveValidate = r));
      return Promise.resolve(ok(apiProfile()));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/users/me');
    expect(screen.getByText('인증 확인 중...')).toBeTruthy();
    resolveValidate(ok(apiUser()));
    expect(await screen.findByText('secret page')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/validate');
  });

  it('sends a user without the required role home', async () => {
    localStorage.setItem('authToken', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url === '/api/auth/validate' ? ok(apiUser()) : ok(apiProfile()))),
    );
    renderAt('/users/me', ['ROLE_ADMIN', 'ADMIN']);
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('sends the user to /login when another tab removes the token', async () => {
    localStorage.setItem('authToken', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url === '/api/auth/validate' ? ok(apiUser()) : ok(apiProfile()))),
    );
    renderAt('/users/me');
    await screen.findByText('secret page');
    localStorage.removeItem('authToken');
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', oldValue: 't', newValue: null }));
    expect((await screen.findByTestId('where')).textContent).toMatch(/^\/login\?returnTo=/);
  });
});
