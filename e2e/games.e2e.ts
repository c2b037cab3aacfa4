/**
 * Games journeys (issue 7) in Chromium: a signed-in member plays Tetris with real key presses
 * until the stack tops out, and finds the verified score on the boards (once: "around me" does
 * not repeat the top 10) and in their statistics; an end made while the browser is offline is
 * queued and lands once it is back online; a guest's game joins their history once after they
 * log in; starting a game keeps the game's title, the well and its buttons in view below the
 * header at 1280×800 and 390×844; a player rebinds keys and sets key repeat (kept on the account,
 * conflicts shown) and a game played with held keys is verified by the server's replay.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson, apiLogin, DEMO, signIn, uniqueEmail, type Session } from './support/accounts.ts';
import { baseURL, useBrowser } from './support/browser.ts';

const LEADER = { email: 'leader@moim.dev', password: 'moim-leader-2026!' };

const b = useBrowser();

interface HistoryEntry {
  score: number;
  source: string;
  verified: boolean;
}

async function myTetrisStats(token: string) {
  const r = await fetch(`${baseURL}/api/games/statistics/my/TETRIS?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  return ((await r.json()) as { data: { gamesPlayed: number; bestScore: number | null; history: HistoryEntry[] } }).data;
}

async function login(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('이메일').fill(who.email);
  await page.getByLabel('비밀번호', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** Starts a game and focuses the board. */
async function startGame(page: Page) {
  await page.getByTestId('tetris-start').click();
  await page.getByTestId('tetris-board').focus();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tetris-board');
}

/**
 * A hard drop, and the page showing that it landed: the next-piece previews (their labels) move
 * on as the next piece comes in, or the game is over. The game queues key presses in order
 * (TetrisKeys), so moves and rotations pressed before it need no wait of their own.
 */
async function hardDrop(page: Page) {
  const before = await page
    .locator('.tetris-next canvas')
    .evaluateAll((previews) => previews.map((c) => c.getAttribute('aria-label')).join('|'));
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (before) =>
      document.querySelector('[data-testid="tetris-result"]') !== null ||
      Array.from(document.querySelectorAll('.tetris-next canvas'), (c) => c.getAttribute('aria-label')).join('|') !== before,
    before,
  );
}

/**
 * A key held down while the page paints `frames` frames: the player's input (the game steps on
 * each frame, 60 a second), not a wait for the page.
 */
async function holdKey(page: Page, code: string, frames: number) {
  await page.keyboard.down(code);
  await page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        let left = n;
        const frame = () => (--left <= 0 ? done() : requestAnimationFrame(frame));
        requestAnimationFrame(frame);
      }),
    frames,
  );
  await page.keyboard.up(code);
}

/** Real key presses: a few moves and rotations, then hard drops until the stack tops out. */
async function playUntilTopOut(page: Page): Promise<number> {
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('KeyX');
  await hardDrop(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('KeyZ');
  await hardDrop(page);
  for (let i = 0; i < 80; i++) {
    if (await page.getByTestId('tetris-result').isVisible()) break;
    await hardDrop(page);
  }
  await page.getByTestId('tetris-result').waitFor({ timeout: 15_000 });
  return Number((await page.getByTestId('result-score').textContent())!.replace(/[^0-9]/g, ''));
}

/** Where an element sits in the window, and the fixed header's height. */
async function placement(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 64;
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), header, height: window.innerHeight };
  });
}
const wholeInView = (p: { top: number; bottom: number; header: number; height: number }) => p.top >= p.header && p.bottom <= p.height;

async function register(name: string): Promise<Session> {
  const password = `moim-e2e-${Date.now().toString(36)}-pw!`;
  const r = await apiJson<Session>('/api/users/register', {
    method: 'POST',
    body: JSON.stringify({ email: uniqueEmail('tet'), password, name }),
  });
  expect(r.status).toBeLessThan(300);
  return r.body.data;
}

describe('games', () => {
  it('a member plays Tetris with the keyboard, tops out, and sees the verified score on the board and in the statistics', async () => {
    const errors: string[] = [];
    b.page.on('pageerror', (e) => errors.push(e.message));
    await b.page.goto('/login?returnTo=%2Flab%2Ftetris');
    await login(b.page, DEMO.member);
    await b.page.waitForURL((u) => u.pathname === '/lab/tetris');
    await expect(b.page.getByTestId('guest-banner').count()).resolves.toBe(0);

    await startGame(b.page);
    const score = await playUntilTopOut(b.page);
    expect(score).toBeGreaterThan(0);
    await b.page.getByText('✓ 검증된 점수').waitFor();
    await b.page.getByTestId('personal-best').waitFor(); // the member's first Tetris game

    // The global board (top 10) and the around-me window show the score on the member's row.
    const boards = b.page.getByTestId('leaderboards');
    const myRows = boards.locator('tr.is-me');
    await expect.poll(() => myRows.count(), { timeout: 10_000 }).toBe(1);
    expect(await myRows.first().textContent()).toContain(score.toLocaleString('ko-KR'));
    // fewer than ten players: the member is in the top 10, and "around me" says so instead of repeating it
    await expect.poll(() => boards.getByTestId('around-me-note').textContent()).toMatch(/상위 10명 안에 있습니다/);
    expect(await boards.getByText('아직 기록이 없습니다').count()).toBe(0);
    await expect.poll(() => b.page.getByTestId('my-rank').textContent()).toMatch(/\d+위/);

    // Statistics: best score, games played, and the score history.
    await expect.poll(() => b.page.getByTestId('stats-best').textContent()).toBe(score.toLocaleString('ko-KR'));
    const session = await apiLogin(DEMO.member.email, DEMO.member.password);
    const stats = await myTetrisStats(session.accessToken);
    expect(stats.bestScore).toBe(score);
    expect(stats.history[0]).toMatchObject({ score, verified: true, source: 'SESSION' });
    expect(errors).toEqual([]);
  });

  it('an end made offline is queued and lands when the browser is back online', async () => {
    const session = await apiLogin(DEMO.member.email, DEMO.member.password);
    const before = await myTetrisStats(session.accessToken);
    await b.page.goto('/login?returnTo=%2Flab%2Ftetris');
    await login(b.page, DEMO.member);
    await b.page.waitForURL((u) => u.pathname === '/lab/tetris');
    await startGame(b.page);
    for (let i = 0; i < 4; i++) {
      await b.page.keyboard.press(i % 2 ? 'ArrowRight' : 'ArrowLeft');
      await hardDrop(b.page);
    }
    const played = Number((await b.page.getByTestId('tetris-score').textContent())!.replace(/[^0-9]/g, ''));

    await b.context.setOffline(true);
    await b.page.getByTestId('tetris-end').click();
    await b.page.getByTestId('result-queued').waitFor();
    await b.page.getByTestId('sync-status').waitFor();
    expect(await b.page.evaluate(() => JSON.parse(localStorage.getItem('game-sync-queue') ?? '[]').length)).toBe(1);
    expect((await myTetrisStats(session.accessToken)).gamesPlayed).toBe(before.gamesPlayed);

    await b.context.setOffline(false);
    await expect.poll(() => b.page.evaluate(() => localStorage.getItem('game-sync-queue')), { timeout: 15_000 }).toBeNull();
    await b.page.getByTestId('sync-status').waitFor({ state: 'detached' });
    const after = await myTetrisStats(session.accessToken);
    expect(after.gamesPlayed).toBe(before.gamesPlayed + 1);
    expect(after.history[0]).toMatchObject({ score: played, verified: true });
    await expect.poll(() => b.page.getByTestId('stats-played').textContent(), { timeout: 10_000 }).toBe(String(after.gamesPlayed));
  });

  it('a guest plays, logs in, and finds the guest score in their history exactly once', async () => {
    await b.page.goto('/lab/tetris');
    await b.page.getByTestId('guest-banner').waitFor();
    await startGame(b.page);
    const score = await playUntilTopOut(b.page);
    expect(await b.page.evaluate(() => Number(localStorage.getItem('tetris-high-score')))).toBe(score);
    expect(await b.page.evaluate(() => JSON.parse(localStorage.getItem('game-history') ?? '[]').length)).toBe(1);

    // The leader's imports so far (a retried attempt of this journey imports its own game too).
    const leader = await apiLogin(LEADER.email, LEADER.password);
    const imported = async () => (await myTetrisStats(leader.accessToken)).history.filter((h) => h.source === 'GUEST_IMPORT');
    const before = (await imported()).length;

    await b.page.getByTestId('guest-banner').getByRole('link', { name: '로그인' }).click();
    await b.page.waitForURL(/\/login/);
    await login(b.page, LEADER);
    await b.page.waitForURL((u) => u.pathname === '/lab/tetris');

    await expect.poll(async () => (await imported()).length, { timeout: 15_000 }).toBe(before + 1);
    expect((await imported())[0]).toMatchObject({ score, verified: false });
    // In the page: the history lists it, marked as a guest game (the statistics are read again
    // once the import has answered).
    const history = b.page.getByTestId('score-history');
    await b.page.getByText('최근 기록').click();
    await expect.poll(() => history.getByText('게스트 기록').count(), { timeout: 15_000 }).toBe(before + 1);

    // A reload (or another login) does not import it again: the page's import answers with
    // the ids it already knows, and the count stays.
    const importCalls: number[] = [];
    b.page.on('response', (r) => {
      if (r.url().includes('/api/games/guest-history/import')) importCalls.push(r.status());
    });
    await b.page.reload();
    await b.page.getByTestId('my-stats').waitFor();
    await expect.poll(() => history.getByText('게스트 기록').count(), { timeout: 15_000 }).toBe(before + 1);
    expect(importCalls).toEqual([]);
    expect((await imported()).length).toBe(before + 1);
    // Guest games never enter the boards.
    const board = await (
      await fetch(`${baseURL}/api/games/leaderboards/user?gameType=TETRIS&userId=${(leader.user as { id: string }).id}`)
    ).json();
    expect((board as { data: { entries: { score: number }[] } }).data.entries[0]?.score).not.toBe(score);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`at ${viewport.width}×${viewport.height} a started game keeps its title, the well and its buttons in view below the header`, async () => {
      const context = await b.browser.newContext({ baseURL, locale: 'ko-KR', viewport });
      try {
        const page = await context.newPage();
        await page.goto('/lab/tetris');
        await page.getByTestId('tetris-start').click();
        await page.getByTestId('tetris-end').waitFor();
        for (const id of ['tetris-board', 'tetris-pause', 'tetris-end'])
          await expect.poll(async () => wholeInView(await placement(page, id)), { message: id }).toBe(true);
        const title = await page.getByRole('heading', { level: 2, name: '테트리스' }).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        });
        const header = (await placement(page, 'tetris-board')).header;
        expect(title.top).toBeGreaterThanOrEqual(header);
        if (viewport.width <= 768) {
          const touch = await page.getByRole('group', { name: '터치 조작' }).evaluate((el) => el.getBoundingClientRect().bottom);
          expect(touch).toBeLessThanOrEqual(viewport.height);
        }
      } finally {
        await context.close();
      }
    });

  it('a player sets key repeat and rebinds keys (kept on the account, conflicts shown), and a game with held keys is verified', async () => {
    const session = await register('키장인');
    await signIn(b.context, session);
    const page = b.page;
    await page.goto('/lab/tetris');
    await page.getByTestId('tetris-settings-open').click();
    const dialog = page.getByTestId('tetris-settings');
    await dialog.waitFor();
    await page.getByTestId('tetris-das').fill('100');
    await page.getByTestId('tetris-arr').fill('0');
    await page.getByTestId('tetris-sdf').selectOption('0');
    // a key already bound elsewhere: both rows say so and saving is blocked
    await page.getByTestId('bind-pause').click();
    await page.keyboard.press('KeyZ');
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(2);
    expect(await dialog.getByRole('alert').first().textContent()).toContain('Z 키가');
    expect(await page.getByTestId('tetris-settings-save').isDisabled()).toBe(true);
    await page.getByTestId('binding-pause').getByRole('button', { name: '일시정지에서 Z 빼기' }).click();
    // an action with three keys takes no fourth
    expect(await page.getByTestId('bind-hold').isDisabled()).toBe(true);
    // move left and right with A and D (the arrows stay too)
    await page.getByTestId('bind-left').click();
    await page.keyboard.press('KeyA');
    await page.getByTestId('bind-right').click();
    await page.keyboard.press('KeyD');
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    await page.getByTestId('tetris-settings-save').click();
    await dialog.waitFor({ state: 'hidden' });

    const saved = await apiJson<{ settings: { dasMs: number; arrMs: number; softDropFactor: number; bindings: Record<string, string[]> } }>(
      '/api/games/tetris/settings',
      { token: session.accessToken },
    );
    expect(saved.body.data.settings).toMatchObject({ dasMs: 100, arrMs: 0, softDropFactor: 0 });
    expect(saved.body.data.settings.bindings.left).toEqual(['ArrowLeft', 'KeyA']);
    expect(saved.body.data.settings.bindings.pause).toEqual(['KeyP', 'Escape']);
    expect(await page.getByTestId('tetris-help').textContent()).toContain('←/A');

    // after a reload they come from the account (nothing of a signed-in player is kept in the
    // browser); on a slow network the dialog opens before they arrive and shows them once they do
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const settingsUrl = '**/api/games/tetris/settings';
    await page.route(settingsUrl, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('tetris-settings-open').click();
    await page.getByTestId('tetris-settings').waitFor();
    release();
    await expect.poll(() => page.getByTestId('tetris-das').inputValue()).toBe('100');
    await page.unroute(settingsUrl);
    await page.keyboard.press('Escape');

    // play holding keys: A held past DAS (to the wall at once), D held, soft drop held, hard drops
    await startGame(page);
    // held past DAS (100 ms, 6 frames) well into the repeat; soft drop held a few frames
    for (let i = 0; i < 6; i++) {
      await holdKey(page, i % 2 ? 'KeyD' : 'KeyA', 15);
      await holdKey(page, 'ArrowDown', 4);
      await hardDrop(page);
    }
    const played = Number((await page.getByTestId('tetris-score').textContent())!.replace(/[^0-9]/g, ''));
    await page.getByTestId('tetris-end').click();
    await page.getByText('✓ 검증된 점수').waitFor();
    expect(Number((await page.getByTestId('result-score').textContent())!.replace(/[^0-9]/g, ''))).toBe(played);
    const stats = await myTetrisStats(session.accessToken);
    expect(stats.history[0]).toMatchObject({ score: played, verified: true });
  });

  it('shows the lab, a clear not-found for unknown subjects, and the team shuffle from a shared link', async () => {
    await b.page.goto('/lab');
    await b.page.getByTestId('lab-card-tetris').waitFor();
    for (const id of ['deduction', 'team-shuffle', 'spotlight-arena']) await b.page.getByTestId(`lab-card-${id}`).waitFor();
    await b.page.goto('/lab/no-such-game');
    await b.page.getByTestId('lab-not-found').waitFor();
    // the old address of the deduction game leads to the game
    await b.page.goto('/lab/deduction');
    await b.page.waitForURL('**/lab/deduction-game');
    await b.page.goto('/lab/team-shuffle?names=%EA%B0%80%0A%EB%82%98%0A%EB%8B%A4%0A%EB%9D%BC%0A%EB%A7%88&mode=count&n=2&seed=e2e');
    const teams = b.page.getByTestId('teams');
    await teams.waitFor();
    const first = await teams.textContent();
    await b.page.reload();
    await teams.waitFor();
    expect(await teams.textContent()).toBe(first);
  });
});
