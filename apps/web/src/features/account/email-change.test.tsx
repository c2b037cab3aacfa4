/**
 * The e-mail change form (sent, and the server's refusal shown) and its confirmation page
 * (success, a dead link's message; the single-use token sent once).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../shared/test/i18n';
import { EmailChangeSection } from './email-change-section';
import EmailConfirmPage from './email-confirm-page';

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

describe('e-mail change', () => {
  it('sends the new address and the password, then says where the link went', async () => {
    const calls = stubFetch((url, method) =>
      url.pathname === '/api/users/me/email' && method === 'POST'
        ? { status: 202, data: { requested: true, expiresAt: '2026-11-29T10:00:00Z' } }
        : undefined,
    );
    await show(<EmailChangeSection />);
    fireEvent.change(screen.getByLabelText('새 이메일'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'my passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: '확인 메일 보내기' }));
    expect(await screen.findByText(/확인 메일을 보냈습니다/)).toBeTruthy();
    expect(screen.getByText('new@example.com').closest('bdi')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/users/me/email')?.body).toEqual({ newEmail: 'new@example.com', password: 'my passphrase' });
  });

  it('shows the server’s message when the address is taken', async () => {
    stubFetch(() => ({ status: 409, error: { code: 'VAL-2005', message: '이미 가입된 이메일입니다.' } }));
    await show(<EmailChangeSection />);
    fireEvent.change(screen.getByLabelText('새 이메일'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '확인 메일 보내기' }));
    expect(await screen.findByText('이미 가입된 이메일입니다.')).toBeTruthy();
  });

  it('the confirmation page sends the token once and shows the new address, or the dead link’s message', async () => {
    const calls = stubFetch((url) =>
      url.pathname === '/api/users/me/email/confirm' ? { data: { changed: true, email: 'new@example.com' } } : undefined,
    );
    await show(<EmailConfirmPage />, '/users/me/email/confirm?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(/이메일을 바꿨습니다/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/users/me/email/confirm')).toHaveLength(1);
    cleanup();
    stubFetch(() => ({
      status: 400,
      error: { code: 'AUTH-1025', message: '이메일 변경 링크가 유효하지 않거나 만료되었습니다. 설정에서 다시 요청해 주세요.' },
    }));
    await show(<EmailConfirmPage />, '/users/me/email/confirm?token=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(/링크가 유효하지 않거나 만료되었습니다/)).toBeTruthy();
  });
});
