// Build-time prerendering of the public pages (docs/rendering.md), run after `vite build`:
//   node scripts/prerender.mjs [outDir]        (default apps/web/dist)
// 1. bundles src/app/prerender.tsx for Node (Vite SSR build, self-contained, into
//    <outDir>/.ssr/render.mjs — kept: the server renders SERVER_RENDERED pages with it);
// 2. renders each of its PRERENDERED_PATHS (real layout and page, Korean, guest, no data);
// 3. writes <outDir>/prerender/<path>/index.html: the built index.html with the markup in #root,
//    the critical CSS inlined (below), and the page's JS and string chunks as modulepreloads.
//    Until the app takes over (main.tsx), #root is aria-busy and aria-disabled: its buttons and
//    fields do nothing yet (links work as plain links), and that also makes browser automation
//    (Playwright's actionability checks) wait for the live page instead of clicking dead markup;
// 4. for each SERVER_RENDERED pattern (a study's page) renders its sample path with sample data
//    the same way and writes <outDir>/.ssr/server-rendered.json: the page with placeholders
//    for the markup, the data and the fonts, which the server fills per request
//    (http/web-render.ts; each rendered page gets its own font cut by the server, as pageFontFace
//    gives a prerendered one: http/page-font.ts, with the full font copied next to render.mjs);
// 5. writes <outDir>/.ssr/csp.json: the sha256 of every inline <style> and <script>, which the
//    server allows in its Content-Security-Policy (style-src-elem, script-src), and
//    <outDir>/.ssr/redirects.json: the old addresses the server redirects (SERVER_REDIRECTS).
// The first paint needs only the HTML: the critical CSS (beasties: the rules the page's markup
// uses, and their dark-theme and signed-in variants) inline in one <style> at the top of <head>,
// theme-init.js inline, and the page's own Pretendard file (cut to its text, preloaded:
// pageFontFace); the full stylesheets (inert placeholders at the end of <body>, added to <head>
// by the loader; the entry's without its @font-face
// rules: FACELESS), the script that adds those faces through the FontFace API (FACES_SCRIPT), the
// app's script and its module preloads start only after the first frame (deferLoading).
// The server sends those files for the path (apps/server/src/http/web-static.ts); every other
// path keeps getting the plain index.html shell.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import postcss from 'postcss';
import subsetFont from 'subset-font';
import { build } from 'vite';

process.env.NODE_ENV ??= 'production';
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(webRoot, 'src');
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const ssrOut = join(dist, '.ssr');

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
  // the page's namespaces, and the shared strings only pages use (loadPageStrings, shared/i18n)
  for (const key of [...page.namespaces.map((ns) => `src/features/${ns}/i18n/ko.json`), 'src/shared/i18n/ko-pages.json']) {
    const chunk = manifest[key];
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
    .replace(ROOT, () => `${ROOT_OPEN}<!--markup-->${page.html}<!--/markup--></div>`);
}

/**
 * The cascade layers' order (src/shared/ui/layers.css, the one place it is written): the first CSS
 * of every page's inline <style>, so the layers rank the same whichever stylesheet comes next
 * (the critical rules, a page's own font, the deferred stylesheets, a later page's chunk).
 */
const LAYER_ORDER = (() => {
  const statement = readFileSync(join(srcDir, 'shared/ui/layers.css'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .trim();
  if (!/^@layer [\w-]+(\s*,\s*[\w-]+)*;$/.test(statement)) throw new Error('layers.css: expected one @layer order statement');
  return statement.replace(/\s*,\s*/g, ',');
})();

/**
 * Rules every page keeps even when its guest markup does not use them: the saved theme, the
 * signed-in state and the social log-in return's state (theme-init.js).
 */
const ALWAYS_CRITICAL = [/data-theme/, /data-session/, /data-callback/];

/**
 * Inlines the critical CSS of `html` (the rules its markup uses) and moves the stylesheets to the
 * end of <body>; `extra` keeps more rules (a server-rendered page's own, whatever its data shows).
 */
async function inlineCritical(html, extra = [], { pageFont = false, fontMarkers = false } = {}) {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'body',
    fonts: false, // the @font-face rules: usedFontFaces, pageFontFace and FACES_SCRIPT (the families are CSS variables)
    pruneSource: false,
    reduceInlineStyles: false,
    compress: true,
    logLevel: 'warn',
    allowRules: [...ALWAYS_CRITICAL, ...extra],
  });
  let out = (await beasties.process(html)).replace(/ data-beasties-container(="")?/g, '');
  // The inline <style> goes first in <head> (after the meta tags), before theme-init.js, the
  // font preload and the app's scripts: the CSS is in the first bytes, the app chunk's
  // download starts after it.
  const styles = out.match(/<style>[\s\S]*?<\/style>/g) ?? [];
  if (styles.length !== 1) throw new Error(`inlineCritical: expected one <style>, found ${styles.length}`);
  out = out.replace(styles[0], '');
  // With the faces declared only by the deferred stylesheet, the fonts would start late and swap
  // in late (a large layout shift, and a later LCP): they start with the first layout instead.
  // A page whose text is known at build time gets ONE font file of its own instead (pageFontFace).
  const own = pageFont ? await pageFontFace(html) : null;
  // A server-rendered page's faces depend on its data: the server writes them per page, its own
  // font or the subsets its text uses, at SSR_FONT_CSS and SSR_FONT_PRELOAD (serverFontSpec).
  const faces = fontMarkers ? SSR_FONT_CSS : own ? own.css : usedFontFaces(html);
  styles[0] = styles[0].replace('<style>', () => `<style>${LAYER_ORDER}${faces}`);
  const anchor = out.match(/<link rel="icon"[^>]*>/);
  if (!anchor) throw new Error('inlineCritical: no <link rel="icon"> to anchor the <style>');
  if (fontMarkers) styles[0] = `${styles[0]}${SSR_FONT_PRELOAD}`;
  if (own) {
    // the page's font replaces index.html's preload of the most frequent subset, which its
    // text no longer asks for (it would only share the first round trips' bandwidth)
    out = out.replace(FIRST_SUBSET_PRELOAD, '');
    styles[0] = `${styles[0]}\n    ${own.preload}`;
  }
  return out.replace(anchor[0], () => `${anchor[0]}\n    ${styles[0]}`);
}

/** Every @font-face rule of the entry's CSS, with the code points its unicode-range covers. */
let fontStack = null; // the entry CSS's --font-sans
const fontFaces = [...entryCss].flatMap((file) => {
  const faces = [];
  const root = postcss.parse(readFileSync(join(dist, file), 'utf8'));
  root.walkDecls('--font-sans', (d) => {
    fontStack ??= d.value.trim();
  });
  root.walkAtRules('font-face', (rule) => {
    let range = null;
    const descriptors = {};
    rule.walkDecls(/^font-(weight|style)$/, (d) => {
      descriptors[d.prop] = d.value;
    });
    rule.walkDecls('unicode-range', (d) => {
      range = d.value.split(',').map((r) => {
        const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(a, 16), parseInt(b ?? a, 16)];
      });
    });
    rule.walkDecls('font-family', (d) => {
      descriptors.family = d.value.replace(/^["']|["']$/g, '');
    });
    rule.walkDecls('unicode-range', (d) => {
      descriptors.unicodeRange = d.value.replace(/\s+/g, '');
    });
    // url(...) relative to the stylesheet: absolute, as the <style> lives in the page
    const css = rule
      .toString()
      .replace(/url\((["']?)(?!\/|data:|https?:)([^"')]+)\1\)/g, (_m, q, u) => `url(${q}/${join(dirname(file), u)}${q})`);
    const url = css.match(/url\(["']?([^"')]+\.woff2)["']?\)/)?.[1] ?? null;
    faces.push({ css, range, descriptors, url });
  });
  return faces;
});

/**
 * The entry stylesheets without their @font-face rules, written next to them as
 * `<name>.faceless-<hash>.css`, by href: prerendered and server-rendered pages load these after the
 * first paint (deferLoading) and get the faces from FACES_SCRIPT instead. A stylesheet that adds
 * @font-face rules makes Chromium recompute every element's style and lay out the whole page again
 * in one task (docs/rendering.md, "Fonts"); faces added through
 * the FontFace API invalidate the fonts only (no restyle; the text is laid out again), and the
 * faceless sheet restyles without a layout: two shorter tasks, less work in all
 * ("@font-face without the restyle").
 */
const FACELESS = new Map();
for (const file of entryCss) {
  const root = postcss.parse(readFileSync(join(dist, file), 'utf8'));
  let faces = 0;
  root.walkAtRules('font-face', (rule) => {
    rule.remove();
    faces++;
  });
  if (faces === 0) continue;
  const css = root.toString();
  const out = file.replace(/\.css$/, `.faceless-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`);
  writeFileSync(join(dist, out), css);
  FACELESS.set(`/${file}`, `/${out}`);
}

/**
 * The entry CSS's @font-face rules as a script (`assets/faces-<hash>.js`, loaded after the first
 * paint with the app's script: deferLoading) that adds them with `document.fonts.add(new
 * FontFace(…))`, all in one task, except those the page's critical <style> already declares.
 * Declaring a face fetches nothing: each subset still loads only for text that needs it.
 */
const FACES_SCRIPT = (() => {
  const list = fontFaces.filter((f) => f.url && f.descriptors.family);
  if (list.length !== fontFaces.length) throw new Error('prerender: an @font-face without a woff2 url or a family');
  const groups = new Map(); // the descriptors shared by faces → [url, unicode-range][]
  for (const f of list) {
    const { family, 'font-weight': weight = 'normal', 'font-style': style = 'normal', unicodeRange = 'U+0-10FFFF' } = f.descriptors;
    const key = JSON.stringify([family, weight, style]);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([f.url, unicodeRange]);
  }
  const data = JSON.stringify([...groups].map(([key, faces]) => [...JSON.parse(key), faces]));
  const js =
    `(function(){var d=document,have={};for(var i=0;i<d.styleSheets.length;i++){var r=[];try{r=d.styleSheets[i].cssRules}catch(e){}` +
    `for(var j=0;j<r.length;j++){var m=r[j].type===5&&/[^/"'()]+\\.woff2/.exec(r[j].style.getPropertyValue('src'));if(m)have[m[0]]=1}}` +
    `${data}.forEach(function(g){g[3].forEach(function(f){if(!have[f[0].split('/').pop()])d.fonts.add(new FontFace(g[0],'url('+f[0]+') format("woff2")',` +
    `{weight:g[1],style:g[2],display:'swap',unicodeRange:f[1]}))})})})();\n`;
  const file = `assets/faces-${createHash('sha256').update(js).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(dist, file), js);
  return `/${file}`;
})();

/**
 * The @font-face rules of the font subsets the page's text uses (not the font files themselves:
 * index.html preloads the most common subset), so the first paint already asks for the right font.
 */
function usedFontFaces(html) {
  const text = html.replace(/<(script|style)[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '');
  const codes = new Set([...text].map((c) => c.codePointAt(0)));
  return fontFaces
    .filter((f) => !f.range || [...codes].some((c) => f.range.some(([a, b]) => c >= a && c <= b)))
    .map((f) => f.css)
    .join('');
}

/**
 * Each prerendered page's own font: Pretendard (the package's full variable font) cut down to the
 * characters of the page's text, in ONE file (≈ 35–55 KB; the dynamic subsets that the same text
 * spreads over are 11–16 files, 280–400 KB, since they are cut by frequency, not by page), preloaded
 * from the top of <head>, so the text's final font comes with the first paint instead of swapping
 * in seconds later, re-wrapped and larger (a later LCP). Declared as its own family in front of
 * the stack (`:root:root`, so the deferred stylesheet's `--font-sans` does not undo it) with the
 * page's characters as its unicode-range: any other text (data, another route) falls through to
 * Pretendard's dynamic subsets, the same glyphs.
 */
const PRETENDARD_FULL = createRequire(import.meta.url).resolve('pretendard/dist/web/variable/woff2/PretendardVariable.woff2');
const PAGE_FAMILY = 'Pretendard Page';
const FIRST_SUBSET_PRELOAD = /\s*<link rel="preload" href="\/assets\/PretendardVariable\.subset\.91-[^"]+" as="font"[^>]*>/;
let pretendard = null;
const FONT_CACHE = join(webRoot, '../../node_modules/.cache/moim-page-fonts');
const pageFonts = new Map(); // characters → the face and its preload (pages with the same text share a file)

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e) =>
    e[0] === '#'
      ? String.fromCodePoint(parseInt(e.slice(e[1] === 'x' || e[1] === 'X' ? 2 : 1), e[1] === 'x' || e[1] === 'X' ? 16 : 10))
      : (ENTITIES[e] ?? m),
  );

/** The code points a page shows (its text and placeholders) that Pretendard has, sorted. */
function pageCodePoints(html) {
  const body = html.slice(html.indexOf('<body'));
  const shown = [...body.matchAll(/\s(?:placeholder|value)="([^"]*)"/g)].map((m) => m[1]);
  const text = decode(`${body.replace(/<(script|style|noscript)[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '')}${shown.join('')}`);
  return [...new Set([...text].map((c) => c.codePointAt(0)))].filter((c) => c >= 0x20 && inSubsetRanges(c)).sort((a, b) => a - b);
}

/** Whether a code point is in the unicode-range of one of the entry's Pretendard subsets. */
const inSubsetRanges = (c) => fontFaces.some((f) => f.range?.some(([a, b]) => c >= a && c <= b));

const fontverter = createRequire(createRequire(import.meta.url).resolve('subset-font'))('fontverter');
let fullFont = null;
/**
 * Pretendard's full font as sfnt (decompressed once per build) and the code points it maps to a
 * glyph (its cmap): a page font's and the server's unicode-range promise only what the font has
 * (▦, ⇄ … are in the subsets' ranges but not in the font), so the rest falls through to the next
 * family at once.
 */
async function pretendardFull() {
  pretendard ??= readFileSync(PRETENDARD_FULL);
  if (!fullFont) {
    const sfnt = await fontverter.convert(pretendard, 'sfnt');
    fullFont = { sfnt, codes: cmapCodePoints(sfnt) };
  }
  return fullFont;
}

/** `U+20-7E,U+AC00,…`: the code points as ranges of consecutive ones. */
function unicodeRange(codes) {
  const out = [];
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j] + 1) j++;
    const hex = (c) => c.toString(16).toUpperCase();
    out.push(j > i ? `U+${hex(codes[i])}-${hex(codes[j])}` : `U+${hex(codes[i])}`);
    i = j + 1;
  }
  return out.join(',');
}

/** The code points an sfnt font maps to a glyph (its cmap's Unicode subtables of format 4 and 12). */
function cmapCodePoints(font) {
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = dv.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const rec = 12 + i * 16;
    if (String.fromCharCode(...font.subarray(rec, rec + 4)) === 'cmap') cmap = dv.getUint32(rec + 8);
  }
  if (cmap < 0) throw new Error('cmapCodePoints: no cmap table');
  const out = new Set();
  for (let i = 0; i < dv.getUint16(cmap + 2); i++) {
    const [platform, encoding] = [dv.getUint16(cmap + 4 + i * 8), dv.getUint16(cmap + 6 + i * 8)];
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const t = cmap + dv.getUint32(cmap + 8 + i * 8);
    const format = dv.getUint16(t);
    if (format === 4) {
      const segs = dv.getUint16(t + 6) / 2;
      const ends = t + 14;
      const starts = ends + segs * 2 + 2;
      const deltas = starts + segs * 2;
      const offsets = deltas + segs * 2;
      for (let s = 0; s < segs; s++) {
        const [end, start, delta, ro] = [ends, starts, deltas, offsets].map((a) => dv.getUint16(a + s * 2));
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = ro === 0 ? (c + delta) & 0xffff : dv.getUint16(offsets + s * 2 + ro + (c - start) * 2);
          if (glyph !== 0) out.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < dv.getUint32(t + 12); g++) {
        const [start, end] = [dv.getUint32(t + 16 + g * 12), dv.getUint32(t + 20 + g * 12)];
        for (let c = start; c <= end; c++) out.add(c);
      }
    }
  }
  return out;
}

async function pageFontFace(html) {
  const codes = pageCodePoints(html);
  const key = codes.join(',');
  if (pageFonts.has(key)) return pageFonts.get(key);
  const face = fontFaces.find((f) => f.range);
  if (!face || !fontStack) throw new Error('pageFontFace: no Pretendard @font-face or --font-sans in the entry CSS');
  pretendard ??= readFileSync(PRETENDARD_FULL);
  // cut once per set of characters (seconds each), then reused by later builds
  const cached = join(FONT_CACHE, createHash('sha256').update(pretendard).update(key).digest('hex').slice(0, 32));
  let woff2;
  let has;
  if (existsSync(`${cached}.woff2`) && existsSync(`${cached}.json`)) {
    woff2 = readFileSync(`${cached}.woff2`);
    has = JSON.parse(readFileSync(`${cached}.json`, 'utf8'));
  } else {
    const full = await pretendardFull();
    has = codes.filter((c) => full.codes.has(c));
    woff2 = await subsetFont(full.sfnt, String.fromCodePoint(...has), { targetFormat: 'woff2' });
    mkdirSync(FONT_CACHE, { recursive: true });
    writeFileSync(`${cached}.woff2`, woff2);
    writeFileSync(`${cached}.json`, JSON.stringify(has));
  }
  const file = `assets/PretendardPage-${createHash('sha256').update(woff2).digest('base64url').slice(0, 8)}.woff2`;
  writeFileSync(join(dist, file), woff2);
  const { 'font-weight': weight = '45 920', 'font-style': style = 'normal' } = face.descriptors;
  const own = {
    file,
    bytes: woff2.length,
    css:
      `@font-face{font-family:"${PAGE_FAMILY}";src:url(/${file}) format("woff2");font-weight:${weight};font-style:${style};` +
      `font-display:swap;unicode-range:${unicodeRange(has)}}:root:root{--font-sans:"${PAGE_FAMILY}",${fontStack}}`,
    preload: `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`,
  };
  pageFonts.set(key, own);
  return own;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const styleHashes = new Set();
const scriptHashes = new Set();
function collectHashes(html) {
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) styleHashes.add(sha256(css));
  for (const [, js] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) scriptHashes.add(sha256(js));
}

const THEME_INIT = '<script src="/theme-init.js"></script>';
const themeInit = readFileSync(join(dist, 'theme-init.js'), 'utf8').trim();
/**
 * Runs once the first frame is painted: inserts the full stylesheets (until then inert
 * `<link data-moim-sheet>`: not fetched, so they do not share the first round trips' bandwidth with
 * the page's font, which Chromium's first frame waits for as a render-blocking preload), the
 * module preloads and the app's entry script — so the first paint shares the connection with
 * nothing. In a hidden tab (no frames: background, prerendering) it runs at once, or when the tab
 * is shown; a 3 s timer is only a safety net (a 300 ms one ran before slow first frames and put
 * its work, ≈ 0.3 s under 4× CPU throttling, and the downloads it starts in front of the paint:
 * docs/rendering.md, "First paint without the app's JS"). Each insertion is a task of its own (a MessageChannel message
 * after the other, in the same order): starting a request costs a few ms of main thread each, and
 * the dozen of them in one task was a 69 ms task (docs/rendering.md, "Start-up work in short tasks").
 * In a hidden tab they all run at once. One invariant text, allowed by its hash (script-src).
 */
const LOADER = `<script>(function(){var d=document,done=0,q=[];function go(){if(done)return;done=1;d.querySelectorAll('link[data-moim-sheet]').forEach(function(l){q.push(function(){var n=d.createElement('link');n.rel='stylesheet';n.crossOrigin='anonymous';n.href=l.getAttribute('data-moim-sheet');d.head.appendChild(n)})});d.querySelectorAll('link[data-moim-rel]').forEach(function(l){q.push(function(){l.rel=l.getAttribute('data-moim-rel')})});d.querySelectorAll('script[data-moim-src]').forEach(function(s){q.push(function(){var n=d.createElement('script');n.type='module';n.crossOrigin='anonymous';n.src=s.getAttribute('data-moim-src');d.head.appendChild(n)})});if(d.visibilityState==='hidden'){while(q.length)q.shift()();return}var c=new MessageChannel;c.port1.onmessage=function(){q.shift()();if(q.length)c.port2.postMessage(0)};c.port2.postMessage(0)}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)});d.addEventListener('visibilitychange',go);setTimeout(go,3000)})();</script>`;

/**
 * The first paint needs the HTML only: theme-init.js inline (no request before the paint), the
 * stylesheets and the app's scripts and module preloads not even fetched until after it (LOADER);
 * without JavaScript the stylesheets still apply (<noscript>). The loader puts the stylesheets at
 * the end of <head>, in their order, before the app starts: the stylesheets of the pages opened
 * later (Vite appends them to <head>) then come after the entry's, as in index.html, so a page's
 * own rules win over the shared ones of the same specificity whichever page the visit began on
 * (left at the end of <body>, the entry's `.input{width:100%}` beat the navigator's
 * `.jn-search__sort{width:auto}` and squeezed the search box to nothing after a visit that began
 * on a prerendered page).
 */
function deferLoading(html) {
  if (!html.includes(THEME_INIT)) throw new Error('deferLoading: theme-init.js not found');
  let out = html.replace(THEME_INIT, () => `<script>${themeInit}</script>`);
  const sheets = [];
  const originals = [];
  out = out.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, entryHref) => {
    const href = FACELESS.get(entryHref) ?? entryHref; // the faces come from FACES_SCRIPT
    sheets.push(href);
    originals.push(entryHref);
    // The app's lazy imports load their CSS dependencies (the entry's among them) unless a
    // <link rel=stylesheet> with that href is in the document (Vite's preload helper): a disabled
    // one stands for the faceless copy (never fetched, never applied), or the faces would be
    // added by a stylesheet after all.
    const stand = href === entryHref ? '' : `<link rel="stylesheet" href="${entryHref}" disabled>`;
    return `<link data-moim-sheet="${href}">${stand}`;
  });
  if (sheets.length === 0) throw new Error('deferLoading: no stylesheet');
  out = out.replace(
    /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    (_m, href) => `<link data-moim-rel="modulepreload" crossorigin href="${href}">`,
  );
  let entry = 0;
  out = out.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_m, src) => {
    entry++;
    return `<script type="text/x-moim-deferred" data-moim-src="${src}"></script>`;
  });
  if (entry !== 1) throw new Error(`deferLoading: expected one entry script, found ${entry}`);
  // the faces (FACES_SCRIPT), queued before the app's script
  out = out.replace(
    '<script type="text/x-moim-deferred"',
    (m) => `<script type="text/x-moim-deferred" data-moim-src="${FACES_SCRIPT}"></script>${m}`,
  );
  // without JavaScript, the entry stylesheets with their faces
  const noscript = `<noscript>${originals.map((h) => `<link rel="stylesheet" href="${h}">`).join('')}</noscript>`;
  return out.replace('</body>', () => `${noscript}${LOADER}\n  </body>`);
}

const ROOT_OPEN = '<div id="root" data-prerendered aria-busy="true" aria-disabled="true">';

const SSR_MARKUP = '<!--moim-ssr-markup-->';
const SSR_DATA = '<!--moim-ssr-data-->';
const SSR_CSS = '/*moim-ssr-css*/';
const SSR_FONT_CSS = '/*moim-ssr-font*/';
const SSR_FONT_PRELOAD = '<!--moim-ssr-font-preload-->';

/**
 * A guarded page (SPEC §6) for a guest: the server sends the log-in page the route guard would
 * open, with this address as its `returnTo`, and the guard's '인증 확인 중...' as a status over it
 * (docs/rendering.md, "Guarded pages"). GUARD runs as the markup is read: a guest (no stored token)
 * gets the log-in page's address in the bar (#root's data-guard-login, written by the server),
 * and once the status has had its frame, it goes (a hidden tab has no frames: at once); the app
 * then adopts the log-in page like any server-rendered one. A browser that holds a token (its
 * cookie hint was missing: SIGNED_IN_COOKIE), or an address with a fragment the server never saw,
 * gets '인증 확인 중...' alone in an emptied #root, and the app's guard checks as on the shell.
 * One invariant text, allowed by its hash.
 */
const GUARD_CHECKING_ID = 'guard-checking';
const GUARD_LOGIN = '/login?moim-guard-login';
/** The checking state as a status under the header (in #root, where a session puts it, the app's own look). */
const GUARD_CHECKING_CSS = `body>#${GUARD_CHECKING_ID}{position:fixed;z-index:100;top:76px;left:50%;transform:translateX(-50%);padding:6px 14px;border-radius:999px;background:var(--color-surface-raised);box-shadow:var(--shadow-md)}body>#${GUARD_CHECKING_ID} .page-loading{min-height:0}body>#${GUARD_CHECKING_ID} .stack{flex-direction:row;gap:8px}body>#${GUARD_CHECKING_ID} .spinner{width:16px;height:16px}`;
const GUARD = `<script>(function(){var d=document,c=d.getElementById('${GUARD_CHECKING_ID}'),r=d.getElementById('root');if(!c||!r)return;var to=r.getAttribute('data-guard-login'),s=null;try{s=localStorage.getItem('authToken')}catch(e){}if(s||!to||location.hash){r.textContent='';['data-prerendered','data-rendered-query','data-guard-login'].forEach(function(a){r.removeAttribute(a)});r.appendChild(c);return}history.replaceState(history.state,'',to);function show(){c.remove()}if(d.visibilityState==='hidden')show();else requestAnimationFrame(function(){setTimeout(show,0)})})();</script>`;

/** The guarded pages' template, made from the log-in page's (`login`) and the guard's checking state's markup. */
function guardTemplate(login, checking) {
  const root = ROOT_OPEN.replace(' data-prerendered', ' data-prerendered data-rendered-query');
  if (!login.html.includes(root)) throw new Error('the root element was not found');
  if (!login.html.includes(SSR_DATA) || !login.html.includes('</style>')) throw new Error('no place for the guard');
  const box = `<div id="${GUARD_CHECKING_ID}">${checking}</div>`;
  const html = login.html
    .replace('<head>', () => '<head>\n    <meta name="robots" content="noindex" />')
    // without JavaScript nothing is checked: the log-in page alone
    .replace('</head>', () => `<noscript><style>body>#${GUARD_CHECKING_ID}{display:none}</style></noscript></head>`)
    // the guard's state as a status over the page for its first frame (GUARD removes it): the
    // log-in page itself paints from the first frame (under a full-page checking state, the page's
    // own first paint came one heavy frame later: 0.1–0.3 s under the bench's throttling)
    .replace('</style>', () => `${GUARD_CHECKING_CSS}</style>`)
    .replace(root, () => `${box}${root.replace('<div id="root"', `<div id="root" data-guard-login="${GUARD_LOGIN}"`)}`)
    .replace(SSR_DATA, () => `${SSR_DATA}${GUARD}`);
  return { pattern: login.pattern, html, css: login.css, checking: box, login: GUARD_LOGIN };
}

/**
 * What the server needs to give each server-rendered page its own font, as pageFontFace gives a
 * prerendered one (apps/server/src/http/page-font.ts): Pretendard's full variable font copied
 * next to render.mjs, the code points it has (its cmap, as hex ranges), the family and stack to
 * declare, the entry's faces (for a page whose font is still being cut: the subsets its text
 * uses), the markers, and index.html's preload of the most frequent subset (which a page with its
 * own font drops).
 */
async function serverFontSpec(templateHtml) {
  const face = fontFaces.find((f) => f.range);
  if (!face || !fontStack) throw new Error('serverFontSpec: no Pretendard @font-face or --font-sans in the entry CSS');
  const full = await pretendardFull();
  const has = [...full.codes].filter((c) => c >= 0x20 && inSubsetRanges(c)).sort((a, b) => a - b);
  const file = 'PretendardVariable.woff2';
  writeFileSync(join(ssrOut, file), pretendard);
  const { 'font-weight': weight = '45 920', 'font-style': style = 'normal' } = face.descriptors;
  return {
    file,
    sha256: createHash('sha256').update(pretendard).digest('hex'),
    family: PAGE_FAMILY,
    stack: fontStack,
    weight,
    style,
    has: unicodeRange(has),
    faces: fontFaces.map((f) => ({ css: f.css, range: f.range })),
    css: SSR_FONT_CSS,
    preload: SSR_FONT_PRELOAD,
    firstSubsetPreload: templateHtml.match(FIRST_SUBSET_PRELOAD)?.[0].trim() ?? null,
  };
}

/**
 * A server-rendered page's own stylesheet as a list of rules the server can pick from per page
 * (apps/server/src/http/web-render.ts, usedCss): each rule with the classes each of its selectors
 * needs (`s`: one list per selector; a rule is used when the markup has every class of one of
 * its selectors) and the at-rules around it (`w`). Classes inside :not()/:is()/:where()/:has()
 * are not required (conservative: such a selector may match without them), and a selector with
 * no class at all (`h1`, `[data-theme] p`) is always kept, as is any other at-rule
 * (@keyframes, @font-face …).
 */
function ownRules(cssText) {
  const out = [];
  postcss.parse(cssText).each(function visit(node) {
    if (node.type === 'rule') {
      const clone = node.clone();
      clone.raws.before = '';
      out.push({ w: wrapOf(node), s: node.selectors.map(requiredClasses), css: clone.toString() });
    } else if (node.type === 'atrule' && ['media', 'supports', 'container', 'layer'].includes(node.name) && node.nodes) {
      node.each(visit);
    } else if (node.type === 'atrule') {
      const clone = node.clone();
      clone.raws.before = '';
      out.push({ w: wrapOf(node), s: null, css: clone.toString() });
    }
  });
  return out;
}

/** The at-rules (@layer, @media …) around a node, outermost first. */
function wrapOf(node) {
  const w = [];
  for (let p = node.parent; p && p.type === 'atrule'; p = p.parent) w.unshift(`@${p.name} ${p.params}`);
  return w;
}

/**
 * The entry stylesheet's rules a server-rendered page may need beyond its template's critical
 * CSS. The template is inlined for its sample, one state of the page; another state (a project or
 * a posting that does not exist, an empty list) used classes whose rules came only with the
 * deferred stylesheet, so its text was laid out unstyled and moved when they came (the not-found
 * project's message: its LCP 0.3–1.2 s after its first paint). Each rule's selectors that need a
 * class and that the template did not inline go to the pool the server picks from per page
 * (web-render.ts usedCss), before the page's own stylesheets' rules, as the entry's CSS comes
 * before theirs.
 */
function entryRulesBeyond(templateHtml) {
  const style = templateHtml.match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (style === undefined) throw new Error('entryRulesBeyond: the template has no <style>');
  // by selector: beasties keeps only the selectors of a list that its markup matched
  const keyOf = (wrap, selector) => `${wrap.join('|')}|${selector.replace(/\s+/g, '')}`;
  const inlined = new Set();
  postcss.parse(style).walkRules((r) => {
    for (const sel of r.selectors) inlined.add(keyOf(wrapOf(r), sel));
  });
  const out = [];
  for (const file of entryCss) {
    postcss.parse(readFileSync(join(dist, file), 'utf8')).walkRules((rule) => {
      const w = wrapOf(rule);
      // a selector without a class (an element's, @keyframes' steps) would be kept on every page
      const rest = rule.selectors.filter((sel) => requiredClasses(sel).length > 0 && !inlined.has(keyOf(w, sel)));
      if (rest.length === 0) return;
      const clone = rule.clone({ selectors: rest });
      clone.raws.before = '';
      out.push({ w, s: rest.map(requiredClasses), css: clone.toString() });
    });
  }
  return out;
}

/** The class names a selector needs on the page (those outside functional pseudo-classes and attribute selectors). */
function requiredClasses(selector) {
  let depth = 0;
  let outer = '';
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\') {
      if (depth === 0) outer += ch + (selector[i + 1] ?? '');
      i++;
    } else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0) outer += ch;
  }
  return [...new Set([...outer.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1')))];
}

/** How many of `rules` the markup uses (as the server picks them: web-render.ts, usedCss), for the build log. */
function usedRuleCount(markup, rules) {
  const classes = new Set([...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
  return rules.filter((r) => !r.s || r.s.some((need) => need.every((c) => classes.has(c)))).length;
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
    // one self-contained file (no node_modules at run time), as the server loads it
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'render.mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  const entry = [out].flat()[0].output.find((c) => c.type === 'chunk' && c.isEntry);
  const { renderPage, renderAuthChecking, sampleData, PRERENDERED_PATHS, SERVER_RENDERED, SERVER_REDIRECTS } = await import(
    pathToFileURL(join(ssrOut, entry.fileName)).href
  );

  for (const path of PRERENDERED_PATHS) {
    try {
      const page = await renderPage(path);
      // The route-level fallback ('Loading...', PageLoading) in the markup: the page suspended.
      if (page.modules.length === 0 || page.html.includes('class="page-loading"')) {
        throw new Error('the page suspended or matched no lazy page');
      }
      const html = deferLoading(await inlineCritical(pageHtml(page), [], { pageFont: true })).replace(/<!--\/?markup-->/g, '');
      collectHashes(html);
      const dir = join(dist, 'prerender', path);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), html);
      done.push(path);
      const font = [...pageFonts.values()].find((f) => html.includes(f.file));
      console.log(
        `prerendered ${path.padEnd(10)} ${(html.length / 1024).toFixed(1)} KB html, font ${font ? `${(font.bytes / 1024).toFixed(1)} KB` : 'subsets'} (${page.modules.join(', ')})`,
      );
    } catch (err) {
      skipped.push(path);
      console.warn(`prerender: WARNING ${path} skipped (it gets the plain shell): ${err instanceof Error ? err.message : err}`);
    }
  }

  const templates = [];
  let font = null;
  for (const { pattern, sample } of SERVER_RENDERED) {
    try {
      const page = await renderPage(sample, sampleData(pattern));
      if (page.modules.length === 0 || page.html.includes('class="page-loading"'))
        throw new Error('the page suspended or showed its loading state');
      // The page's own stylesheets are left out of the template's critical CSS: another study's
      // sections differ from the sample's, so the server picks their rules per rendered page
      // (ownRules: the rules whose classes the page's markup has), where the marker stands.
      const ownTags = pageAssets(page).css;
      const own = ownTags.map((tag) => tag.match(/href="\/([^"]+)"/)[1]);
      let withoutOwn = pageHtml(page);
      for (const tag of ownTags) withoutOwn = withoutOwn.replace(tag, '');
      // the study's text is unknown at build: the server gives each rendered page its faces
      // (its own font once cut, the subsets its text uses until then: serverFontSpec)
      let html = await inlineCritical(withoutOwn, [], { fontMarkers: true });
      font ??= await serverFontSpec(html);
      // the own stylesheets load after the first frame like the others (deferLoading)
      html = html.replace('</body>', () => `${ownTags.join('')}</body>`);
      html = deferLoading(html.replace('</style>', () => `${SSR_CSS}</style>`));
      collectHashes(html); // the scripts (the style differs per page: inline styles are allowed by 'unsafe-inline')
      const rules = [...entryRulesBeyond(html), ...own.flatMap((f) => ownRules(readFileSync(join(dist, f), 'utf8')))];
      const markup = html.match(/<!--markup-->[\s\S]*<!--\/markup-->/);
      if (!markup) throw new Error('the markup markers were lost');
      html = html.replace(markup[0], () => SSR_MARKUP).replace(`${SSR_MARKUP}</div>`, () => `${SSR_MARKUP}</div>${SSR_DATA}`);
      // rendered per request for the address's query (main.tsx adopts it with a query too)
      html = html.replace(ROOT_OPEN, () => ROOT_OPEN.replace(' data-prerendered', ' data-prerendered data-rendered-query'));
      if (!html.includes('data-rendered-query')) throw new Error('the root element was not found');
      if (!html.includes(SSR_DATA)) throw new Error('no place for the data after #root');
      templates.push({ pattern, html, css: { marker: SSR_CSS, rules } });
      console.log(
        `server-rendered ${pattern}: template ${(html.length / 1024).toFixed(1)} KB, rules to pick from ${rules.length} (${(rules.reduce((n, r) => n + r.css.length, 0) / 1024).toFixed(1)} KB), the sample uses ${usedRuleCount(page.html, rules)} (${page.modules.join(', ')})`,
      );
    } catch (err) {
      skipped.push(pattern);
      console.warn(
        `prerender: WARNING ${pattern} not server-rendered (it gets the plain shell): ${err instanceof Error ? err.message : err}`,
      );
    }
  }
  // a guarded page for a guest: the log-in page under the guard's checking state (GUARD)
  let guard = null;
  const login = templates.find((t) => t.pattern === '/login');
  if (login) {
    try {
      guard = guardTemplate(login, await renderAuthChecking());
      collectHashes(guard.html);
      console.log(
        `server-rendered guarded pages: the /login template under '인증 확인 중...' (${(guard.html.length / 1024).toFixed(1)} KB)`,
      );
    } catch (err) {
      console.warn(`prerender: WARNING the guarded pages keep the plain shell: ${err instanceof Error ? err.message : err}`);
    }
  } else console.warn('prerender: WARNING /login was not server-rendered: the guarded pages keep the plain shell');
  writeFileSync(join(ssrOut, 'server-rendered.json'), JSON.stringify({ markup: SSR_MARKUP, data: SSR_DATA, templates, font, guard }));
  writeFileSync(join(ssrOut, 'redirects.json'), JSON.stringify(Object.fromEntries(SERVER_REDIRECTS)));
  writeFileSync(join(ssrOut, 'csp.json'), JSON.stringify({ styleSrcElem: [...styleHashes], scriptSrc: [...scriptHashes] }));
} catch (err) {
  console.warn(`prerender: WARNING no page prerendered (every page gets the plain shell): ${err instanceof Error ? err.stack : err}`);
  rmSync(ssrOut, { recursive: true, force: true });
}
const took = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `prerender: ${done.length} pages in ${took} s → ${join(dist, 'prerender')}${skipped.length ? ` (skipped: ${skipped.join(', ')})` : ''}`,
);
