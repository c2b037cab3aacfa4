/**
 * The lab cards' line icons (decorative, aria-hidden: the card's title names the game). Drawn, not
 * typed as emoji or symbols, so they look the same on a machine without an emoji font.
 */
import type { ReactNode } from 'react';
import { LineSvg } from '../../shared/ui/line-svg';

export type LabIconName = 'blocks' | 'magnifier' | 'shuffle' | 'spotlight';

const ICONS: Record<LabIconName, ReactNode> = {
  // a T piece falling onto a row
  blocks: (
    <>
      <path d="M3 4h18v6h-6v6H9v-6H3V4ZM9 4v6M15 4v6M9 10h6" />
      <path d="M3 20h18" />
    </>
  ),
  // a magnifying glass over a clue
  magnifier: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m20 20-4.8-4.8M8.5 10.5h4M10.5 8.5v4" />
    </>
  ),
  // two crossing arrows
  shuffle: <path d="M3 7h4.5c2.2 0 3.4 1.2 4.5 3.5l1 2c1.1 2.3 2.3 3.5 4.5 3.5H21M18 13l3 3-3 3M3 17h4M21 7h-4M18 4l3 3-3 3" />,
  // a spotlight's beam on a star
  spotlight: (
    <>
      <path d="m12 3 1.9 4.6 4.9.4-3.7 3.2 1.1 4.8L12 13.5 7.8 16l1.1-4.8L5.2 8l4.9-.4L12 3Z" />
      <path d="M5 21h14" />
    </>
  ),
};

export function LabIcon({ name, size = 26 }: { name: LabIconName; size?: number }) {
  return (
    <LineSvg size={size} strokeWidth={1.8}>
      {ICONS[name]}
    </LineSvg>
  );
}
