/* global window, document, PerformanceObserver, requestAnimationFrame, ResizeObserver */
/**
 * Layout-shift probe (issue 19, docs/rendering.md "Fonts"): loads pages of a
 * RUNNING server under the bench's mobile throttling (CDP: 4× CPU, 1.6 Mbps, 150 ms RTT,
 * 390×844 @2x, a fresh context per load) and prints per load: CLS (layout-shift entries without
 * all layout-shift entries, summed: see probe()), FCP, LCP, when the page font's response ended, the first frame's status
 * of the "Pretendard Page" face and the hero eyebrow's width, when the face turned `loaded`, the
 * number of requests for the page font's URL, and the shifted nodes.
 *
 *   node bench/cls-probe.mjs http://127.0.0.1:3430 [http://127.0.0.1:3431 …] -- / /study …
 *
 * Several bases are measured interleaved (A/B, base 1 then base 2 per round). RUNS (default 12)
 * loads per page and base; TRACE=dir writes a Chrome trace of each load (categories for fonts
 * and loading); CPU (default 4) the throttling rate. Not a test: figures vary with the machine's load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const sep = args.indexOf('--');
const bases = sep < 0 ? args : args.slice(0, sep);
const paths = sep < 0 ? ['/'] : args.slice(sep + 1);
const runs = Number(process.env.RUNS ?? 12);
const cpu = Number(process.env.CPU ?? 4);
const traceDir = process.env.TRACE;
if (traceDir) mkdirSync(traceDir, { recursive: true });
if (bases.length === 0) {
  console.log('usage: node bench/cls-probe.mjs <base url>… [-- <path>…]');
  process.exit(1);
}

const CATEGORIES = [
  'devtools.timeline',
  'loading',
  'blink',
  'blink.resource',
  'fonts',
  'netlog',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-netlog',
];

function probe() {
  const w = window;
  w.__probe = { cls: 0, shifts: [], frames: [], loadedAt: null, lcp: 0 };
  const p = w.__probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // every shift counts: nothing is typed or clicked, but the emulated viewport's resize at
      // the start marks the shifts of the next 500 ms as "hadRecentInput" (Chromium), which
      // would hide the first paint's font swap; those are listed with a *
      p.cls += e.value;
      const nodes = (e.sources ?? []).map((s) => {
        const n = s.node;
        const name = n ? (n.nodeType === 1 ? `${n.tagName.toLowerCase()}.${String(n.className).split(' ')[0]}` : '#text') : '?';
        return `${name} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`;
      });
      p.shifts.push(`${Math.round(e.startTime)} ms ${e.value.toFixed(3)}${e.hadRecentInput ? '*' : ''} [${nodes.join(', ')}]`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) p.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const face = () => {
    for (const f of document.fonts) if (f.family.replace(/"/g, '') === 'Pretendard Page') return f;
    return null;
  };
  // geometry from a ResizeObserver (after each frame's layout), never read in between: a read
  // would force a layout before the first frame, and with it the face's load (it starts when
  // a layout first shapes text in that family), which hides the bug
  const frame = () => {
    const f = face();
    if (f && f.status === 'loaded' && p.loadedAt === null) p.loadedAt = performance.now();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const watch = () => {
    const el = document.querySelector('.hero__eyebrow') ?? document.querySelector('h1');
    if (!el) return void setTimeout(watch, 0);
    new ResizeObserver((entries) => {
      const f = face();
      for (const e of entries)
        if (p.frames.length < 400) p.frames.push([Math.round(performance.now()), f ? f.status : '-', Math.round(e.contentRect.width)]);
    }).observe(el);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = new Map();
try {
  for (const path of paths) {
    for (let run = 0; run < runs; run++) {
      for (const [bi, base] of bases.entries()) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const fontRequests = [];
        cdp.on('Network.requestWillBeSent', (e) => {
          if (/PretendardPage-|\/page-fonts\//.test(e.request.url)) fontRequests.push(`${e.initiator?.type ?? '?'}`);
        });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        await page.addInitScript(probe);
        const events = [];
        if (traceDir) {
          cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
          await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
        }
        await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 90_000 });
        await page.waitForTimeout(4000);
        if (traceDir) {
          const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
          await cdp.send('Tracing.end');
          await done;
          const file = `${traceDir}/${path.replace(/\W+/g, '_')}-b${bi}-r${run}.json`;
          writeFileSync(file, JSON.stringify({ traceEvents: events }));
        }
        const r = await page.evaluate(() => {
          const p = window.__probe;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const font = performance.getEntriesByType('resource').find((e) => /PretendardPage-|\/page-fonts\//.test(e.name));
          return {
            cls: p.cls,
            fcp,
            lcp: p.lcp,
            fontEnd: font ? font.responseEnd : null,
            loadedAt: p.loadedAt,
            first: p.frames[0] ?? null,
            last: p.frames[p.frames.length - 1] ?? null,
            shifts: p.shifts,
          };
        });
        await context.close();
        const key = `${path} ${base}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(r);
        const ms = (v) => (v === null ? '–' : `${Math.round(v)}`);
        console.log(
          `${path} b${bi} r${run + 1}: CLS ${r.cls.toFixed(3)} FCP ${ms(r.fcp)} LCP ${ms(r.lcp)} font end ${ms(r.fontEnd)} ` +
            `face loaded ${ms(r.loadedAt)} first frame ${JSON.stringify(r.first)} last ${JSON.stringify(r.last)} ` +
            `font requests ${fontRequests.length} (${fontRequests.join(',')})${r.shifts.length ? `\n    ${r.shifts.join('\n    ')}` : ''}`,
        );
      }
    }
  }
} finally {
  await browser.close();
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const [key, rs] of results) {
  const cls = rs.map((r) => r.cls);
  console.log(
    `${key}: ${rs.length} loads, CLS max ${Math.max(...cls).toFixed(3)}, > 0.02 in ${cls.filter((c) => c > 0.02).length}, ` +
      `FCP median ${Math.round(median(rs.map((r) => r.fcp)))} ms, LCP median ${Math.round(median(rs.map((r) => r.lcp)))} ms`,
  );
}
