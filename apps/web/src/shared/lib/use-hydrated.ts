/**
 * Whether this render is the browser's own rather than React adopting server markup: false on
 * the server and while hydrating (`useSyncExternalStore` gives the server snapshot then), true
 * right after and in every render of a page the app draws alone. For what only the browser
 * knows (the page's origin) and must not differ from the markup while it is adopted.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
