/* global document, window */
/**
 * Where the home hero's text starts with and without the page font (issue 19, docs/performance.md
 * "The home hero's font shift"): loads `/` of a RUNNING server twice — the HTML and its critical
 * CSS alone, once with the page font ("Pretendard Page") and once without (the fallback the first
 * paint often has) — resizes it from 320 to 1400 px and prints, per range of widths, what starts 3 px
 * or more apart (the title's brand words, the buttons, the facts, the cards) and the copy
 * column's width there: the breakpoints of the reservations in apps/web/src/features/home/home.css.
 *
 *   node bench/hero-lines.mjs http://127.0.0.1:3430
 *
 * Not a test: e2e/foundation.e2e.ts checks a few widths.
 */
import { chromium } from 'playwright-core';

const base = process.argv[2];
if (!base) {
  console.log('usage: node bench/hero-lines.mjs <base url>');
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const widths = [];
for (let w = 320; w <= 1400; w += 2) widths.push(w);
const runs = {};
try {
  for (const font of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 320, height: 900 } });
    const page = await context.newPage();
    await page.route('**/*', (r) =>
      r.request().resourceType() === 'document' || (font && /PretendardPage-/.test(r.request().url())) ? r.continue() : r.abort(),
    );
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const rows = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      rows.push(
        await page.evaluate(() => {
          const copy = document.querySelector('.hero__copy').getBoundingClientRect();
          const at = (s) =>
            [...document.querySelectorAll(s)]
              .map((e) => {
                const r = e.getBoundingClientRect();
                return `${Math.round(r.left - copy.left)},${Math.round(r.top - copy.top)}`;
              })
              .join(' ');
          // the lines the text takes (not the box: the reservations give the box its height)
          const lines = (s) => {
            const e = document.querySelector(s) ?? document.querySelector('.hero__title'); // (main: no first part)
            const top = e.getBoundingClientRect().top;
            const lh = parseFloat(window.getComputedStyle(e).lineHeight);
            const range = document.createRange();
            range.selectNodeContents(e);
            return new Set([...range.getClientRects()].map((r) => Math.round((r.bottom - top) / lh))).size;
          };
          return {
            copy: Math.round(copy.width),
            starts: {
              'title brand words': at('.hero__title .gradient-text'),
              lead: at('.hero__lead'),
              buttons: at('.hero__actions .btn'),
              facts: at('.hero__facts li'),
              cards: at('.hero-art'),
            },
            lines: { 'title, first part': lines('.hero__title-a'), lead: lines('.hero__lead') },
          };
        }),
      );
    }
    runs[font ? 'font' : 'fallback'] = rows;
    await context.close();
  }
} finally {
  await browser.close();
}
for (const key of ['title brand words', 'lead', 'buttons', 'facts', 'cards']) {
  const ranges = [];
  widths.forEach((width, i) => {
    const [f, b] = [runs.font[i], runs.fallback[i]];
    // moved: 3 px or more apart (Chromium's layout-shift threshold; less is the rounding of line boxes)
    const [fs, bs] = [f.starts[key], b.starts[key]].map((t) => t.split(/[ ,]/).map(Number));
    const same = fs.length === bs.length && fs.every((x, j) => Math.abs(x - bs[j]) < 3);
    const v = same ? null : `font ${f.starts[key]} | fallback ${b.starts[key]}`;
    const last = ranges[ranges.length - 1];
    if (last && (last.v === null) === (v === null)) Object.assign(last, { to: width, copyTo: f.copy });
    else ranges.push({ from: width, to: width, copyFrom: f.copy, copyTo: f.copy, v });
  });
  const moved = ranges.filter((r) => r.v);
  console.log(`${key}: ${moved.length ? '' : 'starts at the same point at every width'}`);
  for (const r of moved) console.log(`  viewport ${r.from}–${r.to} px (copy column ${r.copyFrom}–${r.copyTo} px), e.g. ${r.v}`);
}
for (const key of ['title, first part', 'lead']) {
  const ranges = [];
  widths.forEach((width, i) => {
    const v = `${runs.font[i].lines[key]} lines in Pretendard, ${runs.fallback[i].lines[key]} in the fallback`;
    const last = ranges[ranges.length - 1];
    if (last && last.v === v) Object.assign(last, { to: width, copyTo: runs.font[i].copy });
    else ranges.push({ from: width, to: width, copyFrom: runs.font[i].copy, copyTo: runs.font[i].copy, v });
  });
  console.log(`${key}:`);
  for (const r of ranges) console.log(`  viewport ${r.from}–${r.to} px (copy column ${r.copyFrom}–${r.copyTo} px): ${r.v}`);
}
