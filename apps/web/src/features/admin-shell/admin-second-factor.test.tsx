/** The back office's view of a member's second factor and its reset (status, confirmation box, the reset sent once). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../shared/test/i18n';
import { AdminSecondFactorDialog } from './admin-second-factor-dialog';

type Reply = { status?: number; data?: unknown; error?: { code: string; message: string } };

function stubFetch(handler: (url: URL, method: string, body: unknown) => Reply | undefined) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const r = handler(url, method, body) ?? { status: 404, error: { code: 'BIZ-3001', message: '요청한 항목을 찾을 수 없습니다.' } };
    const payload = r.error ? { success: false, error: r.error, message: r.error.message } : { success: true, data: r.data ?? null };
    return new Response(JSON.stringify(payload), {
      status: r.status ?? (r.error ? 400 : 200),
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

async function show(element: ReactElement, at = '/') {
  await initTestI18n('ko');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('back office: a member’s second factor', () => {
  it('shows the factor and resets it only after the confirmation box', async () => {
    const calls = stubFetch((url, method) => {
      if (url.pathname.endsWith('/second-factor') && method === 'GET')
        return { data: { enabled: true, enabledAt: '2026-11-01T00:00:00Z', recoveryCodesLeft: 0, enrolAgain: false } };
      if (url.pathname.endsWith('/second-factor/reset')) return { data: { reset: true, sessionsEnded: 2, adminsNotified: 1 } };
      return undefined;
    });
    await show(<AdminSecondFactorDialog user={{ id: 'u-1', name: '이회원' }} onClose={() => undefined} />);
    expect(await screen.findByText(/복구 코드 0개 남음/)).toBeTruthy();
    const button = screen.getByRole('button', { name: '2단계 인증 초기화' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(button);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/users/u-1/second-factor/reset')).toHaveLength(1));
  });
});
