/**
 * Typing as people do, for the search boxes: at a normal pace with the hesitations everyone has
 * (a pause about as long as a search box's debounce, right when the page answers), and Korean
 * through an IME (Chromium's own composition, driven over CDP: compositionstart/update/end and
 * input events with isComposing, as a Korean keyboard makes them).
 */
import type { Page } from 'playwright-core';

/** The search boxes' debounce (apps/web/src/shared/lib/use-search-param.ts). */
export const DEBOUNCE_MS = 300;

/**
 * Types `text` key by key, 60 ms apart, pausing for `pauseMs` after the keys at `pauseAfter`
 * (indexes): a person who stops for a moment mid-word, just as the page starts its search.
 */
export async function typeLikeAPerson(page: Page, text: string, pauseAfter: number[] = [], pauseMs = DEBOUNCE_MS) {
  for (const [i, ch] of [...text].entries()) {
    await page.keyboard.type(ch);
    await page.waitForTimeout(pauseAfter.includes(i) ? pauseMs : 60);
  }
}

/**
 * A Korean IME's steps: ['compose', text] shows the syllable being composed, ['commit', text]
 * finishes it. "프론트" on a 두벌식 keyboard: ㅍ → 프 → 플, then 로 takes the ㄹ (프 done) → 론,
 * then ㅌ starts the next syllable (론 done) → 트, finished by the next key.
 */
export type ImeStep = ['compose' | 'commit', string];
export const FRONT: ImeStep[] = [
  ['compose', 'ㅍ'],
  ['compose', '프'],
  ['compose', '플'],
  ['commit', '프'],
  ['compose', '로'],
  ['compose', '론'],
  ['commit', '론'],
  ['compose', 'ㅌ'],
  ['compose', '트'],
  ['commit', '트'],
];
/** Consonants alone ("ㅍㄹㅌ", a 초성 search): each is composed, then finished by the next. */
export const consonants = (s: string): ImeStep[] =>
  [...s].flatMap((c): ImeStep[] => [
    ['compose', c],
    ['commit', c],
  ]);

/**
 * Types through the IME into the focused field, `pauseMs` between steps (a person composing
 * slowly: longer than the debounce). Returns the addresses the page moved to while a syllable
 * was still being composed (nothing may be searched for, or written into the box, then).
 */
export async function typeWithIme(page: Page, steps: ImeStep[], pauseMs = 60): Promise<string[]> {
  // the address when the composition began, noted by the page itself at compositionstart: an
  // address that changes after that is a move while composing (the page's own reading, so a search
  // the box committed just before the composition began, which a loaded machine runs late, is not
  // one, and neither is the test's view of the address lagging behind the page's)
  await page.evaluate(() => {
    const w = window as unknown as { __imeStart?: string | null };
    if (w.__imeStart !== undefined) return;
    w.__imeStart = null;
    document.addEventListener('compositionstart', () => (w.__imeStart = location.href), true);
    document.addEventListener('compositionend', () => (w.__imeStart = null), true);
  });
  const movedWhileComposing: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const [kind, text] of steps) {
      if (kind === 'compose') await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
      else await cdp.send('Input.insertText', { text });
      await page.waitForTimeout(pauseMs);
      const [start, now] = await page.evaluate(() => [(window as unknown as { __imeStart: string | null }).__imeStart, location.href]);
      if (start !== null && now !== start) movedWhileComposing.push(decodeURIComponent(now!));
    }
  } finally {
    await cdp.detach();
  }
  return movedWhileComposing;
}

/** Empties the focused field as a person does (select all, delete). */
export async function clearField(page: Page) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
}
