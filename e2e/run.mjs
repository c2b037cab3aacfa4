#!/usr/bin/env node
// End-to-end journeys: builds the platform, starts it on a free port with a throw-away data
// folder and drives Debian's Chromium through playwright-core (e2e/vitest.config.ts).
// Without Chromium the journeys are reported as skipped, except under CI=true where that fails.
//
// On a machine with two or more cores the journeys run in three shards at once (E2E_SHARDS, default
// 3 there and 1 elsewhere): each shard is its own Vitest process with its own server and data
// folder (its global setup), so the journeys of one never see the other's data. A journey mostly
// waits (on its browser, on a live event, on a reminder's minute), so shards fill each other's
// idle time: on these 2-core machines, quiet, the whole run took 441 s in three shards and 415 s in
// four (2026-11-30; about 700 s in two); three keeps most of the gain with less contention. The
// shards' lines are prefixed; their JSON reports (`--outputFile.json=F`) are merged into F.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'sudo apt-get update && sudo apt-get install -y chromium';

if (!existsSync(chromium)) {
  if (process.env.CI === 'true') {
    console.error(`e2e: Chromium not found at ${chromium} and CI=true: failing. Install it with: ${INSTALL}`);
    process.exit(1);
  }
  console.log(`\ne2e: SKIPPED — Chromium not found at ${chromium}. Install it with: ${INSTALL} (or set CHROMIUM_PATH)`);
  process.exit(0);
}
if (process.env.E2E_SKIP_BUILD !== 'true') {
  // builds only what changed since the last build (the same check `npm start` makes)
  const b = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const given = process.argv.slice(2);
/** journeys named on the command line run in one process: a shard of one file would only wait */
const namesFiles = given.some((a) => !a.startsWith('-'));
const shards = namesFiles ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? (availableParallelism() >= 2 ? 3 : 1)) || 1);
const env = { ...process.env, CHROMIUM_PATH: chromium };
const vitest = (extra) => ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...extra];

if (shards === 1) {
  const r = spawnSync('npx', vitest(given), { cwd: root, stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}

// Journeys are dealt to the shards by their usual length (seconds in CI, measured 2026-11-30; a new
// journey counts 60) so that the shards end together: the longest first, each to the emptiest shard.
const SECONDS = {
  'language-a11y': 280,
  'layout-order': 190,
  shell: 120,
  reminders: 130,
  studies: 72,
  foundation: 60,
  payments: 57,
  projects: 57,
  lab: 52,
  jobs: 51,
  games: 47,
  rooms: 46,
  deduction: 44,
  accounts: 35,
  studio: 25,
  'check-in': 9,
  live: 8,
  passkeys: 6,
  'second-factor': 6,
  cors: 2,
};
const journeys = readdirSync(join(root, 'e2e'))
  .filter((f) => f.endsWith('.e2e.ts'))
  .map((f) => ({ file: f, seconds: SECONDS[f.replace(/\.e2e\.ts$/, '')] ?? 60 }))
  .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
const dealt = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
for (const j of journeys) {
  const emptiest = dealt.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  emptiest.seconds += j.seconds;
  emptiest.files.push(j.file);
}

const REPORT = '--outputFile.json=';
const report = given.find((a) => a.startsWith(REPORT))?.slice(REPORT.length);
const runShard = (i) =>
  new Promise((resolve) => {
    const args = given.map((a) => (report && a === REPORT + report ? `${REPORT}${report}.${i}` : a));
    const child = spawn('npx', vitest([...args, ...dealt[i - 1].files]), {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[e2e ${i}/${shards}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[e2e ${i}/${shards}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, k) => runShard(k + 1)));
if (report) {
  // one report as if one process had run every journey (scripts/failed-tests.mjs reads testResults)
  const parts = Array.from({ length: shards }, (_, k) => `${report}.${k + 1}`).filter((f) => existsSync(f));
  const merged = parts
    .map((f) => JSON.parse(readFileSync(f, 'utf8')))
    .reduce(
      (a, b) => {
        for (const [k, v] of Object.entries(b)) if (typeof v === 'number' && k.startsWith('num')) a[k] = (a[k] ?? 0) + v;
        a.success = a.success && b.success;
        a.testResults.push(...(b.testResults ?? []));
        return a;
      },
      { success: true, testResults: [] },
    );
  if (parts.length === shards) writeFileSync(report, JSON.stringify(merged));
  for (const f of parts) rmSync(f, { force: true });
}
const failed = codes.find((c) => c !== 0);
console.log(`\ne2e: ${shards} shards, exit codes ${codes.join(', ')}`);
process.exit(failed ?? 0);
