import type { SVGAttributes } from 'preact';

/** Icons of the market and trade screens, inline like ui/icons.tsx. */
type IconProps = SVGAttributes<SVGSVGElement>;

const base = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true' } as const;

export const IconSearch = (p: IconProps) => (
  <svg width="20" height="20" {...base} {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4 4" />
  </svg>
);

/** Filled when `on`: the pair is a favourite. */
export const IconStar = ({ on, ...p }: IconProps & { on?: boolean }) => (
  <svg width="22" height="22" {...base} fill={on ? 'currentColor' : 'none'} {...p}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </svg>
);

export const IconCaretDown = (p: IconProps) => (
  <svg width="16" height="16" {...base} {...p}>
    <path d="M7 10l5 5 5-5" />
  </svg>
);

/** Two stacked arrows; the one of the current direction is solid. */
export const IconSort = ({ active: dir, ...p }: Omit<IconProps, 'active'> & { active: 'asc' | 'desc' | null }) => (
  <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" {...p}>
    <path d="M5 1l4 5H1z" fill="currentColor" opacity={dir === 'asc' ? 1 : 0.3} />
    <path d="M5 13l4-5H1z" fill="currentColor" opacity={dir === 'desc' ? 1 : 0.3} />
  </svg>
);

export const IconMinus = (p: IconProps) => (
  <svg width="18" height="18" {...base} {...p}>
    <path d="M6 12h12" />
  </svg>
);

export const IconPlus = (p: IconProps) => (
  <svg width="18" height="18" {...base} {...p}>
    <path d="M6 12h12M12 6v12" />
  </svg>
);

export const IconCandles = (p: IconProps) => (
  <svg width="20" height="20" {...base} {...p}>
    <path d="M7 3v4M7 17v4M17 5v3M17 16v3" />
    <rect x="5" y="7" width="4" height="10" rx="1" />
    <rect x="15" y="8" width="4" height="8" rx="1" />
  </svg>
);
