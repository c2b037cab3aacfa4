import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBuiltServer } from './support.ts';
const server = await startBuiltServer(join(new URL('..', import.meta.url).pathname, 'apps/web/dist'));
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
for (const p of (process.env.LH_PAGES ?? '/').split(',')) {
  await fetch(server.base + p);
  const r = await lighthouse(server.base + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  writeFileSync(`/tmp/prerender-lhr${p.replace(/\//g, '_')}.json`, JSON.stringify(r!.lhr));
  console.log(p, r!.lhr.categories.performance!.score);
}
await chrome.kill();
await server.close();
