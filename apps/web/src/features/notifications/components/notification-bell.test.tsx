import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, stubFetch, TEST_USER } from '../../../shared/test/render';
import { NotificationBell } from './notification-bell';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('notification bell', () => {
  it('links to the inbox and says how many are unread', async () => {
    stubFetch((url) => (url.pathname === '/api/notifications/unread-count' ? { data: { count: 3 } } : undefined));
    await renderPage(<NotificationBell />, { user: TEST_USER });
    const link = await screen.findByRole('link', { name: '알림, 읽지 않음 3' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(link.textContent).toBe('3');
  });
});
