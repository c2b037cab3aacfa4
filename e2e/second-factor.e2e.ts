/**
 * Second factor (docs/accounts-factors.md "Second factor"): a member turns TOTP on in settings (the code
 * computed here from the secret the page shows, as an authenticator app would), keeps the
 * recovery codes, logs out, and logs in again with the password and then a code.
 */
import { describe, expect, it } from 'vitest';
import { apiJson, nextTotpCode, uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

describe('second factor', () => {
  it('enrol TOTP in settings → log out → log in with password + code', async () => {
    const { page } = b;
    const email = uniqueEmail('totp');
    const password = 'a-long-Passphrase-2fa';
    const reg = await apiJson('/api/users/register', { method: 'POST', body: JSON.stringify({ email, password, name: '이중 인증' }) });
    expect(reg.status).toBeLessThan(300);

    await page.goto('/login');
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호', { exact: true }).fill(password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    // through the settings page's link, as a person would
    await page.goto('/users/me/edit');
    await page.getByRole('link', { name: '보안 (2단계 인증)' }).click();
    await page.getByRole('heading', { name: '보안' }).waitFor();
    await page.getByRole('button', { name: '2단계 인증 켜기' }).click();
    await page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await page.getByLabel('인증 앱의 6자리 코드').fill(await nextTotpCode(secret));
    await page.getByRole('button', { name: '확인하고 켜기' }).click();
    await page.getByText('복구 코드는 지금 한 번만 보여 드립니다.', { exact: false }).waitFor();
    expect(await page.locator('.recovery-codes li').count()).toBe(10);

    // log out (the header's menu), then in again: the password, then the code
    await page.getByRole('button', { name: '이중 인증 님의 메뉴' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/login');
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호', { exact: true }).fill(password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('heading', { name: '2단계 인증' }).waitFor();
    // keyboard only: the code field has focus, Enter submits
    await page.keyboard.type(await nextTotpCode(secret));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByRole('button', { name: '이중 인증 님의 메뉴' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  });
});
