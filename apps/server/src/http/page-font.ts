/**
 * A server-rendered page's own font (docs/rendering.md, "Fonts").
 *
 * A prerendered page gets, at build, Pretendard cut down to the characters of its text in one
 * file, preloaded from the top of <head>: Chromium's first frame waits for that render-blocking
 * preload, so the text is laid out once, in its final font (apps/web/scripts/prerender.mjs,
 * pageFontFace). A study's page shows the study's own text (title, subtitle, description), which
 * is unknown at build: its characters fell back to the system font for the first paint and
 * re-wrapped when Pretendard's subsets arrived, moving the page (CLS 0.05–0.06 on a phone).
 * Here the server does what the build does, per rendered page:
 *
 * - the page's code points (its markup's text) → a font URL that names them:
 *   `/assets/page-fonts/<key>.woff2?u=<ranges>`, where `key` is an HMAC of the ranges and the
 *   font file's hash (so any instance of the server can cut and serve the URL it is asked for,
 *   and nobody else can make the server cut fonts of their choosing);
 * - the cut runs off the request path, in a worker thread (harfbuzz's subsetter in WebAssembly:
 *   0.3–1 s of CPU for a page), one at a time; the page is sent at once with the @font-face
 *   rules of the Pretendard subsets its text uses (what the build's template had, for the
 *   sample's text) and gets its own font from the next render on;
 * - cut fonts are kept in memory (the most recently used MAX_FONTS) and served immutable.
 *
 * The build writes what this needs into server-rendered.json (`font`, prerender.mjs
 * serverFontSpec) and copies the full font next to render.mjs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the build writes (apps/web/scripts/prerender.mjs serverFontSpec). */
export interface PageFontSpec {
  /** the full variable font, next to render.mjs */
  file: string;
  sha256: string;
  family: string;
  /** the entry CSS's --font-sans, after which the page's family is declared */
  stack: string;
  weight: string;
  style: string;
  /** the code points the full font has, as a unicode-range (`U+20-7E,U+AC00,…`) */
  has: string;
  /** the entry CSS's @font-face rules with the code points each covers (null: all) */
  faces: { css: string; range: [number, number][] | null }[];
  /** the markers in the template: the faces go in its <style>, the preload after it */
  css: string;
  preload: string;
  /** index.html's preload of the most frequent subset, which a page with its own font drops */
  firstSubsetPreload: string | null;
}

/** A page's own font, ready: what its <style> declares and its preload. */
export interface PageFont {
  key: string;
  css: string;
  preload: string;
}

/** Cut fonts kept in memory (≈ 30–60 KB each). */
const MAX_FONTS = 300;
/** A URL naming more code points than this is refused (a page's text has a few hundred). */
const MAX_CODE_POINTS = 3000;
const PATH = '/assets/page-fonts/';

/** `U+20-7E,U+AC00` ⇄ code points. */
function parseRanges(text: string): [number, number][] {
  return text.split(',').map((r) => {
    const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(a!, 16), parseInt(b ?? a!, 16)];
  });
}

function rangesOf(codes: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    const hex = (c: number) => c.toString(16).toUpperCase();
    out.push(j > i ? `${hex(codes[i]!)}-${hex(codes[j]!)}` : hex(codes[i]!));
    i = j + 1;
  }
  return out.join(',');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const hex = e[1] === 'x' || e[1] === 'X';
    const c = parseInt(e.slice(hex ? 2 : 1), hex ? 16 : 10);
    return c >= 0 && c <= 0x10ffff ? String.fromCodePoint(c) : m;
  });
}

/** A page's text as it shows: its markup without tags, scripts and styles, plus its fields' placeholders and values. */
export function markupText(markup: string): string {
  const shown = [...markup.matchAll(/\s(?:placeholder|value)="([^"]*)"/g)].map((m) => m[1]);
  return decodeEntities(`${markup.replace(/<(script|style|noscript)[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '')}${shown.join('')}`);
}

/** The entry CSS's @font-face rules of the subsets that hold any of `codes`. */
function facesFor(faces: PageFontSpec['faces'], codes: readonly number[]): string {
  return faces
    .filter((f) => !f.range || codes.some((c) => f.range!.some(([a, b]) => c >= a && c <= b)))
    .map((f) => f.css)
    .join('');
}

/**
 * For the pages the server writes itself, outside the web build (the built-in payment gateway's
 * checkout and receipt, the local sign-in provider's consent page): the @font-face rules of the app's Pretendard subsets (the same hashed
 * /assets files the app loads, `font-src 'self'`) that a page's text uses, read from the build's
 * server-rendered.json, and the app's font stack (`--font-sans`, Pretendard first); undefined
 * without a build.
 */
export function loadSubsetFaces(distDir: string): PageFontFaces | undefined {
  const file = join(distDir, '.ssr', 'server-rendered.json');
  if (!existsSync(file)) return undefined;
  try {
    const spec = (JSON.parse(readFileSync(file, 'utf8')) as { font?: PageFontSpec | null }).font;
    if (!spec?.faces.length || !spec.stack) return undefined;
    return {
      stack: spec.stack,
      facesOf: (markup) => {
        const codes = new Set<number>();
        for (const ch of markupText(markup)) codes.add(ch.codePointAt(0)!);
        return facesFor(spec.faces, [...codes]);
      },
    };
  } catch {
    return undefined;
  }
}

/** The app's font for a page the server writes itself: its stack and the faces a page's text uses (loadSubsetFaces). */
export interface PageFontFaces {
  stack: string;
  facesOf(markup: string): string;
}

/** Where such a page's <style> takes its font faces (withPageFont). */
export const FONT_MARKER = '/*moim-page-font*/';

/** The page with the faces of `font` its text uses and the app's font stack (`--font-sans`) at FONT_MARKER; without a build, nothing (the system fonts). */
export function withPageFont(html: string, font: PageFontFaces | undefined): string {
  return html.replace(FONT_MARKER, () => (font ? `${font.facesOf(html)}:root{--font-sans:${font.stack}}` : ''));
}

/** The worker's code (plain JavaScript, eval'd, so it runs the same from sources and the bundle). */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const subsetFont = require(workerData.subsetFont);
const fontverter = require(workerData.fontverter);
let sfnt;
let chain = Promise.resolve();
parentPort.on('message', ({ id, text }) => {
  chain = chain.then(async () => {
    try {
      sfnt ??= await fontverter.convert(readFileSync(workerData.file), 'sfnt');
      const woff2 = await subsetFont(sfnt, text, { targetFormat: 'woff2' });
      parentPort.postMessage({ id, woff2 });
    } catch (err) {
      parentPort.postMessage({ id, error: String((err && err.stack) || err) });
    }
  });
});
`;

export interface PageFonts {
  /** The code points of a page's markup that the font has, sorted. */
  codePoints(markup: string): number[];
  /** The page's own font when it is cut; otherwise undefined, and the cut is started. */
  ready(codes: readonly number[]): PageFont | undefined;
  /** Marks a page's font as used (a page sent again keeps its font among the MAX_FONTS kept). */
  touch(key: string): void;
  /** The @font-face rules of the subsets these code points use (until the page's own font is cut). */
  subsetFaces(codes: readonly number[]): string;
  /** A font URL's bytes: cut on demand when this instance has not cut it yet; undefined when the URL is not one of ours. */
  serve(key: string, ranges: string): Promise<Buffer | undefined>;
  /** Waits for the cuts under way (tests). */
  idle(): Promise<void>;
  /** Cuts started and failed so far (tests, diagnostics). */
  stats(): { cuts: number; failed: number };
  close(): Promise<void>;
}

export function createPageFonts(
  spec: PageFontSpec,
  ssrDir: string,
  secret: string,
  onError: (err: Error) => void = () => undefined,
): PageFonts {
  const has = parseRanges(spec.has);
  const inFont = (c: number) => {
    // binary search over the sorted ranges
    let lo = 0;
    let hi = has.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [a, b] = has[mid]!;
      if (c < a) hi = mid - 1;
      else if (c > b) lo = mid + 1;
      else return true;
    }
    return false;
  };
  const keyOf = (ranges: string) =>
    createHmac('sha256', secret).update(`page-font\n${spec.sha256}\n${ranges}`).digest('base64url').slice(0, 22);

  const fonts = new Map<string, Buffer>(); // key → woff2, least recently used first
  const cuts = new Map<string, Promise<Buffer | undefined>>();
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, (r: { woff2?: Uint8Array; error?: string }) => void>();

  function startWorker(): Worker {
    const req = createRequire(import.meta.url);
    const subsetFontPath = req.resolve('subset-font');
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: join(ssrDir, spec.file),
        subsetFont: subsetFontPath,
        fontverter: createRequire(subsetFontPath).resolve('fontverter'),
      },
    });
    w.unref();
    w.on('message', (m: { id: number; woff2?: Uint8Array; error?: string }) => {
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    });
    const fail = (err: unknown) => {
      worker = undefined;
      for (const done of waiting.values()) done({ error: String(err) });
      waiting.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`page font thread exited (${code})`)));
    return w;
  }

  function remember(key: string, woff2: Buffer) {
    fonts.delete(key);
    fonts.set(key, woff2);
    if (fonts.size > MAX_FONTS) fonts.delete(fonts.keys().next().value!);
  }

  // A cut that failed is not tried again for the same text (each render of its page would start
  // it again): the page keeps the subsets, and the failure is logged once.
  const failed = new Set<string>();
  let started = 0;

  function cut(key: string, codes: readonly number[]): Promise<Buffer | undefined> {
    if (failed.has(key)) return Promise.resolve(undefined);
    let p = cuts.get(key);
    if (!p) {
      started++;
      try {
        worker ??= startWorker();
      } catch (err) {
        // no subsetter here (a broken install): the pages keep their subsets, never the shell
        failed.add(key);
        onError(err instanceof Error ? err : new Error(String(err)));
        return Promise.resolve(undefined);
      }
      const w = worker;
      const id = nextId++;
      p = new Promise<Buffer | undefined>((resolve) => {
        waiting.set(id, (r) => {
          cuts.delete(key);
          if (!r.woff2) {
            failed.add(key);
            if (failed.size > MAX_FONTS) failed.delete(failed.values().next().value!);
            onError(new Error(`page font cut failed: ${r.error ?? 'no font'}`));
            return resolve(undefined);
          }
          const woff2 = Buffer.from(r.woff2.buffer, r.woff2.byteOffset, r.woff2.byteLength);
          remember(key, woff2);
          resolve(woff2);
        });
        w.ref(); // a cut under way keeps the process up; an idle thread does not
        w.postMessage({ id, text: String.fromCodePoint(...codes) });
      }).finally(() => {
        if (waiting.size === 0) w.unref();
      });
      cuts.set(key, p);
    }
    return p;
  }

  const fontOf = (key: string, ranges: string): PageFont => ({
    key,
    css:
      `@font-face{font-family:"${spec.family}";src:url(${PATH}${key}.woff2?u=${ranges}) format("woff2");font-weight:${spec.weight};` +
      `font-style:${spec.style};font-display:swap;unicode-range:${ranges
        .split(',')
        .map((r) => `U+${r}`)
        .join(',')}}:root:root{--font-sans:"${spec.family}",${spec.stack}}`,
    preload: `<link rel="preload" href="${PATH}${key}.woff2?u=${ranges}" as="font" type="font/woff2" crossorigin>`,
  });

  return {
    codePoints(markup) {
      const codes = new Set<number>();
      for (const ch of markupText(markup)) {
        const c = ch.codePointAt(0)!;
        if (c >= 0x20 && inFont(c)) codes.add(c);
      }
      return [...codes].sort((a, b) => a - b);
    },

    ready(codes) {
      if (codes.length === 0 || codes.length > MAX_CODE_POINTS) return undefined;
      const ranges = rangesOf(codes);
      const key = keyOf(ranges);
      const woff2 = fonts.get(key);
      if (woff2) {
        remember(key, woff2); // used: the most recent
        return fontOf(key, ranges);
      }
      void cut(key, codes);
      return undefined;
    },

    touch(key) {
      const woff2 = fonts.get(key);
      if (woff2) remember(key, woff2);
    },

    subsetFaces(codes) {
      return facesFor(spec.faces, codes);
    },

    async serve(key, ranges) {
      if (!/^[\w-]{22}$/.test(key) || !/^[0-9A-F]{1,6}(-[0-9A-F]{1,6})?(,[0-9A-F]{1,6}(-[0-9A-F]{1,6})?)*$/.test(ranges)) return undefined;
      if (!timingSafeEqual(Buffer.from(keyOf(ranges)), Buffer.from(key))) return undefined; // both 22 characters
      const have = fonts.get(key);
      if (have) return have;
      const codes: number[] = [];
      for (const [a, b] of parseRanges(ranges)) {
        if (!(a <= b) || b - a > MAX_CODE_POINTS) return undefined;
        for (let c = a; c <= b; c++) if (inFont(c)) codes.push(c);
        if (codes.length > MAX_CODE_POINTS) return undefined;
      }
      return cut(key, codes);
    },

    async idle() {
      await Promise.all([...cuts.values()]);
    },

    stats: () => ({ cuts: started, failed: failed.size }),

    async close() {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}

/** The route path of the page fonts (web-static.ts). */
export const PAGE_FONT_PATH = PATH;
