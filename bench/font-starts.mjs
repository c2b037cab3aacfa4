/* global document, getComputedStyle */
/**
 * Which elements of a page's first paint start elsewhere once its font is in (issue 19,
 * docs/rendering.md "Fonts"): loads a page of a RUNNING server
 * twice — the HTML (prerendered or server-rendered) and its critical CSS alone, once with the
 * page's font files (the page font "Pretendard Page", or the Pretendard subsets that the study
 * page's critical CSS declares) and once without (the fallback a throttled first paint is often
 * laid out in) — resizes it from 320 to 1400 px and prints, per range of widths, the elements of
 * #root that start 3 px or more apart (Chromium's layout-shift threshold) whose parent did not
 * move with them (the first movers), and the text blocks above them whose height differs (the
 * causes: they take another number of lines in the other font).
 *
 *   node bench/font-starts.mjs http://127.0.0.1:3430 /lab [/study /study/1-tecoteco …]
 *
 * STEP (default 2) px between widths. Not a test: e2e/foundation.e2e.ts checks a few widths.
 * (This machine has no Korean font: the fallback draws Hangul as missing-glyph boxes.)
 */
import { chromium } from 'playwright-core';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.log('usage: node bench/font-starts.mjs <base url> <path>…');
  process.exit(1);
}
const step = Number(process.env.STEP ?? 2);
// LINES=".a,.b": also the lines each of those elements' text takes in each font, per range of widths
const lineSelectors = process.env.LINES ? process.env.LINES.split(',') : [];
const widths = [];
for (let w = 320; w <= 1400; w += step) widths.push(w);

function measure(lineSelectors) {
  const lines = {};
  for (const s of lineSelectors) {
    lines[s] = [...document.querySelectorAll(s)]
      .map((e) => {
        const top = e.getBoundingClientRect().top;
        const lh = parseFloat(getComputedStyle(e).lineHeight);
        const range = document.createRange();
        range.selectNodeContents(e);
        return new Set([...range.getClientRects()].filter((r) => r.height > 0).map((r) => Math.round((r.bottom - top) / lh))).size;
      })
      .join('/');
  }
  const all = [...document.querySelectorAll('#root *')];
  const index = new Map(all.map((e, i) => [e, i]));
  const elements = all.map((e) => {
    const r = e.getBoundingClientRect();
    const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : '';
    const text = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    return {
      name: `${e.tagName.toLowerCase()}${cls}`,
      parent: e.parentElement ? (index.get(e.parentElement) ?? -1) : -1,
      x: r.left,
      y: r.top + document.scrollingElement.scrollTop,
      h: r.height,
      text,
      shown: r.width > 0 || r.height > 0,
    };
  });
  return { elements, lines };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const path of paths) {
    const runs = {};
    for (const font of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 320, height: 900 } });
      const page = await context.newPage();
      await page.route('**/*', (r) =>
        r.request().resourceType() === 'document' || (font && r.request().resourceType() === 'font') ? r.continue() : r.abort(),
      );
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').length);
      const rows = [];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        rows.push(await page.evaluate(measure, lineSelectors));
      }
      runs[font ? 'font' : 'fallback'] = { rows, loaded };
      await context.close();
    }
    console.log(`${path}: faces loaded ${runs.font.loaded} with the font, ${runs.fallback.loaded} without`);
    const ranges = [];
    widths.forEach((width, wi) => {
      const [f, b] = [runs.font.rows[wi].elements, runs.fallback.rows[wi].elements];
      if (f.length !== b.length) throw new Error(`${path}: the markup differs between the loads`);
      const moved = (i) => f[i].shown && b[i].shown && (Math.abs(f[i].x - b[i].x) >= 3 || Math.abs(f[i].y - b[i].y) >= 3);
      const delta = (i) => [Math.round(f[i].x - b[i].x), Math.round(f[i].y - b[i].y)];
      const first = [];
      f.forEach((_, i) => {
        if (!moved(i)) return;
        const p = f[i].parent;
        if (p >= 0 && moved(p) && delta(p).join() === delta(i).join()) return;
        first.push(`${f[i].name} ${delta(i).join(',')}`);
      });
      // the causes: text blocks of another height (before the first mover, or anywhere)
      const taller = [];
      f.forEach((_, i) => {
        if (f[i].text && f[i].shown && Math.abs(f[i].h - b[i].h) >= 3)
          taller.push(`${f[i].name} ${Math.round(b[i].h)}→${Math.round(f[i].h)}`);
      });
      const v = first.length ? `moved: ${first.slice(0, 6).join('; ')}${first.length > 6 ? ` (+${first.length - 6})` : ''}` : null;
      const c = taller.length
        ? `  heights (fallback→font): ${taller.slice(0, 6).join('; ')}${taller.length > 6 ? ` (+${taller.length - 6})` : ''}`
        : '';
      const key = v ? `${v}\n   ${c}` : null;
      const last = ranges[ranges.length - 1];
      if (last && last.key === key) last.to = width;
      else ranges.push({ from: width, to: width, key });
    });
    const bad = ranges.filter((r) => r.key);
    if (bad.length === 0) console.log('  every element starts at the same point at every width');
    for (const r of bad) console.log(`  ${r.from}–${r.to} px ${r.key}`);
    for (const s of lineSelectors) {
      const lr = [];
      widths.forEach((width, wi) => {
        const v = `${runs.font.rows[wi].lines[s]} lines in the font, ${runs.fallback.rows[wi].lines[s]} in the fallback`;
        const last = lr[lr.length - 1];
        if (last && last.v === v) last.to = width;
        else lr.push({ from: width, to: width, v });
      });
      console.log(`  ${s}:`);
      for (const r of lr) console.log(`    ${r.from}–${r.to} px: ${r.v}`);
    }
  }
} finally {
  await browser.close();
}
