/**
 * The project journey through the real built site, in order: a member creates a project with two
 * positions and publishes it; another member finds it by a 초성 search and applies for a
 * position (the apply dialog's buttons in view at 1280×800 and 390×844 as soon as it opens); the
 * owner sees the applicant at a glance and accepts in the applications inbox, asked first
 * (cancelling leaves it pending); the applicant sees the decision in
 * the inbox and the project under "my projects" on /users/me; the position shows as filled.
 * Links typed without a scheme ("github.com/…") arrive as addresses.
 * Every login goes through the login page.
 * First, at 1280 and 390 px, a guest who came through the header's PROJECT link searches as they
 * type: the search hint's own 초성 example finds projects, and the box keeps what is typed (after a
 * search with no results, with a hesitation; Korean through the IME) while the address follows it.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser.ts';
import { followHeaderLink } from './support/header.ts';
import { consonants, DEBOUNCE_MS, FRONT, typeLikeAPerson, typeWithIme } from './support/typing.ts';

const b = useBrowser();

const OWNER = 'member@moim.dev';
const APPLICANT = 'leader@moim.dev';
const password = (email: string) => `moim-${email.split('@')[0]}-2026!`;

// "사이드" gives the 초성 ㅅㅇㄷ the applicant searches for; the suffix keeps runs apart
const NAME = `사이드 프로젝트 모임 지도 ${Date.now().toString(36)}`;
const INTRO = '백엔드 4년차 개발자입니다. 평일 저녁에 꾸준히 시간을 낼 수 있어요.';
let projectPath = '';

/** The element is fully inside the viewport (nothing to scroll to reach it) and is what a click there hits. */
async function expectWithinViewport(page: Page, target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box, what).toBeTruthy();
  expect(box.y, `${what} top at ${width}x${height}`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${what} left at ${width}x${height}`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} bottom at ${width}x${height}`).toBeLessThanOrEqual(height);
  expect(box.x + box.width, `${what} right at ${width}x${height}`).toBeLessThanOrEqual(width);
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit, what).toBe(await target.textContent());
}

/** The id of the project at `path` (/project/{slug}), read by id-less slug without counting a view: the list's search by name. */
async function idOfPath(path: string): Promise<string> {
  const r = await fetch(`${baseURL}/api/projects?q=${encodeURIComponent(NAME)}&size=5`);
  const list = (await r.json()) as { data: { content: Array<{ id: string; slug: string }> } };
  return list.data.content.find((x) => `/project/${encodeURIComponent(x.slug)}` === path || `/project/${x.slug}` === path)!.id;
}

/** The id of the project whose page is open (from the API, by the slug in the address). */
async function projectIdOf(page: Page): Promise<string> {
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  const r = await fetch(`${baseURL}/api/projects/slug/${slug}`);
  return ((await r.json()) as { data: { id: string } }).data.id;
}

async function login(page: Page, email: string, returnTo = '/') {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password(email));
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
}

describe('projects journey', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px the search finds projects as it is typed, the hint's 초성 example included`, async () => {
      const { page } = b;
      const q = () => new URL(page.url()).searchParams.get('q');
      const cards = page.locator('.pj-card');
      await page.setViewportSize(viewport);
      await page.goto('/');
      await followHeaderLink(page, 'PROJECT');
      await page.getByRole('heading', { level: 1, name: '함께 만들 팀원을 찾는 프로젝트' }).waitFor({ timeout: 20_000 });
      const box = page.getByLabel('프로젝트 검색');
      expect((await box.boundingBox())!.width).toBeGreaterThan(viewport.width / 2);

      // the example the page gives, typed through the IME, found without pressing 검색
      const hint = (await page.locator('#project-search-hint').textContent()) ?? '';
      const example = /[ㄱ-ㅎ]{2,}/.exec(hint)?.[0];
      expect(example, hint).toBeTruthy();
      await box.click();
      expect(await typeWithIme(page, consonants(example!))).toEqual([]);
      await page.waitForURL(() => q() === example);
      expect(await box.inputValue()).toBe(example);
      await page.locator('section[aria-busy="false"] .pj-card').first().waitFor({ timeout: 20_000 });
      expect(await cards.count()).toBeGreaterThan(0);

      // a search with no results, then "kotlin" over it, hesitating mid-word
      await page.keyboard.press('ControlOrMeta+A');
      await typeLikeAPerson(page, 'zzqx');
      await page.waitForURL(() => q() === 'zzqx');
      await page.getByText('조건에 맞는 프로젝트가 없어요.').waitFor({ timeout: 20_000 });
      await page.keyboard.press('ControlOrMeta+A');
      await typeLikeAPerson(page, 'kotlin', [1, 3]);
      expect(await box.inputValue()).toBe('kotlin');
      await page.waitForURL(() => q() === 'kotlin');
      expect(await box.inputValue()).toBe('kotlin');
      await cards.first().waitFor({ timeout: 20_000 });

      // Korean composed slowly: nothing is searched mid-syllable
      await page.keyboard.press('ControlOrMeta+A');
      expect(await typeWithIme(page, FRONT, DEBOUNCE_MS + 200)).toEqual([]);
      expect(await box.inputValue()).toBe('프론트');
      await page.waitForURL(() => q() === '프론트');
      expect(await box.inputValue()).toBe('프론트');
      await cards.first().waitFor({ timeout: 20_000 });
    });
  }

  it('a member creates a project with two positions and publishes it', async () => {
    const { page } = b;
    await login(page, OWNER, '/project/new');
    await page.getByRole('heading', { level: 1, name: '새 프로젝트' }).waitFor({ timeout: 20_000 });

    // publishing an empty form is refused with the rules next to the fields
    await page.getByRole('button', { name: '게시하기' }).click();
    await page.getByText('확인이 필요한 항목이 있어요.').waitFor();

    await page.getByLabel('프로젝트 이름').fill(NAME);
    await page.getByLabel('한 줄 소개').fill('동네 스터디 장소를 지도에서 찾고 예약까지');
    await page.getByRole('radio', { name: /사이드 프로젝트/ }).check();
    const editor = page.getByRole('textbox', { name: '프로젝트 설명' });
    await editor.click();
    await editor.pressSequentially('스터디 카페와 공유 공간을 지도에서 찾는 서비스입니다.');

    // position 1
    const first = page.locator('.pj-position-edit').nth(0);
    await first.getByLabel('포지션 이름').fill('백엔드 개발자');
    await first.getByLabel('모집 인원').fill('1');
    await first.getByLabel('필수 기술').fill('Kotlin');
    await first.getByLabel('필수 기술').press('Enter');
    // position 2
    await page.getByRole('button', { name: /포지션 추가/ }).click();
    const second = page.locator('.pj-position-edit').nth(1);
    await second.getByLabel('포지션 이름').fill('프론트엔드 개발자');
    await second.getByLabel('모집 인원').fill('2');
    await second.getByLabel('필수 기술').fill('React');
    await second.getByLabel('필수 기술').press('Enter');

    await page.getByLabel('기술 이름').fill('Kotlin');
    await page.getByRole('button', { name: '추가', exact: true }).click();
    await page.getByLabel('모임 주기').fill('주 1회 목요일 저녁');
    // typed as people do: no scheme, an e-mail address for the contact
    await page.getByLabel('저장소 주소').fill('github.com/moim/map');
    await page.getByLabel(/^연락처/).fill('owner@moim.dev');

    await page.getByRole('button', { name: '게시하기' }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor({ timeout: 20_000 });
    projectPath = new URL(page.url()).pathname;
    expect(decodeURIComponent(projectPath)).toMatch(/^\/project\/사이드-프로젝트-모임-지도-/);
    await page.locator('.pj-hero').getByText('모집 중').waitFor();
    const links = page.locator('.pj-links');
    expect(await links.getByRole('link', { name: '저장소' }).getAttribute('href')).toBe('https://github.com/moim/map');
    expect(await links.getByRole('link', { name: '연락처' }).getAttribute('href')).toBe('mailto:owner@moim.dev');
    // the owner sees the controls, not an apply button
    await page.getByRole('heading', { name: '관리' }).waitFor();
    expect(await page.getByRole('button', { name: /지원하기$/ }).count()).toBe(0);
  });

  it('a guest without JavaScript reads the project and the list whole, a shared search too: the server renders them with their data, and its own read counts no view', async () => {
    const views = async () => {
      const r = await fetch(`${baseURL}/api/projects/${await idOfPath(projectPath)}`);
      return ((await r.json()) as { data: { viewCount: number } }).data.viewCount;
    };
    const before = await views();
    const guest = await b.browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'ko-KR' });
    try {
      const page = await guest.newPage();
      await page.goto(projectPath);
      expect(await page.locator('#root[data-prerendered] h1').textContent()).toBe(NAME);
      await page.locator('.pj-position', { hasText: '백엔드 개발자' }).waitFor();
      // the data the app takes over with travels in the page
      expect(await page.locator('#moim-query-data').count()).toBe(1);
      await page.goto('/project');
      await page.locator('#root[data-prerendered]').getByRole('link', { name: NAME }).first().waitFor();
      // a shared search: rendered with its filters, the words in the box and only what they find
      await page.goto(`/project?q=${encodeURIComponent(NAME)}`);
      const cards = page.locator('#root[data-prerendered] .pj-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      expect(await page.locator('#project-search').inputValue()).toBe(NAME);
    } finally {
      await guest.close();
    }
    // the renderer read the project as a guest: that read is not a visit (a visitor's app counts its own)
    expect(await views()).toBe(before);
  });

  it('a project that does not exist: the not-found page from the first paint (laid out by the inline CSS), answered 404, and kept once the app is live', async () => {
    const guest = await b.browser.newContext({ baseURL, locale: 'ko-KR' });
    try {
      const page = await guest.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const res = await page.goto('/project/no-such-project-here');
      expect(res?.status()).toBe(404);
      // drawn by the server: no 'Loading...' before it
      expect(await page.locator('#root').getByText('프로젝트를 찾을 수 없어요.').count()).toBe(1);
      // once the app has taken over, the same page, and its link back to the list works
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
      await page.locator('.pj-page .state').getByRole('link', { name: '프로젝트 목록' }).click();
      await page.waitForURL((u) => u.pathname === '/project');
      expect(errors).toEqual([]);
    } finally {
      await guest.close();
    }
    // laid out from the first paint: before the stylesheets arrive, the page's inline CSS already
    // holds this state's rules (its message does not move when they come)
    const bare = await b.browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'ko-KR' });
    try {
      // (a browser without JavaScript loads the stylesheets through <noscript>: kept out here)
      await bare.route(/\.css(\?|$)/, (r) => r.abort());
      const page = await bare.newPage();
      await page.goto('/project/no-such-project-here');
      const state = page.locator('#root[data-prerendered] .state');
      await state.getByText('프로젝트를 찾을 수 없어요.').waitFor();
      expect(await state.evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).textAlign])).toEqual(['flex', 'center']);
    } finally {
      await bare.close();
    }
  });

  it('another member finds it by a 초성 search and applies for a position', async () => {
    const { page } = b;
    await login(page, APPLICANT, '/project');
    await page.getByLabel('프로젝트 검색').fill('ㅅㅇㄷ');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(/q=/);
    const card = page.locator('.pj-card', { hasText: NAME });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText('1명 남음').waitFor();
    await card.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();

    // the dialog's buttons are in view as soon as it opens, on a laptop and on a phone (the body scrolls)
    const applyButton = page.getByRole('button', { name: '백엔드 개발자 지원하기' });
    const dialog = page.getByRole('dialog', { name: '프로젝트 지원' });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await applyButton.click();
      await dialog.waitFor();
      for (const name of ['지원서 보내기', '취소']) await expectWithinViewport(page, dialog.getByRole('button', { name }), name);
      if (viewport.width === 390) {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    await dialog.getByLabel('짧은 자기소개').fill(INTRO);
    await dialog.getByLabel('지원 동기').fill('스터디 장소 찾기가 늘 불편했어요. 직접 만들어 보고 싶습니다.');
    await dialog.getByLabel('보유 기술').fill('Kotlin');
    await dialog.getByLabel('보유 기술').press('Enter');
    await dialog.getByLabel('보유 기술').fill('Docker');
    await dialog.getByLabel('보유 기술').press('Enter');
    // links typed as people do: no scheme
    await dialog.getByLabel(/GitHub 주소/).fill('github.example.com/jihoon');
    await dialog.getByLabel(/블로그 주소/).fill('blog.example.com/@jihoon');
    // filled in, the buttons are still in view
    await expectWithinViewport(page, dialog.getByRole('button', { name: '지원서 보내기' }), '지원서 보내기');
    await dialog.getByRole('button', { name: '지원서 보내기' }).click();
    await page.getByText('지원서를 보냈어요. 결과는 알림으로 알려 드려요.').waitFor();
    await page.getByText('백엔드 개발자 포지션 · 검토 중').waitFor();
  });

  it('the owner accepts it in the applications inbox', async () => {
    const { page } = b;
    await login(page, OWNER, '/notifications');
    // the new application reached the owner's inbox and leads to the applications tab
    await page
      .getByRole('button', { name: /새 프로젝트 지원이 도착했습니다/ })
      .first()
      .click();
    await page.waitForURL(/tab=applications/);
    const app = page.locator('.pj-app', { hasText: INTRO });
    await app.waitFor({ timeout: 20_000 });
    // the applicant at a glance: the position, their skills (the required one marked), where their links lead
    await app.getByText('백엔드 개발자', { exact: true }).waitFor();
    const skills = app.getByRole('list', { name: '보유 기술' });
    expect(await skills.getByRole('listitem').allTextContents()).toEqual(['Kotlin (포지션 필수 기술)', 'Docker']);
    const links = app.getByRole('list', { name: /님의 링크$/ });
    expect(await links.getByRole('link', { name: /GitHub/ }).getAttribute('href')).toBe('https://github.example.com/jihoon');
    expect(await links.getByRole('link', { name: /GitHub/ }).textContent()).toBe('GitHubgithub.example.com/jihoon');
    expect(await links.getByRole('link', { name: /블로그/ }).getAttribute('href')).toBe('https://blog.example.com/@jihoon');

    // approving reaches the applicant: asked first; 취소 leaves it pending
    const approve = app.getByRole('button', { name: '승인', exact: true });
    await approve.click();
    const ask = page.getByRole('alertdialog', { name: /님의 지원을 승인할까요\?$/ });
    await ask.waitFor();
    await ask.getByText(/님에게 승인 소식이 알림과 메일로 가요\./).waitFor();
    expect(await ask.getByRole('button', { name: '취소' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await ask.getByRole('button', { name: '취소' }).click();
    await ask.waitFor({ state: 'hidden' });
    await app.getByText('검토 중').waitFor();
    const projectId = await projectIdOf(page);
    const pending = await fetch(`${baseURL}/api/projects/${projectId}/applications?status=PENDING`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
    });
    const open = (await pending.json()) as { data: { content: Array<{ introduction: string }> } };
    expect(open.data.content.map((a) => a.introduction)).toContain(INTRO);

    // confirmed: approved
    await approve.click();
    await ask.getByRole('button', { name: '승인하기' }).click();
    await page.getByText('승인했어요. 팀원으로 합류했어요.').waitFor();
  });

  it('the applicant sees the decision in the inbox and the project under "my projects"; the position is filled', async () => {
    const { page } = b;
    await login(page, APPLICANT, '/notifications');
    const notice = page.getByRole('button', { name: /프로젝트 지원이 승인되었습니다/ }).first();
    await notice.waitFor({ timeout: 20_000 });
    await expect(notice.textContent()).resolves.toContain(NAME);

    await page.goto('/users/me');
    const my = page.locator('#my-projects');
    await my.getByRole('heading', { name: '내 프로젝트' }).waitFor({ timeout: 20_000 });
    await my.locator('#my-projects-member').locator('..').getByRole('link', { name: NAME }).waitFor();
    await my.getByText('백엔드 개발자 포지션').waitFor();

    await page.goto(projectPath);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const position = page.locator('.pj-position', { hasText: '백엔드 개발자' });
    await position.getByText('모집 완료').waitFor();
    await position.getByText('1/1명').waitFor();
    await page.getByText('이 프로젝트의 팀원이에요.').waitFor();
    const team = page.locator('.pj-team');
    await team.getByText('백엔드 개발자').waitFor();
    // the API agrees
    const res = await fetch(`${baseURL}/api/projects/slug/${projectPath.split('/')[2]}`);
    const body = (await res.json()) as { data: { positions: { name: string; filledCount: number; open: boolean }[] } };
    expect(body.data.positions.find((p) => p.name === '백엔드 개발자')).toMatchObject({ filledCount: 1, open: false });
  });
});
