/**
 * `lazyPage(() => import('./page'), 'feature-ns')`: React.lazy for route pages with the chunk
 * rules of SPEC §9 (120 s timeout → ChunkLoadError, retry counter reset after a successful
 * load) and, optionally, the page's i18n namespaces fetched in parallel with its code so the
 * page does not suspend a second time (with the shared strings only pages use: loadPageStrings
 * in shared/i18n). Use it for every route page.
 *
 * `Page.preload()` fetches both ahead of rendering. A page whose chunk is already in memory
 * renders directly, without a Suspense round: that is how the app takes over a prerendered page
 * (main.tsx preloads the matched route, then renders the same markup in one commit, with no
 * 'Loading...' flash), and a page visited before shows at once.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadNamespaces } from '../i18n';
import { resetChunkRetries, withChunkTimeout } from './chunk-errors';

// Page chunks being fetched right now. React Router navigates inside startTransition, so while
// a new page's code loads React keeps the old page on screen and no Suspense fallback shows:
// RouteProgress reads this count to show a top progress bar (with 'Loading...' for screen readers).
let inFlight = 0;
const listeners = new Set<() => void>();
// preload runs during render (React.lazy); listeners hear of it after that render, not inside it.
const notify = () => queueMicrotask(() => listeners.forEach((l) => l()));

export const pageChunkLoads = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** true while any page chunk (or its i18n namespaces) is loading */
  loading: (): boolean => inFlight > 0,
};

export type LazyPageComponent<P extends object = object> = ComponentType<P> & {
  /** Loads the page's chunk and namespaces; resolves to the page module. */
  preload: () => Promise<{ default: ComponentType<P> }>;
  /** The i18n namespaces fetched with the page. */
  namespaces: readonly string[];
};

export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ns?: string | string[],
): LazyPageComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  // One promise per page, like React.lazy (which caches a failed import too: only a reload
  // fetches it again, see chunk-errors.ts).
  const preload = () => {
    if (pending) return pending;
    inFlight++;
    notify();
    pending = Promise.all([withChunkTimeout(load), loadNamespaces(ns)])
      .then(([mod]) => {
        resetChunkRetries();
        loaded = mod.default;
        return mod;
      })
      .finally(() => {
        inFlight--;
        notify();
      });
    return pending;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;

  function LazyPage(props: P) {
    // Decided once per mounted page, so a page never switches element type (and state) later.
    const [Loaded] = useState(() => loaded);
    return createElement(Loaded ?? Lazy, props);
  }
  LazyPage.preload = preload;
  LazyPage.namespaces = ns === undefined ? [] : [ns].flat();
  return LazyPage;
}

/** The same for non-page chunks (no counter reset): the admin toolbar, dialogs … */
export function lazyChunk<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return lazy(() => withChunkTimeout(load));
}
