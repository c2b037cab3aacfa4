#!/usr/bin/env node
// End-to-end journeys: builds the platform, starts it on a free port with a throw-away data
// folder and drives Debian's Chromium through playwright-core (e2e/vitest.config.ts).
// Without Chromium the journeys are reported as skipped, except under CI=true where that fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
const args = ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
process.exit(r.status ?? 1);
