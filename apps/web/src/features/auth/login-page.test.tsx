/**
 * The login form: its field messages in the reader's language (ko, en), the server's refusal shown
 * as the server wrote it in that language (the request says which), and the second step that
 * appears when the server answers AUTH-1020 with a challenge — the code goes with that challenge
 * and the member lands where the login was asked from.
 */
import type { Profile } from '@moim/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthProvider } from '../../shared/auth/auth-provider';
import { initTestI18n, newTestQueryClient, stubFetch } from '../../shared/test/render';
import LoginPage from './login-page';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

async function showLogin(lang: 'ko' | 'en', at = '/login') {
  await initTestI18n(lang);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string> | undefined)?.[name];

const PROFILE: Profile = {
  id: 'u-1',
  email: 'member@moim.dev',
  username: null,
  name: '김멤버',
  roles: ['ROLE_USER'],
  systemRole: 'ROLE_USER',
  profileImage: null,
  bio: null,
  links: [],
  profileImageStatus: 'NONE',
  profileImageThumb: null,
  hasPassword: true,
  socialProviders: [],
  locale: 'ko',
  createdAt: '2026-01-05T00:00:00.000Z',
};

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('login form', () => {
  it('says in Korean what is missing and sends nothing', async () => {
    const { calls } = stubFetch(() => undefined);
    await showLogin('ko');
    fireEvent.click(await screen.findByRole('button', { name: '로그인' }));
    const alerts = await screen.findAllByText('필수 입력 항목입니다.');
    expect(alerts).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('이메일'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('올바른 이메일 주소를 입력해 주세요.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/auth/login')).toHaveLength(0);
  });

  it('says the same in English for an English reader', async () => {
    stubFetch(() => undefined);
    await showLogin('en');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'nope@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.queryByText('필수 입력 항목입니다.')).toBeNull();
  });

  it.each([
    ['ko', '이메일', '비밀번호', '로그인', '이메일 또는 비밀번호가 올바르지 않습니다.'],
    ['en', 'Email', 'Password', 'Log in', 'The email or password is not correct.'],
  ] as const)('shows the server’s refusal as the server wrote it for a %s reader', async (lang, email, password, submit, message) => {
    const { calls } = stubFetch((url, init) =>
      url.pathname === '/api/auth/login'
        ? {
            status: 401,
            error: {
              code: 'AUTH-1001',
              message:
                header(init, 'accept-language') === 'en'
                  ? 'The email or password is not correct.'
                  : '이메일 또는 비밀번호가 올바르지 않습니다.',
            },
          }
        : undefined,
    );
    await showLogin(lang);
    fireEvent.change(await screen.findByLabelText(email), { target: { value: '  member@moim.dev ' } });
    fireEvent.change(screen.getByLabelText(password), { target: { value: 'wrong password' } });
    fireEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(message)).toBeTruthy();
    const login = calls.find((c) => c.url.pathname === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'member@moim.dev', password: 'wrong password' });
    expect(screen.getByRole('button', { name: submit })).toBeTruthy(); // still on the form
  });

  it('asks for the second factor when the server answers with a challenge, sends the code with it and goes back where the login began', async () => {
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === '/api/auth/login')
        return {
          status: 401,
          error: { code: 'AUTH-1020', message: '2단계 인증 코드가 필요합니다.', details: { challengeToken: 'challenge-123' } },
        };
      if (url.pathname === '/api/auth/second-factor/login') {
        const body = JSON.parse(String(init.body)) as { code: string };
        if (body.code !== '123456') return { status: 401, error: { code: 'AUTH-1021', message: '인증 코드가 올바르지 않습니다.' } };
        return {
          data: {
            accessToken: 'access-token',
            refreshToken: 'refresh-token-0123456789',
            tokenType: 'Bearer',
            expiresIn: 900,
            refreshExpiresAt: '2026-12-30T00:00:00.000Z',
            id: PROFILE.id,
            email: PROFILE.email,
            username: null,
            name: PROFILE.name,
            roles: PROFILE.roles,
            systemRole: 'ROLE_USER',
            profileImage: null,
            user: {
              id: PROFILE.id,
              email: PROFILE.email,
              username: null,
              name: PROFILE.name,
              roles: PROFILE.roles,
              systemRole: 'ROLE_USER',
              profileImage: null,
            },
          },
        };
      }
      if (url.pathname === '/api/users/me') return { data: PROFILE };
      return undefined;
    });
    await showLogin('ko', `/login?returnTo=${encodeURIComponent('/study/s-1?tab=apply')}`);
    fireEvent.change(await screen.findByLabelText('이메일'), { target: { value: 'member@moim.dev' } });
    fireEvent.change(screen.getByLabelText('비밀번호'), { target: { value: 'right password' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));

    // the second step, not the server's message as an error
    expect(await screen.findByRole('heading', { name: '2단계 인증' })).toBeTruthy();
    expect(screen.queryByText('2단계 인증 코드가 필요합니다.')).toBeNull();

    fireEvent.change(screen.getByLabelText('인증 코드'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('인증 코드가 올바르지 않습니다.')).toBeTruthy();
    expect((screen.getByLabelText('인증 코드') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('인증 코드'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/study/s-1?tab=apply'));
    const codes = calls.filter((c) => c.url.pathname === '/api/auth/second-factor/login').map((c) => c.body);
    expect(codes).toEqual([
      { challengeToken: 'challenge-123', code: '000000' },
      { challengeToken: 'challenge-123', code: '123456' },
    ]);
    expect(localStorage.getItem('authToken')).toBe('access-token');
  });

  it('lets the member switch to a recovery code or start again from the password', async () => {
    stubFetch((url) =>
      url.pathname === '/api/auth/login'
        ? { status: 401, error: { code: 'AUTH-1020', message: 'x', details: { challengeToken: 'c-1' } } }
        : undefined,
    );
    await showLogin('en');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'member@moim.dev' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the sign-in again' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).toBeNull();
  });
});
