#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line)
// and prints their figures. Benchmarks compare side by side in one run, because these
// machines are noisy.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync('npx', ['tsx', `${dir}${f}`], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) failed++;
}
console.log(`\nbench: ${files.length - failed} ran, ${failed} failed`);
process.exit(failed ? 1 : 0);
