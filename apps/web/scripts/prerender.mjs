// Build-time prerendering of the public pages (docs/performance.md), run after `vite build`:
//   node scripts/prerender.mjs [outDir]        (default apps/web/dist)
// 1. bundles src/app/prerender.tsx for Node (Vite SSR build, into apps/web/.cache/, removed after);
// 2. renders each of its PRERENDERED_PATHS (real layout and page, Korean, guest, no data);
// 3. writes <outDir>/prerender/<path>/index.html: the built index.html with the markup in #root,
//    the page's own CSS as render-blocking <link>s and its JS and string chunks as modulepreloads.
//    Until the app takes over (main.tsx), #root is aria-busy and aria-disabled: its buttons and
//    fields do nothing yet (links work as plain links), and that also makes browser automation
//    (Playwright's actionability checks) wait for the live page instead of clicking dead markup.
// The server sends that file for the path (apps/server/src/http/web-static.ts); every other
// path keeps getting the plain index.html shell.
import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

process.env.NODE_ENV ??= 'production';
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(webRoot, 'src');
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const ssrOut = join(webRoot, '.cache', `prerender-${process.pid}`);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`prerender: ${ROOT} not found in ${join(dist, 'index.html')}`);

/** Tags every source module of the SSR bundle with its path, as the client manifest names it. */
const moduleIds = {
  name: 'moim-prerender-module-ids',
  enforce: 'post',
  transform(code, id) {
    if (!id.startsWith(srcDir) || id.includes('?') || !/\.[jt]sx?$/.test(id) || !/\bexport\s+default\b|\bas\s+default\b/.test(code))
      return null;
    const key = relative(webRoot, id).split('\\').join('/');
    return { code: `${code}\nexport const __prerenderModuleId = ${JSON.stringify(key)};\n`, map: null };
  },
};

function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) closure(i, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryChunks = closure(entryKey);
const entryCss = new Set([...entryChunks].flatMap((k) => manifest[k].css ?? []));

/** The page's own CSS (render-blocking, like the entry's) and JS chunks (preloaded). */
function pageAssets(page) {
  const css = new Set();
  const js = new Set();
  for (const id of page.modules) {
    if (!manifest[id]) throw new Error(`prerender: ${id} is not in the client manifest`);
    for (const k of closure(id)) {
      if (entryChunks.has(k)) continue;
      js.add(manifest[k].file);
      for (const c of manifest[k].css ?? []) if (!entryCss.has(c)) css.add(c);
    }
  }
  for (const ns of page.namespaces) {
    const chunk = manifest[`src/features/${ns}/i18n/ko.json`];
    if (chunk) js.add(chunk.file);
  }
  return {
    css: [...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    js: [...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  };
}

/**
 * The page's <head>: every stylesheet first (the server speaks HTTP/1.1, six connections: the
 * CSS the first paint waits for must not queue behind script preloads), then the scripts.
 */
function pageHtml(page) {
  const { css, js } = pageAssets(page);
  const entryStyles = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  let html = template
    .split('\n')
    .filter((line) => !entryStyles.includes(line.trim()))
    .join('\n');
  const firstScript = html.indexOf('<script');
  const styles = [...entryStyles, ...css].map((t) => `${t}\n    `).join('');
  html = `${html.slice(0, firstScript)}${styles}${html.slice(firstScript)}`;
  // (function replacements: the markup may contain `$&` and the like)
  return html
    .replace(/\n\s*<\/head>/, () => `\n    ${js.join('\n    ')}\n  </head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered aria-busy="true" aria-disabled="true">${page.html}</div>`);
}

const started = Date.now();
rmSync(join(dist, 'prerender'), { recursive: true, force: true }); // never keep a page of an older build
const done = [];
const skipped = [];
// A page that cannot be prerendered (it suspended, or touches the browser while rendering) is
// skipped with a warning rather than failing everyone's build: the server then sends the plain
// shell for it, and `npx tsx bench/web-budget.bench.ts` shows what that costs.
try {
  const out = await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [moduleIds],
    build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, minify: false },
  });
  const entry = [out].flat()[0].output.find((c) => c.type === 'chunk' && c.isEntry);
  const { renderPage, PRERENDERED_PATHS } = await import(pathToFileURL(join(ssrOut, entry.fileName)).href);

  for (const path of PRERENDERED_PATHS) {
    try {
      const page = await renderPage(path);
      // The route-level fallback ('Loading...', PageLoading) in the markup: the page suspended.
      if (page.modules.length === 0 || page.html.includes('class="page-loading"')) {
        throw new Error('the page suspended or matched no lazy page');
      }
      const html = pageHtml(page);
      const dir = join(dist, 'prerender', path);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), html);
      done.push(path);
      console.log(`prerendered ${path.padEnd(10)} ${(html.length / 1024).toFixed(1)} KB html (${page.modules.join(', ')})`);
    } catch (err) {
      skipped.push(path);
      console.warn(`prerender: WARNING ${path} skipped (it gets the plain shell): ${err instanceof Error ? err.message : err}`);
    }
  }
} catch (err) {
  console.warn(`prerender: WARNING no page prerendered (every page gets the plain shell): ${err instanceof Error ? err.stack : err}`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
  try {
    rmdirSync(join(webRoot, '.cache')); // only when empty (another build may be using it)
  } catch {
    /* not empty, or gone */
  }
}
const took = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `prerender: ${done.length} pages in ${took} s → ${join(dist, 'prerender')}${skipped.length ? ` (skipped: ${skipped.join(', ')})` : ''}`,
);
