/**
 * Prerendering of the public pages (docs/rendering.md): scripts/prerender.mjs bundles this
 * file for Node (Vite SSR build) right after the client build and
 * - writes each of PRERENDERED_PATHS into dist/prerender/<path>/index.html, which the server
 *   sends for that path: rendered as a guest sees it in Korean, with an empty query cache (the
 *   loading state of its data);
 * - keeps the bundle (dist/.ssr/) and a page template for each of SERVER_RENDERED, which the
 *   server fills per request (apps/server/src/http/web-render.ts) with the page's public data
 *   (`loadPageData`, read through the server's own API as a guest) — a study's page shows its
 *   title, facts and sections before any JavaScript. The data travels in the page
 *   (#moim-query-data) and main.tsx seeds the query cache with it.
 * Either way it is the real layout and page, so main.tsx can replace the markup with the same
 * tree in one commit once the JS has arrived (no 'Loading...' flash, no layout shift).
 */
import { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { loginPage, oauthTestPage, resetPasswordPage } from '../features/auth/server-render';
import { calendarPage } from '../features/calendar/server-render';
import { navigatorPage, postingPage } from '../features/job-postings/server-render';
import { paymentFailPage } from '../features/payments/server-render';
import { projectListPage, projectPage } from '../features/projects/server-render';
import { studyPage } from '../features/studies/server-render';
import { teamPages } from '../features/whoweare/server-render';
import type { GetJson, ServerRenderedPage } from '../shared/api/server-render';
import { AuthChecking, loginPathFor, RequireAuth } from '../shared/auth/require-auth';
import { i18n, initI18n } from '../shared/i18n';
import { koSharedCatalogue, loadCatalogue } from './i18n-resources';
import { Providers } from './providers';
import { LAB_REDIRECTS } from '../features/lab/lab-catalog';
import { AppRoutes, matchedPages, preloadRoute, redirects, routes } from './router';
import { QUERY_DATA_ID, seedEntries, type QueryEntry } from './query-data';

/**
 * Public pages that look the same for every guest (no per-user content in their first view): every
 * public route of SPEC §2 (e2e/support/routes.ts) except those the server renders per request
 * (SERVER_RENDERED: with their data, or from their address's query), the old addresses the server
 * redirects (SERVER_REDIRECTS), and those that keep the plain shell: the pages only a signed-in
 * visitor sees (a payment's result and checkout: a guest is sent to log in). The social log-in
 * callback paints its "finishing the log-in" state: its result is in the address's fragment, which
 * the server never sees, and the page reads it once adopted. A project or a
 * posting that does not exist is server-rendered as its not-found state, sent as a 404 (readSubject).
 * /study and /study/calendar paint their frame, headings and filters with the list's (or the
 * calendar's) loading state (cards' text, drawn before the font arrives, would rewrap when it
 * does: docs/rendering.md "Fonts").
 */
export const PRERENDERED_PATHS = [
  '/',
  '/study',
  '/study/calendar',
  '/lab',
  '/lab/tetris',
  '/lab/team-shuffle',
  '/lab/spotlight-arena', // its stored lobby and history are read once the markup is adopted (useBrowserState)
  '/lab/deduction-game', // the server redirects /lab/deduction here
  '/terms',
  '/privacy',
  '/signup',
  '/forgot-password',
  '/auth/callback', // "finishing the log-in"; the fragment is read once the markup is adopted
  '/ignition',
  '/ignition/navigator-v1-deprecated',
  '/studio',
  '/studio/documentor',
  '/guide/study-leader',
  '/study-plan',
  '/querydaily-promo-demo',
];

/**
 * The old addresses the app redirects (SPEC §2: /study/1 → /study/1-tecoteco …, the lab's
 * /lab/deduction → /lab/deduction-game): the server answers them with a permanent redirect
 * (the build writes them to dist/.ssr/redirects.json; http/web-static.ts), so the page the
 * address names paints without first loading the app to learn where it is.
 */
export const SERVER_REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [...redirects, ...LAB_REDIRECTS];

/**
 * The pages the server renders per request (each feature declares its own:
 * shared/api/server-render.ts). With their public data: a study's page, the projects list and a
 * project's page, the jobs navigator and a job posting's page, the three team pages, the log-in
 * page and the social log-in test page (their social buttons), the calendar (the month of the
 * day). From their address alone: a password reset link, a payment's failure. A path here is not
 * in PRERENDERED_PATHS.
 */
const SERVER_RENDERED_PAGES: readonly ServerRenderedPage[] = [
  studyPage,
  projectPage,
  projectListPage,
  postingPage,
  navigatorPage,
  ...teamPages,
  loginPage,
  oauthTestPage,
  resetPasswordPage,
  paymentFailPage,
  calendarPage,
];

/** Each server-rendered pattern and the path the build renders to learn the page's assets (every path of a pattern uses the same ones). */
export const SERVER_RENDERED = SERVER_RENDERED_PAGES.map(({ pattern, sample }) => ({ pattern, sample }));

/**
 * Sample data for a SERVER_RENDERED pattern: the build renders its `sample` path with it to find
 * the page's critical CSS (scripts/prerender.mjs); never shown to anyone.
 */
export function sampleData(pattern: string): QueryEntry[] {
  return SERVER_RENDERED_PAGES.find((p) => p.pattern === pattern)?.sampleData() ?? [];
}

export type { GetJson };

/** The server-rendered page `path` shows (its route's deepest match) and the route's params, or undefined. */
function serverRendered(path: string): { page: ServerRenderedPage; params: Record<string, string | undefined> } | undefined {
  const matches = matchRoutes(routes, path);
  const last = matches?.[matches.length - 1];
  const pattern = last?.route.path;
  if (!pattern) return undefined;
  for (const page of SERVER_RENDERED_PAGES) {
    if (page.pattern === pattern) return { page, params: last.params };
    const fixed = page.fixed?.[pattern];
    if (fixed) return { page, params: fixed };
  }
  return undefined;
}

/**
 * The public data the page at `url` shows first, as query cache entries, and the address to render
 * it for (`renderedQuery`'s part of the query); null when the
 * server should not render it (not a server-rendered route, or its subject is not found: the
 * app's own fallbacks — the study search by title, the not-found page — then run in the browser).
 */
export async function loadPageData(
  url: string,
  get: GetJson,
): Promise<{ pattern: string; entries: QueryEntry[]; url: string; status: number } | null> {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const match = serverRendered(path);
  if (!match) return null;
  const full = new URLSearchParams(at < 0 ? '' : url.slice(at));
  const search = match.page.renderedQuery ? match.page.renderedQuery(full) : full;
  const entries = await match.page.load(match.params, get, search);
  // the address the page is rendered (and kept) for: its path and the part of the query it is drawn with
  const query = search.toString();
  if (!entries) return null;
  // a page drawn for a subject that does not exist (readSubject) is sent as a 404
  const status = entries.some((e) => e.length === 3 && e[2].status === 404) ? 404 : 200;
  return { pattern: match.page.pattern, entries, url: query ? `${path}?${query}` : path, status };
}

/** `<script type="application/json">` with the entries (not executed: no CSP concern). */
export function queryDataScript(entries: QueryEntry[]): string {
  // '<' escaped, so no '</script>' or '<!--' in the data can end the element early
  const json = JSON.stringify(entries)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${QUERY_DATA_ID}">${json}</script>`;
}

let i18nReady: Promise<unknown> | undefined;

/**
 * For an address behind the route guard (SPEC §6: a route whose element is `<RequireAuth>`, such as
 * /payment/success or /users/me), the log-in address the guard sends a guest to, with this address
 * as its `returnTo` (loginPathFor); null for any other address. The server sends a guest of a
 * guarded page that log-in page, drawn from the HTML under '인증 확인 중...' (docs/rendering.md,
 * "Guarded pages").
 */
export function guardedLogin(url: string): string | null {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const search = at < 0 ? '' : url.slice(at);
  const guarded = matchRoutes(routes, pathname)?.some(({ route }) => isValidElement(route.element) && route.element.type === RequireAuth);
  return guarded ? loginPathFor({ pathname, search: search === '?' ? '' : search, hash: '' }) : null;
}

/** The route guard's '인증 확인 중...' as the app draws it (AuthChecking), in Korean, for the guarded pages' HTML. */
export async function renderAuthChecking(): Promise<string> {
  i18nReady ??= initI18n(koSharedCatalogue, loadCatalogue, 'ko');
  await i18nReady;
  return renderToString(<AuthChecking />);
}

export interface PrerenderedPage {
  /** the markup of #root */
  html: string;
  /** source paths (as in the client manifest) of the lazy page modules the route rendered */
  modules: string[];
  /** i18n namespaces the page loads or uses (besides the bundled `translation`) */
  namespaces: string[];
}

/** The page at `url` (a path, and for a server-rendered list its query) rendered with `data`. */
export async function renderPage(url: string, data: QueryEntry[] = []): Promise<PrerenderedPage> {
  i18nReady ??= initI18n(koSharedCatalogue, loadCatalogue, 'ko');
  await i18nReady;
  const path = url.split('?')[0]!;
  const pages = await preloadRoute(path);
  // the namespaces this page's components ask for
  i18n.record();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedEntries(client, data);
  const html = renderToString(
    <Providers client={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
  );
  client.clear();
  return {
    html,
    // scripts/prerender.mjs gives every source module of the SSR bundle this export
    modules: pages.map((m) => (m as { __prerenderModuleId?: string }).__prerenderModuleId ?? '').filter(Boolean),
    namespaces: [...new Set([...matchedPages(path).flatMap((p) => p.namespaces), ...i18n.recorded()])].filter((ns) => ns !== 'translation'),
  };
}
