/**
 * The site shell (issue 4): every SPEC §2 route answers, redirects replace history, guards,
 * token loss across tabs, the STUDY dropdown, the mobile menu, the admin toolbar, chunk-load
 * failures and the 404 page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiLogin, DEMO, recordTexts, seenTexts, signIn } from './support/accounts.ts';
import { baseURL, useBrowser } from './support/browser.ts';
import { GUARDED_ROUTES, PUBLIC_ROUTES } from './support/routes.ts';

const b = useBrowser();

async function settled(path: string) {
  await b.page.goto(path);
  // the app's page, not the prerendered or server-rendered markup it takes over (whose header does
  // not yet follow the scroll: a loaded machine once scrolled `/` before the app had taken over)
  await b.page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      const text = main?.textContent?.trim() ?? '';
      return (
        !document.querySelector('#root[data-prerendered]') &&
        text.length > 0 &&
        !text.includes('Loading...') &&
        !main?.querySelector('.spinner')
      );
    },
    null,
    { timeout: 20_000 },
  );
}

describe('shell', () => {
  it('every SPEC §2 route answers with its page (no error page, no placeholder frame)', async () => {
    const errors: string[] = [];
    b.page.on('pageerror', (e) => errors.push(e.message));
    // The header's change to opaque is a 200 ms transition whose frames a loaded CI machine delayed
    // past 10 s (read still see-through twice); with reduced motion (tokens.css) the opaque
    // background is the computed style the moment the header is fixed.
    await b.page.emulateMedia({ reducedMotion: 'reduce' });
    const frames: string[] = [];
    const headers: string[] = [];
    for (const path of PUBLIC_ROUTES) {
      await settled(path);
      expect(await b.page.locator('.error-page').count(), `${path} shows an error page`).toBe(0);
      if (await b.page.getByTestId('coming-soon').count()) frames.push(path);
      // scrolled, the header that stays on screen hides what passes under it (no cards showing through)
      await b.page.evaluate(() => window.scrollTo(0, 1500));
      const readHeader = () => {
        const header = document.querySelector('.site-header[data-mode="fixed"], .studio-header');
        if (!header) return null;
        const bg = getComputedStyle(header).backgroundColor;
        // Chromium writes an opaque colour as rgb(…) and any other as rgba(…, alpha)
        const alpha = /^rgba\(.*,\s*([\d.]+)\)$/.exec(bg)?.[1];
        return alpha === undefined || Number(alpha) >= 1 ? null : bg;
      };
      // (on `/` the header turns fixed when the intro leaves the view, seen by an observer: wait for it)
      const seeThrough = await b.page
        .waitForFunction(`(${readHeader.toString()})() === null`, undefined, { timeout: 10_000, polling: 'raf' })
        .then(() => null)
        .catch(() => b.page.evaluate(readHeader));
      if (seeThrough) headers.push(`${path}: ${seeThrough}`);
    }
    for (const path of GUARDED_ROUTES) {
      await b.page.goto(path);
      await b.page.waitForURL(/\/login\?returnTo=/, { timeout: 20_000 });
    }
    await settled('/this/page/does-not-exist');
    expect(await b.page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).count()).toBe(1);
    expect(frames, 'routes answering with a "coming soon" placeholder').toEqual([]);
    expect(headers, 'routes whose header lets the page show through').toEqual([]);
    expect(errors).toEqual([]);
    // one page load per SPEC route (~45): bounded by each load's own 20 s, not by the 60 s default
  }, 240_000);

  it('redirects old addresses and replaces history', async () => {
    const cases: Array<[string, string]> = [
      ['/study/1', '/study/1-tecoteco'],
      ['/study/2', '/study/2-11routine'],
      ['/study/3', '/study/3-devlog'],
      ['/study/3-devlog-14', '/study/3-devlog'],
      ['/study/devlog-14', '/study/3-devlog'],
      ['/whoweare-profile-cards-floating', '/whoweare'],
      ['/whoweare-ai-guide', '/whoweare'],
      ['/whoweare-hybrid', '/whoweare-hybrid-archive'],
    ];
    for (const [from, to] of cases) {
      await b.page.goto('/terms');
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();
      await b.page.goto(from);
      await b.page.waitForURL((u) => u.pathname === to, { timeout: 10_000 });
      // The old address was replaced: going back skips it.
      await b.page.goBack();
      await b.page.waitForURL((u) => u.pathname === '/terms', { timeout: 10_000 });
    }
  });

  it('a guest opening /users/me sees 인증 확인 중..., logs in at /login and comes back', async () => {
    await recordTexts(b.page);
    await b.page.goto('/users/me');
    await b.page.waitForURL(/\/login\?returnTo=%2Fusers%2Fme/);
    expect(await seenTexts(b.page)).toContain('인증 확인 중...');
    await b.page.getByLabel('이메일').fill(DEMO.member.email);
    await b.page.getByLabel('비밀번호', { exact: true }).fill(DEMO.member.password);
    await b.page.getByRole('button', { name: '로그인', exact: true }).click();
    await b.page.waitForURL((u) => u.pathname === '/users/me');
    await b.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(
      await b.page.evaluate(() => [
        localStorage.getItem('authToken') !== null,
        localStorage.getItem('refreshToken') !== null,
        JSON.parse(localStorage.getItem('user') ?? '{}').email,
      ]),
    ).toEqual([true, true, DEMO.member.email]);
  });

  it('a guest opening a guarded page gets the log-in page from its HTML, under 인증 확인 중..., before any of the app’s script', async () => {
    await recordTexts(b.page);
    // the app's scripts never arrive: what shows is the HTML's own doing
    await b.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await b.page.goto('/payment/success?paymentKey=pk-1&orderId=o-1');
    await b.page.waitForURL(/\/login\?returnTo=%2Fpayment%2Fsuccess%3FpaymentKey%3Dpk-1%26orderId%3Do-1$/);
    await b.page.getByRole('heading', { name: '로그인', level: 1 }).waitFor();
    expect(await b.page.getByLabel('이메일').isVisible()).toBe(true);
    expect(await seenTexts(b.page)).toContain('인증 확인 중...');
    // the checking state has had its frame and is gone; the sign-up link keeps the address to return to
    await b.page.locator('#guard-checking').waitFor({ state: 'detached' });
    expect(await b.page.locator('main a[href^="/signup?"]').getAttribute('href')).toBe(
      `/signup?returnTo=${encodeURIComponent('/payment/success?paymentKey=pk-1&orderId=o-1')}`,
    );
    await b.page.unroute(/\/assets\/.*\.js$/);
  });

  it('a signed-in visitor whose browser has lost the signed-in cookie still gets the guarded page; the next load brings the hint', async () => {
    await signIn(b.context, await apiLogin(DEMO.member.email, DEMO.member.password));
    await b.context.clearCookies();
    const first = await b.page.goto('/users/me');
    // sent as the guest's log-in page: the page sees the stored session and lets the app's guard check it
    expect(await first!.text()).toContain('guard-checking');
    await b.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(b.page.url()).pathname).toBe('/users/me');
    expect(await b.page.locator('input[type="password"]').count()).toBe(0);
    expect((await b.context.cookies()).find((c) => c.name === 'signed_in')?.value).toBe('1');
    const again = await b.page.goto('/users/me/edit');
    expect(await again!.text()).not.toContain('guard-checking');
    await b.page.getByRole('heading', { name: '설정' }).waitFor();
  });

  it('removing authToken in another tab sends the first tab to /login', async () => {
    await signIn(b.context, await apiLogin(DEMO.member.email, DEMO.member.password));
    await b.page.goto('/users/me/edit');
    await b.page.getByRole('heading', { name: '설정' }).waitFor();
    const other = await b.context.newPage();
    await other.goto('/terms');
    await other.evaluate(() => localStorage.removeItem('authToken'));
    await b.page.waitForURL(/\/login\?returnTo=%2Fusers%2Fme%2Fedit/, { timeout: 10_000 });
    await other.close();
  });

  it('the STUDY dropdown shows at most 3 studies and closes 300 ms after the pointer leaves', async () => {
    await b.page.goto('/whoweare');
    // The prerendered page paints before the app's JS: the menu opens once the app has taken
    // over (#root loses aria-busy); a hover on the inert markup before that does nothing.
    await b.page.locator('#root:not([aria-busy])').waitFor({ state: 'attached' });
    const button = b.page.getByRole('button', { name: /^STUDY/ });
    await button.hover();
    const menu = b.page.getByTestId('study-dropdown');
    await menu.waitFor({ state: 'visible' });
    await b.page.waitForFunction(() => !document.body.innerText.includes('스터디를 불러오는 중...'));
    expect(await menu.getByTestId('study-dropdown-item').count()).toBeLessThanOrEqual(3);
    expect(await menu.getByRole('menuitem', { name: /전체 스터디 보기/ }).count()).toBe(1);
    // it stays open for 300 ms after the pointer leaves: timed from before the move, the close can
    // only be seen later than that, never sooner
    const left = Date.now();
    await b.page.mouse.move(640, 700);
    expect(await menu.isVisible()).toBe(true);
    await menu.waitFor({ state: 'hidden', timeout: 2_000 });
    expect(Date.now() - left).toBeGreaterThanOrEqual(300);
    // Keyboard: Enter opens on the first item, Escape closes and returns focus.
    await button.focus();
    await b.page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    await b.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('uses a mobile menu at 390 px (aria-expanded, focus trapped, Escape closes)', async () => {
    const context = await b.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    expect(await page.locator('.site-nav').isVisible()).toBe(false);
    const burger = page.getByRole('button', { name: '메뉴 열기' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await burger.click();
    const dialog = page.getByRole('dialog', { name: '전체 메뉴' });
    await dialog.waitFor();
    expect(await page.locator('.hamburger').getAttribute('aria-expanded')).toBe('true');
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('.hamburger').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: '/tmp/e2e-mobile-home.png' });
    await context.close();
  });

  it('keeps the desktop header on one line from 769 px up (brand, links, log in, JOIN US inside the page)', async () => {
    for (const locale of ['ko-KR', 'en-US']) {
      const context = await b.browser.newContext({ viewport: { width: 769, height: 700 }, locale });
      await context.addInitScript((l) => localStorage.setItem('lang', l), locale.slice(0, 2));
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      // an English reader without the language cookie is sent the English page again (theme-init.js)
      await page.locator('.site-nav').waitFor();
      for (const width of [769, 820, 900, 1024]) {
        await page.setViewportSize({ width, height: 700 });
        const r = await page.evaluate(async () => {
          await document.fonts.ready;
          const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
          const links = [...document.querySelectorAll('.site-nav .nav-link, .site-header__end a, .site-header__end button')];
          return {
            nav: getComputedStyle(document.querySelector('.site-nav')!).display,
            tallest: Math.max(...links.map((a) => a.getBoundingClientRect().height), box('.brand').height),
            endRight: box('.site-header__end').right,
            navRight: box('.site-nav').right,
            endLeft: box('.site-header__end').left,
            view: innerWidth,
          };
        });
        expect(r.nav, `${locale} ${width}`).not.toBe('none');
        expect(r.tallest, `${locale} ${width}: a header item wrapped`).toBeLessThanOrEqual(48);
        expect(r.endRight, `${locale} ${width}: the header's end leaves the page`).toBeLessThanOrEqual(r.view);
        expect(r.navRight, `${locale} ${width}: links run under the header's end`).toBeLessThanOrEqual(r.endLeft);
      }
      await context.close();
    }
  });

  it('shows the admin toolbar to the demo admin with Alt+Shift+A, never to a member', async () => {
    const chunks: string[] = [];
    b.page.on('request', (r) => r.url().includes('admin-toolbar') && chunks.push(r.url()));
    await signIn(b.context, await apiLogin(DEMO.member.email, DEMO.member.password));
    await b.page.goto('/');
    await b.page.getByRole('button', { name: /님의 메뉴/ }).waitFor();
    await b.page.keyboard.press('Alt+Shift+A');
    // the page has handled the key press and drawn what followed (a key's updates are committed
    // before the frame after it), and any chunk it asked for was asked before that frame
    await b.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await b.page.getByTestId('admin-toolbar').count()).toBe(0);
    expect(await b.page.getByTestId('admin-toolbar-toggle').count()).toBe(0);
    expect(chunks).toEqual([]);

    const admin = await b.browser.newContext({ locale: 'ko-KR' });
    await signIn(admin, await apiLogin(DEMO.admin.email, DEMO.admin.password));
    const page = await admin.newPage();
    await page.goto(`${baseURL}/`);
    await page.getByTestId('admin-toolbar-toggle').waitFor();
    expect(await page.getByTestId('admin-toolbar').count()).toBe(0);
    await page.keyboard.press('Alt+Shift+A');
    const toolbar = page.getByTestId('admin-toolbar');
    await toolbar.waitFor();
    expect(await toolbar.innerText()).toContain('ROLE_ADMIN');
    await toolbar.getByRole('switch', { name: /디버그 모드/ }).click();
    expect(await page.evaluate(() => localStorage.getItem('admin-floating-debug-mode'))).toBe('true');
    await toolbar.getByText('디버그 모드를 켰습니다.').waitFor();
    await toolbar.getByText('디버그 모드를 켰습니다.').waitFor({ state: 'detached', timeout: 5_000 });
    await page.keyboard.press('Alt+Shift+A');
    await toolbar.waitFor({ state: 'detached' });
    await admin.close();
  });

  it('a chunk that fails to load reloads the page at most 3 times, then shows the problem page', async () => {
    let documentLoads = 0;
    b.page.on('request', (r) => r.resourceType() === 'document' && documentLoads++);
    // Lazy chunks are named by their hash (vite.config.ts): find the page's in the build's manifest.
    const manifest = JSON.parse(readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const file = manifest['src/features/whoweare/whoweare-page.tsx']!.file;
    const chunk = (url: URL) => url.pathname === `/${file}`;
    await b.page.route(chunk, (route) => route.abort());
    await b.page.goto('/whoweare');
    await b.page.getByRole('heading', { name: '페이지를 불러오지 못했습니다' }).waitFor({ timeout: 20_000 });
    expect(documentLoads).toBe(4);
    expect(await b.page.evaluate(() => sessionStorage.getItem('chunkErrorRetryCount'))).toBe('3');
    expect(await b.page.getByRole('button', { name: '새로고침' }).count()).toBe(1);
    expect(await b.page.getByRole('button', { name: '다시 시도' }).count()).toBe(1);
    expect(await b.page.getByText('브라우저 캐시를 비워 주세요').count()).toBe(1);
    // The chunk comes back: "retry" resets the counter and the page loads.
    await b.page.unroute(chunk);
    await b.page.getByRole('button', { name: '다시 시도' }).click();
    await b.page.getByRole('heading', { level: 1 }).filter({ hasText: '함께 성장하는' }).waitFor();
    expect(await b.page.evaluate(() => sessionStorage.getItem('chunkErrorRetryCount'))).toBeNull();
  });

  it('the 404 page goes home and back', async () => {
    await b.page.goto('/terms');
    await b.page.getByRole('heading', { level: 1 }).first().waitFor();
    await b.page.goto('/definitely/not/here');
    await b.page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor();
    await b.page.getByRole('button', { name: '뒤로 가기' }).click();
    await b.page.waitForURL((u) => u.pathname === '/terms');
    await b.page.goto('/definitely/not/here');
    await b.page.getByRole('link', { name: '홈으로' }).click();
    await b.page.waitForURL((u) => u.pathname === '/');
  });
});
