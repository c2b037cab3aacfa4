/**
 * The wrapper of a wide table (back office, member lists). Below 768 px the table keeps its
 * columns (min-width in table.css) and scrolls sideways instead of squeezing each cell to one
 * character per line; a fade and a chevron on each side that has more say so. While it scrolls it
 * is a labelled, focusable region, so the keyboard can scroll it too. Styles: table.css.
 *
 * `className` goes on the outer frame (border, radius); the inner element scrolls.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import './table.css';

export function TableScroll({ className, label, children }: { className?: string; label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = frame.current;
    const el = view.current;
    if (!box || !el) return;
    const edges = () => {
      const more = el.scrollWidth - el.clientWidth;
      box.toggleAttribute('data-more-start', more > 1 && el.scrollLeft > 1);
      box.toggleAttribute('data-more-end', more > 1 && el.scrollLeft < more - 1);
      // a tab stop only while there is something to scroll to
      if (more > 1) el.setAttribute('tabindex', '0');
      else el.removeAttribute('tabindex');
    };
    edges();
    el.addEventListener('scroll', edges, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(edges);
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', edges);
      resized?.disconnect();
    };
  }, []);

  return (
    <div ref={frame} className={`table-scroll${className ? ` ${className}` : ''}`} data-testid="table-scroll">
      <div ref={view} className="table-scroll__view" role="region" aria-label={label ?? t('common.tableScroll')}>
        {children}
      </div>
    </div>
  );
}
