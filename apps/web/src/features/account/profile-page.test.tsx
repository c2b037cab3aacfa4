/**
 * /users/me: the profile from /api/users/me (the session's user while it loads), roles named in the
 * reader's language (an unknown role as it is), a picture still being processed is not shown,
 * links open in a new tab without passing on who sent them, no introduction says where to write
 * one; a profile that cannot be loaded says so with a retry.
 */
import type { Profile } from '@moim/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import type { SessionUser } from '../../shared/auth/types';
import { fakeAuth, initTestI18n, newTestQueryClient, stubFetch, TEST_USER, type FetchHandler } from '../../shared/test/render';
import ProfilePage from './profile-page';

const ME: Profile = {
  id: TEST_USER.id,
  email: 'member@moim.dev',
  username: 'member',
  name: '박프로필',
  roles: ['ROLE_USER', 'ROLE_LEADER', 'ROLE_BETA'],
  systemRole: 'ROLE_USER',
  profileImage: '/api/public/users/u/profile-image?v=2',
  bio: '백엔드 개발자입니다.',
  links: [{ label: '', url: 'https://github.com/member' }],
  profileImageStatus: 'READY',
  profileImageThumb: null,
  hasPassword: true,
  socialProviders: [],
  locale: 'ko',
  createdAt: '2026-01-05T00:00:00.000Z',
};

async function show(handler: FetchHandler, opts: { lang?: 'ko' | 'en'; user?: SessionUser | null } = {}) {
  const { calls } = stubFetch(handler);
  await initTestI18n(opts.lang ?? 'ko');
  const router = createMemoryRouter([{ path: '*', element: <ProfilePage /> }], { initialEntries: ['/users/me'] });
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthStateProvider value={fakeAuth(opts.user === undefined ? TEST_USER : opts.user)}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const me =
  (profile: Profile): FetchHandler =>
  (url) =>
    url.pathname === '/api/users/me' ? { data: profile } : undefined;

describe('profile page', () => {
  it('names the roles in Korean (an unknown one as it is) and shows the introduction and links', async () => {
    await show(me(ME));
    expect(await screen.findByRole('heading', { level: 1, name: '박프로필' })).toBeTruthy();
    const roles = screen.getByRole('list', { name: '역할' });
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['회원', '스터디 리더', 'ROLE_BETA']);
    expect(screen.getByText('@member')).toBeTruthy();
    expect(screen.getByText('백엔드 개발자입니다.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'https://github.com/member' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noreferrer');
    expect(screen.getByRole('link', { name: '프로필 수정' }).getAttribute('href')).toBe('/users/me/edit');
  });

  it('in English, and with no introduction says where to write one', async () => {
    await show(me({ ...ME, bio: null, links: [] }), { lang: 'en' });
    await screen.findByRole('heading', { level: 1, name: '박프로필' });
    const roles = screen.getByRole('list', { name: 'Roles' });
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Member', 'Study leader', 'ROLE_BETA']);
    expect(screen.getByText('No introduction yet. Tell others about yourself in the settings.')).toBeTruthy();
  });

  it('does not show a picture that is still being processed, and says it is', async () => {
    await show(me({ ...ME, profileImageStatus: 'PENDING' }));
    expect(await screen.findByText('사진 처리 중')).toBeTruthy();
    expect(document.querySelector(`img[src="${ME.profileImage}"]`)).toBeNull();
  });

  it('shows the session’s user while the profile loads', async () => {
    globalThis.fetch = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    await initTestI18n('ko');
    const router = createMemoryRouter([{ path: '*', element: <ProfilePage /> }], { initialEntries: ['/users/me'] });
    render(
      <QueryClientProvider client={newTestQueryClient()}>
        <AuthStateProvider value={fakeAuth(TEST_USER)}>
          <RouterProvider router={router} />
        </AuthStateProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: TEST_USER.name })).toBeTruthy();
    expect(screen.getByText(TEST_USER.email)).toBeTruthy();
  });

  it('without any user to show, says the profile could not be loaded and retries', async () => {
    let fail = true;
    const calls = await show(
      (url) =>
        url.pathname === '/api/users/me'
          ? fail
            ? { status: 500, error: { code: 'SYS-5001', message: '서버 오류가 발생했습니다.' } }
            : { data: ME }
          : undefined,
      { user: null },
    );
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { level: 1, name: '박프로필' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/users/me')).toHaveLength(2);
  });
});
