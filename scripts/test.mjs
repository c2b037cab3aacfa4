#!/usr/bin/env node
// `npm test`: every test. Unit and integration tests (Vitest: contract, games, web, server on
// PGlite or DATABASE_URL), then the end-to-end journeys in Chromium (e2e/run.mjs).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

const unit = run('npx', ['vitest', 'run']);
const e2e = run(process.execPath, ['e2e/run.mjs']);
if (unit !== 0 || e2e !== 0) {
  console.error(
    `\nnpm test: ${unit !== 0 ? 'unit/integration tests failed' : ''}${unit !== 0 && e2e !== 0 ? ' and ' : ''}${e2e !== 0 ? 'end-to-end tests failed' : ''}`,
  );
  process.exit(1);
}
