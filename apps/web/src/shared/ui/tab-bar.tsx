/**
 * The one bar of tabs (or segmented filter buttons) every feature uses. On a narrow screen its tabs
 * never wrap or get cut off: the row scrolls sideways, a fade on the side that has more says so,
 * and the active tab ([aria-selected], [aria-current=page] or [aria-pressed]) is scrolled into view
 * when the bar appears and whenever the selection changes. Styles: tab-bar.css.
 *
 * The outer element only frames (border, fade); the inner one carries the caller's role, label
 * and key handling, so `<TabBar as="nav" aria-label=…>` is a nav and `role="tablist"` a tab list.
 */
import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import './tab-bar.css';

const ACTIVE = '[aria-selected="true"], [aria-current="page"], [aria-pressed="true"]';
/** the fade's width; a tab hidden less than this is still "more to see" */
const EDGE = 24;

export interface TabBarProps extends HTMLAttributes<HTMLElement> {
  /** `underline`: page-level tabs on a rule; `segmented`: a compact group of filter buttons */
  variant?: 'underline' | 'segmented';
  as?: 'div' | 'nav';
  /** classes for the outer frame (margins, placement) */
  className?: string;
  children: ReactNode;
}

export function TabBar({ variant = 'underline', as: List = 'div', className, children, ...rest }: TabBarProps) {
  const frame = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLElement>(null);

  useEffect(() => {
    const box = frame.current;
    const el = list.current;
    if (!box || !el) return;
    const edges = () => {
      const more = el.scrollWidth - el.clientWidth;
      box.toggleAttribute('data-more-start', more > 1 && el.scrollLeft > 1);
      box.toggleAttribute('data-more-end', more > 1 && el.scrollLeft < more - 1);
    };
    const reveal = (smooth: boolean) => {
      const tab = el.querySelector<HTMLElement>(ACTIVE);
      if (!tab || el.scrollWidth <= el.clientWidth) return edges();
      const r = tab.getBoundingClientRect();
      const start = r.left - el.getBoundingClientRect().left + el.scrollLeft;
      const end = start + r.width;
      let left = el.scrollLeft;
      if (start - EDGE < left) left = start - EDGE;
      else if (end + EDGE > left + el.clientWidth) left = end + EDGE - el.clientWidth;
      if (left === el.scrollLeft) return edges();
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: Math.max(0, left), behavior: smooth && !reduce ? 'smooth' : 'auto' });
      edges();
    };
    reveal(false);
    el.addEventListener('scroll', edges, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => reveal(false));
    resized?.observe(el);
    const selected = new MutationObserver(() => reveal(true));
    selected.observe(el, { subtree: true, childList: true, attributeFilter: ['aria-selected', 'aria-current', 'aria-pressed'] });
    return () => {
      el.removeEventListener('scroll', edges);
      resized?.disconnect();
      selected.disconnect();
    };
  }, []);

  return (
    <div ref={frame} className={`tab-bar tab-bar--${variant}${className ? ` ${className}` : ''}`}>
      <List ref={list as never} className="tab-bar__list" {...rest}>
        {children}
      </List>
    </div>
  );
}
