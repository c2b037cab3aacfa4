/**
 * Test harness for pages and components (any feature): Korean catalogues (shared + the
 * feature namespaces), a fresh QueryClient without retries and a memory router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { initTestI18n } from './i18n';
import { AuthStateProvider, type AuthState } from '../auth/auth-provider';
import type { SessionUser } from '../auth/types';

export { initTestI18n };

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

export function newTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders `element` at `path` (or the given routes) inside the providers. */
export async function renderPage(
  element: ReactElement,
  opts: { path?: string; route?: string; routes?: RouteObject[]; client?: QueryClient; user?: SessionUser | null } = {},
): Promise<RenderResult & { client: QueryClient; router: ReturnType<typeof createMemoryRouter> }> {
  await initTestI18n();
  const client = opts.client ?? newTestQueryClient();
  const routes = opts.routes ?? [{ path: opts.route ?? '*', element }];
  const router = createMemoryRouter(routes, { initialEntries: [opts.path ?? '/'] });
  const result = render(
    <QueryClientProvider client={client}>
      <AuthStateProvider value={fakeAuth(opts.user ?? null)}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}

/** A fetch stub answering `{success, data}` envelopes from a table of handlers. */
export type FetchHandler = (
  url: URL,
  init: RequestInit,
) => { status?: number; data?: unknown; error?: { code: string; message: string; details?: unknown } } | undefined;

export function stubFetch(handler: FetchHandler): { calls: Array<{ method: string; url: URL; body: unknown }> } {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const r = handler(url, { ...init, method });
    if (!r) {
      return new Response(JSON.stringify({ success: false, error: { code: 'BIZ-3001', message: 'not found' }, message: 'not found' }), {
        status: 404,
      });
    }
    const status = r.status ?? 200;
    const body = r.error ? { success: false, error: r.error, message: r.error.message } : { success: true, data: r.data ?? null };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls };
}

export const TEST_USER: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'member@moim.dev',
  name: '김멤버',
  roles: ['ROLE_USER'],
};

/** A fixed auth state (signed in as `user`, or a guest). */
export function fakeAuth(user: SessionUser | null): AuthState {
  const never = () => Promise.reject(new Error('not in tests'));
  return {
    isAuthenticated: !!user,
    isLoading: false,
    user,
    ready: () => Promise.resolve(),
    login: never,
    acceptTokens: never,
    logout: () => Promise.resolve(),
    reloadUser: () => Promise.resolve(user),
    setUser: () => undefined,
  };
}
