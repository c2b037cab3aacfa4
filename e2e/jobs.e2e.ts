/**
 * The jobs navigator through the real built site (issue 15): a member fills a skill profile,
 * searches "ㅂㅇㄷ", narrows to 신입 and remote, reads the matched and missing skills of a posting,
 * bookmarks it and finds it among their bookmarks; an admin imports a CSV with one bad row and
 * reads the run's report. Logins go through the login page. At 1280 and 390 px, a person who
 * came through the header's JOBS link types into the search box as people do (hesitating right
 * after a search with no results, a space then a pause, Korean through the IME): the box has its
 * row, keeps every key in order, nothing is searched mid-syllable, and the address follows the box.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser.ts';
import { completeSecondFactorInUi } from './support/accounts.ts';
import { followHeaderLink } from './support/header.ts';
import { clearField, consonants, DEBOUNCE_MS, FRONT, typeLikeAPerson, typeWithIme } from './support/typing.ts';

const b = useBrowser();
const password = (email: string) => `moim-${email.split('@')[0]}-2026!`;

async function login(page: Page, email: string, returnTo = '/') {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password(email));
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await completeSecondFactorInUi(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
}

describe('jobs navigator', () => {
  let postingTitle = '';
  let postingId = '';

  it('a member fills a skill profile, finds 백엔드 by 초성, narrows to 신입 and remote, reads the match and bookmarks a posting', async () => {
    const { page } = b;
    await login(page, 'member@moim.dev', '/users/me/edit#job-skill-profile');
    const section = page.locator('#job-skill-profile');
    await section.getByRole('heading', { name: '잡 내비게이터 스킬 프로필' }).waitFor({ timeout: 20_000 });
    for (const skill of ['Java', 'Spring', 'Git']) {
      await section.getByLabel('추가할 기술').fill(skill);
      await section.getByRole('button', { name: '추가', exact: true }).click();
    }
    await section.getByText('Spring Boot · 실무').waitFor(); // "Spring" is an alias of Spring Boot
    await section.getByLabel(/경력 \(년\)/).fill('0');
    await section.getByRole('button', { name: '스킬 프로필 저장' }).click();
    await section.getByText('스킬 프로필을 저장했습니다.').first().waitFor();

    await page.goto('/ignition/navigator');
    await page.getByRole('heading', { level: 1, name: '잡 내비게이터' }).waitFor();
    await page.getByLabel('공고 검색').fill('ㅂㅇㄷ');
    await page.waitForURL(/q=%E3%85%82%E3%85%87%E3%84%B7/, { timeout: 10_000 }); // debounced into the URL
    const results = page.getByTestId('job-results');
    await results.locator('mark', { hasText: '백엔드' }).first().waitFor({ timeout: 20_000 });

    const quick = page.getByRole('group', { name: '빠른 필터' });
    await quick.getByRole('button', { name: '신입', exact: true }).click();
    await page.waitForURL(/experience=ENTRY/);
    await quick.getByRole('button', { name: '원격 근무', exact: true }).click();
    await page.waitForURL(/workMode=REMOTE/);
    await page.getByRole('group', { name: '적용한 필터' }).getByRole('button', { name: '원격 근무 필터 해제' }).waitFor();
    // the list keeps the previous answer on screen while the filtered one loads: wait for it
    await page.locator('[data-testid="job-results"][aria-busy="false"]').waitFor({ timeout: 20_000 });

    // every card now says 신입 and 원격 근무, and the member sees a match badge
    const card = results
      .locator('article')
      .filter({ has: page.getByRole('link', { name: /Java\/Spring/ }) })
      .first();
    const link = card.getByRole('link', { name: /Java\/Spring/ });
    await link.waitFor({ timeout: 20_000 });
    await card.getByText('원격 근무', { exact: true }).waitFor();
    expect(await card.locator('.jn-match').textContent()).toMatch(/매칭 \d+%/);
    postingTitle = (await link.textContent())!.trim();
    await link.click();

    await page.waitForURL(/jobId=/);
    postingId = new URL(page.url()).searchParams.get('jobId')!;
    const dialog = page.getByRole('dialog');
    const heading = dialog.getByRole('heading', { level: 2, name: postingTitle });
    await heading.waitFor({ timeout: 20_000 });
    expect((await heading.textContent())!.trim()).toBe(postingTitle);
    const match = dialog.getByTestId('match-explanation');
    await match.getByText('갖춘 기술').waitFor();
    await match.locator('.jn-skill--have', { hasText: 'Java' }).first().waitFor();
    await match.locator('.jn-skill--have', { hasText: 'Spring Boot' }).first().waitFor();
    const missing = match.locator('.jn-skill--missing a').first();
    await missing.waitFor();
    expect(await missing.getAttribute('href')).toMatch(/^\/study\?q=/);
    expect(await dialog.locator('script[type="application/ld+json"]').count()).toBe(1);

    await dialog.getByRole('button', { name: `${postingTitle} 저장` }).click();
    await page.getByText('공고를 저장했습니다.').waitFor();
    await dialog.getByRole('button', { name: `${postingTitle} 저장 취소` }).waitFor();
    await dialog.getByRole('button', { name: '닫기' }).click();
    await page.waitForURL((u) => !u.searchParams.has('jobId'));

    await page.getByRole('link', { name: '저장한 공고' }).click();
    await page.waitForURL(/view=bookmarks/);
    await page.getByRole('heading', { name: '저장한 공고' }).waitFor();
    await page.getByTestId('job-results').getByRole('link', { name: postingTitle }).waitFor({ timeout: 20_000 });
  });

  it('the posting has its own shareable page with JobPosting JSON-LD', async () => {
    const { page } = b;
    // as a guest's browser receives it: rendered by the server with the posting (its title the
    // page's heading) and one JobPosting, in <head>, before any JavaScript
    const served = await fetch(`${baseURL}/ignition/navigator/${postingId}`, { headers: { 'accept-encoding': 'identity' } });
    const html = await served.text();
    const markup = html.slice(html.indexOf('<div id="root"'));
    expect(markup).toMatch(/<h1 id="job-page-title"/);
    expect(markup).toContain(postingTitle.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    await page.goto(`/ignition/navigator/${postingId}`);
    await page.getByRole('heading', { level: 1, name: postingTitle }).waitFor({ timeout: 20_000 });
    // once the app has taken over, the page's own JobPosting replaces the server's: still one
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('script[type="application/ld+json"]').length === 1);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'JobPosting', title: postingTitle, jobLocationType: 'TELECOMMUTE' });
  });

  it('a posting that does not exist: its not-found state answered 404 and laid out from the first paint, before the stylesheets arrive', async () => {
    // before the stylesheets arrive what shows is the page's inline CSS, which must already hold
    // the rules of this state of the page (not only of a found posting's)
    const bare = await b.browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'ko-KR' });
    try {
      // (a browser without JavaScript loads the stylesheets through <noscript>: kept out here)
      await bare.route(/\.css(\?|$)/, (r) => r.abort());
      const page = await bare.newPage();
      const res = await page.goto('/ignition/navigator/00000000-0000-4000-8000-000000000000');
      expect(res?.status()).toBe(404);
      const state = page.locator('#root[data-prerendered] .state');
      await state.getByText('채용 공고를 찾을 수 없습니다.').waitFor();
      expect(await state.evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).textAlign])).toEqual(['flex', 'center']);
    } finally {
      await bare.close();
    }
    // once the app has taken over, the same state leads back to the list (no retry: the answer would be the same)
    const { page } = b;
    await page.goto('/ignition/navigator/00000000-0000-4000-8000-000000000000');
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
    expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
    await page.locator('.state').getByRole('link', { name: '채용 공고 목록' }).click();
    await page.waitForURL((u) => u.pathname === '/ignition/navigator');
  });

  it('an admin imports a CSV with one bad row and reads the run report', async () => {
    const { page } = b;
    const stamp = Date.now().toString(36);
    const csv = [
      'company,title,experience,employment_type,work_mode,location,salary_min,salary_max,required_skills,valid_through,source_url',
      `이음채용,E2E 백엔드 개발자 ${stamp},신입,정규직,원격,서울 강남구,4000만,5000만,Java|Spring,2099-12-31,https://careers.example.com/e2e/${stamp}/1`,
      `이음채용,,주니어,정규직,사무실 출근,서울 강남구,,,Kotlin,2099-12-31,https://careers.example.com/e2e/${stamp}/2`,
      `이음채용,E2E 프론트엔드 개발자 ${stamp},주니어,계약직,하이브리드,판교,,,React|TS,,https://careers.example.com/e2e/${stamp}/3`,
    ].join('\n');
    await login(page, 'admin@moim.dev', '/admin/jobs');
    await page.getByRole('heading', { level: 1, name: '잡 내비게이터 관리' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('파일').setInputFiles({ name: `e2e-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: '가져오기 시작' }).click();
    await page.waitForURL(/\/admin\/jobs\/runs\//);
    await page.getByRole('heading', { level: 1, name: `가져오기 결과: e2e-${stamp}.csv` }).waitFor();
    const counts = page.getByTestId('run-counts');
    await page.locator('.jn-status', { hasText: '완료' }).first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await counts.textContent())?.replace(/\s+/g, '')).toBe('새로등록2갱신0변경없음0거부1');
    const items = page.getByTestId('run-items');
    const bad = items.locator('tr', { hasText: '거부' });
    // the reason names the field at fault, in the page's language
    await bad.getByText(/공고 항목을 확인해 주세요 — title: 필수 입력 항목입니다/).waitFor();
    expect(await bad.locator('td').first().textContent()).toBe('3'); // the spreadsheet's line number
    await items.getByRole('link', { name: `E2E 백엔드 개발자 ${stamp}` }).waitFor();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px the search box keeps what is typed, as it is typed, and the address follows it`, async () => {
      const { page } = b;
      const q = () => new URL(page.url()).searchParams.get('q');
      await page.setViewportSize(viewport);
      await page.goto('/');
      await followHeaderLink(page, 'JOBS');
      await page.getByRole('heading', { level: 1, name: '잡 내비게이터' }).waitFor({ timeout: 20_000 });
      const box = page.getByLabel('공고 검색');
      // the box has its row (the visit began on a prerendered page: the entry's stylesheet must
      // not override the navigator's; squeezed to nothing, a Korean IME wrote each syllable first)
      expect((await box.boundingBox())!.width).toBeGreaterThan(viewport.width / 2);
      await box.click();

      // a search with no results …
      await typeLikeAPerson(page, 'zzqx');
      await page.waitForURL(() => q() === 'zzqx');
      await page.getByText('조건에 맞는 공고가 없습니다.', { exact: false }).waitFor({ timeout: 20_000 });
      // … then "kotlin" over it, hesitating after "ko" and "kotl" just as long as the box waits
      await page.keyboard.press('ControlOrMeta+A');
      await typeLikeAPerson(page, 'kotlin', [1, 3]);
      expect(await box.inputValue()).toBe('kotlin');
      await page.waitForURL(() => q() === 'kotlin');
      expect(await box.inputValue()).toBe('kotlin');

      // a word, a space, a pause while the page searches, and the next word
      await clearField(page);
      await page.waitForURL(() => q() === null);
      await typeLikeAPerson(page, 'java ', [4], DEBOUNCE_MS * 2);
      await page.waitForURL(() => q() === 'java');
      await typeLikeAPerson(page, 'spring');
      expect(await box.inputValue()).toBe('java spring');
      await page.waitForURL(() => q() === 'java spring');

      // an English word at a normal speed finds the Korean postings (the search synonyms: backend → 백엔드)
      await clearField(page);
      await page.waitForURL(() => q() === null);
      await typeLikeAPerson(page, 'backend');
      expect(await box.inputValue()).toBe('backend');
      await page.waitForURL(() => q() === 'backend');
      await page
        .getByTestId('job-results')
        .getByRole('link', { name: /백엔드/ })
        .first()
        .waitFor({ timeout: 20_000 });

      // Korean through the IME, composing slowly: nothing happens mid-syllable
      await clearField(page);
      await page.waitForURL(() => q() === null);
      expect(await typeWithIme(page, FRONT, DEBOUNCE_MS + 200)).toEqual([]);
      expect(await box.inputValue()).toBe('프론트');
      await page.waitForURL(() => q() === '프론트');
      expect(await box.inputValue()).toBe('프론트');
      await page.getByTestId('job-results').locator('mark', { hasText: '프론트' }).first().waitFor({ timeout: 20_000 });

      await clearField(page);
      await page.waitForURL(() => q() === null);
      expect(await typeWithIme(page, consonants('ㅍㄹㅌ'), DEBOUNCE_MS + 200)).toEqual([]);
      expect(await box.inputValue()).toBe('ㅍㄹㅌ');
      await page.waitForURL(() => q() === 'ㅍㄹㅌ');
      expect(await box.inputValue()).toBe('ㅍㄹㅌ');

      // back: the box shows the search the address has again (each search is a step in the history)
      await page.goBack();
      await page.waitForURL(() => q() === 'ㅍㄹ');
      await expect.poll(() => box.inputValue()).toBe('ㅍㄹ');
      await page.goForward();
      await page.waitForURL(() => q() === 'ㅍㄹㅌ');
      await expect.poll(() => box.inputValue()).toBe('ㅍㄹㅌ');
    });
  }
});
