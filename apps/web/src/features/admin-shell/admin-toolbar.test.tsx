/**
 * The administrators' floating toolbar (who gets it: app/admin-access.test.tsx): it opens from
 * its pill or Alt+Shift+A, names the admin and their roles, leads to the back office, keeps the debug switch across visits (and marks the page while on), and clearing
 * the cache empties local and session storage and says so.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import type { SessionUser } from '../../shared/auth/types';
import { fakeAuth, initTestI18n, stubFetch, TEST_USER } from '../../shared/test/render';
import AdminToolbar from './admin-toolbar';

const ADMIN: SessionUser = { ...TEST_USER, id: 'admin-1', name: '관리자김', roles: ['ROLE_USER', 'ROLE_ADMIN'], systemRole: 'ROLE_ADMIN' };

async function showToolbar(user: SessionUser = ADMIN, lang: 'ko' | 'en' = 'ko') {
  await initTestI18n(lang);
  const router = createMemoryRouter([{ path: '*', element: <AdminToolbar /> }], { initialEntries: ['/study/s-1?tab=apply'] });
  render(
    <AuthStateProvider value={fakeAuth(user)}>
      <RouterProvider router={router} />
    </AuthStateProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stubFetch(() => undefined);
});
afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.debug;
});

describe('what the toolbar offers', () => {
  it('opens from the pill and from Alt+Shift+A, naming the admin and their roles once each', async () => {
    await showToolbar();
    const pill = screen.getByTestId('admin-toolbar-toggle');
    expect(pill.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('admin-toolbar')).toBeNull();
    fireEvent.click(pill);
    const panel = screen.getByRole('region', { name: 'ADMIN' });
    expect(within(panel).getByText('관리자김')).toBeTruthy();
    const roles = within(within(panel).getByRole('list', { name: '역할' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    expect(within(panel).getByRole('link', { name: '백오피스' }).getAttribute('href')).toBe('/admin');
    expect(within(panel).getByRole('link', { name: '테스트 결제' }).getAttribute('href')).toBe('/checkout/test');
    fireEvent.click(within(panel).getByRole('button', { name: '관리자 도구 닫기' }));
    expect(screen.queryByTestId('admin-toolbar')).toBeNull();

    fireEvent.keyDown(window, { code: 'KeyA', altKey: true, shiftKey: true });
    expect(screen.getByTestId('admin-toolbar')).toBeTruthy();
    fireEvent.keyDown(window, { code: 'KeyA', altKey: true, shiftKey: true, ctrlKey: true }); // not the shortcut
    expect(screen.getByTestId('admin-toolbar')).toBeTruthy();
    fireEvent.keyDown(window, { code: 'KeyA', altKey: true, shiftKey: true });
    expect(screen.queryByTestId('admin-toolbar')).toBeNull();
  });

  it('the debug switch shows the page’s details, marks the page and is remembered', async () => {
    await showToolbar(ADMIN, 'en');
    fireEvent.click(screen.getByTestId('admin-toolbar-toggle'));
    const debug = screen.getByRole('switch', { name: /Debug mode/ });
    expect(debug.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('admin-debug-info')).toBeNull();
    fireEvent.click(debug);
    expect(debug.getAttribute('aria-checked')).toBe('true');
    const info = screen.getByTestId('admin-debug-info');
    expect(within(info).getByText('/study/s-1?tab=apply')).toBeTruthy();
    expect(within(info).getByText('admin-1')).toBeTruthy();
    expect(within(info).getByText('en')).toBeTruthy();
    expect(document.documentElement.dataset.debug).toBe('true');
    expect(localStorage.getItem('admin-floating-debug-mode')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Debug mode is on.');
  });

  it('comes back with the debug mode on when it was left on, and turning it off unmarks the page', async () => {
    localStorage.setItem('admin-floating-debug-mode', 'true');
    await showToolbar();
    await waitFor(() => expect(document.documentElement.dataset.debug).toBe('true'));
    fireEvent.click(screen.getByTestId('admin-toolbar-toggle'));
    fireEvent.click(screen.getByRole('switch', { name: /디버그 모드/ }));
    expect(document.documentElement.dataset.debug).toBeUndefined();
    expect(localStorage.getItem('admin-floating-debug-mode')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('디버그 모드를 껐습니다.');
  });

  it('clearing the cache empties local and session storage and says what that means', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('something', 'x');
    sessionStorage.setItem('draft', 'y');
    await showToolbar();
    fireEvent.click(screen.getByTestId('admin-toolbar-toggle'));
    fireEvent.click(screen.getByRole('button', { name: '캐시 비우기' }));
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(screen.getByRole('status').textContent).toBe('로컬·세션 저장소를 비웠습니다. 새로고침하면 다시 로그인해야 합니다.');
  });
});
