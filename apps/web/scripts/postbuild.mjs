// Precompresses the built text assets (brotli + gzip) so the server sends them without
// compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// `node scripts/postbuild.mjs [outDir]` (default apps/web/dist) so experiments can build elsewhere.
const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
let files = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== '.vite' && name !== '.ssr') walk(p); // .ssr: read by the server, never sent
    } else if (/\.(js|css|html|svg|json|txt|webmanifest)$/.test(name) && statSync(p).size > 1024) {
      const buf = readFileSync(p);
      writeFileSync(`${p}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${p}.gz`, gzipSync(buf, { level: 9 }));
      files++;
    }
  }
}
walk(dist);
console.log(`precompressed ${files} files in ${dist}`);
