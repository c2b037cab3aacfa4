/**
 * Sign-up and the password reset: the strength meter (a hint, below the minimum "weak"), the
 * fields' rules in ko and en, a taken e-mail stops the sign-up before anything is sent, the
 * server's field errors land on their field; the reset page without its token, the two new
 * passwords that must match, the token sent with the new password and a dead link's message.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import { fakeAuth, initTestI18n, newTestQueryClient, stubFetch } from '../../shared/test/render';
import { PasswordStrength } from './password-strength';
import ResetPasswordPage from './reset-password-page';
import { passwordStrength } from './schemas';
import SignupPage from './signup-page';

async function show(element: ReactElement, at: string, lang: 'ko' | 'en' = 'ko') {
  await initTestI18n(lang);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthStateProvider value={fakeAuth(null)}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return router;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('password strength', () => {
  it('scores length, mixed case, digits and symbols, and calls anything under 8 characters weak', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('Ab1!xyz')).toBe(1); // 7 characters, however varied
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('abcdefgh1')).toBe(1);
    expect(passwordStrength('Abcdefgh1')).toBe(2);
    expect(passwordStrength('Abcdefgh1!')).toBe(3);
    expect(passwordStrength('Abcdefgh1!xyz')).toBe(4);
  });

  it('shows the minimum while empty, then a word for the level, in the reader’s language', async () => {
    await initTestI18n('ko');
    const { rerender } = render(<PasswordStrength password="" />);
    expect(screen.getByText('8자 이상 입력해 주세요. 길고 다양한 문자를 섞을수록 안전합니다.')).toBeTruthy();
    rerender(<PasswordStrength password="short" />);
    expect(screen.getByText('약함 — 더 길게 만들어 보세요.')).toBeTruthy();
    await initTestI18n('en');
    rerender(<PasswordStrength password="Abcdefgh1!xyz" />);
    expect(await screen.findByText('Very strong')).toBeTruthy();
  });
});

describe('sign-up form', () => {
  it('checks name, e-mail, password length and username before sending, in Korean', async () => {
    const { calls } = stubFetch(() => undefined);
    await show(<SignupPage />, '/signup');
    fireEvent.click(await screen.findByRole('button', { name: '가입하기' }));
    expect(await screen.findAllByText('필수 입력 항목입니다.')).toHaveLength(2); // name, e-mail
    expect(screen.getByText('8자 이상 입력해 주세요.')).toBeTruthy(); // password
    type('사용자 이름 (선택)', '김 멤버');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('영문, 숫자, 밑줄(_), 점(.), 하이픈(-)으로 2~30자를 입력해 주세요.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/users/register')).toHaveLength(0);
  });

  it('says the same rules in English', async () => {
    stubFetch(() => undefined);
    await show(<SignupPage />, '/signup', 'en');
    type('Password', 'short');
    type('Email', 'member@');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Weak — make it longer.')).toBeTruthy();
  });

  it('says a typed e-mail is taken and does not register it', async () => {
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === '/api/users/check-email') {
        const { email } = JSON.parse(String(init.body)) as { email: string };
        return { data: { available: email !== 'taken@moim.dev' } };
      }
      return undefined;
    });
    await show(<SignupPage />, '/signup');
    type('이름', '김멤버');
    type('비밀번호', 'a long passphrase 1');
    type('이메일', 'free@moim.dev');
    expect(await screen.findByText('사용할 수 있는 이메일입니다.')).toBeTruthy();
    type('이메일', 'taken@moim.dev');
    const field = (await screen.findByText('이미 가입된 이메일입니다.')).closest('.field') as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    await within(field).findByRole('alert');
    expect(within(field).getByRole('alert').textContent).toBe('이미 가입된 이메일입니다.');
    expect(calls.filter((c) => c.url.pathname === '/api/users/register')).toHaveLength(0);
  });

  it('sends the trimmed fields and the UI language, and puts the server’s field message on its field', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/users/register'
        ? {
            status: 409,
            error: { code: 'VAL-2006', message: '이미 사용 중인 사용자 이름입니다.', details: { field: 'username' } },
          }
        : url.pathname === '/api/users/check-email'
          ? { data: { available: true } }
          : undefined,
    );
    await show(<SignupPage />, '/signup');
    type('이름', '  김멤버 ');
    type('이메일', ' new@moim.dev ');
    type('비밀번호', 'a long passphrase 1');
    type('사용자 이름 (선택)', 'member_1');
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    const usernameField = screen.getByLabelText('사용자 이름 (선택)').closest('.field') as HTMLElement;
    expect((await within(usernameField).findByRole('alert')).textContent).toBe('이미 사용 중인 사용자 이름입니다.');
    expect(calls.find((c) => c.url.pathname === '/api/users/register')?.body).toEqual({
      name: '김멤버',
      email: 'new@moim.dev',
      password: 'a long passphrase 1',
      username: 'member_1',
      locale: 'ko',
    });
  });
});

describe('reset-password page', () => {
  it('without a token says the link is broken and offers a new one, with no form', async () => {
    stubFetch(() => undefined);
    await show(<ResetPasswordPage />, '/reset-password');
    expect(await screen.findByRole('heading', { name: '링크가 올바르지 않습니다' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '재설정 링크 다시 받기' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('새 비밀번호')).toBeNull();
  });

  it('refuses two different passwords and a short one, in ko and en, without sending', async () => {
    const { calls } = stubFetch(() => undefined);
    await show(<ResetPasswordPage />, '/reset-password?token=tok_abcdefghijklmnop');
    type('새 비밀번호', 'a long passphrase 1');
    type('새 비밀번호 확인', 'a long passphrase 2');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('비밀번호가 일치하지 않습니다.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await initTestI18n('en');
    type('New password', 'short');
    type('Confirm new password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter at least 8 characters.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the link’s token with the new password and then offers the login', async () => {
    const { calls } = stubFetch((url) => (url.pathname === '/api/auth/password-reset/confirm' ? { data: { reset: true } } : undefined));
    await show(<ResetPasswordPage />, '/reset-password?token=tok_abcdefghijklmnop');
    type('새 비밀번호', 'a long passphrase 1');
    type('새 비밀번호 확인', 'a long passphrase 1');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByRole('heading', { name: '비밀번호를 바꿨습니다' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인하기' }).getAttribute('href')).toBe('/login');
    expect(calls.map((c) => c.body)).toEqual([{ token: 'tok_abcdefghijklmnop', newPassword: 'a long passphrase 1' }]);
  });

  it('shows why an expired link failed and offers a new one, keeping the form', async () => {
    stubFetch(() => ({ status: 400, error: { code: 'AUTH-1011', message: '재설정 링크가 만료되었습니다.' } }));
    await show(<ResetPasswordPage />, '/reset-password?token=tok_abcdefghijklmnop');
    type('새 비밀번호', 'a long passphrase 1');
    type('새 비밀번호 확인', 'a long passphrase 1');
    fireEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText(/재설정 링크가 만료되었습니다\./)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: '재설정 링크 다시 받기' }).getAttribute('href')).toBe('/forgot-password'));
    expect(screen.getByLabelText('새 비밀번호')).toBeTruthy();
  });
});
