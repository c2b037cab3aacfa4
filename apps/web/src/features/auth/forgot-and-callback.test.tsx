/**
 * Forgot password: the same confirmation whether or not the address has an account (a refusal
 * such as "no such user" must not tell), but a rate limit or a server failure is said; the social
 * login's return page: the tokens from the fragment are taken, the fragment leaves the address bar,
 * the member goes on to a same-site returnTo only, and a failure or a missing token is explained.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider, type AuthState } from '../../shared/auth/auth-provider';
import { fakeAuth, initTestI18n, newTestQueryClient, stubFetch, TEST_USER } from '../../shared/test/render';
import AuthCallbackPage from './auth-callback-page';
import ForgotPasswordPage from './forgot-password-page';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

async function show(element: ReactElement, path: string, at: string, auth: AuthState = fakeAuth(null), lang: 'ko' | 'en' = 'ko') {
  await initTestI18n(lang);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthStateProvider value={auth}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
}

describe('forgot password', () => {
  it.each([
    ['the address has an account', { data: { requested: true, message: 'ok' } }],
    ['the server says there is no such account', { status: 404, error: { code: 'BIZ-3001', message: '사용자를 찾을 수 없습니다.' } }],
    ['the server refuses the address', { status: 400, error: { code: 'VAL-2001', message: '입력값이 올바르지 않습니다.' } }],
  ])('gives the same confirmation when %s', async (_case, answer) => {
    const { calls } = stubFetch((url) => (url.pathname === '/api/auth/password-reset/request' ? answer : undefined));
    await show(<ForgotPasswordPage />, '/forgot-password', '/forgot-password');
    fireEvent.change(screen.getByLabelText('이메일'), { target: { value: ' someone@moim.dev ' } });
    fireEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByRole('heading', { name: '메일을 확인해 주세요' })).toBeTruthy();
    expect(screen.getByText('someone@moim.dev 주소로 가입된 계정이 있다면 비밀번호 재설정 링크를 보냈습니다.')).toBeTruthy();
    expect(screen.queryByText(/찾을 수 없습니다|올바르지 않습니다/)).toBeNull();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'someone@moim.dev' }]);
  });

  it.each([
    [429, 'BIZ-3004', 'Too many requests. Try again in a minute.'],
    [503, 'SYS-5003', 'The server is busy. Try again later.'],
  ])('says a %i answer instead of pretending it was sent (en)', async (status, code, message) => {
    stubFetch(() => ({ status, error: { code, message } }));
    await show(<ForgotPasswordPage />, '/forgot-password', '/forgot-password', fakeAuth(null), 'en');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@moim.dev' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your mail' })).toBeNull();
  });

  it('checks the address before asking', async () => {
    const { calls } = stubFetch(() => undefined);
    await show(<ForgotPasswordPage />, '/forgot-password', '/forgot-password');
    fireEvent.change(screen.getByLabelText('이메일'), { target: { value: 'someone' } });
    fireEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByText('올바른 이메일 주소를 입력해 주세요.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('social login return page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  const arrive = (fragment: string) => window.history.replaceState(null, '', `/auth/callback${fragment}`);

  it('takes the tokens, clears them from the address bar and goes on to returnTo', async () => {
    arrive(`#accessToken=acc&refreshToken=ref&returnTo=${encodeURIComponent('/study/s-1')}`);
    const acceptTokens = vi.fn(() => Promise.resolve(TEST_USER));
    await show(<AuthCallbackPage />, '/auth/callback', '/auth/callback', { ...fakeAuth(null), acceptTokens });
    expect((await screen.findByTestId('where')).textContent).toBe('/study/s-1');
    expect(acceptTokens).toHaveBeenCalledWith('acc', 'ref');
    expect(window.location.hash).toBe('');
  });

  it('goes home rather than to a foreign returnTo', async () => {
    arrive(`#accessToken=acc&refreshToken=ref&returnTo=${encodeURIComponent('//evil.com/phish')}`);
    const acceptTokens = vi.fn(() => Promise.resolve(TEST_USER));
    await show(<AuthCallbackPage />, '/auth/callback', '/auth/callback', { ...fakeAuth(null), acceptTokens });
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('without a token says nothing arrived and takes nothing', async () => {
    arrive('#returnTo=%2Fstudy');
    const acceptTokens = vi.fn(() => Promise.resolve(TEST_USER));
    await show(<AuthCallbackPage />, '/auth/callback', '/auth/callback', { ...fakeAuth(null), acceptTokens });
    expect(await screen.findByRole('heading', { name: '소셜 로그인에 실패했습니다' })).toBeTruthy();
    expect(screen.getByText('로그인 정보를 받지 못했습니다. 다시 시도해 주세요.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인으로 돌아가기' }).getAttribute('href')).toBe('/login');
    expect(acceptTokens).not.toHaveBeenCalled();
  });

  it('an error from the provider is shown, even with a token beside it, and no token is taken', async () => {
    arrive(`#error=access_denied&message=${encodeURIComponent('사용자가 동의를 취소했습니다.')}&accessToken=acc`);
    const acceptTokens = vi.fn(() => Promise.resolve(TEST_USER));
    await show(<AuthCallbackPage />, '/auth/callback', '/auth/callback', { ...fakeAuth(null), acceptTokens });
    expect(await screen.findByRole('heading', { name: '소셜 로그인에 실패했습니다' })).toBeTruthy();
    expect(acceptTokens).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
