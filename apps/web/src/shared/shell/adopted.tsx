/**
 * When a prerendered or server-rendered page is live. React adopts such markup in passes: the
 * root first, then each Suspense boundary the markup holds (the page inside the layout's), a
 * moment later. Until the page's own pass, its fields have no handlers: a controlled field typed
 * into then keeps the text on screen but not in its state (the arena's "명단 적용" stayed disabled
 * after its list was pasted). So main.tsx lifts #root's aria-busy / aria-disabled (which hold
 * back the e2e journeys and tell assistive technology the page is not ready) only when
 * `<PageAdopted />`, placed inside the page's boundary (the site and studio layouts, the error
 * pages), commits: the page's pass is done.
 */
import { useLayoutEffect } from 'react';

let onAdopted: (() => void) | null = null;

/** Calls `fn` once, when the next `<PageAdopted />` commits. */
export function whenPageAdopted(fn: () => void): void {
  onAdopted = fn;
}

export function PageAdopted(): null {
  useLayoutEffect(() => {
    const fn = onAdopted;
    onAdopted = null;
    fn?.();
  }, []);
  return null;
}
