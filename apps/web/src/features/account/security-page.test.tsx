/**
 * /users/me/security, the second factor: its state (off; on with the recovery codes left; an
 * admin who must turn it on; a member asked to enrol again); turning it on shows the key and,
 * after the code, the recovery codes once; making new codes or turning it off asks for a fresh
 * proof of identity when the server wants one (AUTH-1023), retries after it, and does nothing
 * when that proof is cancelled.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initTestI18n, newTestQueryClient, stubFetch, type FetchHandler } from '../../shared/test/render';
import SecurityPage from './security-page';

const status = (over: Partial<{ enabled: boolean; recoveryCodesLeft: number; required: boolean; enrolAgain: boolean }> = {}) => ({
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
  verifiedUntil: null,
  enrolAgain: false,
  ...over,
});

const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

async function show(handler: FetchHandler, lang: 'ko' | 'en' = 'ko') {
  const { calls } = stubFetch(handler);
  await initTestI18n(lang);
  const router = createMemoryRouter([{ path: '*', element: <SecurityPage /> }], { initialEntries: ['/users/me/security'] });
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const section = await screen.findByRole('region', {
    name: lang === 'ko' ? '2단계 인증 (인증 앱)' : 'Two-step verification (authenticator app)',
  });
  return { calls, section };
}

const to = (calls: Array<{ method: string; url: URL; body: unknown }>, path: string) => calls.filter((c) => c.url.pathname === path);

describe('second factor settings', () => {
  it('an admin without it is told it is required; a member whose factor was reset is asked to set it up again', async () => {
    const { section } = await show((url) =>
      url.pathname === '/api/auth/second-factor' ? { data: status({ required: true, enrolAgain: true }) } : undefined,
    );
    expect(await within(section).findByText('꺼짐')).toBeTruthy();
    expect(within(section).getByText('관리자 계정은 2단계 인증을 켜야 관리 기능을 쓸 수 있습니다.')).toBeTruthy();
    expect(within(section).getByText(/관리자가 2단계 인증을 초기화했습니다/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: '2단계 인증 켜기' })).toBeTruthy();
  });

  it('when on, says how many recovery codes are left (en) and offers new codes or turning it off', async () => {
    const { section } = await show(
      (url) => (url.pathname === '/api/auth/second-factor' ? { data: status({ enabled: true, recoveryCodesLeft: 3 }) } : undefined),
      'en',
    );
    expect(await within(section).findByText('On')).toBeTruthy();
    expect(within(section).getByText(/3 recovery codes left/)).toBeTruthy();
    expect(within(section).queryByText('Admin accounts must turn on two-step verification to use the back office.')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Make new recovery codes' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Turn off two-step verification' })).toBeTruthy();
  });

  it('turning it on shows the key to type, sends the code and shows the recovery codes once', async () => {
    let enabled = false;
    const { section, calls } = await show((url, init) => {
      if (url.pathname === '/api/auth/second-factor') return { data: status({ enabled, recoveryCodesLeft: enabled ? 3 : 0 }) };
      if (url.pathname === '/api/auth/second-factor/totp/setup')
        return { data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/moim:member?secret=JBSWY3DPEHPK3PXP&issuer=moim' } };
      if (url.pathname === '/api/auth/second-factor/totp/confirm') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (code !== '123456') return { status: 400, error: { code: 'AUTH-1021', message: '인증 코드가 올바르지 않습니다.' } };
        enabled = true;
        return { data: { recoveryCodes: CODES } };
      }
      return undefined;
    });
    fireEvent.click(await within(section).findByRole('button', { name: '2단계 인증 켜기' }));
    expect((await within(section).findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.change(within(section).getByLabelText('인증 앱의 6자리 코드'), { target: { value: '000000' } });
    fireEvent.click(within(section).getByRole('button', { name: '확인하고 켜기' }));
    expect(await within(section).findByText('인증 코드가 올바르지 않습니다.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('인증 앱의 6자리 코드'), { target: { value: ' 123456 ' } });
    fireEvent.click(within(section).getByRole('button', { name: '확인하고 켜기' }));
    const codes = await within(section).findByRole('list', { name: '복구 코드' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(await within(section).findByText('켜짐')).toBeTruthy();
    expect(to(calls, '/api/auth/second-factor/totp/confirm').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('new recovery codes: asks for the password when the server wants a fresh proof, then makes them', async () => {
    let verified = false;
    const { section, calls } = await show((url, init) => {
      if (url.pathname === '/api/auth/second-factor' && init.method === 'GET')
        return { data: status({ enabled: true, recoveryCodesLeft: 1 }) };
      if (url.pathname === '/api/auth/second-factor/recovery-codes')
        return verified
          ? { data: { recoveryCodes: CODES } }
          : { status: 403, error: { code: 'AUTH-1023', message: '본인 확인이 필요합니다.' } };
      if (url.pathname === '/api/auth/step-up') {
        const { password } = JSON.parse(String(init.body)) as { password?: string };
        if (password !== 'my passphrase') return { status: 401, error: { code: 'AUTH-1004', message: '비밀번호가 올바르지 않습니다.' } };
        verified = true;
        return { data: { verifiedUntil: '2026-11-30T10:00:00.000Z' } };
      }
      return undefined;
    });
    fireEvent.click(await within(section).findByRole('button', { name: '복구 코드 새로 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '본인 확인' });
    fireEvent.change(within(dialog).getByLabelText('비밀번호'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await within(dialog).findByText('비밀번호가 올바르지 않습니다.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('비밀번호'), { target: { value: 'my passphrase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    const codes = await within(section).findByRole('list', { name: '복구 코드' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(3);
    expect(to(calls, '/api/auth/second-factor/recovery-codes')).toHaveLength(2); // refused, then retried after the proof
    expect(within(section).queryByText('본인 확인이 필요합니다.')).toBeNull();
  });

  it('cancelling the proof turns nothing off and shows no error', async () => {
    const { section, calls } = await show((url, init) => {
      if (url.pathname === '/api/auth/second-factor' && init.method === 'GET')
        return { data: status({ enabled: true, recoveryCodesLeft: 5 }) };
      if (url.pathname === '/api/auth/second-factor' && init.method === 'DELETE')
        return { status: 403, error: { code: 'AUTH-1023', message: '본인 확인이 필요합니다.' } };
      return undefined;
    });
    fireEvent.click(await within(section).findByRole('button', { name: '2단계 인증 끄기' }));
    const dialog = await screen.findByRole('dialog', { name: '본인 확인' });
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() =>
      expect((within(section).getByRole('button', { name: '2단계 인증 끄기' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(within(section).getByText('켜짐')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(to(calls, '/api/auth/step-up')).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
