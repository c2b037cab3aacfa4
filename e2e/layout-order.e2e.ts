/**
 * A page looks the same however it was reached (docs/web-shell.md "Styles: layers and
 * ownership"): every public route is laid out once by its address and once reached inside the app
 * after other pages' stylesheets have loaded — from / and from /lab, through the header's link as
 * a person would (at 390 px through the menu the hamburger opens), or through a link on the page
 * when the header has none, else the router's own history navigation. The boxes of the main
 * landmark's blocks and controls must agree within 2 px. A stylesheet whose rules depended on which
 * page's CSS arrived first (the navigator's search box squeezed by the shared `.input` after a visit
 * to /) fails here.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { followHeaderLink } from './support/header.ts';
import { PUBLIC_ROUTES } from './support/routes.ts';
import { domQuiet } from './support/settled.ts';

const b = useBrowser();

const HEADER_LINKS: Record<string, 'STUDY' | 'PROJECT' | 'JOBS' | 'LAB' | 'WHO WE ARE'> = {
  '/study': 'STUDY',
  '/project': 'PROJECT',
  '/ignition/navigator': 'JOBS',
  '/lab': 'LAB',
  '/whoweare': 'WHO WE ARE',
};
const STARTS = ['/', '/lab'] as const;
const TOLERANCE = 2;

type Boxes = Record<string, [number, number, number, number]>;

/** The boxes (page coordinates) of main's blocks and controls in the first two screens, keyed by their place in main. */
function boxes(page: Page): Promise<Boxes> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const main = document.querySelector('main');
    const out: Record<string, [number, number, number, number]> = {};
    if (!main) return out;
    const limit = window.innerHeight * 2;
    const keyOf = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== main; e = e.parentElement) {
        parts.unshift(`${e.tagName.toLowerCase()}${[...(e.parentElement?.children ?? [])].indexOf(e)}`);
      }
      return parts.join('>');
    };
    const wanted = main.querySelectorAll(
      ':scope > *, :scope > * > *, h1, h2, h3, input, select, textarea, button, [role="tablist"], form, table, canvas, img',
    );
    let n = 0;
    for (const el of wanted) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const y = r.top + window.scrollY;
      if (y > limit) continue;
      // a block reaching past the two screens is compared up to their end: the home page's lower
      // sections skip layout until they come near (content-visibility: auto), so the whole
      // page's height depends on how far it was scrolled, not on its styles
      const height = Math.min(r.bottom + window.scrollY, limit) - y;
      out[keyOf(el)] = [Math.round(r.left), Math.round(y), Math.round(r.width), Math.round(height)];
      if (++n >= 80) break;
    }
    return out;
  });
}

/** The page's requests in flight, and who waits for there being none (settledBoxes waits for none). */
const inFlight = new WeakMap<Page, { open: Set<unknown>; idle: (() => void)[] }>();
function trackRequests(page: Page) {
  const state = { open: new Set<unknown>(), idle: [] as (() => void)[] };
  inFlight.set(page, state);
  const ended = (r: unknown) => {
    state.open.delete(r);
    if (state.open.size === 0) for (const wake of state.idle.splice(0)) wake();
  };
  page.on('request', (r) => state.open.add(r));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/** Resolves once no request of the page is in flight, or when `capMs` is up (a request that stays open, a long poll). */
function noRequestInFlight(page: Page, capMs: number): Promise<void> {
  const state = inFlight.get(page);
  if (!state || state.open.size === 0 || capMs <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, capMs);
    state.idle.push(() => {
      clearTimeout(cap);
      resolve();
    });
  });
}

/**
 * Waits for the live page (the app has taken over, fonts settled, no request in flight) and for
 * its layout to stop changing: three equal measurements in a row, each once the DOM has been
 * still for six frames (a moment: a loading state swapped for the page is a change).
 */
async function settledBoxes(page: Page): Promise<Boxes> {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  let last = '';
  let same = 0;
  // the page's code (React keeps the previous page on screen, still, until it has come), then its
  // data as far as a spinner says (a page may keep one: then it is measured as it is)
  const pageLoaded = () => !document.querySelector('[data-testid="route-progress"], .page-loading');
  await page.waitForFunction(pageLoaded, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('#root .spinner'), undefined, { timeout: 10_000 }).catch(() => undefined);
  const requestsCap = Date.now() + 5_000; // a request that stays open (a long poll) is waited for 5 s at most
  for (let i = 0; i < 80 && same < 2; i++) {
    await noRequestInFlight(page, requestsCap - Date.now());
    await page.waitForFunction(pageLoaded, undefined, { timeout: 30_000 });
    await domQuiet(page, { frames: 6 });
    const now = JSON.stringify(await boxes(page));
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return JSON.parse(last || JSON.stringify(await boxes(page))) as Boxes;
}

/** Goes to `path` inside the app: the site header's link, else a link on the page, else the router's history (a popstate). */
async function goInApp(page: Page, path: string) {
  const before = page.url();
  const header = HEADER_LINKS[path];
  // the studio's pages have their own header, without the site's links
  if (header && (await page.getByTestId('site-header').count()) > 0) {
    await followHeaderLink(page, header);
  } else {
    const link = page.locator(`a[href="${path}"]:visible`).first();
    if ((await link.count()) > 0) await link.click();
    else
      await page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
  }
  if (new URL(before).pathname !== path) await page.waitForURL((url) => url.href !== before);
}

function differences(route: string, start: string, direct: Boxes, via: Boxes): string[] {
  const out: string[] = [];
  for (const [key, d] of Object.entries(direct)) {
    const v = via[key];
    if (!v) out.push(`${route} (from ${start}): ${key} missing`);
    else if (d.some((x, i) => Math.abs(x - v[i]!) > TOLERANCE))
      out.push(`${route} (from ${start}): ${key} ${d.join(',')} → ${v.join(',')}`);
  }
  for (const key of Object.keys(via)) if (!direct[key]) out.push(`${route} (from ${start}): ${key} only when reached in the app`);
  return out;
}

describe('layout does not depend on the order stylesheets arrived in', () => {
  for (const width of [1280, 390]) {
    it(`lays out every public route the same by its address and through the app at ${width} px`, { timeout: 1_200_000 }, async () => {
      const { context, page } = b;
      await page.setViewportSize({ width, height: 800 });
      trackRequests(page);
      const direct = await context.newPage();
      trackRequests(direct);
      await direct.setViewportSize({ width, height: 800 });
      const expected = new Map<string, { path: string; boxes: Boxes }>();
      for (const route of PUBLIC_ROUTES) {
        await direct.goto(route);
        const boxes = await settledBoxes(direct);
        expected.set(route, { path: new URL(direct.url()).pathname, boxes });
      }
      await direct.close();

      const problems: string[] = [];
      for (const start of STARTS) {
        await page.goto(start);
        await settledBoxes(page);
        for (const route of PUBLIC_ROUTES) {
          if (route === start) continue;
          await goInApp(page, route);
          const via = await settledBoxes(page);
          const want = expected.get(route)!;
          const at = new URL(page.url()).pathname;
          if (at !== want.path) problems.push(`${route} (from ${start}): ended at ${at}, by its address at ${want.path}`);
          else problems.push(...differences(route, start, want.boxes, via));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
