/**
 * Server rendering of the public pages whose content is data (a study's page, /study/{slug}),
 * so their first paint needs no JavaScript either (docs/performance.md, issue 19).
 *
 * The web build leaves in <dist>/.ssr/ (apps/web/scripts/prerender.mjs):
 * - render.mjs: the app's prerender entry (apps/web/src/app/prerender.tsx) bundled for Node;
 * - server-rendered.json: per route pattern, the page's HTML (critical CSS inline, its chunks
 *   preloaded) with a placeholder for the markup of #root and one for the data.
 * Per request the renderer reads the page's public data through this server's own API as a guest
 * (`app.inject`: the same answers, read caches and invalidations as the browser's fetch),
 * renders the page with it and sends the markup plus the data (#moim-query-data, which the app
 * seeds its query cache with). A rendered page is reused while its data is unchanged, so it is
 * refreshed exactly when the API's answer changes (a study updated, approved, closed …: the
 * studies read cache is invalidated on every instance, through Redis when configured).
 * Anything missing or failing (no build, a study not found, a render error) gives the plain
 * shell, as before: never an error page.
 */
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

type QueryEntry = [key: readonly unknown[], data: unknown];
type GetJson = (url: string) => Promise<{ status: number; data?: unknown }>;

/** What render.mjs exports for the server (apps/web/src/app/prerender.tsx). */
interface RenderBundle {
  loadPageData(path: string, get: GetJson): Promise<{ pattern: string; entries: QueryEntry[] } | null>;
  renderPage(path: string, data: QueryEntry[]): Promise<{ html: string }>;
  queryDataScript(entries: QueryEntry[]): string;
}

/** A rule of a page's own stylesheet: the classes each selector needs (null: always kept) and its at-rules. */
export interface OwnRule {
  w: string[];
  s: string[][] | null;
  css: string;
}

interface Template {
  pattern: string;
  html: string;
  /** the page's own stylesheets' rules, of which each rendered page inlines those its markup uses, at `marker` */
  css?: { marker: string; rules: OwnRule[] };
}

interface Templates {
  markup: string;
  data: string;
  templates: Template[];
}

/**
 * The rules of `rules` that `markup` uses: a rule is kept when the markup has every class one of
 * its selectors needs (the build lists them: apps/web/scripts/prerender.mjs, ownRules), in their
 * order, consecutive rules under the same at-rules in one block. The page's critical CSS then
 * holds what this study's sections use instead of every rule a study page can have (56 KB of
 * CSS to parse and match before the first paint, docs/performance.md); the full stylesheets
 * still apply after the first frame.
 */
export function usedCss(markup: string, rules: readonly OwnRule[]): string {
  const classes = new Set<string>();
  for (const m of markup.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c);
  let out = '';
  let open: string[] = [];
  for (const r of rules) {
    if (r.s && !r.s.some((need) => need.every((c) => classes.has(c)))) continue;
    let same = 0;
    while (same < open.length && same < r.w.length && open[same] === r.w[same]) same++;
    out +=
      '}'.repeat(open.length - same) +
      r.w
        .slice(same)
        .map((w) => `${w}{`)
        .join('') +
      r.css;
    open = r.w;
  }
  return out + '}'.repeat(open.length);
}

/** Rendered pages kept (by path); a path's entry is replaced when its data changes. */
const MAX_PAGES = 200; // ≈ 80 KB each: ≤ 16 MB

/**
 * A rendered page, and its brotli / gzip forms made on the first request that accepts them and
 * kept with it. The page is 80+ KB (its critical CSS holds every rule of the page's stylesheets)
 * and ≈ 19 KB compressed: sent plain it took 3 more round trips on a slow connection, before
 * the first paint (docs/performance.md). Brotli quality 5: ≈ 10 ms here, within 4 % of
 * quality 11's size, which costs ≈ 0.3 s.
 */
export interface HtmlPage {
  html: Buffer;
  br(): Buffer | undefined;
  gzip(): Buffer | undefined;
}

function renderedPage(text: string): HtmlPage {
  const html = Buffer.from(text);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    br: () => (br ??= brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })),
    gzip: () => (gzip ??= gzipSync(html, { level: 6 })),
  };
}

export type PageRenderer = (path: string) => Promise<HtmlPage | undefined>;

/** The renderer for `distDir`'s build, or undefined when the build has no server-rendered pages. */
export function createPageRenderer(app: FastifyInstance, distDir: string): PageRenderer | undefined {
  const dir = join(distDir, '.ssr');
  const file = join(dir, 'server-rendered.json');
  if (!existsSync(file) || !existsSync(join(dir, 'render.mjs'))) return undefined;
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Templates;
  if (spec.templates.length === 0) return undefined;
  const templates = new Map(spec.templates.map((t) => [t.pattern, t]));
  let bundle: Promise<RenderBundle> | undefined;
  const pages = new Map<string, { key: string; page: HtmlPage }>();

  const get: GetJson = async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (res.statusCode !== 200) return { status: res.statusCode };
    return { status: 200, data: (res.json() as { data?: unknown }).data };
  };

  return async (path) => {
    try {
      bundle ??= import(pathToFileURL(join(dir, 'render.mjs')).href) as Promise<RenderBundle>;
      const r = await bundle;
      const data = await r.loadPageData(path, get);
      const template = data && templates.get(data.pattern);
      if (!data || !template) return undefined;
      const key = JSON.stringify(data.entries);
      const cached = pages.get(path);
      if (cached?.key === key) return cached.page;
      const page = await r.renderPage(path, data.entries);
      let html = template.html.replace(spec.markup, () => page.html).replace(spec.data, () => r.queryDataScript(data.entries));
      if (template.css) html = html.replace(template.css.marker, () => usedCss(page.html, template.css!.rules));
      const rendered = renderedPage(html);
      pages.delete(path);
      pages.set(path, { key, page: rendered });
      if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
      return rendered;
    } catch (err) {
      app.log.warn({ err, path }, 'server rendering failed: sending the shell');
      return undefined;
    }
  };
}

/**
 * The sha256 sources of the build's inline <style> and <script> elements (<dist>/.ssr/csp.json):
 * the prerendered pages' critical CSS (style-src-elem) and their theme and loader scripts (script-src).
 */
export function inlineHashes(distDir: string): { styleSrcElem: string[]; scriptSrc: string[] } {
  const file = join(distDir, '.ssr', 'csp.json');
  if (!existsSync(file)) return { styleSrcElem: [], scriptSrc: [] };
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const hashes = (v: unknown) =>
    Array.isArray(v) ? v.filter((h): h is string => typeof h === 'string' && /^'sha256-[\w+/=]+'$/.test(h)) : [];
  return { styleSrcElem: hashes(json.styleSrcElem), scriptSrc: hashes(json.scriptSrc) };
}
