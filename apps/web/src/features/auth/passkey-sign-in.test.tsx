/**
 * Sign-in with a passkey on the login page (the browser's WebAuthn part stubbed, the server's at the
 * network boundary): a chosen passkey signs in and the tokens are taken; closing the browser's
 * dialog is no failure; a passkey the browser cannot use says so in the reader's language; the
 * server's refusal is shown as it wrote it.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider } from '../../shared/auth/auth-provider';
import { fakeAuth, initTestI18n, stubFetch, TEST_USER, type FetchHandler } from '../../shared/test/render';
import { PasskeySignIn } from './passkey-sign-in';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: () => Promise.resolve(false),
  startAuthentication: browser.startAuthentication,
  WebAuthnAbortService: { cancelCeremony: () => undefined },
}));

const LOGIN = {
  accessToken: 'access-token',
  refreshToken: 'refresh-token-0123456789',
  tokenType: 'Bearer',
  expiresIn: 900,
  refreshExpiresAt: '2026-12-30T00:00:00.000Z',
  id: TEST_USER.id,
  email: TEST_USER.email,
  username: null,
  name: TEST_USER.name,
  roles: TEST_USER.roles,
  systemRole: 'ROLE_USER',
  profileImage: null,
  user: {
    id: TEST_USER.id,
    email: TEST_USER.email,
    username: null,
    name: TEST_USER.name,
    roles: TEST_USER.roles,
    systemRole: 'ROLE_USER',
    profileImage: null,
  },
};

const server =
  (verify: ReturnType<FetchHandler>): FetchHandler =>
  (url) => {
    if (url.pathname === '/api/auth/passkeys/login/options') return { data: { options: { challenge: 'c-1', timeout: 60_000 } } };
    if (url.pathname === '/api/auth/passkeys/login/verify') return verify;
    return undefined;
  };

async function show(lang: 'ko' | 'en' = 'ko') {
  await initTestI18n(lang);
  const acceptTokens = vi.fn(() => Promise.resolve(TEST_USER));
  const onSignedIn = vi.fn();
  render(
    <AuthStateProvider value={{ ...fakeAuth(null), acceptTokens }}>
      <PasskeySignIn onSignedIn={onSignedIn} />
    </AuthStateProvider>,
  );
  return { acceptTokens, onSignedIn };
}

beforeEach(() => {
  browser.startAuthentication.mockReset();
});
afterEach(() => vi.clearAllMocks());

describe('passkey sign-in', () => {
  it('signs in with the passkey the browser gives and takes the tokens the server sends', async () => {
    const { calls } = stubFetch(server({ data: LOGIN }));
    browser.startAuthentication.mockResolvedValue({ id: 'cred-1', type: 'public-key' });
    const { acceptTokens, onSignedIn } = await show();
    fireEvent.click(screen.getByRole('button', { name: '패스키로 로그인' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(TEST_USER));
    expect(acceptTokens).toHaveBeenCalledWith('access-token', 'refresh-token-0123456789');
    expect(browser.startAuthentication).toHaveBeenCalledWith(expect.objectContaining({ useBrowserAutofill: false }));
    expect(calls.find((c) => c.url.pathname === '/api/auth/passkeys/login/verify')?.body).toEqual({
      response: { id: 'cred-1', type: 'public-key' },
    });
  });

  it('closing the browser’s dialog is no error: it says it was cancelled and sends nothing to verify', async () => {
    const { calls } = stubFetch(server({ data: LOGIN }));
    browser.startAuthentication.mockImplementation(() => Promise.reject(Object.assign(new Error('closed'), { name: 'NotAllowedError' })));
    const { onSignedIn } = await show();
    fireEvent.click(screen.getByRole('button', { name: '패스키로 로그인' }));
    expect(await screen.findByText('패스키 로그인이 취소되었습니다. 다시 시도하거나 비밀번호로 로그인하세요.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/auth/passkeys/login/verify')).toHaveLength(0);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it.each([
    ['ko', '패스키로 로그인', '패스키를 확인하지 못했습니다. 다시 시도하거나 비밀번호로 로그인하세요.'],
    ['en', 'Sign in with a passkey', 'The passkey could not be used. Try again or sign in with your password.'],
  ] as const)('a passkey the browser cannot use is explained, not a generic failure (%s)', async (lang, button, message) => {
    stubFetch(server({ data: LOGIN }));
    browser.startAuthentication.mockImplementation(() => Promise.reject(Object.assign(new Error('bad'), { name: 'SecurityError' })));
    await show(lang);
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows the server’s refusal of the passkey as it wrote it', async () => {
    stubFetch(server({ status: 401, error: { code: 'AUTH-1001', message: '등록되지 않은 패스키입니다.' } }));
    browser.startAuthentication.mockResolvedValue({ id: 'cred-x', type: 'public-key' });
    const { onSignedIn } = await show();
    fireEvent.click(screen.getByRole('button', { name: '패스키로 로그인' }));
    expect((await screen.findByRole('alert')).textContent).toBe('등록되지 않은 패스키입니다.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
