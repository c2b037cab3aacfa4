// First: the entry stylesheet opens with the cascade layers' order (shared/ui/layers.css), which
// must come before any other CSS of the page (docs/web-shell.md "Styles: layers and ownership").
import './shared/ui/base.css';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { koSharedCatalogue, loadCatalogue } from './app/i18n-resources';
import { Providers, queryClient } from './app/providers';
import { seedQueryData } from './app/query-data';
import { AppRoutes, preloadRoute } from './app/router';
import { i18n, initI18n } from './shared/i18n';
import { whenPageAdopted } from './shared/shell/adopted';
import { applyTheme, readTheme } from './shared/theme/theme';

applyTheme(readTheme());
// The start-up chunk's evaluation (react-dom, the router, the route tables) is one task that
// cannot be split; the translator's set-up gets a task of its own after it (docs/rendering.md,
// "Start-up work in short tasks").
await yieldToMain();
await initI18n(koSharedCatalogue, loadCatalogue);
// End the task that evaluated the start-up chunk here: the steps below (route matching, the page
// chunk, the render) then run in tasks of their own instead of one long task (docs/rendering.md,
// "Start-up work in short tasks").
await yieldToMain();
const container = document.getElementById('root')!;
// A prerendered page (see docs/rendering.md) is already on screen: load its route's page
// first, so that React replaces the markup with the same page in one commit (no 'Loading...'
// flash, no layout shift). A failed load is left to the route's error boundary.
const prerendered = container.hasAttribute('data-prerendered');
// A server-rendered page (a study's page) brings the public data it was rendered with: a guest's
// first render shows it at once. A signed-in visitor's view differs (the study's `viewer`: leader
// bar, applied, member): theirs is fetched, as on any page (theme-init.js marks the session).
if (prerendered && !document.documentElement.hasAttribute('data-session')) seedQueryData(queryClient);
if (prerendered) await preloadRoute(window.location.pathname).catch(() => undefined);
// A visitor with a stored session (flagged by theme-init.js) will see the user menu: fetch its chunk now.
if (document.documentElement.hasAttribute('data-session')) void import('./app/shell/user-menu').catch(() => undefined);

/** Lets the browser run other tasks (input, paint) before the next start-up step. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const takenOver = () => {
  for (const name of ['data-prerendered', 'aria-busy', 'aria-disabled']) container.removeAttribute(name);
};

/**
 * After the first commit the page is the app's own (base.css hides some prerendered bits). A
 * wrapper with a single child, so the tree has the prerender's shape (useId stays the same).
 * Adopted markup (hydrateRoot) is live only once the page's own Suspense boundary has been
 * adopted too, a pass after the root's: then `<PageAdopted />` lifts the marks (shared/shell/adopted.tsx).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (!matchesMarkup) takenOver();
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <TakeOver>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </TakeOver>
  </StrictMode>
);

// The markup was rendered for a Korean guest at this path: by the build without a query, or by
// the server for this address's query (#root[data-rendered-query]: app/prerender.tsx). When the
// first render here is that same page, React adopts the markup (hydrateRoot): the nodes on screen
// stay, so the first paint remains the page's largest paint and nothing is rebuilt, not even what
// the visitor has typed. Anyone else (a stored session, English, a query on a prerendered page such
// as /study?type=…) sees a different first render: those pages are replaced in one commit
// (docs/rendering.md, "How the app takes over").
const matchesMarkup =
  prerendered &&
  !document.documentElement.hasAttribute('data-session') &&
  i18n.language === 'ko' &&
  (window.location.search === '' || container.hasAttribute('data-rendered-query'));
// In a transition, React hydrates in slices of ≈ 5 ms and yields between them (a plain
// hydrateRoot renders the whole page in one task); the markup stays on screen meanwhile.
if (matchesMarkup) {
  whenPageAdopted(takenOver);
  startTransition(() => void hydrateRoot(container, app));
} else createRoot(container).render(app);
