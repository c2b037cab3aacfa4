/**
 * "← where you came from" above a page's title: the one back link every page uses. The arrow and
 * the words are two flex items with a gap, so a space between them cannot collapse (a trailing
 * space in a flex item does), and the arrow is hidden from screen readers. Styles: base.css.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={`back-link${className ? ` ${className}` : ''}`}>
      <span aria-hidden="true">←</span>
      <span>{children}</span>
    </Link>
  );
}
