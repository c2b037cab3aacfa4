/**
 * Settings → "your data": loading, empty and error states, asking for an export (the pending
 * state), and downloading a ready one through the step-up dialog when the server asks for a fresh
 * proof of identity (AUTH-1023).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../shared/test/i18n';
import DataExportSection from './data-export-section';

type Reply = { status?: number; data?: unknown; error?: { code: string; message: string }; zip?: boolean };

function stubFetch(handler: (url: URL, method: string) => Reply | undefined) {
  const calls: Array<{ method: string; path: string }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname });
    const r = handler(url, method) ?? { status: 404, error: { code: 'BIZ-3001', message: '요청한 항목을 찾을 수 없습니다.' } };
    if (r.zip) return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': 'application/zip' } });
    const payload = r.error ? { success: false, error: r.error, message: r.error.message } : { success: true, data: r.data ?? null };
    return new Response(JSON.stringify(payload), {
      status: r.status ?? (r.error ? 400 : 200),
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

async function show(lng: 'ko' | 'en' = 'ko') {
  await initTestI18n(lng);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DataExportSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (over: Record<string, unknown>) => ({
  id: '11111111-1111-4111-8111-111111111111',
  status: 'READY',
  requestedAt: '2026-11-29T01:00:00Z',
  readyAt: '2026-11-29T01:00:05Z',
  expiresAt: '2026-12-06T01:00:05Z',
  sizeBytes: 16_000,
  downloadedAt: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settings: your data', () => {
  it('shows the empty state, asks for an export and shows it being prepared', async () => {
    let list: unknown[] = [];
    const calls = stubFetch((url, method) => {
      if (url.pathname !== '/api/users/me/data-exports') return undefined;
      if (method === 'POST') {
        list = [item({ status: 'PENDING', readyAt: null, expiresAt: null, sizeBytes: null })];
        return { status: 202, data: list[0] };
      }
      return { data: list };
    });
    await show();
    expect(await screen.findByText('아직 요청한 내보내기가 없습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '내보내기 요청' }));
    expect(await screen.findByText('준비 중')).toBeTruthy();
    expect(screen.getByRole('button', { name: '준비하는 중…' }).hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the error state with a retry', async () => {
    stubFetch(() => ({ status: 503, error: { code: 'SYS-5002', message: '잠시 후 다시 시도해 주세요.' } }));
    await show();
    expect(await screen.findByText('잠시 후 다시 시도해 주세요.')).toBeTruthy();
  });

  it('downloads a ready export after the step-up dialog when the proof of identity is stale', async () => {
    let proved = false;
    const calls = stubFetch((url, method) => {
      if (url.pathname === '/api/users/me/data-exports') return { data: [item({})] };
      if (url.pathname.endsWith('/download'))
        return proved
          ? { zip: true }
          : { status: 403, error: { code: 'AUTH-1023', message: '보안을 위해 본인 확인이 한 번 더 필요합니다.' } };
      if (url.pathname === '/api/auth/step-up' && method === 'POST') {
        proved = true;
        return { data: { verifiedUntil: '2026-11-29T01:10:00Z' } };
      }
      return undefined;
    });
    const created = vi.fn(() => 'blob:zip');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await show();
    expect(await screen.findByText('준비됨')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '내려받기' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'my passphrase' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    expect(calls.filter((c) => c.path.endsWith('/download'))).toHaveLength(2);
  });

  it('speaks English', async () => {
    stubFetch((url) => (url.pathname === '/api/users/me/data-exports' ? { data: [item({ status: 'EXPIRED' })] } : undefined));
    await show('en');
    expect(await screen.findByText('Expired')).toBeTruthy();
    expect(screen.getByText('Removed after 7 days. Ask for a new one if you need it.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeTruthy();
  });
});
