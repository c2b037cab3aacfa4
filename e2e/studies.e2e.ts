/**
 * The study journey through the real built site, in order: a member proposes a study through the
 * five-step form; the admin approves it in the back office (asked first: cancelling leaves it
 * waiting); another member applies; the leader
 * (the proposer) accepts; the new member finds it under "my studies" and on the calendar; the
 * leader starts and completes it; the member writes a review that shows on the study page.
 * Every login goes through the login page. And, at 1280 and 390 px, a guest who came through the
 * header's STUDY link searches: the box keeps what is typed (the space before the next word,
 * Korean through the IME) when the search it sent comes back into the address.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser.ts';
import { completeSecondFactorInUi } from './support/accounts.ts';
import { followHeaderLink } from './support/header.ts';
import { FRONT, typeLikeAPerson, typeWithIme } from './support/typing.ts';
import { makePng } from './support/png.ts';

const b = useBrowser();

const LEADER = 'doyun@moim.dev';
const MEMBER = 'member@moim.dev';
const ADMIN = 'admin@moim.dev';
const password = (email: string) => `moim-${email.split('@')[0]}-2026!`;

const TITLE = `E2E 타입스크립트 스터디 ${Date.now().toString(36)}`;
const REVIEW = '타입 설계를 깊게 다뤄서 실무에 바로 도움이 됐어요.';
let studyPath = '';
let studyId = '';

async function login(page: Page, email: string, returnTo = '/') {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password(email));
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await completeSecondFactorInUi(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** The signed-in page's access token (the SPEC's localStorage key). */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

/** The Seoul month (YYYY-MM) of a YYYY-MM-DD date. */
const monthOf = (date: string) => date.slice(0, 7);

describe('studies journey', () => {
  it('a member proposes a study through the form', async () => {
    const { page } = b;
    await login(page, LEADER, '/study/propose');
    await page.getByRole('heading', { name: '스터디 제안하기' }).waitFor();

    // 1. basics — "next" is refused while the title breaks its rule
    await page.getByLabel(/스터디 이름/).fill('가');
    await page.getByRole('button', { name: '다음' }).click();
    await page.getByText('2자 이상 입력해 주세요.').waitFor();
    await page.getByLabel(/스터디 이름/).fill(TITLE);
    await page.getByLabel(/한 줄 소개/).fill('제네릭부터 타입 레벨 프로그래밍까지 함께 읽고 풀어요');
    await page.getByRole('radio', { name: /강의형/ }).check();
    await page.getByRole('button', { name: '다음' }).click();

    // 2. schedule — defaults (weekly, two weeks from today) are valid
    await page.getByRole('heading', { name: /일정과 주기/ }).waitFor();
    await page.getByText(/예상 모임 \d+회/).waitFor();
    // the period names its sessions; an end off the meeting day (Wednesdays) is offered the snap back to the last one
    const span = page.getByTestId('propose-session-span');
    await span.getByText(/^첫 모임 \d+월 \d+일\(수\) · 마지막 모임 \d+월 \d+일\(수\) · 총 8회$/).waitFor();
    const end = page.getByLabel(/종료일/);
    const lastSession = await end.inputValue();
    const friday = new Date(Date.parse(`${lastSession}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await end.fill(friday);
    await page.getByRole('button', { name: '모임일에 맞추기' }).click();
    expect(await end.inputValue()).toBe(lastSession);
    await span.getByText(/총 8회$/).waitFor();
    await page.getByRole('button', { name: '다음' }).click();

    // 3. capacity & cost
    await page.getByRole('heading', { name: /정원과 비용/ }).waitFor();
    await page.getByLabel(/정원/).fill('6');
    await page.getByRole('button', { name: '다음' }).click();

    // 4. welcome & questions
    await page.getByRole('heading', { name: /환영 인사와 질문/ }).waitFor();
    await page.getByLabel(/환영 인사/).fill('타입으로 대화하는 개발자가 되어 봐요!');
    await page.getByRole('button', { name: '질문 추가' }).click();
    await page.getByLabel(/질문 1/).fill('TypeScript를 얼마나 써 보셨나요?');
    await page.getByRole('button', { name: '다음' }).click();

    // 5. review & submit
    await page.getByRole('heading', { name: /확인/ }).waitFor();
    await page.getByRole('button', { name: '제안 보내기' }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor({ timeout: 20_000 });
    await page.getByText('관리자 승인을 기다리는 스터디입니다').waitFor();
    await page
      .getByTestId('session-span')
      .first()
      .getByText(/^첫 모임 .+\(수\) · 마지막 모임 .+\(수\) · 총 8회$/)
      .waitFor();
    studyPath = new URL(page.url()).pathname;
    expect(studyPath).toMatch(/^\/study\/\d+-/);
    const manage = await page.getByRole('link', { name: '스터디 관리' }).first().getAttribute('href');
    studyId = manage!.split('/')[2]!;
    expect(studyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the admin approves it in the back office, asked first: cancelling leaves it waiting, confirming approves it', async () => {
    const { page } = b;
    const statusNow = async () => {
      const r = await fetch(`${baseURL}/api/admin/studies/${studyId}`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
      return ((await r.json()) as { data: { status: string } }).data.status;
    };
    await login(page, ADMIN, '/admin/studies');
    const item = page.locator('.st-queue__item', { hasText: TITLE });
    await item.waitFor({ timeout: 20_000 });
    const approve = item.getByRole('button', { name: '승인', exact: true });

    // the question names the study and who is told; the safe choice has the focus; Escape and 취소 send nothing
    await approve.click();
    const ask = page.getByRole('alertdialog', { name: new RegExp(`^${TITLE}[을를] 승인할까요\\?$`) });
    await ask.waitFor();
    await ask.getByText(/제안자 .+ 님에게 알림과 메일이 가요\./).waitFor();
    expect(await ask.getByRole('button', { name: '취소' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(await approve.evaluate((el) => el === document.activeElement)).toBe(true);
    await approve.click();
    await ask.getByRole('button', { name: '취소' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await statusNow()).toBe('PENDING');
    await item.waitFor();

    // confirmed: approved
    await approve.click();
    await ask.getByRole('button', { name: '승인', exact: true }).click();
    await page.getByText(`${TITLE} 스터디를 승인했어요.`).waitFor();
    expect(await statusNow()).toBe('APPROVED');
    await item.waitFor({ state: 'detached' });
    // it is now in the public list
    const res = await fetch(`${baseURL}/api/studies/paged?q=${encodeURIComponent(TITLE)}`);
    const list = (await res.json()) as { data: { content: Array<{ id: string; status: string }> } };
    expect(list.data.content.map((s) => s.id)).toContain(studyId);
  });

  it('the leader uploads a cover image and the study card shows it', async () => {
    const { page } = b;
    await login(page, LEADER, `/study/${studyId}/manage`);
    const editor = page.getByTestId('cover-editor');
    await editor.getByRole('heading', { name: '커버 이미지' }).waitFor();
    // no cover yet: the generated one
    await editor.locator('[data-cover="generated"] svg').waitFor();
    await page
      .getByTestId('cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(320, 180, [16, 185, 129]) });
    // processed on the job queue, then shown
    await page.locator('[data-testid="cover-status"][data-status="READY"]').waitFor({ state: 'attached', timeout: 30_000 });
    await editor.locator('[data-cover="image"] img').waitFor();
    await editor.getByRole('button', { name: '커버 이미지 지우기' }).waitFor();

    await page.goto(`/study?q=${encodeURIComponent(TITLE)}`);
    const img = page.locator('.st-card', { hasText: TITLE }).locator('[data-cover="image"] img');
    await img.scrollIntoViewIfNeeded();
    expect(await img.getAttribute('src')).toBe(`/api/public/studies/${studyId}/cover?size=640&v=1`);
    expect(await img.getAttribute('alt')).toBe('');
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await img.elementHandle(),
      {
        timeout: 15_000,
      },
    );
  });

  it('another member finds it in the list and applies', async () => {
    const { page } = b;
    await login(page, MEMBER, '/study');
    await page.getByLabel('스터디 검색').fill(TITLE);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.waitForURL(/q=/);
    const card = page.locator('.st-card', { hasText: TITLE });
    await card.getByText('모집 중').waitFor();
    await card.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // "링크 복사" puts the readable address (Hangul slug, not %-escapes) on the clipboard.
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.locator('.st-facts').getByRole('button', { name: '링크 복사' }).click();
    await page.locator('.st-facts').getByRole('status').filter({ hasText: '링크를 복사했어요.' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(decodeURI(page.url()));
    expect(copied).toContain('타입스크립트');
    expect(copied).not.toContain('%');
    await page.locator('.st-facts').getByRole('link', { name: '지원하기' }).click();

    await page.getByRole('heading', { name: '스터디 지원하기' }).waitFor();
    await page.getByLabel(/지원 동기/).fill('타입스크립트를 제대로 배우고 싶어서 지원합니다. 매주 성실히 참여할게요!');
    await page.getByLabel(/TypeScript를 얼마나 써 보셨나요/).fill('실무에서 2년 정도 사용했어요.');
    await page.getByRole('button', { name: '지원서 보내기' }).click();
    await page.getByText('지원서를 보냈어요!').waitFor();
  });

  it('the leader accepts the application', async () => {
    const { page } = b;
    await login(page, LEADER, `/study/${studyId}/manage`);
    await page.getByRole('tab', { name: '지원서' }).waitFor();
    const app = page.locator('.st-app', { hasText: '타입스크립트를 제대로 배우고 싶어서' });
    await app.waitFor();
    await app.getByRole('button', { name: '수락' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/님에게 수락 소식이 알림과 메일로 가요\./).waitFor();
    await dialog.getByLabel(/지원자에게 남길 메모/).fill('환영합니다!');
    await dialog.getByRole('button', { name: '수락하기' }).click();
    await page.getByText('검토할 지원서가 없어요.').waitFor();
  });

  it('the new member sees it under "my studies" and on the calendar', async () => {
    const { page } = b;
    await login(page, MEMBER, '/users/me');
    const my = page.locator('#my-studies');
    await my.getByRole('heading', { name: '내 스터디' }).waitFor({ timeout: 20_000 });
    const confirmed = my.locator('#my-confirmed');
    await confirmed.getByRole('link', { name: TITLE }).waitFor();
    await confirmed.getByText('참여가 확정됐어요. 시작일을 기다려 주세요.').waitFor();

    const study = (await (await fetch(`${baseURL}/api/studies/${studyId}`)).json()) as { data: { startDate: string } };
    await page.goto(`/calendar?view=list&month=${monthOf(study.data.startDate)}`);
    await page.getByRole('heading', { name: '스터디 캘린더' }).waitFor();
    await page.locator('.cal-event--recruitment', { hasText: TITLE }).first().waitFor({ timeout: 20_000 });
    const event = page.locator('.cal-event--regular', { hasText: TITLE }).first();
    await event.waitFor({ timeout: 20_000 });
    // members may RSVP to a session
    await event.getByRole('button', { name: '참석할게요' }).click();
    await event.getByRole('button', { name: '참석 취소' }).waitFor();
  });

  it('the leader starts and then completes the study', async () => {
    const { page } = b;
    await login(page, LEADER, `/study/${studyId}/manage?tab=status`);
    await page.getByRole('heading', { name: /현재 상태: 모집 중/ }).waitFor();
    await page.getByRole('button', { name: '스터디 시작' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '스터디 시작' }).click();
    await page.getByRole('heading', { name: /현재 상태: 진행 중/ }).waitFor();
    await page.getByRole('button', { name: '스터디 완료' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '스터디 완료' }).click();
    await page.getByRole('heading', { name: /현재 상태: 완료/ }).waitFor();
    // the history lists both moves
    await page.locator('.st-history').getByText('모집 중 → 진행 중').waitFor();
    await page.locator('.st-history').getByText('진행 중 → 완료').waitFor();
  });

  it('the member writes a review that shows on the study page', async () => {
    const { page } = b;
    await login(page, MEMBER, studyPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.locator('.st-facts').getByRole('link', { name: '후기 쓰기' }).click();
    await page.getByRole('heading', { name: '후기 쓰기' }).waitFor();
    // the rating is a radio group
    await page.getByRole('radio', { name: /5점/ }).check({ force: true });
    await page.getByLabel(/^후기$/).fill(REVIEW);
    await page.getByLabel('실무에 도움돼요').check({ force: true });
    await page.getByLabel('친절하게 이끌어요').check({ force: true });
    await page.getByRole('button', { name: '후기 남기기' }).click();

    await page.waitForURL((u) => u.pathname === studyPath);
    const reviews = page.locator('section', { has: page.getByRole('heading', { name: '참여 후기' }) });
    await reviews.getByText(REVIEW).waitFor({ timeout: 20_000 });
    await reviews.getByText('5.0').waitFor();
    await reviews.getByText('실무에 도움돼요').first().waitFor();
  });
});

describe('proposing a study with a cover image', () => {
  it('the new study’s page shows the processing note, then the processed cover', async () => {
    const { page } = b;
    const title = `E2E 커버 스터디 ${Date.now().toString(36)}`;
    await login(page, 'haneul@moim.dev', '/study/propose');
    await page.getByRole('heading', { name: '스터디 제안하기' }).waitFor();
    await page.getByLabel(/스터디 이름/).fill(title);
    await page.getByLabel(/한 줄 소개/).fill('표지 이미지와 함께 제안하는 스터디입니다');
    await page.getByRole('radio', { name: /강의형/ }).check();
    await page.getByRole('button', { name: '다음' }).click();
    await page.getByRole('heading', { name: /일정과 주기/ }).waitFor();
    await page.getByRole('button', { name: '다음' }).click();
    await page.getByRole('heading', { name: /정원과 비용/ }).waitFor();
    await page.getByLabel(/정원/).fill('5');
    await page.getByRole('button', { name: '다음' }).click();
    await page.getByRole('heading', { name: /환영 인사와 질문/ }).waitFor();
    await page.getByLabel(/환영 인사/).fill('표지부터 함께 만들어요!');
    await page.getByRole('button', { name: '다음' }).click();

    // 5. review: choose a cover, see its preview, submit
    await page.getByRole('heading', { name: /확인/ }).waitFor();
    const chooser = page.getByTestId('propose-cover');
    await page
      .getByTestId('propose-cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(480, 270, [59, 130, 246]) });
    await chooser.locator('[data-cover="image"] img').waitFor();
    await chooser.getByRole('button', { name: '커버 이미지 지우기' }).waitFor();
    await page.getByRole('button', { name: '제안 보내기' }).click();

    // the new study's page: the upload's answer is in the cache, the page polls until the cover is READY
    await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
    const state = page.getByTestId('hero-cover-state');
    await state.waitFor({ state: 'attached' });
    const seen = await state.getAttribute('data-status');
    expect(['PENDING', 'READY']).toContain(seen);
    if (seen === 'PENDING') await state.getByText('커버 이미지를 처리하고 있어요.', { exact: false }).waitFor();
    await page.locator('[data-testid="hero-cover-state"][data-status="READY"]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(() => state.textContent()).toBe('');
    const img = page.locator('.st-hero__cover [data-cover="image"] img');
    await img.waitFor();
    const id = (await page.getByRole('link', { name: '스터디 관리' }).first().getAttribute('href'))!.split('/')[2]!;
    expect(await img.getAttribute('src')).toMatch(new RegExp(`^/api/public/studies/${id}/cover\\?size=\\d+&v=1$`));
    // the processed webp loads (the leader may see the cover of a study still waiting for approval)
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await img.elementHandle(),
      { timeout: 15_000 },
    );
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px the search box keeps what is typed when its search comes back into the address`, async () => {
      const { page } = b;
      const q = () => new URL(page.url()).searchParams.get('q');
      await page.setViewportSize(viewport);
      await page.goto('/');
      await followHeaderLink(page, 'STUDY');
      await page.getByRole('heading', { level: 1, name: '함께 성장할 스터디를 찾아보세요' }).waitFor({ timeout: 20_000 });
      const box = page.getByLabel('스터디 검색');
      expect((await box.boundingBox())!.width).toBeGreaterThan(viewport.width / 3);
      await box.click();
      await typeLikeAPerson(page, 'react ');
      await page.keyboard.press('Enter');
      await page.waitForURL(() => q() === 'react');
      // the space typed before pressing Enter is still there for the next word
      expect(await box.inputValue()).toBe('react ');
      await typeLikeAPerson(page, 'native');
      expect(await box.inputValue()).toBe('react native');
      await page.keyboard.press('Enter');
      await page.waitForURL(() => q() === 'react native');

      await page.keyboard.press('ControlOrMeta+A');
      expect(await typeWithIme(page, FRONT)).toEqual([]);
      expect(await box.inputValue()).toBe('프론트');
      await page.keyboard.press('Enter');
      await page.waitForURL(() => q() === '프론트');
      expect(await box.inputValue()).toBe('프론트');
    });
  }
});
