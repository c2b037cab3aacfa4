/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol, WebAuthn domain: a
 * CTAP2 platform authenticator with resident keys and user verification), no mocks: sign up →
 * add a passkey in settings → rename it → log out → sign in with the passkey alone. At 390 px,
 * on http://localhost:PORT (an IP address such as 127.0.0.1 cannot be a WebAuthn RP ID).
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/accounts.ts';
import { altBaseURL, useBrowser } from './support/browser.ts';

const b = useBrowser({ viewport: { width: 390, height: 844 } });
const at = (path: string) => new URL(path, altBaseURL).toString();

describe('passkeys', () => {
  it('sign up → add a passkey in settings → rename → log out → sign in with the passkey', async () => {
    const cdp = await b.context.newCDPSession(b.page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const email = uniqueEmail('passkey');
    await b.page.goto(at('/signup'));
    await b.page.getByLabel('이름', { exact: true }).fill('패스키 회원');
    await b.page.getByLabel('이메일').fill(email);
    await b.page.getByText('사용할 수 있는 이메일입니다.').waitFor();
    await b.page.getByLabel('비밀번호', { exact: true }).fill('a-long-Passphrase-2026');
    await b.page.getByRole('button', { name: '가입하기' }).click();
    await b.page.waitForURL((u) => u.pathname === '/');

    await b.page.goto(at('/users/me/edit'));
    const section = b.page.locator('section', { has: b.page.getByRole('heading', { name: '패스키', exact: true }) });
    await section.getByText('아직 등록한 패스키가 없습니다.').waitFor();
    await section.getByRole('button', { name: '패스키 추가' }).click();
    const list = section.getByRole('list', { name: '패스키' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await list.innerText()).toContain('Chrome · Linux');
    expect(await list.innerText()).toContain('아직 사용하지 않음');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe('localhost');

    // rename from the keyboard
    await section.getByRole('button', { name: 'Chrome · Linux 이름 바꾸기' }).focus();
    await b.page.keyboard.press('Enter');
    const name = section.getByLabel('패스키 이름');
    await name.fill('내 노트북');
    await b.page.keyboard.press('Enter');
    await list.getByText('내 노트북').waitFor();

    // log out through the mobile menu (390 px)
    await b.page.getByRole('button', { name: '메뉴 열기' }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: '로그아웃' }).click();
    await b.page.waitForFunction(() => localStorage.getItem('authToken') === null);

    await b.page.goto(at('/login'));
    const emailField = b.page.getByLabel('이메일');
    expect(await emailField.getAttribute('autocomplete')).toBe('username webauthn');
    // Either way in is the passkey: the browser's autofill (conditional UI) may answer first, as the
    // virtual authenticator approves at once, and the page leaves before the button is pressed.
    await b.page
      .getByRole('button', { name: '패스키로 로그인' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.waitForFunction(() => Boolean(localStorage.getItem('authToken')));
    const me = await b.page.evaluate(async () => {
      const r = await fetch('/api/users/me', { headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` } });
      return (await r.json()) as { data: { email: string } };
    });
    expect(me.data.email).toBe(email);

    await b.page.goto(at('/users/me/edit'));
    await section.getByText('내 노트북').waitFor();
    await section.getByText(/마지막 사용/).waitFor();
  });
});
