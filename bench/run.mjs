#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line)
// and prints their figures, then one summary table of every target they reported (lines
// `##target {json}`, see reportTarget in bench/support.ts) with met / NOT MET. Benchmarks
// compare side by side in one run, because these machines are noisy.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

function run(file) {
  return new Promise((resolve) => {
    const targets = [];
    const child = spawn('npx', ['tsx', `${dir}${file}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let buf = '';
    child.stdout.on('data', (chunk) => {
      buf += chunk;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith('##target ')) {
          try {
            targets.push({ bench: file, ...JSON.parse(line.slice(9)) });
          } catch {
            console.log(line);
          }
        } else console.log(line);
      }
    });
    child.on('close', (code) => {
      if (buf) console.log(buf);
      resolve({ code, targets });
    });
  });
}

const load0 = loadavg()[0];
let failed = 0;
const targets = [];
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = await run(f);
  if (r.code !== 0) failed++;
  targets.push(...r.targets);
}

if (targets.length > 0) {
  const rows = targets.map((t) => [t.what, t.on, t.figure, t.target, t.met ? 'met' : 'NOT MET']);
  const head = ['target', 'on', 'figure', 'needed', ''];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => String(c).padEnd(width[i])).join(' | ')} |`;
  console.log(`\nSummary (${cpus().length} cores, load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end)`);
  console.log(line(head));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  const met = targets.filter((t) => t.met).length;
  console.log(`${met} of ${targets.length} targets met`);
}
console.log(`\nbench: ${files.length - failed} ran, ${failed} failed`);
process.exit(failed ? 1 : 0);
