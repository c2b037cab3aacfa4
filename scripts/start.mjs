#!/usr/bin/env node
// `npm start`: build what is out of date (web app, server bundle), then serve web and API from
// one process on PORT (default 3000), on PGlite in DATA_DIR (default ./data) unless DATABASE_URL
// is set. A build is skipped when nothing changed since the last one, so later starts are quick.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'apps/server/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/contract/src',
  'packages/games/src',
  'package-lock.json',
];

function newest(p) {
  const full = join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(full)) max = Math.max(max, newest(join(p, name)));
  return max;
}

const latest = Math.max(...sources.map(newest));
const built = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
const distOk = existsSync(join(root, 'apps/web/dist/index.html')) && existsSync(join(root, 'apps/server/dist/main.js'));
if (!distOk || latest > built || process.env.FORCE_BUILD === 'true') {
  console.log('moim: building web app and server...');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, String(latest));
} else {
  console.log('moim: build is up to date');
}

// `--build-only` (run by `npm ci`/`npm install` through the root `prepare` script, and by the
// e2e runner): build if stale, then stop, so the first `npm start` only has to start.
if (process.argv.includes('--build-only')) process.exit(0);

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
