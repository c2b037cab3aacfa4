#!/usr/bin/env node
// The JS a page really downloads: loads each URL in headless Chromium, lists the .js files
// fetched until the network is idle, and adds up their gzip sizes (from apps/web/dist).
//   node scripts/dev/route-js.mjs http://127.0.0.1:3456/ http://127.0.0.1:3456/login
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const dist = process.env.WEB_DIST_DIR ?? new URL('../../apps/web/dist', import.meta.url).pathname;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const url of process.argv.slice(2)) {
  const page = await browser.newPage();
  const files = new Set();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) files.add(p);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let total = 0;
  const rows = [...files].map((f) => {
    const gz = gzipSync(readFileSync(`${dist}${f}`), { level: 9 }).length;
    total += gz;
    return [f, gz];
  });
  console.log(`\n${url}: ${rows.length} JS files, ${(total / 1024).toFixed(1)} KB gzip`);
  for (const [f, gz] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${f}`);
  await page.close();
}
await browser.close();
