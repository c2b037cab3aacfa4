/** Small line icons (decorative: always aria-hidden; the text next to them carries the meaning). */
import type { ReactNode } from 'react';
import { LineSvg } from '../../../shared/ui/line-svg';

const Svg = ({ children }: { children: ReactNode }) => <LineSvg>{children}</LineSvg>;

export const CalendarIcon = () => (
  <Svg>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Svg>
);
export const ClockIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
);
export const PinIcon = () => (
  <Svg>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </Svg>
);
export const UsersIcon = () => (
  <Svg>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M21.5 20a6.5 6.5 0 0 0-4-6" />
  </Svg>
);
export const WonIcon = () => (
  <Svg>
    <path d="M4 6l3.5 12L12 8l4.5 10L20 6M3 11h18M3 14h18" />
  </Svg>
);
export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
);
export const ListIcon = () => (
  <Svg>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </Svg>
);
export const GridIcon = () => (
  <Svg>
    <rect x="3" y="4" width="18" height="17" rx="2" />
    <path d="M3 10h18M9 4v17M15 4v17" />
  </Svg>
);
export const ChevronIcon = ({ dir = 'right' }: { dir?: 'left' | 'right' | 'down' }) => (
  <Svg>
    <path d={dir === 'left' ? 'M15 18l-6-6 6-6' : dir === 'down' ? 'M6 9l6 6 6-6' : 'M9 18l6-6-6-6'} />
  </Svg>
);
export const StarIcon = ({ filled = true, size = 16 }: { filled?: boolean; size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  </svg>
);
