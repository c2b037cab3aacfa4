/** Locates the server package on disk, both from src/ (tsx, vitest) and from the dist/ bundle. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'migrations'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`apps/server root not found above ${start}`);
    dir = parent;
  }
}

export const serverRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const repoRoot = resolve(serverRoot, '..', '..');
export const defaultWebDist = join(repoRoot, 'apps', 'web', 'dist');
