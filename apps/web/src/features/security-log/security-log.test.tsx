/**
 * The member's sessions and sign-ins section and the back office's security log page: loading,
 * empty and error states, the current session marked, ending a session, the filters sent.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../shared/test/i18n';
import AdminSecurityLogPage from './admin-security-log-page';
import SecuritySection from './security-section';
import { deviceLabel } from './device';

type Reply = { status?: number; data?: unknown; error?: { code: string; message: string } };

function stubFetch(handler: (url: URL, method: string) => Reply | undefined) {
  const calls: Array<{ method: string; path: string }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname + url.search });
    const r = handler(url, method) ?? { status: 404, error: { code: 'BIZ-3001', message: '요청한 항목을 찾을 수 없습니다.' } };
    const payload = r.error ? { success: false, error: r.error, message: r.error.message } : { success: true, data: r.data ?? null };
    return new Response(JSON.stringify(payload), {
      status: r.status ?? (r.error ? 400 : 200),
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

async function show(element: ReactElement) {
  await initTestI18n('ko');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const page = <T,>(content: T[]) => ({
  content,
  number: 0,
  size: 20,
  totalElements: content.length,
  totalPages: content.length ? 1 : 0,
  first: true,
  last: true,
});
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const session = (id: string, current: boolean) => ({
  id,
  method: 'password',
  createdAt: '2026-11-28T01:00:00Z',
  lastUsedAt: '2026-11-29T01:00:00Z',
  expiresAt: '2026-12-28T01:00:00Z',
  ip: current ? '203.0.113.7' : '198.51.100.2',
  userAgent: current ? CHROME_MAC : 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
  current,
});

afterEach(cleanup);

describe('settings: sign-ins and sessions', () => {
  it('marks the current session, ends another and all others', async () => {
    let sessions = [session('s-current', true), session('s-phone', false)];
    const calls = stubFetch((url, method) => {
      if (url.pathname === '/api/users/me/sessions' && method === 'GET') return { data: sessions };
      if (url.pathname === '/api/users/me/sessions/s-phone' && method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== 's-phone');
        return { data: { ended: 1 } };
      }
      if (url.pathname === '/api/users/me/sign-ins')
        return {
          data: page([
            {
              at: '2026-11-29T01:00:00Z',
              method: 'password',
              outcome: 'failure',
              reason: 'bad_password',
              ip: '198.51.100.2',
              userAgent: null,
            },
          ]),
        };
      return undefined;
    });
    await show(<SecuritySection />);
    expect(await screen.findByText('현재 기기')).toBeTruthy();
    expect(screen.getByText('Safari · iOS')).toBeTruthy();
    expect(await screen.findByText('비밀번호가 틀림')).toBeTruthy();
    expect(screen.getByText('실패')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '이 세션 종료' })[1]!);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/me/sessions/s-phone')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Safari · iOS')).toBeNull());
    // no other session left: the "end all others" button goes
    expect(screen.queryByRole('button', { name: '다른 세션 모두 종료' })).toBeNull();
  });

  it('shows the empty and error states', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/users/me/sessions')
        return { status: 503, error: { code: 'SYS-5002', message: '잠시 후 다시 시도해 주세요.' } };
      if (url.pathname === '/api/users/me/sign-ins') return { data: page([]) };
      return undefined;
    });
    await show(<SecuritySection />);
    expect(await screen.findByText('로그인 기록이 없습니다.')).toBeTruthy();
    expect(await screen.findByText('잠시 후 다시 시도해 주세요.')).toBeTruthy();
  });
});

describe('back office: security log', () => {
  it('lists entries and sends the filters', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname !== '/api/admin/security-log') return undefined;
      return {
        data: page([
          {
            id: 'e1',
            at: '2026-11-29T01:00:00Z',
            actorKind: 'anonymous',
            actorId: null,
            action: 'auth.login.password',
            targetKind: 'user',
            targetId: 'u-1',
            outcome: 'failure',
            reason: 'bad_password',
            ip: '198.51.100.2',
            userAgent: CHROME_MAC,
            requestId: 'r-1',
            details: { identifier: 'a***@example.com' },
          },
        ]),
      };
    });
    await show(<AdminSecurityLogPage />);
    expect(await screen.findByText('비로그인')).toBeTruthy();
    expect(screen.getByText('a***@example.com', { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('결과'), { target: { value: 'failure' } });
    fireEvent.change(screen.getByLabelText('IP 주소 (앞부분도 가능)'), { target: { value: '198.51.' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('outcome=failure') && c.path.includes('ip=198.51.'))).toBe(true));
  });

  it('says when nothing matches', async () => {
    stubFetch((url) => (url.pathname === '/api/admin/security-log' ? { data: page([]) } : undefined));
    await show(<AdminSecurityLogPage />);
    expect(await screen.findByText('조건에 맞는 기록이 없습니다.')).toBeTruthy();
  });
});

describe('deviceLabel', () => {
  it('names browser and system, or nothing', () => {
    expect(deviceLabel(CHROME_MAC)).toBe('Chrome · macOS');
    expect(deviceLabel('curl/8.0')).toBeNull();
    expect(deviceLabel(null)).toBeNull();
  });
});
