import { chromium } from 'playwright-core';
import { startBuiltServer } from './support.ts';
const server = await startBuiltServer(process.env.WEB_DIST_DIR!);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const path of ['/', '/study/1-tecoteco']) for (const w of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width: w, height: 844 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${server.base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    await page.evaluate(() => document.fonts.ready);
    const fam = await page.evaluate(`getComputedStyle(document.querySelector('h1')).fontFamily.split(',')[0] + ' / ' + [...document.fonts].filter(function (f) { return f.status === 'loaded'; }).map(function (f) { return f.family; }).filter(function (v, i, a) { return a.indexOf(v) === i; }).join('+')`);
    const box = await page.evaluate(`JSON.stringify(['h1', '.hero__lead', '.st-hero__subtitle'].map(function (s) { var e = document.querySelector(s); if (!e) return null; var r = e.getBoundingClientRect(); return s + ' ' + Math.round(r.top) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); }).filter(Boolean))`);
    console.log(process.env.TAG, path, w, fam, box);
    await page.screenshot({ path: `/tmp/fontlcp-exp/shot-${process.env.TAG}${path.replace(/\W/g, '_')}-${w}.png` });
    await context.close();
  }
} finally { await browser.close(); await server.close(); }
