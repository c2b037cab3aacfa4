/**
 * /users/me/edit: the profile form's rules (username shape, link addresses, in ko and en) and
 * what it sends (trimmed; empty fields as null; a link without a label named by its host); the
 * password change refuses two different new passwords; a picture of the wrong type or size is
 * refused before upload; deleting the account needs the password and the typed phrase (an account
 * without a password types its e-mail), deactivating signs out and goes home.
 */
import type { Profile } from '@moim/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import { fakeAuth, initTestI18n, newTestQueryClient, stubFetch, type FetchHandler } from '../../shared/test/render';
import SettingsPage from './settings-page';

const ME: Profile = {
  id: 'u-1',
  email: 'member@moim.dev',
  username: 'member',
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

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

async function show(opts: { lang?: 'ko' | 'en'; me?: Profile; handler?: FetchHandler } = {}) {
  const me = opts.me ?? ME;
  const { calls } = stubFetch((url, init) => {
    const answer = opts.handler?.(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/users/me' && init.method === 'GET') return { data: me };
    return undefined;
  });
  await initTestI18n(opts.lang ?? 'ko');
  const auth = fakeAuth({ ...me });
  const logout = vi.fn(() => Promise.resolve());
  const router = createMemoryRouter(
    [
      { path: '/users/me/edit', element: <SettingsPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/users/me/edit'] },
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <AuthStateProvider value={{ ...auth, logout }}>
        <RouterProvider router={router} />
      </AuthStateProvider>
    </QueryClientProvider>,
  );
  return { calls, logout };
}

const section = async (name: string) => screen.findByRole('region', { name });
const typeIn = (where: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(where).getByLabelText(label), { target: { value } });

describe('profile form', () => {
  it('refuses a username with spaces and an address that is not one, in Korean, and saves nothing', async () => {
    const { calls } = await show();
    const profile = await section('프로필');
    const save = within(profile).getByRole('button', { name: '저장' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    typeIn(profile, '사용자 이름 (선택)', 'kim member');
    fireEvent.click(within(profile).getByRole('button', { name: '링크 추가' }));
    typeIn(profile, '주소', 'not a link');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await within(profile).findByText('영문, 숫자, 밑줄(_), 점(.), 하이픈(-)으로 2~30자를 입력해 주세요.')).toBeTruthy();
    expect(within(profile).getByText('웹 주소를 입력해 주세요. (예: github.com/moim)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('says the same in English', async () => {
    await show({ lang: 'en' });
    const profile = await section('Profile');
    typeIn(profile, 'Name', '   ');
    fireEvent.click(within(profile).getByRole('button', { name: 'Add a link' }));
    typeIn(profile, 'Address', 'nope');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText('This field is required.')).toBeTruthy();
    expect(within(profile).getByText('Enter a web address, such as github.com/moim.')).toBeTruthy();
  });

  it('sends the fields trimmed, empty ones as null, and names an unlabelled link by its host', async () => {
    const { calls } = await show({
      handler: (url, init) =>
        url.pathname === '/api/users/me' && init.method === 'PUT' ? { data: { ...ME, name: '김새이름' } } : undefined,
    });
    const profile = await section('프로필');
    typeIn(profile, '이름', '  김새이름 ');
    typeIn(profile, '사용자 이름 (선택)', '');
    typeIn(profile, '소개', '   ');
    fireEvent.click(within(profile).getByRole('button', { name: '링크 추가' }));
    typeIn(profile, '주소', 'github.com/moim');
    fireEvent.click(within(profile).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '김새이름',
      username: null,
      bio: null,
      links: [{ label: 'github.com', url: 'https://github.com/moim' }],
    });
  });
});

describe('password change', () => {
  it('refuses two different new passwords and sends nothing', async () => {
    const { calls } = await show();
    const form = await section('비밀번호 변경');
    typeIn(form, '현재 비밀번호', 'old passphrase');
    typeIn(form, '새 비밀번호', 'new passphrase 1');
    typeIn(form, '새 비밀번호 확인', 'new passphrase 2');
    fireEvent.click(within(form).getByRole('button', { name: '비밀번호 변경' }));
    expect(await within(form).findByText('비밀번호가 일치하지 않습니다.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/users/me/password')).toHaveLength(0);
  });

  it('sends the current and new password and shows the server’s refusal of a wrong current one', async () => {
    const { calls } = await show({
      handler: (url) =>
        url.pathname === '/api/users/me/password'
          ? { status: 400, error: { code: 'AUTH-1004', message: '현재 비밀번호가 올바르지 않습니다.' } }
          : undefined,
    });
    const form = await section('비밀번호 변경');
    typeIn(form, '현재 비밀번호', 'wrong passphrase');
    typeIn(form, '새 비밀번호', 'new passphrase 1');
    typeIn(form, '새 비밀번호 확인', 'new passphrase 1');
    fireEvent.click(within(form).getByRole('button', { name: '비밀번호 변경' }));
    expect(await within(form).findByText('현재 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/users/me/password')?.body).toEqual({
      currentPassword: 'wrong passphrase',
      newPassword: 'new passphrase 1',
    });
  });
});

describe('profile picture', () => {
  it('refuses a file of another type or over 5 MB before uploading it', async () => {
    const { calls } = await show({ lang: 'en' });
    const image = await section('Profile picture');
    const input = within(image).getByTestId('profile-image-input');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(await within(image).findByText('Only PNG, JPG, WebP and GIF files can be uploaded.')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(image).findByText('Pictures must be 5 MB or smaller.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('deactivating and deleting the account', () => {
  it('deleting needs the password and the typed phrase', async () => {
    const { calls } = await show();
    const danger = await section('계정 관리');
    fireEvent.click(within(danger).getByRole('button', { name: '계정 삭제' }));
    expect(within(danger).getByText('member@moim.dev 계정을 삭제합니다. 이 작업은 되돌릴 수 없습니다.')).toBeTruthy();
    const confirm = within(danger).getByRole('button', { name: '영구 삭제' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    typeIn(danger, '현재 비밀번호', 'my passphrase');
    expect(confirm.disabled).toBe(true);
    typeIn(danger, "확인을 위해 '계정을 삭제합니다'를 입력해 주세요", '계정을 삭제');
    expect(confirm.disabled).toBe(true);
    typeIn(danger, "확인을 위해 '계정을 삭제합니다'를 입력해 주세요", '계정을 삭제합니다');
    expect(confirm.disabled).toBe(false);
    // cancelling forgets what was typed
    fireEvent.click(within(danger).getByRole('button', { name: '취소' }));
    fireEvent.click(within(danger).getByRole('button', { name: '계정 삭제' }));
    expect((within(danger).getByRole('button', { name: '영구 삭제' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('an account without a password confirms with its e-mail (any case), in English', async () => {
    await show({ lang: 'en', me: { ...ME, hasPassword: false, socialProviders: ['kakao'] } });
    const danger = await section('Account');
    fireEvent.click(within(danger).getByRole('button', { name: 'Delete account' }));
    expect(within(danger).queryByLabelText('Current password')).toBeNull();
    const confirm = within(danger).getByRole('button', { name: 'Delete for good' }) as HTMLButtonElement;
    typeIn(danger, "To confirm, type 'delete my account'", 'delete my account');
    typeIn(danger, "Type your account's email to confirm", 'other@moim.dev');
    expect(confirm.disabled).toBe(true);
    typeIn(danger, "Type your account's email to confirm", ' Member@Moim.dev ');
    expect(confirm.disabled).toBe(false);
  });

  it('deactivating sends the password, signs out and goes home', async () => {
    const { calls, logout } = await show({
      handler: (url) => (url.pathname === '/api/users/me/deactivate' ? { data: { status: 'DEACTIVATED' } } : undefined),
    });
    const danger = await section('계정 관리');
    fireEvent.click(within(danger).getByRole('button', { name: '비활성화' }));
    typeIn(danger, '현재 비밀번호', 'my passphrase');
    fireEvent.click(within(danger).getByRole('button', { name: '계정 비활성화' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.url.pathname === '/api/users/me/deactivate')?.body).toEqual({ password: 'my passphrase' });
  });
});
