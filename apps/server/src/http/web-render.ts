/**
 * Server rendering of the public pages whose content is data (a study's page, the projects list
 * and a project's page, the jobs navigator and a posting's page: SERVER_RENDERED in
 * apps/web/src/app/prerender.tsx), so their first paint needs no JavaScript either
 * (docs/rendering.md).
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
 * Each rendered page gets its own font, Pretendard cut to its text (page-font.ts): from the
 * first render on, once the cut is done; the first render declares the subsets its text uses.
 * Anything missing or failing (no build, a study not found, a render error) gives the plain
 * shell, as before: never an error page.
 */
import { seoulDate } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { createPageFonts, type PageFonts, type PageFontSpec } from './page-font.ts';
import { pageRenderReadHeaders } from './page-render-read.ts';
import { withHeadElements } from './structured-data.ts';

/** [key, data] or, for a subject that does not exist, [key, null, its error] (apps/web/src/shared/api/server-render.ts) */
type QueryEntry = [key: readonly unknown[], data: unknown, error?: { status: number; code: string; message: string }];
type GetJson = (url: string) => Promise<{ status: number; data?: unknown; error?: { code: string; message: string } }>;

/** What render.mjs exports for the server (apps/web/src/app/prerender.tsx). */
interface RenderBundle {
  /** `url`: the address the page is rendered and kept for (the part of the query it is drawn with) */
  loadPageData(url: string, get: GetJson): Promise<{ pattern: string; entries: QueryEntry[]; url?: string; status?: number } | null>;
  renderPage(url: string, data: QueryEntry[]): Promise<{ html: string }>;
  queryDataScript(entries: QueryEntry[]): string;
  /** the log-in address a guest of a guarded page is sent to, or null (absent from builds before it) */
  guardedLogin?(url: string): string | null;
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

/**
 * The guarded pages' template (apps/web/scripts/prerender.mjs, guardTemplate): the log-in page's,
 * under the guard's checking state (`checking`, static markup before #root); `login` stands in
 * #root's data-guard-login for the log-in address.
 */
interface GuardTemplate extends Template {
  checking: string;
  login: string;
}

interface Templates {
  markup: string;
  data: string;
  templates: Template[];
  /** absent from builds before it, null when the log-in page could not be rendered */
  guard?: GuardTemplate | null;
  /** each rendered page's own font (page-font.ts); absent from builds before it */
  font?: PageFontSpec | null;
}

/**
 * The rules of `rules` that `markup` uses: a rule is kept when the markup has every class one of
 * its selectors needs (the build lists them: apps/web/scripts/prerender.mjs, ownRules), in their
 * order, consecutive rules under the same at-rules in one block. The page's critical CSS then
 * holds what this study's sections use instead of every rule a study page can have (56 KB of
 * CSS to parse and match before the first paint, docs/rendering.md); the full stylesheets
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
 * the first paint (docs/rendering.md). Brotli quality 5: ≈ 10 ms here, within 4 % of
 * quality 11's size, which costs ≈ 0.3 s.
 */
export interface HtmlPage {
  /** the answer's status: 404 for a page drawn for a subject that does not exist (200 when absent) */
  status?: number;
  html: Buffer;
  br(): Buffer | undefined;
  gzip(): Buffer | undefined;
}

function renderedPage(text: string, status = 200): HtmlPage {
  const html = Buffer.from(text);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    status,
    html,
    br: () => (br ??= brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })),
    gzip: () => (gzip ??= gzipSync(html, { level: 6 })),
  };
}

/**
 * A page's rendering for `path` and the address's query (`?…` or ''); undefined: send the shell.
 * `signedIn`: the browser says it holds a session (SIGNED_IN_COOKIE), so a guarded page is the shell.
 */
export type PageRenderer = (path: string, search?: string, signedIn?: boolean) => Promise<HtmlPage | undefined>;

/** An attribute value's text, escaped for a double-quoted attribute. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A guarded page (SPEC §2's profile) the warm-up renders for a guest, to cut the guarded pages' font. */
const GUARDED_SAMPLE = '/users/me';

/** Longer queries are not rendered (the shell is sent): nobody shares such an address. */
const MAX_RENDERED_SEARCH = 512;

/** The renderer for `distDir`'s build and its page fonts, or undefined when the build has no server-rendered pages. */
export function createPageRenderer(
  app: FastifyInstance,
  distDir: string,
  secret: string,
  /** elements for the page's <head> made from its data (structured data: http/structured-data.ts) */
  headFor?: (pattern: string, entries: QueryEntry[]) => string,
): { render: PageRenderer; fonts: PageFonts | undefined; warm: () => Promise<void> } | undefined {
  const dir = join(distDir, '.ssr');
  const file = join(dir, 'server-rendered.json');
  if (!existsSync(file) || !existsSync(join(dir, 'render.mjs'))) return undefined;
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Templates;
  if (spec.templates.length === 0) return undefined;
  const templates = new Map(spec.templates.map((t) => [t.pattern, t]));
  let bundle: Promise<RenderBundle> | undefined;
  const fontSpec = spec.font && existsSync(join(dir, spec.font.file)) ? spec.font : undefined;
  const fonts = fontSpec
    ? createPageFonts(fontSpec, dir, secret, (err) => app.log.warn({ err }, 'page font: the cut failed; the page keeps the subsets'))
    : undefined;
  if (fonts) app.addHook('onClose', () => fonts.close());
  /** a path's rendered page: its data's key, its markup and code points, and whether it has its own font */
  const pages = new Map<string, { key: string; markup: string; codes: number[]; font: string | null; page: HtmlPage }>();

  /**
   * The template filled: markup, data, the CSS its markup uses, and its faces (its own font, or the
   * subsets its text uses). `shown`: the markup whose classes and text the page shows first (the
   * guarded pages' checking state is part of the template: guardTemplate).
   */
  const assemble = (template: Template, r: RenderBundle, markup: string, entries: QueryEntry[], codes: number[], shown = markup) => {
    let html = template.html.replace(spec.markup, () => markup).replace(spec.data, () => r.queryDataScript(entries));
    if (headFor) html = withHeadElements(html, headFor(template.pattern, entries));
    if (template.css) html = html.replace(template.css.marker, () => usedCss(shown, template.css!.rules));
    let font: string | null = null;
    if (fonts && fontSpec) {
      const own = fonts.ready(codes);
      font = own?.key ?? null;
      html = html
        .replace(fontSpec.css, () => (own ? own.css : fonts.subsetFaces(codes)))
        .replace(fontSpec.preload, () => (own ? own.preload : ''));
      // the page's font replaces index.html's preload of the most frequent subset (prerender.mjs)
      if (own && fontSpec.firstSubsetPreload) html = html.replace(fontSpec.firstSubsetPreload, '');
    }
    return { html, font };
  };

  const get: GetJson = async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...pageRenderReadHeaders() } });
    if (res.statusCode === 200) return { status: 200, data: (res.json() as { data?: unknown }).data };
    // the error envelope's code and message: a page about a missing subject draws its not-found state from them
    let error: { code: string; message: string } | undefined;
    try {
      const e = (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
      if (typeof e?.code === 'string' && typeof e.message === 'string') error = { code: e.code, message: e.message };
    } catch {
      // not JSON: no error to draw
    }
    return { status: res.statusCode, error };
  };

  /**
   * The page for `data` drawn at `url`, kept as `keepAs` (undefined: not kept). `guard`: a guarded
   * page's log-in page under its checking state, `login` written into #root's data-guard-login.
   */
  const pageFor = async (
    r: RenderBundle,
    template: Template,
    data: { entries: QueryEntry[]; status?: number },
    url: string,
    keepAs: string | undefined,
    guard?: { checking: string; marker: string; login: string },
  ): Promise<HtmlPage> => {
    // the day is part of the key: a page counts days to a deadline (D-3), so a page kept from
    // yesterday would differ from the app's first render (a hydration mismatch) and be stale
    const key = `${seoulDate(new Date())}\n${JSON.stringify(data.entries)}`;
    const cached = keepAs === undefined ? undefined : pages.get(keepAs);
    // The same data: the same page (its font marked as used), unless its own font has been cut
    // since it was sent with the subsets; then the same markup is assembled again with it.
    const same = cached?.key === key ? cached : undefined;
    if (same && (same.font !== null || !fonts || !fonts.ready(same.codes))) {
      if (same.font !== null) fonts?.touch(same.font);
      return same.page;
    }
    const markup = same ? same.markup : (await r.renderPage(url, data.entries)).html;
    const shown = guard ? guard.checking + markup : markup;
    const codes = same ? same.codes : (fonts?.codePoints(shown) ?? []);
    const assembled = assemble(template, r, markup, data.entries, codes, shown);
    const html = guard ? assembled.html.replace(guard.marker, () => escapeAttribute(guard.login)) : assembled.html;
    const status = data.status ?? 200;
    const rendered = renderedPage(html, status);
    // a not-found page is not kept: addresses nobody links to must not push out the pages people read
    if (status !== 200 || keepAs === undefined) return rendered;
    pages.delete(keepAs);
    pages.set(keepAs, { key, markup, codes, font: assembled.font, page: rendered });
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
    return rendered;
  };

  /**
   * A guarded page (SPEC §6) for a browser without the signed-in hint: the log-in page the route
   * guard would open (`login`, with this address as its returnTo), under the guard's checking
   * state (prerender.mjs, guardTemplate). Kept only for an address without a query: a payment's
   * return (/payment/success?paymentKey=…) is never asked for twice.
   */
  const guarded = async (r: RenderBundle, guard: GuardTemplate, address: string, login: string) => {
    const data = await r.loadPageData(login, get);
    if (!data || data.pattern !== guard.pattern) return undefined;
    const keepAs = address.includes('?') ? undefined : `guard\n${address}`;
    return pageFor(r, guard, data, data.url ?? login, keepAs, { checking: guard.checking, marker: guard.login, login });
  };

  const render: PageRenderer = async (pathOnly, search = '', signedIn = false) => {
    if (search.length > MAX_RENDERED_SEARCH) return undefined;
    const address = search === '?' ? pathOnly : pathOnly + search;
    try {
      bundle ??= import(pathToFileURL(join(dir, 'render.mjs')).href) as Promise<RenderBundle>;
      const r = await bundle;
      const login = spec.guard ? (r.guardedLogin?.(address) ?? null) : null;
      // a browser with a session gets the shell, whose guard checks it (as before this page existed)
      if (login) return signedIn ? undefined : await guarded(r, spec.guard!, address, login);
      const data = await r.loadPageData(address, get);
      const template = data && templates.get(data.pattern);
      if (!data || !template) return undefined;
      // the page is kept by the address it is drawn for: a list's filters are in its query; a
      // reset link's token is not (the page keeps only the query it draws: renderedQuery)
      const path = data.url ?? address;
      return await pageFor(r, template, data, path, path);
    } catch (err) {
      app.log.warn({ err, path: address }, 'server rendering failed: sending the shell');
      return undefined;
    }
  };
  /**
   * Renders each server-rendered page that has one address (the projects list, the navigator, the
   * calendar, log-in …) once, then again once their own fonts are cut: the first visitor after a
   * start gets the page every later one does (its font preloaded and laid out once), where they got
   * the Pretendard subsets and a later, larger paint (the bench's first run of `/project`: 1.7 s
   * against 0.8–0.9 s). A study's or a project's page is left to its first visitor. Errors are
   * the render's own (logged there, the shell sent): nothing here throws.
   */
  const warm = async (): Promise<void> => {
    const fixed = spec.templates.map((t) => t.pattern).filter((p) => !p.includes(':'));
    // the guarded pages share one font (their text is the log-in page's and the checking state's):
    // one of them, the profile (SPEC §2), cuts it
    if (spec.guard) fixed.push(GUARDED_SAMPLE);
    for (const path of fixed) await render(path);
    await fonts?.idle();
    for (const path of fixed) await render(path);
  };
  return { render, fonts, warm };
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
