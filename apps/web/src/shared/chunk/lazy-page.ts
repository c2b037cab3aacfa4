/**
 * `lazyPage(() => import('./page'), 'feature-ns')`: React.lazy for route pages with the chunk
 * rules of SPEC §9 (120 s timeout → ChunkLoadError, retry counter reset after a successful
 * load) and, optionally, the page's i18n namespaces fetched in parallel with its code so the
 * page does not suspend a second time. Use it for every route page.
 */
import { lazy, type ComponentType } from 'react';
import { loadNamespaces } from '../i18n';
import { resetChunkRetries, withChunkTimeout } from './chunk-errors';

export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ns?: string | string[],
): ComponentType<P> {
  return lazy(async () => {
    const [mod] = await Promise.all([withChunkTimeout(load), ns ? loadNamespaces(ns) : undefined]);
    resetChunkRetries();
    return mod;
  });
}

/** The same for non-page chunks (no counter reset): the admin toolbar, dialogs … */
export function lazyChunk<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return lazy(() => withChunkTimeout(load));
}
