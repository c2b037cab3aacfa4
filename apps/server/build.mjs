// Bundles the server into dist/main.js (and dist/ladder-worker.js, the deduction bot ladder's
// worker thread). npm dependencies stay external (installed by npm ci); the workspace packages
// (@moim/contract, @moim/games) are TypeScript sources and get bundled.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith('@moim/'));
await build({
  entryPoints: { main: 'src/main.ts', 'ladder-worker': 'src/modules/deduction-bots/ladder-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server bundle: apps/server/dist/main.js');
