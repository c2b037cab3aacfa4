/**
 * Going somewhere the way a person does from any page of the site: through the header's links
 * (at 768 px and below, through the menu the hamburger button opens). STUDY is a menu on wide
 * screens: its "전체 스터디 보기" item opens the list. It waits for the app to have taken over the page.
 */
import type { Page } from 'playwright-core';

export async function followHeaderLink(page: Page, name: 'STUDY' | 'PROJECT' | 'JOBS' | 'LAB' | 'WHO WE ARE') {
  // a prerendered page's header is markup until the app takes over: its menu button opens nothing
  // before that (on a loaded machine the click can come first)
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'), null, { timeout: 30_000 });
  if ((page.viewportSize()?.width ?? 1280) <= 768) {
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page.getByRole('dialog', { name: '전체 메뉴' }).getByRole('link', { name, exact: true }).click();
    return;
  }
  const nav = page.getByRole('navigation', { name: '주요 메뉴' });
  if (name === 'STUDY') {
    await nav.getByRole('button', { name: 'STUDY' }).click();
    await nav.getByRole('menuitem', { name: '전체 스터디 보기' }).click();
  } else {
    await nav.getByRole('link', { name, exact: true }).click();
  }
}
