/**
 * The frame of a line icon drawn by a feature: 24×24 viewBox, currentColor stroke, decorative
 * (aria-hidden). `shared/ui/icons.tsx` draws its named icons the same way but inline, so the home
 * route does not carry this wrapper (its JS budget, GUIDE §7).
 */
import type { ReactNode } from 'react';

export function LineSvg({
  children,
  size = 16,
  strokeWidth = 2,
  className,
}: {
  children: ReactNode;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
