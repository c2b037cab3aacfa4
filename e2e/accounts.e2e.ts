/**
 * Account journeys (issue 3, web pages): sign-up → profile picture → password change → logout
 * with the old refresh token refused; forgot → mail in the outbox → reset → login; social login
 * through the built-in local provider, at http://127.0.0.1:PORT and at http://localhost:PORT (PUBLIC_URL).
 */
import { describe, expect, it } from 'vitest';
import { apiJson, apiLogin, DEMO, uniqueEmail } from './support/accounts.ts';
import { altBaseURL, baseURL, useBrowser } from './support/browser.ts';
import { makePng } from './support/png.ts';

const b = useBrowser();

describe('accounts', () => {
  it('sign up → logged in → profile picture (pending, then shown) → password change → logout; the old refresh token is refused', async () => {
    const email = uniqueEmail('signup');
    const password = 'a-long-Passphrase-2026';
    await b.page.goto('/signup');
    await b.page.getByLabel('이름', { exact: true }).fill('새 회원');
    await b.page.getByLabel('이메일').fill(email);
    await b.page.getByText('사용할 수 있는 이메일입니다.').waitFor();
    await b.page.getByLabel('비밀번호', { exact: true }).fill(password);
    await b.page.getByRole('button', { name: '가입하기' }).click();
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.getByRole('button', { name: '새 회원 님의 메뉴' }).waitFor();
    const oldRefresh = await b.page.evaluate(() => localStorage.getItem('refreshToken'));
    expect(oldRefresh).toBeTruthy();

    await b.page.goto('/users/me/edit');
    await b.page.getByRole('heading', { name: '설정' }).waitFor();
    await b.page.getByTestId('profile-image-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(96, 96) });
    const status = b.page.getByTestId('image-status');
    await b.page.waitForFunction(() =>
      ['uploading', 'pending', 'ready'].includes(document.querySelector('[data-testid="image-status"]')?.getAttribute('data-phase') ?? ''),
    );
    await b.page.waitForFunction(
      () => document.querySelector('[data-testid="image-status"]')?.getAttribute('data-phase') === 'ready',
      null,
      { timeout: 45_000 },
    );
    expect(await status.innerText()).toContain('프로필 사진을 바꿨습니다.');
    const me = await apiJson<{ profileImage: string | null; profileImageStatus: string }>('/api/users/me', {
      token: (await b.page.evaluate(() => localStorage.getItem('authToken')))!,
    });
    expect(me.body.data.profileImageStatus).toBe('READY');
    await b.page.goto('/users/me');
    await b.page.locator('.profile-card img.avatar').waitFor();

    await b.page.goto('/users/me/edit');
    await b.page.getByLabel('현재 비밀번호').first().fill(password);
    await b.page.getByLabel('새 비밀번호', { exact: true }).fill('another-Passphrase-2027');
    await b.page.getByLabel('새 비밀번호 확인').fill('another-Passphrase-2027');
    await b.page.getByRole('button', { name: '비밀번호 변경' }).click();
    await b.page.getByText('비밀번호를 변경했습니다.').waitFor();

    await b.page.getByRole('button', { name: '새 회원 님의 메뉴' }).click();
    await b.page.getByRole('menuitem', { name: '로그아웃' }).click();
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.getByTestId('join-us').waitFor();
    expect(
      await b.page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]),
    ).toEqual([null, null, null]);
    const refused = await apiJson('/api/auth/refresh', { method: 'POST', body: JSON.stringify({ refreshToken: oldRefresh }) });
    expect(refused.status).toBe(401);
    await apiLogin(email, 'another-Passphrase-2027');
  });

  it('forgot password → the mail in the outbox → reset → log in with the new password', async () => {
    const email = uniqueEmail('reset');
    const reg = await apiJson('/api/users/register', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'first-Passphrase-1', name: '잊은 회원' }),
    });
    expect(reg.status).toBeLessThan(300);

    await b.page.goto('/forgot-password');
    await b.page.getByLabel('이메일').fill(email);
    await b.page.getByRole('button', { name: '재설정 링크 받기' }).click();
    await b.page.getByRole('heading', { name: '메일을 확인해 주세요' }).waitFor();

    const admin = await apiLogin(DEMO.admin.email, DEMO.admin.password);
    let token: string | undefined;
    // the mail is sent by a job: read the outbox until it is there
    await expect
      .poll(
        async () => {
          const outbox = await apiJson<{ content: Array<{ to: string; text: string }> }>(
            `/api/admin/mail/outbox?to=${encodeURIComponent(email)}`,
            { token: admin.accessToken },
          );
          const mail = outbox.body.data.content.find((m) => m.to.includes(email));
          token = mail && /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
          return token;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBeTruthy();

    await b.page.goto(`/reset-password?token=${token}`);
    await b.page.getByLabel('새 비밀번호', { exact: true }).fill('second-Passphrase-2');
    await b.page.getByLabel('새 비밀번호 확인').fill('second-Passphrase-2');
    await b.page.getByRole('button', { name: '비밀번호 변경' }).click();
    await b.page.getByRole('heading', { name: '비밀번호를 바꿨습니다' }).waitFor();
    await b.page.getByRole('link', { name: '로그인하기' }).click();
    await b.page.getByLabel('이메일').fill(email);
    await b.page.getByLabel('비밀번호', { exact: true }).fill('second-Passphrase-2');
    await b.page.getByRole('button', { name: '로그인', exact: true }).click();
    await b.page.getByRole('button', { name: '잊은 회원 님의 메뉴' }).waitFor();
  });

  it('a page opened with an expired access token renews it first: one refresh, no 401', async () => {
    const { page } = b;
    await page.goto('/login?returnTo=%2Fusers%2Fme');
    await page.getByLabel('이메일').fill(DEMO.member.email);
    await page.getByLabel('비밀번호', { exact: true }).fill(DEMO.member.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/users/me', { timeout: 20_000 });
    await page.getByRole('button', { name: /님의 메뉴/ }).waitFor();
    // the stored access token as it is once its lifetime is over (its exp in the past), put in
    // place as the next page starts: swapped under this page, whose requests still under way would
    // renew it here, and a renewal cut short by leaving would be a second one
    const [head, body, sig] = (await page.evaluate(() => localStorage.getItem('authToken')!)).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { exp: number };
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const expired = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    await b.context.addInitScript((token) => {
      if (sessionStorage.getItem('e2e-expired')) return;
      sessionStorage.setItem('e2e-expired', '1');
      localStorage.setItem('authToken', token);
    }, expired);
    const calls: { path: string; status: number }[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) calls.push({ path: u.pathname, status: r.status() });
    });
    await page.goto('/users/me');
    await page.getByRole('button', { name: /님의 메뉴/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: '내 프로젝트' }).waitFor({ timeout: 20_000 });
    expect(calls.filter((c) => c.path === '/api/auth/refresh').map((c) => c.status)).toEqual([200]);
    expect(calls.filter((c) => c.status === 401)).toEqual([]);
    expect(calls.length).toBeGreaterThan(2);
  });

  it.each([
    ['127.0.0.1', baseURL],
    ['localhost', altBaseURL],
  ])('social login through the built-in local provider, opened at %s', async (_name, origin) => {
    await b.page.goto(`${origin}/login?returnTo=%2Fusers%2Fme`);
    const provider = b.page.locator('a[data-provider="local"]');
    await provider.waitFor();
    expect(await provider.getAttribute('href')).toBe('/api/auth/oauth/local/start?returnTo=%2Fusers%2Fme');
    await provider.click();
    // the provider's own page draws its Korean in the app's Pretendard, not a system font
    await b.page.getByRole('heading', { name: 'moim 테스트 로그인' }).waitFor();
    const faces = await b.page.evaluate(async () => (await document.fonts.load('16px "Pretendard Variable"', '로그인')).length);
    expect(faces).toBeGreaterThan(0);
    await b.page.getByRole('button', { name: /Approve/ }).click();
    await b.page.waitForURL((u) => u.pathname === '/users/me', { timeout: 20_000 });
    expect(new URL(b.page.url()).origin).toBe(origin);
    expect(new URL(b.page.url()).hash).toBe('');
    await b.page.getByRole('button', { name: /님의 메뉴/ }).waitFor();
    expect(await b.page.evaluate(() => Boolean(localStorage.getItem('authToken') && localStorage.getItem('refreshToken')))).toBe(true);
  });
});

describe('the social log-in’s return page from its HTML (before the app’s script)', () => {
  it('with no result in the address it paints the failure and its ways out; with one, "finishing the log-in"', async () => {
    await b.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await b.page.goto('/auth/callback');
    const failed = b.page.getByRole('heading', { name: '소셜 로그인에 실패했습니다', level: 1 });
    await failed.waitFor();
    expect(await b.page.getByText('로그인 정보를 받지 못했습니다. 다시 시도해 주세요.').isVisible()).toBe(true);
    expect(await b.page.getByRole('link', { name: '로그인으로 돌아가기' }).isVisible()).toBe(true);
    expect(await b.page.getByText('로그인을 마무리하는 중...').isVisible()).toBe(false);

    // (from another page: only the fragment changing would not load the page again)
    await b.page.goto('/terms');
    await b.page.goto('/auth/callback#accessToken=a.b.c&refreshToken=r');
    await b.page.getByRole('heading', { name: '소셜 로그인 마무리', level: 1 }).waitFor();
    expect(await b.page.getByText('로그인을 마무리하는 중...').isVisible()).toBe(true);
    expect(await failed.isVisible()).toBe(false);
    await b.page.unroute(/\/assets\/.*\.js$/);
  });
});

describe('the prerendered log-in page before the app takes over (a slow phone)', () => {
  it('keeps what was typed, sends nothing the browser’s way on Enter, and logs in once the app is there', async () => {
    const page = await b.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // the app's scripts are held back: the page stays the prerendered markup until released
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/login', { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-prerendered'))).toBe(true);
      await page.focus('input[name="email"]');
      await page.keyboard.type(DEMO.member.email);
      await page.focus('input[name="password"]');
      await page.keyboard.type(DEMO.member.password);
      await page.keyboard.press('Enter');
      // no GET with the fields in the address
      expect(new URL(page.url()).search).toBe('');
      release();
      await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('data-prerendered'), null, { timeout: 30_000 });
      expect(await page.inputValue('input[name="email"]')).toBe(DEMO.member.email);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      expect(errors).toEqual([]);
    } finally {
      release();
      await page.close();
    }
  }, 90_000);

  it('an English reader whose language cookie is gone gets the English page at once and keeps what they type', async () => {
    // English chosen earlier (kept in storage), the cookie that tells the server so gone
    const context = await b.browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const documents: Promise<string>[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.allHeaders().then((h) => h['cookie'] ?? ''));
    });
    try {
      await page.goto('/login');
      const email = page.getByLabel('Email', { exact: true });
      await email.pressSequentially(DEMO.member.email, { delay: 20 });
      await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO.member.password, { delay: 20 });
      // the prerendered Korean page asked again for the English one, once, before anything was typed
      const cookies = await Promise.all(documents);
      expect(cookies).toHaveLength(2);
      expect(cookies[0]).not.toMatch(/(?:^|; )lang=en(?:;|$)/);
      expect(cookies[1]).toMatch(/(?:^|; )lang=en(?:;|$)/);
      expect(await email.inputValue()).toBe(DEMO.member.email);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
