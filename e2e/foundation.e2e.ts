import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser.ts';
import { followHeaderLink } from './support/header.ts';

const b = useBrowser();

/** An element's font family, whether every character of `text` is in a loaded "Pretendard Page" face (not the fallback), and the loaded families. */
const pageFontState = (selector: string, text: string) =>
  b.page.evaluate(
    async ([sel, t]) => {
      await document.fonts.ready;
      const style = getComputedStyle(document.querySelector(sel)!);
      return {
        family: style.fontFamily,
        covered: document.fonts.check(`${style.fontWeight} ${style.fontSize} "Pretendard Page"`, t),
        loaded: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
      };
    },
    [selector, text] as const,
  );

describe('foundation', () => {
  it('renders the home page', async () => {
    const errors: string[] = [];
    b.page.on('pageerror', (e) => errors.push(e.message));
    b.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await b.page.goto('/');
    await expect(b.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(await b.page.locator('html').getAttribute('lang')).toBe('ko');
    // The page runs under the server's Content-Security-Policy without violations.
    expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  });

  it("draws a prerendered page's Korean text in Pretendard from the page's own font file", async () => {
    const fonts: string[] = [];
    b.page.on('request', (r) => r.url().endsWith('.woff2') && fonts.push(r.url().split('/').pop()!));
    // the app's JS blocked: what the HTML alone paints (the first paint)
    const js = /\.js$/;
    await b.page.route(js, (r) => r.abort());
    await b.page.goto('/study');
    const lead = b.page.locator('.st-lead').first();
    const text = (await lead.textContent()) ?? '';
    expect(text).toMatch(/[가-힣]/);
    const state = await pageFontState('.st-lead', text);
    await b.page.unroute(js);
    expect(state.family).toMatch(/^"?Pretendard Page"?, "?Pretendard Variable"?/);
    expect(state.covered).toBe(true);
    expect(state.loaded).toContain('Pretendard Page');
    // one file of its own, none of the 92 frequency subsets, for the page's whole text (on /study
    // Pretendard has every character; a symbol it lacks, like /lab's ▦, would still ask a subset)
    expect(fonts.filter((f) => f.startsWith('PretendardPage-'))).toHaveLength(1);
    expect(fonts.filter((f) => f.startsWith('PretendardVariable.subset'))).toEqual([]);
  });

  it("draws a study page's own text in Pretendard from the page's own font file, cut by the server", async () => {
    // The study's title is its own text, unknown at build: the server cuts the page's font after
    // the first render (apps/server/src/http/page-font.ts) and the next renders preload it.
    const path = '/study/1-tecoteco';
    await expect
      .poll(
        async () => (await (await b.page.request.get(path, { headers: { accept: 'text/html' } })).text()).includes('/assets/page-fonts/'),
        {
          timeout: 30_000,
          interval: 200,
          message: 'the study page never got its own font',
        },
      )
      .toBe(true);
    const fonts: string[] = [];
    b.page.on('request', (r) => /\.woff2(\?|$)/.test(r.url()) && fonts.push(new URL(r.url()).pathname));
    const js = /\.js$/;
    await b.page.route(js, (r) => r.abort());
    await b.page.goto(path);
    const title = (await b.page.locator('#study-title').textContent()) ?? '';
    expect(title).toMatch(/[가-힣]/);
    const state = await pageFontState('#study-title', title);
    await b.page.unroute(js);
    expect(state.family).toMatch(/^"?Pretendard Page"?, "?Pretendard Variable"?/);
    expect(state.covered).toBe(true);
    expect(state.loaded).toContain('Pretendard Page');
    expect(fonts.filter((f) => f.startsWith('/assets/page-fonts/'))).toHaveLength(1);
    expect(fonts.filter((f) => f.includes('PretendardVariable.subset'))).toEqual([]);
  });

  it('adds the font faces of a prerendered page with the FontFace API, none with the stylesheets loaded after the first paint', async () => {
    await b.page.goto('/');
    await b.page.waitForFunction(() => {
      // (a disabled one stands for the entry stylesheet loaded without its faces: never fetched)
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')];
      return links.length > 0 && links.every((l) => l.sheet) && !document.querySelector('#root[aria-busy]');
    });
    // a lazy route's CSS dependencies include the entry stylesheet: the stand-in keeps it out
    await b.page.locator('a.btn[href="/study"]').first().click();
    await b.page.waitForURL(/\/study/);
    await b.page.waitForLoadState('networkidle');
    const state = await b.page.evaluate(() => ({
      sheets: [...document.styleSheets].map((s) => ({
        inline: !s.href,
        faces: [...s.cssRules].filter((r) => r instanceof CSSFontFaceRule).length,
      })),
      faces: [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Pretendard Variable').length,
    }));
    // a stylesheet adding @font-face rules after the first paint restyles and re-lays out the whole page
    expect(state.sheets.filter((s) => !s.inline && s.faces > 0)).toEqual([]);
    // every subset of the entry CSS is still declared (fonts.css: 92), from the critical CSS or the script
    expect(state.faces).toBeGreaterThanOrEqual(92);
  });

  it("keeps the home hero's text where it is when the page font replaces the fallback", async () => {
    // Chromium often paints / before the page font is in (its preload holds the first frame only
    // ~100 ms after <body>): nothing in the hero may start where the font's widths decide, or the
    // swap is a layout shift (docs/rendering.md "Fonts"). The HTML and
    // its critical CSS alone, with and without the page font, at phone and desktop widths: every
    // block, button and fact starts at the same point (within Chromium's 3 px shift threshold).
    const widths = [320, 360, 390, 412, 430, 480, 600, 900, 1280];
    const measure = async (font: boolean) => {
      await b.page.unrouteAll();
      await b.page.route('**/*', (r) =>
        r.request().resourceType() === 'document' || (font && /PretendardPage-/.test(r.request().url())) ? r.continue() : r.abort(),
      );
      await b.page.setViewportSize({ width: 320, height: 900 });
      await b.page.goto('/');
      // every face of the page font in (fonts.ready settles with the faces the first layout asked
      // for; on a busy machine a bold or a second subset came in during the measurements below)
      await b.page.evaluate(async (font) => {
        await document.fonts.ready;
        if (font)
          await Promise.all(
            [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Pretendard Page').map((f) => f.load().catch(() => f)),
          );
      }, font);
      const loaded = await b.page.evaluate(() =>
        [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Pretendard Page' && f.status === 'loaded'),
      );
      expect(loaded).toBe(font);
      const out: Record<string, number[]> = {};
      for (const width of widths) {
        await b.page.setViewportSize({ width, height: 900 });
        Object.assign(
          out,
          await b.page.evaluate((width) => {
            const points: Record<string, number[]> = {};
            const selectors = ['.hero__title .gradient-text', '.hero__lead', '.hero__actions .btn', '.hero__facts li', '.hero-art'];
            for (const s of selectors)
              document.querySelectorAll(s).forEach((e, i) => {
                const r = e.getBoundingClientRect();
                points[`${width} ${s} ${i}`] = [r.left, r.top];
              });
            return points;
          }, width),
        );
      }
      return out;
    };
    const fallback = await measure(false);
    const withFont = await measure(true);
    await b.page.unrouteAll();
    expect(Object.keys(withFont)).toEqual(Object.keys(fallback));
    const moved = Object.keys(fallback).filter((k) => fallback[k]!.some((v, i) => Math.abs(v - withFont[k]![i]!) >= 3));
    expect(moved.map((k) => `${k}: ${fallback[k]!.map(Math.round)} → ${withFont[k]!.map(Math.round)}`)).toEqual([]);
  });

  it("keeps /lab's and /study's blocks where they are when the page font replaces the fallback", async () => {
    // The same race as the home hero's (docs/rendering.md "Fonts", on /lab and /study): the
    // lead, the list header's title and lead and the lab cards' text reserve the lines they take
    // in Pretendard, so nothing below them moves down when the font comes. The
    // HTML and its critical CSS alone, with and without the page font: no element of #root starts
    // 3 px or more higher or lower (sideways moves of chips and badges are left: a few px, small).
    const widths = [320, 360, 390, 412, 430, 600, 800, 900, 1280];
    const measure = async (path: string, font: boolean) => {
      await b.page.unrouteAll();
      await b.page.route('**/*', (r) =>
        r.request().resourceType() === 'document' || (font && /PretendardPage-/.test(r.request().url())) ? r.continue() : r.abort(),
      );
      await b.page.setViewportSize({ width: 320, height: 900 });
      await b.page.goto(path);
      // every face of the page font in (fonts.ready settles with the faces the first layout asked
      // for; on a busy machine a bold or a second subset came in during the measurements below)
      await b.page.evaluate(async (font) => {
        await document.fonts.ready;
        if (font)
          await Promise.all(
            [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Pretendard Page').map((f) => f.load().catch(() => f)),
          );
      }, font);
      const loaded = await b.page.evaluate(() =>
        [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Pretendard Page' && f.status === 'loaded'),
      );
      expect(loaded).toBe(font);
      const out: Record<string, number> = {};
      for (const width of widths) {
        await b.page.setViewportSize({ width, height: 900 });
        Object.assign(
          out,
          await b.page.evaluate((width) => {
            const tops: Record<string, number> = {};
            // (the list's loading state, below the fold, is left out: its spinner sits a few px
            // apart at 320 and 412 px, and the cards replace it)
            document.querySelectorAll('#root main *:not(.state *)').forEach((e, i) => {
              const r = e.getBoundingClientRect();
              if (r.width > 0 || r.height > 0)
                tops[`${width} ${i} ${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`] = r.top + window.scrollY;
            });
            return tops;
          }, width),
        );
      }
      return out;
    };
    for (const path of ['/lab', '/study']) {
      const fallback = await measure(path, false);
      const withFont = await measure(path, true);
      expect(Object.keys(withFont)).toEqual(Object.keys(fallback));
      const moved = Object.keys(fallback).filter((k) => Math.abs(fallback[k]! - withFont[k]!) >= 3);
      expect(moved.map((k) => `${path} ${k}: ${Math.round(fallback[k]!)} → ${Math.round(withFont[k]!)}`)).toEqual([]);
    }
    await b.page.unrouteAll();
  });

  it('a visit that begins on a prerendered page lays out the pages opened next as a direct visit does', async () => {
    // The prerendered page loads the entry stylesheet after its first paint; the stylesheets of
    // the pages opened later must still come after it, or its shared rules (`.input{width:100%}`)
    // beat theirs (the navigator's search box was squeezed to nothing, and an IME wrote each
    // syllable before the last).
    const { page } = b;
    const layout = () =>
      page.evaluate(() => {
        const box = document.querySelector('#jn-q')!.getBoundingClientRect();
        const sort = document.querySelector('#jn-sort')!.getBoundingClientRect();
        return { box: Math.round(box.width), sort: Math.round(sort.width) };
      });
    await page.goto('/ignition/navigator');
    await page.getByLabel('공고 검색').waitFor();
    const direct = await layout();
    for (const start of ['/', '/lab', '/study']) {
      await page.goto(start);
      await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
      await followHeaderLink(page, 'JOBS');
      await page.getByLabel('공고 검색').waitFor();
      expect(await layout(), start).toEqual(direct);
      // the entry's stylesheet precedes every stylesheet a page added later
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]:not([disabled])')].map((l) =>
          l.parentElement === document.head ? 'head' : 'body',
        ),
      );
      expect(
        order.every((where) => where === 'head'),
        `${start}: ${order.join(',')}`,
      ).toBe(true);
    }
    expect(direct.box).toBeGreaterThan(direct.sort);
  });

  it('lists the API routes at /api/docs', async () => {
    const res = await fetch(`${baseURL}/api/docs/json`);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/health/ready');
    await b.page.goto('/api/docs');
    await b.page.waitForSelector('.swagger-ui .opblock', { timeout: 90_000 });
    expect(await b.page.locator('.opblock-summary-path').allTextContents()).toContain('/api/health/ready');
    // hang guards, not speed claims: the first call writes the document from ~170 routes' schemas
    // (seconds of CPU on a busy 2-core machine), and Swagger UI then reads ~600 KB of it
  }, 180_000);

  it('shows the 404 page for an unknown page', async () => {
    await b.page.goto('/this/page/does-not-exist');
    await b.page.getByText('404').first().waitFor();
    expect(await b.page.getByRole('link', { name: /홈/ }).count()).toBeGreaterThan(0);
  });
});
