/**
 * The one bar of tabs (or segmented filter buttons) every feature uses. On a narrow screen its tabs
 * never wrap or get cut off: the row scrolls sideways, a fade on the side that has more says so,
 * and the active tab ([aria-selected], [aria-current=page] or [aria-pressed]) is scrolled into view
 * when the bar appears and whenever the selection changes. Styles: tab-bar.css.
 *
 * The outer element only frames (border, fade); the inner one carries the caller's role, label
 * and key handling, so `<TabBar as="nav" aria-label=…>` is a nav and `role="tablist"` a tab list.
 *
 * As a tab list (WAI-ARIA tabs) it also moves between its tabs with the arrow keys, Home and End,
 * selecting the tab it lands on (a click: the selection stays with the caller, often the URL);
 * `tabProps` and `TabPanel` wire a tab to its panel by ids built from one `idBase`:
 *   <TabBar role="tablist" aria-label=…>
 *     {ids.map((id) => <button key={id} {...tabProps('manage', id, id === tab)} onClick={() => select(id)}>…</button>)}
 *   </TabBar>
 *   <TabPanel idBase="manage" selected={tab}>…</TabPanel>
 */
import { useEffect, useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
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

/** The arrows, Home and End in a tab list: focus the tab they lead to and select it. */
function moveBetweenTabs(e: KeyboardEvent<HTMLElement>) {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
  const i = tabs.findIndex((tab) => tab.contains(e.target as Node));
  if (i < 0) return;
  const n = tabs.length;
  const next = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  tabs[next]!.focus();
  if (next !== i) tabs[next]!.click();
}

/** A tab's attributes: its id and its panel's, selected or not, and one tab stop for the list (the selected tab). */
export function tabProps(idBase: string, id: string, selected: boolean) {
  return {
    type: 'button',
    role: 'tab',
    id: `${idBase}-tab-${id}`,
    'aria-selected': selected,
    'aria-controls': `${idBase}-panel`,
    tabIndex: selected ? 0 : -1,
  } as const;
}

/** The selected tab's panel (the tabs come from `tabProps` with the same `idBase`). */
export function TabPanel({
  idBase,
  selected,
  className,
  children,
}: {
  idBase: string;
  selected: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idBase}-panel`}
      aria-labelledby={`${idBase}-tab-${selected}`}
      className={`tab-panel${className ? ` ${className}` : ''}`}
      tabIndex={0}
    >
      {children}
    </div>
  );
}

export function TabBar({ variant = 'underline', as: List = 'div', className, children, onKeyDown, ...rest }: TabBarProps) {
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
      <List
        ref={list as never}
        className="tab-bar__list"
        {...rest}
        onKeyDown={(e: KeyboardEvent<HTMLElement>) => {
          onKeyDown?.(e);
          if (!e.defaultPrevented && rest.role === 'tablist') moveBetweenTabs(e);
        }}
      >
        {children}
      </List>
    </div>
  );
}
