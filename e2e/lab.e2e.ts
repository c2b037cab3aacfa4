/**
 * Lab journeys (issue 18) in Chromium: the demo leader brings a study's members into Team
 * Shuffle, keeps two of them apart, shares the link, and a fresh browser shows the same teams;
 * a snail race among 30 names picks 3 winners that the history shows (and the shown seed
 * replays to them); with reduced motion the result appears at once; the arena's stage and start
 * button are in view when it opens and the show plays in view (and full screen), at 1280×800 and
 * 390×844; /lab remembers its category and an unknown subject shows the list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drawWinners } from '../packages/games/src/index.ts';
import { apiJson, apiLogin, signIn } from './support/accounts.ts';
import { baseURL, useBrowser } from './support/browser.ts';

const LEADER = { email: 'leader@moim.dev', password: 'moim-leader-2026!' };
const PASTE_LABEL = '이름 목록 (한 줄에 한 명, 또는 쉼표로 구분)';
const b = useBrowser();

async function teamsOn(page: Page): Promise<string[][]> {
  await page.getByTestId('team-card').first().waitFor();
  return page
    .getByTestId('team-card')
    .evaluateAll((cards) =>
      cards.map((c) => Array.from(c.querySelectorAll('[data-testid="team-member"] > span:first-child'), (s) => s.textContent ?? '')),
    );
}

/** The demo study led by the leader with the most active members. */
async function biggestLedStudy(token: string): Promise<{ id: string; names: string[] }> {
  const my = await apiJson<{ groups: { leading: { study: { id: string } }[] } }>('/api/studies/my?format=grouped', { token });
  let best = { id: '', names: [] as string[] };
  for (const item of my.body.data.groups.leading) {
    const m = await apiJson<{ content: { name: string }[] }>(`/api/studies/${item.study.id}/members?size=100&active=true`, { token });
    if (m.body.data.content.length > best.names.length) best = { id: item.study.id, names: m.body.data.content.map((x) => x.name) };
  }
  return best;
}

/** Where an element sits in the window, and the fixed header's height. */
async function placement(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 64;
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), header, height: window.innerHeight };
  });
}
const wholeInView = (p: { top: number; bottom: number; header: number; height: number }) =>
  p.top >= p.header - 1 && p.bottom <= p.height + 1;

describe('lab', () => {
  it('a leader imports a study, keeps two apart, and the shared link shows the same teams elsewhere', async () => {
    const session = await apiLogin(LEADER.email, LEADER.password);
    const study = await biggestLedStudy(session.accessToken);
    expect(study.names.length).toBeGreaterThanOrEqual(4);
    await signIn(b.context, session);
    const page = b.page;
    await page.goto('/lab/team-shuffle');
    await page.getByRole('tab', { name: '내 스터디' }).click();
    await page.getByLabel('스터디', { exact: true }).selectOption(study.id);
    await page.getByTestId('import-study-members').click();
    await expect.poll(() => page.getByTestId('people-count').textContent()).toContain(`참가자 ${study.names.length}명`);

    const [a, c] = [study.names[0]!, study.names[1]!];
    await page.getByLabel('조건 종류').selectOption('apart');
    await page.getByLabel('1번째 사람').selectOption(a);
    await page.getByLabel('2번째 사람').selectOption(c);
    await page.getByTestId('add-constraint').click();
    await expect.poll(() => page.getByTestId('constraints-apart').textContent()).toContain(`${a} · ${c}`);
    await page.getByTestId('shuffle').click();

    const teams = await teamsOn(page);
    expect(teams.flat().sort()).toEqual([...study.names].sort());
    expect(teams.some((t) => t.includes(a) && t.includes(c))).toBe(false);
    const sizes = teams.map((t) => t.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toContain('/lab/team-shuffle#s=');

    // a different browser, not signed in
    const other = await b.browser.newContext({ baseURL, locale: 'ko-KR' });
    try {
      const guest = await other.newPage();
      await guest.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
      expect(await teamsOn(guest)).toEqual(teams);
      expect(await guest.getByTestId('constraints-apart').textContent()).toContain(`${a} · ${c}`);
      expect(await guest.getByTestId('shuffle-seed').textContent()).toBe(await page.getByTestId('shuffle-seed').textContent());
    } finally {
      await other.close();
    }

    // undo goes back to no result; redo brings the same teams again
    await page.getByTestId('undo').click();
    await expect.poll(() => page.getByTestId('team-card').count()).toBe(0);
    await page.getByTestId('redo').click();
    expect(await teamsOn(page)).toEqual(teams);
  });

  it('a snail race among 30 names picks 3 winners, the history shows them and the seed replays to them', { timeout: 120_000 }, async () => {
    const page = b.page;
    const names = Array.from({ length: 30 }, (_, i) => `참가자${i + 1}`);
    await page.goto('/lab/spotlight-arena');
    await page.getByLabel(PASTE_LABEL).fill(names.join('\n'));
    await page.getByRole('button', { name: '명단 적용' }).click();
    await page.getByLabel('당첨자 수 (1~10)').fill('3');
    await expect.poll(() => page.getByTestId('stated-chances').locator('tbody tr').first().textContent()).toContain('10%');
    await page.getByTestId('arena-start').click();
    await page.getByTestId('snail-canvas').waitFor();
    await expect.poll(() => page.getByTestId('commentary').locator('li').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await page.getByTestId('arena-result').waitFor({ timeout: 90_000 });

    const winners = (await page.getByTestId('arena-winners').locator('li').allTextContents()).map((s) => s.replace(/^\d+\s*/, '').trim());
    expect(winners).toHaveLength(3);
    expect(new Set(winners).size).toBe(3);
    for (const w of winners) expect(names).toContain(w);
    const seed = /시드 ([a-z0-9]+)/.exec((await page.getByTestId('arena-seed').textContent()) ?? '')![1]!;
    const replay = drawWinners({ seed, entries: names.map((name) => ({ name })), count: 3, allowRepeat: false }).map((i) => names[i]);
    expect(replay).toEqual(winners);

    const first = page.getByTestId('history-item').first();
    await first.waitFor();
    const text = (await first.textContent()) ?? '';
    for (const w of winners) expect(text).toContain(w);
    expect(text).toContain(seed);
    expect(text).toContain('시드로 재현됨');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`at ${viewport.width}×${viewport.height} the arena opens on its stage and start button, and the show plays in view and full screen`, async () => {
      const context = await b.browser.newContext({ baseURL, locale: 'ko-KR', viewport });
      try {
        const page = await context.newPage();
        await page.goto('/lab/spotlight-arena');
        await page.getByTestId('arena-start').waitFor();
        // (read as the page settles: it is prerendered, then taken over by the app)
        await expect.poll(async () => wholeInView(await placement(page, 'arena-panel'))).toBe(true);
        await expect.poll(async () => wholeInView(await placement(page, 'arena-start'))).toBe(true);

        await page.getByLabel(PASTE_LABEL).fill(Array.from({ length: 30 }, (_, i) => `발표자${i + 1}`).join('\n'));
        await page.getByRole('button', { name: '명단 적용' }).click();
        // on a narrow screen the editor is below the stage: its button leads back up
        if (viewport.width <= 960) await page.getByTestId('arena-to-stage').click();
        await expect.poll(async () => wholeInView(await placement(page, 'arena-start'))).toBe(true);
        await page.getByTestId('arena-start').click();
        await page.getByTestId('snail-canvas').waitFor();
        // the stage comes up below the header and the whole track is in view, while the race runs
        await expect.poll(async () => wholeInView(await placement(page, 'snail-canvas'))).toBe(true);
        const stage = await placement(page, 'arena-panel');
        expect(stage.top).toBeGreaterThanOrEqual(stage.header - 1);
        await expect.poll(() => page.getByTestId('commentary').locator('li').count(), { timeout: 10_000 }).toBeGreaterThan(1);
        expect(wholeInView(await placement(page, 'snail-canvas'))).toBe(true);
        expect(await page.getByTestId('arena-result').count()).toBe(0);

        // full screen (Fullscreen API) and back with Escape; the race goes on, not from the start
        const said = await page.getByTestId('commentary').locator('li').count();
        await page.getByTestId('arena-fullscreen').click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('projector');
        expect(await page.getByTestId('commentary').locator('li').count()).toBeGreaterThanOrEqual(said);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
        await expect.poll(() => page.getByTestId('projector').count()).toBe(0);
        // and by the keyboard: F
        await page.keyboard.press('f');
        await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('projector');
        await page.getByTestId('projector-close').click();
        await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
      } finally {
        await context.close();
      }
    }, 60_000);

  it('with reduced motion the result appears at once', async () => {
    const context = await b.browser.newContext({ baseURL, locale: 'ko-KR', reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.goto('/lab/spotlight-arena');
      await page.getByLabel(PASTE_LABEL).fill(Array.from({ length: 12 }, (_, i) => `이름${i + 1}`).join('\n'));
      await page.getByRole('button', { name: '명단 적용' }).click();
      await expect.poll(() => page.getByLabel('애니메이션 없이 결과 바로 보기').isChecked()).toBe(true);
      const started = Date.now();
      await page.getByTestId('arena-start').click();
      await page.getByTestId('arena-result').waitFor({ timeout: 3000 });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await page.getByTestId('arena-winners').locator('li').count()).toBe(1);
      expect(await page.getByTestId('arena-skip').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('signed in, a draw goes to the account history next to the demo draws', async () => {
    const session = await apiLogin(LEADER.email, LEADER.password);
    const before = await apiJson<{ totalElements: number }>('/api/lab/draws?size=1', { token: session.accessToken });
    expect(before.body.data.totalElements).toBeGreaterThanOrEqual(3); // the demo meetups' draws
    const context = await b.browser.newContext({ baseURL, locale: 'ko-KR', reducedMotion: 'reduce' });
    try {
      await signIn(context, session);
      const page = await context.newPage();
      await page.goto('/lab/spotlight-arena');
      // (the page is prerendered as a guest sees it: the account's history once the app has taken over)
      await page.getByTestId('arena-history').getByText('계정에 저장됨').waitFor();
      await page.getByLabel(PASTE_LABEL).fill('가람\n나래\n다온\n라희');
      await page.getByRole('button', { name: '명단 적용' }).click();
      await page.getByText('다트 휠', { exact: true }).click();
      await page.getByLabel('서바이벌').check();
      await page.getByTestId('arena-start').click();
      await page.getByTestId('arena-result').waitFor();
      const winner = ((await page.getByTestId('arena-winners').locator('li').first().textContent()) ?? '').replace(/^\d+\s*/, '').trim();
      await expect
        .poll(
          async () =>
            (await apiJson<{ totalElements: number }>('/api/lab/draws?size=1', { token: session.accessToken })).body.data.totalElements,
        )
        .toBe(before.body.data.totalElements + 1);
      const latest = await apiJson<{ content: { winners: string[]; game: string; mode: string }[] }>('/api/lab/draws?size=1', {
        token: session.accessToken,
      });
      expect(latest.body.data.content[0]).toMatchObject({ winners: [winner], game: 'DART_WHEEL', mode: 'survival' });
      await expect.poll(() => page.getByTestId('history-item').first().textContent()).toContain(winner);
    } finally {
      await context.close();
    }
  });

  it('/lab remembers its category for the session, and an unknown subject shows the list', async () => {
    const page = b.page;
    await page.goto('/lab');
    await page.getByTestId('lab-category-utilities').click();
    await expect.poll(() => page.getByTestId('lab-card-tetris').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('lab-category-utilities').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('lab-card-team-shuffle').count()).toBe(1);
    await page.goto('/lab/no-such-thing');
    await page.getByTestId('lab-not-found').waitFor();
    expect(await page.getByTestId('lab-card-spotlight-arena').count()).toBe(1);
  });
});
