#!/usr/bin/env node
// Screenshots of running pages with headless Chromium. Starts nothing itself: point it at a
// server you started (e.g. `PORT=3456 DATA_DIR=$(mktemp -d) node apps/server/dist/main.js`).
//   node scripts/dev/screenshots.mjs [--width=1280] [--height=800] [--lang=ko|en] [--full]
//        [--login=email:password] [--click=selector] [--out=/tmp] URL...
// Each URL is saved as <out>/<slug>-<width>-<lang>.png.
import { chromium } from 'playwright-core';

const opts = { width: 1280, height: 800, lang: 'ko', full: false, out: '/tmp', login: null, click: null, theme: null };
const urls = [];
for (const a of process.argv.slice(2)) {
  const m = /^--([a-z]+)(?:=(.*))?$/.exec(a);
  if (m) opts[m[1]] = m[2] ?? true;
  else urls.push(a);
}
if (!urls.length) {
  console.error('usage: screenshots.mjs [options] URL...');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const context = await browser.newContext({
  viewport: { width: Number(opts.width), height: Number(opts.height) },
  locale: opts.lang === 'en' ? 'en-US' : 'ko-KR',
});
await context.addInitScript(
  ({ lang, theme }) => {
    localStorage.setItem('lang', lang);
    if (theme) localStorage.setItem('theme', theme);
  },
  { lang: opts.lang, theme: opts.theme },
);
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
if (opts.login) {
  const [email, password] = String(opts.login).split(':');
  const origin = new URL(urls[0]).origin;
  const r = await page.request.post(`${origin}/api/auth/login`, { data: { email, password } });
  const body = await r.json();
  if (!body.success) throw new Error(`login failed: ${JSON.stringify(body)}`);
  const d = body.data;
  await context.addInitScript((s) => {
    if (!localStorage.getItem('authToken')) {
      localStorage.setItem('authToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('user', JSON.stringify(s.user));
    }
  }, d);
}
for (const url of urls) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(600);
  if (opts.click) {
    await page.click(String(opts.click));
    await page.waitForTimeout(500);
  }
  const slug = new URL(url).pathname.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
  const file = `${opts.out}/${slug}-${opts.width}-${opts.lang}${opts.theme ? `-${opts.theme}` : ''}${opts.click ? '-click' : ''}.png`;
  // a full-page capture does not render sections skipped by `content-visibility: auto` (the home
  // page's below the hero) outside the viewport: show them all for the capture
  if (opts.full) await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: file, fullPage: Boolean(opts.full) });
  console.log(file);
}
await browser.close();
