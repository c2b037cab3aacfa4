/**
 * Serves the built web app from the same process: hashed assets are immutable for a year,
 * HTML is revalidated on every visit, precompressed .br/.gz files are used when present, and
 * any non-API GET that asks for HTML gets the app shell so client-side routes work on reload —
 * or, for the public pages the build prerendered (dist/prerender/<path>/index.html, see
 * apps/web/scripts/prerender.mjs and docs/rendering.md), that page's HTML, and for the pages
 * rendered per request with their data (a study's page: web-render.ts), the rendered page.
 */
import fastifyStatic from '@fastify/static';
import { SIGNED_IN_COOKIE } from '@moim/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { NotFoundFallback } from './error-handler.ts';
import { notFound } from './app-error.ts';
import { PAGE_FONT_PATH } from './page-font.ts';
import { createStructuredData, withHeadElements } from './structured-data.ts';
import { createPageRenderer, type HtmlPage } from './web-render.ts';

/** dist/prerender/<path>/index.html (+ .br/.gz from the build) by page path ('/', '/study' …). */
function loadPrerendered(distDir: string): Map<string, HtmlPage> {
  const pages = new Map<string, HtmlPage>();
  const root = join(distDir, 'prerender');
  if (!existsSync(root)) return pages;
  const read = (p: string) => (existsSync(p) ? readFileSync(p) : undefined);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name === 'index.html') {
        const route = `/${relative(root, dir).split(sep).join('/')}`.replace(/\/+$/, '') || '/';
        const [br, gzip] = [read(`${p}.br`), read(`${p}.gz`)];
        pages.set(route, { html: readFileSync(p), br: () => br, gzip: () => gzip });
      }
    }
  };
  walk(root);
  return pages;
}

/**
 * The old addresses (SPEC §2: /study/1, /whoweare-ai-guide, /lab/deduction …) and where they now
 * live, from the build (dist/.ssr/redirects.json, app/prerender.tsx SERVER_REDIRECTS).
 */
function loadRedirects(distDir: string): Map<string, string> {
  const file = join(distDir, '.ssr', 'redirects.json');
  if (!existsSync(file)) return new Map();
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  // only same-site paths (a build's own list, but a Location to another origin would be an open redirect)
  const samePath = (v: unknown): v is string => typeof v === 'string' && /^\/(?!\/)[^\\\s]*$/.test(v);
  return new Map(Object.entries(json).filter((e): e is [string, string] => samePath(e[0]) && samePath(e[1])));
}

/** Whether the reader chose English (the `lang` cookie that public/theme-init.js and changeLocale keep). */
export function readsEnglish(cookie: string | undefined): boolean {
  return /(?:^|;)\s*lang=en\s*(?:;|$)/.test(cookie ?? '');
}

const SIGNED_IN = new RegExp(`(?:^|;)\\s*${SIGNED_IN_COOKIE}=1\\s*(?:;|$)`);
/** Whether the browser says it holds a session (SIGNED_IN_COOKIE, kept by the web app: no token in it). */
export function saysSignedIn(cookie: string | undefined): boolean {
  return SIGNED_IN.test(cookie ?? '');
}

/** Registers the static files and returns the SPA fallback for the not-found handler. */
export async function registerWebStatic(
  app: FastifyInstance,
  distDir: string,
  secret: string,
  publicUrl = 'http://localhost:3000',
  /** render the pages with one address once the server listens (web-render.ts `warm`) */
  warmRenderedPages = false,
): Promise<NotFoundFallback> {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/static passes the Fastify reply here.
      setHeaders(reply: unknown, path: string) {
        const r = reply as { header?: (k: string, v: string) => void; setHeader?: (k: string, v: string) => void };
        const set = (v: string) => (r.header ? r.header('cache-control', v) : r.setHeader?.('cache-control', v));
        if (path.startsWith(join(distDir, 'assets'))) set('public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) set('no-cache');
        else set('public, max-age=3600');
      },
    });
  }

  const shellCache = new Map<string, string>();
  const readShell = (file: string): string | undefined => {
    if (!shellCache.has(file)) {
      const p = join(distDir, file);
      if (!existsSync(p)) return undefined;
      shellCache.set(file, readFileSync(p, 'utf8'));
    }
    return shellCache.get(file);
  };

  const prerendered = hasWeb ? loadPrerendered(distDir) : new Map<string, HtmlPage>();
  const redirects = hasWeb ? loadRedirects(distDir) : new Map<string, string>();
  const structured = createStructuredData(app, publicUrl);
  const renderer = hasWeb ? createPageRenderer(app, distDir, secret, structured.forRendered) : undefined;
  const render = renderer?.render;
  const fonts = renderer?.fonts;
  if (renderer && warmRenderedPages) {
    // off the start-up path: the instance serves while it renders (each font is cut in a worker)
    app.addHook('onListen', async () => {
      void renderer.warm().catch((err: unknown) => app.log.warn({ err }, 'warming the rendered pages failed'));
    });
  }
  if (fonts) {
    // a server-rendered page's own font (page-font.ts): named by its code points and an HMAC of
    // them, so any instance serves it (cutting it first when it has not yet); immutable
    app.get<{ Params: { file: string }; Querystring: { u?: string } }>(`${PAGE_FONT_PATH}:file`, async (req, reply) => {
      const m = /^([\w-]+)\.woff2$/.exec(req.params.file);
      const woff2 = m && typeof req.query.u === 'string' ? await fonts.serve(m[1]!, req.query.u) : undefined;
      if (!woff2) throw notFound('common.fontNotFound');
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type('font/woff2').send(woff2);
    });
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsHtml && hasWeb && !/\.[a-z0-9]{1,8}$/i.test(path)) {
      // an old address: straight to its page (with the query), which then paints from its own
      // HTML instead of the shell loading the app to redirect
      const moved = redirects.get(path.replace(/\/+$/, '') || '/');
      if (moved) {
        void reply.header('cache-control', 'public, max-age=3600').redirect(moved + request.url.slice(path.length), 301);
        return true;
      }
      // the answer depends on the reader's language (the `lang` cookie) and, for a prerendered or
      // rendered page, on the encodings it accepts
      reply.code(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
      // Prerendered and server-rendered pages are Korean: an English reader gets the shell, which
      // the app fills in English, rather than Korean that turns English once the app has loaded.
      const pagePath = path.replace(/\/+$/, '') || '/';
      const english = readsEnglish(request.headers.cookie);
      const page = english ? undefined : prerendered.get(pagePath);
      // a list's page is rendered with the filters of its address (a shared search shows its results)
      const search = request.url.slice(path.length);
      // a guarded page is the log-in page for a guest, the shell for a browser with a session (web-render.ts)
      const rendered = page ?? (render && !english ? await render(pagePath, search, saysSignedIn(request.headers.cookie)) : undefined);
      if (rendered) {
        if (rendered.status) void reply.code(rendered.status);
        // Compressed here: the build's brotli/gzip files for a prerendered page, the renderer's
        // (made once per rendered page) for a server-rendered one: the compress plugin left this
        // fallback's replies plain (an 84 KB study page, 2026-11-23), and leaves alone a reply
        // that has a content-encoding.
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const br = /\bbr\b/.test(accepts) ? rendered.br() : undefined;
        const gzip = !br && /\bgzip\b/.test(accepts) ? rendered.gzip() : undefined;
        if (br) void reply.header('content-encoding', 'br').send(br);
        else if (gzip) void reply.header('content-encoding', 'gzip').send(gzip);
        else void reply.send(rendered.html);
        return true;
      }
      // a page the app draws itself: the shell, with the page's structured data when it has any
      const head = await structured.forShell(path.replace(/\/+$/, '')).catch(() => '');
      void reply.send(withHeadElements(readShell('index.html')!, head));
      return true;
    }
    return false;
  };
}
