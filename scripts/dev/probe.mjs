import { chromium } from 'playwright-core';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const p = await b.newPage();
p.on('console', (m) => console.log('console', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
p.on('requestfailed', (r) => console.log('failed', r.url(), r.failure()?.errorText));
await p.goto(process.argv[2] ?? 'http://127.0.0.1:3999/');
await p.waitForTimeout(2000);
console.log((await p.content()).slice(0, 600));
await b.close();
