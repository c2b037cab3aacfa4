/**
 * Test harness for the project pages (not a test file): Korean catalogues, a fresh QueryClient,
 * a memory router, a fixed auth state and a fetch stub answering envelopes.
 */
import type { ProjectSummary } from '@moim/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { initTestI18n } from '../../../shared/test/i18n';
import { AuthStateProvider, type AuthState } from '../../../shared/auth/auth-provider';

afterEach(() => cleanup());

const signedIn: AuthState = {
  isAuthenticated: true,
  isLoading: false,
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'member@moim.dev', name: '최서연', roles: ['ROLE_USER'] },
  ready: () => Promise.resolve(),
  login: () => Promise.reject(new Error('not in tests')),
  acceptTokens: () => Promise.reject(new Error('not in tests')),
  logout: () => Promise.resolve(),
  reloadUser: () => Promise.resolve(null),
  setUser: () => undefined,
};

export async function renderAt(element: ReactElement, path: string, route: string) {
  await initTestI18n();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <AuthStateProvider value={signedIn}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

export type Handler = (
  url: URL,
  method: string,
  body: unknown,
) => { status?: number; data?: unknown; error?: { code: string; message: string } } | undefined;

export function stubFetch(handler: Handler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const r = handler(url, method, body) ?? { status: 404, error: { code: 'BIZ-3001', message: 'not found' } };
    const payload = r.error ? { success: false, error: r.error, message: r.error.message } : { success: true, data: r.data ?? null };
    return new Response(JSON.stringify(payload), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

export function summary(over: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    slug: '모임-캘린더',
    name: '모임 캘린더',
    tagline: '스터디 일정을 한 화면에서',
    type: 'SIDE_PROJECT',
    status: 'RECRUITING',
    meeting: { type: 'ONLINE', frequency: '주 1회', region: '' },
    recruitmentDeadline: null,
    startDate: null,
    positions: [
      { id: 'p1', name: '백엔드 개발자', requiredCount: 2, filledCount: 1, open: true },
      { id: 'p2', name: '디자이너', requiredCount: 1, filledCount: 1, open: false },
    ],
    techStack: [{ category: 'FRONTEND', name: 'React' }],
    owner: { id: 'o1', name: '최서연', username: 'seoyeon', profileImage: null },
    memberCount: 3,
    viewCount: 42,
    acceptingApplications: true,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...over,
  };
}

export const page = <T,>(content: T[], total = content.length) => ({
  content,
  number: 0,
  size: 10,
  totalElements: total,
  totalPages: Math.ceil(total / 10),
  first: true,
  last: total <= 10,
});
