/**
 * The studio journeys through the real built site:
 * 1. a member pastes a Korean post, watches the progress, sees the ratings and an inline
 *    suggestion, accepts it, re-analyses the revision and compares the two versions;
 * 2. a guest runs the one trial, is then asked to log in, logs in through the studio-branded
 *    login page and comes back to the studio, where the trial joins their documents;
 * 3. a member accepts a suggestion, reloads and finds the work restored; leaving with a change
 *    the server has not saved yet asks first (stay / leave);
 * 4. at 390 px, from moim's home page: the studio header's menu leads to the documentor and back
 *    to moim, for a guest and a member; every studio page has one <main>, at 390 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, recordTexts, seenTexts, uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

/** A post with a title no other run or journey uses, so lists can be searched by it. */
const postTitled = (title: string) => `# ${title}

처음으로 혼자 만든 서비스를 배포했다. 생각보다 오래 걸렸지만 끝까지 할수 있다는 것을 배웠다.

## 어려웠던 점

환경 변수를 정리하는 데 시간이 많이 들었다. 다음에는 배포 전에 확인할 목록을 먼저 만들 생각이다.
`;
const uniqueTitle = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const POST = postTitled('사이드 프로젝트 배포 회고');

async function loginThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
}

async function pasteAndAnalyse(page: Page, submitName: string, text = POST) {
  await page.getByLabel('본문 (마크다운)').fill(text);
  await page.getByRole('radio', { name: /냉철한 비평가/ }).check({ force: true });
  await page.getByRole('button', { name: submitName }).click();
}

describe('studio journeys', () => {
  it('a member analyses a Korean post, accepts a suggestion, re-analyses and compares versions', async () => {
    const { page } = b;
    await recordTexts(page);
    await page.goto('/login?returnTo=%2Fstudio%2Fdocumentor&brand=studio');
    await loginThroughForm(page, 'haneul@moim.dev', 'moim-haneul-2026!');
    expect(new URL(page.url()).pathname).toBe('/studio/documentor');
    await page.getByTestId('studio-quota').getByText('오늘 남은 분석 5 / 5').waitFor();

    await pasteAndAnalyse(page, '분석하기');
    // progress shows while the job runs, then the result
    await page.getByTestId('studio-result').waitFor({ timeout: 30_000 });
    const seen = await seenTexts(page);
    expect(seen.some((t) => /분석 순서를 기다리고 있어요|문장과 구조를 분석하고 있어요/.test(t))).toBe(true);
    await expect.poll(() => page.locator('.rating').count()).toBe(6);
    await page.getByText(/^종합 \d\.\d점/).waitFor();
    await page.getByTestId('studio-quota').getByText('오늘 남은 분석 4 / 5').waitFor();

    // the inline suggestion on "할수", accepted from the keyboard
    const mark = page.getByRole('button', { name: '띄어쓰기: 할수' });
    await mark.focus();
    await page.keyboard.press('Enter');
    const card = page.getByTestId('studio-suggestion-card');
    await card.getByText("'수'는 앞말과 띄어 씁니다 (의존 명사).").waitFor();
    await page.keyboard.press('a');
    await page.getByTestId('studio-review-text').locator('ins', { hasText: '할 수' }).waitFor();
    await expect.poll(() => mark.count()).toBe(0);

    // re-analyse the revision: version 2
    await page.getByTestId('studio-reanalyse').click();
    await page.locator('[data-testid="studio-analysis"][data-version="2"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('studio-result').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: '띄어쓰기: 할수' }).count()).toBe(0);

    // compare the two versions side by side
    await page.getByTestId('studio-compare-previous').click();
    const comparison = page.getByTestId('studio-comparison');
    await comparison.getByRole('heading', { name: '버전 1 ↔ 버전 2 비교' }).waitFor();
    await comparison.locator('.compare__list--resolved q', { hasText: '할수' }).waitFor();
    await expect.poll(() => comparison.locator('tbody tr').count()).toBe(7);
    // history lists the document with both versions
    await page.getByTestId('studio-history').getByText('사이드 프로젝트 배포 회고').waitFor();
  });

  it('a guest uses the trial, is asked to log in, and comes back to the studio after login', async () => {
    const { page } = b;
    await recordTexts(page);
    await page.goto('/studio/documentor');
    await page.getByRole('link', { name: '로그인' }).first().waitFor();
    // a title of this run only: the member's history may hold earlier trials of the same post
    const title = uniqueTitle('체험 배포 회고');
    await pasteAndAnalyse(page, '체험 분석하기', postTitled(title));
    // consent and address are required
    await page.getByText('이메일 주소를 확인해 주세요.').waitFor();
    await page.getByLabel('결과를 받을 이메일').fill(uniqueEmail('guest'));
    await page.getByLabel(/분석 결과를 이 이메일로 받는 데 동의합니다/).check();
    await page.getByRole('button', { name: '체험 분석하기' }).click();
    await page.getByTestId('studio-result').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: '띄어쓰기: 할수' }).waitFor();

    // the one trial is used: log in to keep going, and come back here
    const prompt = page.getByTestId('studio-login-prompt');
    await prompt.getByRole('heading', { name: '계속 분석하려면 로그인하세요' }).waitFor();
    await prompt.getByRole('link', { name: '로그인' }).click();
    await page.waitForURL(/\/login\?returnTo=%2Fstudio%2Fdocumentor&brand=studio/);
    await page.locator('.auth-card__brand', { hasText: 'moim studio' }).waitFor();
    await loginThroughForm(page, 'doyun@moim.dev', 'moim-doyun-2026!');
    expect(new URL(page.url()).pathname).toBe('/studio/documentor');
    await page
      .getByTestId('studio-account')
      .getByText(/님, 안녕하세요/)
      .waitFor();
    // The claim runs after login and then refreshes the history: wait for the claimed document
    // itself (not for the first answer of the list, which may come before the claim).
    await page.getByTestId('studio-history').getByText(title).waitFor({ timeout: 20_000 });
    expect(await seenTexts(page)).toContain('체험으로 분석한 글을 내 문서로 옮겼어요.');
  });

  it('a member’s accepted suggestion survives a reload, and leaving unsaved work asks first', async () => {
    const { page } = b;
    await recordTexts(page);
    await page.goto('/login?returnTo=%2Fstudio%2Fdocumentor&brand=studio');
    await loginThroughForm(page, DEMO.member.email, DEMO.member.password);
    await pasteAndAnalyse(page, '분석하기', postTitled(uniqueTitle('초안 복원 회고')));
    await page.getByTestId('studio-result').waitFor({ timeout: 30_000 });

    // accept "할수 → 할 수"; the draft reaches the server
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/draft') && r.status() === 200);
    await page.getByRole('button', { name: '띄어쓰기: 할수' }).click();
    await page.getByTestId('studio-suggestion-card').getByRole('button', { name: '수락', exact: true }).click();
    await page.getByTestId('studio-review-text').locator('ins', { hasText: '할 수' }).waitFor();
    await saved;

    // a reload brings the work back, and says so
    await page.reload();
    await page.getByTestId('studio-draft-restored').waitFor({ timeout: 30_000 });
    await page.getByTestId('studio-review-text').locator('ins', { hasText: '할 수' }).waitFor();
    expect(await page.getByRole('button', { name: '띄어쓰기: 할수' }).count()).toBe(0);

    // a change the server has not got yet: a link asks first, "keep working" stays
    await page.route('**/api/studio/documents/*/draft', () => undefined); // held: never answered
    await page.getByRole('button', { name: '직접 더 고치기' }).click();
    await page.getByLabel('다시 분석할 글').fill(`${postTitled('고친 글')}\n덧붙인 문장이다.`);
    const home = page.getByRole('link', { name: '스튜디오', exact: true }).first();
    await home.click();
    const dialog = page.getByRole('alertdialog', { name: '저장하지 않은 작업이 있어요' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '계속 작업하기' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/studio/documentor');
    // …and "leave" leaves
    await home.click();
    await dialog.getByRole('button', { name: '나가기' }).click();
    await page.waitForURL((u) => u.pathname === '/studio');
    await page.unroute('**/api/studio/documents/*/draft');
  });

  it('at 390 px the header menu leads to the documentor and back to moim; one <main> on every studio page', async () => {
    const { page } = b;
    const mains = () => page.evaluate(() => document.querySelectorAll('main').length);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: '글쓰기 스튜디오' }).click();
    await page.waitForURL((u) => u.pathname === '/studio');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await mains()).toBe(1);
    const nav = page.getByRole('navigation', { name: '스튜디오 메뉴' });
    expect(await nav.isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: '메뉴', exact: true });
    await menuButton.click();
    const menu = page.getByRole('menu', { name: '메뉴' });
    await menu.getByRole('menuitem', { name: '회원가입' }).waitFor();
    await menu.getByRole('menuitem', { name: '도큐멘터' }).click();
    await page.waitForURL((u) => u.pathname === '/studio/documentor');
    await page.getByRole('button', { name: '체험 분석하기' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    expect(await mains()).toBe(1);
    // the header fits: nothing sticks out of the 390 px
    expect(await page.evaluate(() => document.querySelector('.studio-header')!.scrollWidth)).toBeLessThanOrEqual(390);

    await menuButton.click();
    await menu.getByRole('menuitem', { name: '모임으로' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('contentinfo').getByRole('link', { name: '글쓰기 스튜디오' }).waitFor();

    // a member: the greeting and logout are in the menu; the documentor's member page has one <main> too
    await page.goto('/login?returnTo=%2Fstudio%2Fdocumentor&brand=studio');
    await loginThroughForm(page, 'member@moim.dev', 'moim-member-2026!');
    await page.getByTestId('studio-quota').waitFor();
    expect(await mains()).toBe(1);
    await menuButton.click();
    await menu.getByText(/님, 안녕하세요/).waitFor();
    await menu.getByRole('menuitem', { name: '스튜디오' }).click();
    await page.waitForURL((u) => u.pathname === '/studio');
    expect(await mains()).toBe(1);
    await menuButton.click();
    await menu.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.getByText('로그아웃되었습니다.').waitFor();

    // at 1280 px the navigation is in the header and the menu button is not
    await page.setViewportSize({ width: 1280, height: 800 });
    await nav.getByRole('link', { name: '도큐멘터' }).click();
    await page.waitForURL((u) => u.pathname === '/studio/documentor');
    expect(await menuButton.isVisible()).toBe(false);
    expect(await mains()).toBe(1);
  });
});
