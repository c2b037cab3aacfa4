#!/usr/bin/env node
// `npm test`: every test. Unit and integration tests (Vitest: contract, games, web, server on
// PGlite or DATABASE_URL), then the end-to-end journeys in Chromium (e2e/run.mjs). Each stage
// also writes a JSON report, and what failed is printed again at the very end (scripts/failed-tests.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failuresOf } from './failed-tests.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'moim-test-'));
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
const json = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, name)}`];

// an end-to-end server that exits while its journeys run says why here (e2e/support/global-setup.ts)
const serverExits = join(reports, 'e2e-server-exits.txt');
process.env.E2E_SERVER_EXIT_FILE = serverExits;

const unit = run('npx', ['vitest', 'run', ...json('unit.json')]);
const e2e = run(process.execPath, ['e2e/run.mjs', ...json('e2e.json')]);
if (unit !== 0 || e2e !== 0) {
  const lines = [
    ...(unit !== 0 ? failuresOf('unit/integration', join(reports, 'unit.json')) : []),
    ...(e2e !== 0 ? failuresOf('e2e', join(reports, 'e2e.json')) : []),
  ];
  console.error(
    `\nnpm test: ${unit !== 0 ? 'unit/integration tests failed' : ''}${unit !== 0 && e2e !== 0 ? ' and ' : ''}${e2e !== 0 ? 'end-to-end tests failed' : ''}` +
      (lines.length > 0 ? `\n${lines.join('\n')}` : '') +
      (existsSync(serverExits) ? `\n${readFileSync(serverExits, 'utf8')}` : ''),
  );
  rmSync(reports, { recursive: true, force: true });
  process.exit(1);
}
rmSync(reports, { recursive: true, force: true });
