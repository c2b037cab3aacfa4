/**
 * Brings a part of the page into view with its top just below the fixed site header: the
 * element's CSS `scroll-margin-top` says how far below (give it
 * `calc(var(--header-height) + …)`), so the header never covers what was scrolled to. Smooth,
 * unless the visitor prefers reduced motion (or the caller says so).
 *
 * - `hidden`: only when some of it is out of view (under the header or below the window);
 * - `aligned`: its top goes under the header unless it is there already (a show that is about to
 *   grow to its full height, whose size is not known yet).
 */
export function scrollBelowHeader(el: HTMLElement | null, when: 'hidden' | 'aligned' = 'hidden', reduced = false): void {
  if (!el) return;
  const rect = el.getBoundingClientRect();
  const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
  const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 0;
  if (when === 'hidden' && rect.top >= header && rect.bottom <= window.innerHeight) return;
  if (when === 'aligned' && Math.abs(rect.top - margin) < 4) return;
  const still = reduced || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}
