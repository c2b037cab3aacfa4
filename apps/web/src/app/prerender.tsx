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
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { identifierKind } from '../features/studies/api/study-identifier';
import { studiesPaths } from '../shared/api/paths/studies';
import { makeStudy } from '../features/studies/test-fixtures';
import { studyKeys } from '../features/studies/api/keys';
import { i18next, initI18n } from '../shared/i18n';
import { koSharedCatalogue, loadCatalogue } from './i18n-resources';
import { Providers } from './providers';
import { AppRoutes, matchedPages, preloadRoute, routes } from './router';
import { QUERY_DATA_ID, type QueryEntry } from './query-data';

/**
 * Public pages that look the same for every guest (no per-user content in their first view): every
 * public route of SPEC §2 (e2e/support/routes.ts) except those whose content is not the same for
 * every guest — a study's page (SERVER_RENDERED, with its data), a project's page, the calendars
 * (the month of the day they are opened) — and those a query string or the visitor's own state
 * drives (an order's payment result, the OAuth callback, a password reset link's token), which
 * keep the plain shell, as does /lab/spotlight-arena (its first render in the browser differs from
 * the build's: React reports a hydration mismatch). Pages about data (/study, /project, the jobs navigator) paint their frame,
 * headings and filters with the data's loading state.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/study',
  '/lab',
  '/lab/tetris',
  '/lab/team-shuffle',
  '/lab/deduction-game', // /lab/deduction redirects here
  '/whoweare',
  '/whoweare-original',
  '/whoweare-hybrid-archive',
  '/terms',
  '/privacy',
  '/login',
  '/signup',
  '/forgot-password',
  '/project',
  '/ignition',
  '/ignition/navigator',
  '/ignition/navigator-v1-deprecated',
  '/studio',
  '/studio/documentor',
  '/guide/study-leader',
  '/study-plan',
  '/querydaily-promo-demo',
];

/**
 * Route patterns the server renders per request with their public data; `sample` is the path
 * the build renders to learn the page's assets (every path of a pattern uses the same ones).
 */
export const SERVER_RENDERED = [{ pattern: '/study/:studyIdentifier', sample: '/study/1-tecoteco' }];

/**
 * Sample data for a SERVER_RENDERED pattern: the build renders its `sample` path with it to find
 * the page's critical CSS (scripts/prerender.mjs); never shown to anyone.
 */
export function sampleData(pattern: string): QueryEntry[] {
  if (pattern !== '/study/:studyIdentifier') return [];
  const study = makeStudy({ slug: '1-tecoteco' });
  return [
    [studyKeys.detail('1-tecoteco'), study],
    [studyKeys.page(study.id, 'published'), null],
  ];
}

/** The API as the server's renderer reads it: status and the envelope's `data`. */
export type GetJson = (url: string) => Promise<{ status: number; data?: unknown }>;

/** The route pattern of the page `path` renders (its deepest match), or undefined. */
function routePattern(path: string): { pattern: string; params: Record<string, string | undefined> } | undefined {
  const matches = matchRoutes(routes, path);
  const last = matches?.[matches.length - 1];
  return last?.route.path ? { pattern: last.route.path, params: last.params } : undefined;
}

/**
 * The public data the page at `path` shows first, as query cache entries; null when the
 * server should not render it (not a server-rendered route, or its subject is not found: the
 * app's own fallbacks — the study search by title, the not-found page — then run in the browser).
 */
export async function loadPageData(path: string, get: GetJson): Promise<{ pattern: string; entries: QueryEntry[] } | null> {
  const match = routePattern(path);
  if (match?.pattern !== '/study/:studyIdentifier' && match?.pattern !== '/study/1-tecoteco') return null;
  const identifier = match.pattern === '/study/1-tecoteco' ? '1-tecoteco' : match.params.studyIdentifier;
  if (!identifier) return null;
  const study = await get(identifierKind(identifier) === 'id' ? studiesPaths.byId(identifier) : studiesPaths.bySlug(identifier));
  const id = (study.data as { id?: unknown } | undefined)?.id;
  if (study.status !== 200 || typeof id !== 'string') return null;
  // No page composed yet (404): the detail page shows its default layout (study-content-api.ts).
  const page = await get(studiesPaths.page(id));
  if (page.status !== 200 && page.status !== 404) return null;
  return {
    pattern: '/study/:studyIdentifier',
    entries: [
      [studyKeys.detail(identifier), study.data],
      [studyKeys.page(id, 'published'), page.status === 200 ? page.data : null],
    ],
  };
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

export interface PrerenderedPage {
  /** the markup of #root */
  html: string;
  /** source paths (as in the client manifest) of the lazy page modules the route rendered */
  modules: string[];
  /** i18n namespaces the page loads or uses (besides the bundled `translation`) */
  namespaces: string[];
}

let i18nReady: Promise<unknown> | undefined;
const usedNamespaces = (i18n: { reportNamespaces?: { getUsedNamespaces(): string[] } }) => i18n.reportNamespaces?.getUsedNamespaces() ?? [];

export async function renderPage(path: string, data: QueryEntry[] = []): Promise<PrerenderedPage> {
  i18nReady ??= initI18n(koSharedCatalogue, loadCatalogue, 'ko');
  await i18nReady;
  const pages = await preloadRoute(path);
  // react-i18next records the namespaces components ask for; start afresh for this page.
  const i18n = i18next as unknown as { reportNamespaces?: { getUsedNamespaces(): string[] } };
  delete i18n.reportNamespaces;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  const html = renderToString(
    <Providers client={client}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
  );
  client.clear();
  return {
    html,
    // scripts/prerender.mjs gives every source module of the SSR bundle this export
    modules: pages.map((m) => (m as { __prerenderModuleId?: string }).__prerenderModuleId ?? '').filter(Boolean),
    namespaces: [...new Set([...matchedPages(path).flatMap((p) => p.namespaces), ...usedNamespaces(i18n)])].filter(
      (ns) => ns !== 'translation',
    ),
  };
}
