/**
 * Build-time prerendering of the public pages (docs/performance.md): scripts/prerender.mjs
 * bundles this file for Node (Vite SSR build) right after the client build and writes each
 * page's markup into dist/prerender/<path>/index.html, which the server sends for that path.
 * The first paint then needs only the HTML and the CSS, not the app's JS.
 *
 * Every page is rendered as a guest sees it in Korean, with an empty query cache (the
 * loading state of its data): the real layout and page, so main.tsx can replace the markup with
 * the same tree in one commit once the JS has arrived.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { i18next, initI18n } from '../shared/i18n';
import { koSharedCatalogue, loadCatalogue } from './i18n-resources';
import { Providers } from './providers';
import { AppRoutes, matchedPages, preloadRoute } from './router';

/** Public pages that look the same for every guest (no per-user content in their first view). */
export const PRERENDERED_PATHS = ['/', '/study', '/lab', '/whoweare', '/terms', '/privacy'];

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

export async function renderPage(path: string): Promise<PrerenderedPage> {
  i18nReady ??= initI18n(koSharedCatalogue, loadCatalogue, 'ko');
  await i18nReady;
  const pages = await preloadRoute(path);
  // react-i18next records the namespaces components ask for; start afresh for this page.
  const i18n = i18next as unknown as { reportNamespaces?: { getUsedNamespaces(): string[] } };
  delete i18n.reportNamespaces;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
