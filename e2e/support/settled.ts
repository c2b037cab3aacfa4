/**
 * Waiting for a page to stop changing, by what the page shows rather than by a clock: the DOM
 * (elements, attributes, text) unchanged over `frames` painted frames in a row.
 */
import type { Page } from 'playwright-core';

/** Resolves once the page's DOM has not changed over `frames` frames in a row; throws after `timeoutMs`. */
export async function domQuiet(page: Page, { frames = 3, timeoutMs = 10_000 } = {}): Promise<void> {
  await page.evaluate(
    ({ frames, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        let quiet = 0;
        let changed = false;
        const observer = new MutationObserver(() => (changed = true));
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const deadline = performance.now() + timeoutMs;
        const frame = () => {
          quiet = changed ? 0 : quiet + 1;
          changed = false;
          if (quiet >= frames) {
            observer.disconnect();
            resolve();
          } else if (performance.now() > deadline) {
            observer.disconnect();
            reject(new Error(`the page kept changing for ${timeoutMs} ms`));
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { frames, timeoutMs },
  );
}
