import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../shared/test/i18n';
import { AuthStateProvider } from '../../../shared/auth/auth-provider';
import { FeedSubscription } from './feed-subscription';

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

function renderWith(isAuthenticated: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const auth = { isAuthenticated, isLoading: false, user: isAuthenticated ? { id: 'u1', name: '회원' } : null } as never;
  return render(
    <QueryClientProvider client={qc}>
      <AuthStateProvider value={auth}>
        <FeedSubscription />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
}

describe('iCal feed subscription', () => {
  it('is not offered to guests', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWith(false);
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the private address on demand and replaces it after rotating', async () => {
    let n = 0;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      n++;
      const token = init?.method === 'POST' ? 'new-token' : 'first-token';
      return new Response(JSON.stringify({ success: true, data: { token, url: `/api/calendar/feed/${token}.ics` } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWith(true);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '구독 주소 보기' }));
    const input = (await screen.findByLabelText('iCal 구독 주소')) as HTMLInputElement;
    expect(input.value).toMatch(/\/api\/calendar\/feed\/first-token\.ics$/);
    fireEvent.click(screen.getByRole('button', { name: '새 주소 발급' }));
    await waitFor(() => expect(input.value).toMatch(/new-token\.ics$/));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/calendar/feed-token') && init?.method === 'POST')).toBe(
      true,
    );
    expect(n).toBe(2);
  });
});
