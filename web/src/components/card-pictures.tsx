// The 12 pictures of a sign-in card's password (CARD_PICTURES, common/pupils.ts), drawn here as
// simple shapes so that they look the same on every tablet and on paper (no emoji: fonts vary).
// Shared by the pupils' door /classe and the printed cards.
import type { ReactNode } from 'react';
import { CARD_PICTURES } from '@/common/pupils.js';
import { cn } from '../lib/utils';

const INK = '#1e293b';

const drawings: Record<(typeof CARD_PICTURES)[number], ReactNode> = {
  chat: (
    <>
      <path
        d="M14 26 L16 8 L28 18 Z M50 26 L48 8 L36 18 Z"
        fill="#f59e0b"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="36" r="20" fill="#f59e0b" stroke={INK} strokeWidth="2.5" />
      <circle cx="24" cy="32" r="3" fill={INK} />
      <circle cx="40" cy="32" r="3" fill={INK} />
      <path d="M29 40 L35 40 L32 44 Z" fill="#ec4899" />
      <path
        d="M10 40 L22 42 M10 46 L22 45 M54 40 L42 42 M54 46 L42 45"
        stroke={INK}
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  chien: (
    <>
      <circle cx="32" cy="34" r="19" fill="#d6a36a" stroke={INK} strokeWidth="2.5" />
      <ellipse
        cx="13"
        cy="30"
        rx="7"
        ry="14"
        fill="#7c4a1e"
        stroke={INK}
        strokeWidth="2.5"
        transform="rotate(15 13 30)"
      />
      <ellipse
        cx="51"
        cy="30"
        rx="7"
        ry="14"
        fill="#7c4a1e"
        stroke={INK}
        strokeWidth="2.5"
        transform="rotate(-15 51 30)"
      />
      <circle cx="25" cy="30" r="3" fill={INK} />
      <circle cx="39" cy="30" r="3" fill={INK} />
      <ellipse cx="32" cy="42" rx="9" ry="7" fill="#f3d9b1" />
      <ellipse cx="32" cy="39" rx="4" ry="3" fill={INK} />
      <path
        d="M32 42 L32 46 M28 47 Q32 50 36 47"
        stroke={INK}
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  soleil: (
    <>
      <g stroke="#f59e0b" strokeWidth="4" strokeLinecap="round">
        <path d="M32 4 V12 M32 52 V60 M4 32 H12 M52 32 H60 M12 12 L18 18 M46 46 L52 52 M52 12 L46 18 M12 52 L18 46" />
      </g>
      <circle cx="32" cy="32" r="15" fill="#facc15" stroke={INK} strokeWidth="2.5" />
    </>
  ),
  lune: (
    <>
      <path
        d="M38 6 A26 26 0 1 0 58 42 A20 20 0 1 1 38 6 Z"
        fill="#fde047"
        stroke={INK}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="27" cy="38" r="2.5" fill="#ca8a04" />
      <circle cx="20" cy="26" r="2" fill="#ca8a04" />
    </>
  ),
  étoile: (
    <path
      d="M32 5 L39.5 22.5 L58 24 L44 36.5 L48.5 55 L32 45 L15.5 55 L20 36.5 L6 24 L24.5 22.5 Z"
      fill="#fbbf24"
      stroke={INK}
      strokeWidth="2.5"
      strokeLinejoin="round"
    />
  ),
  arbre: (
    <>
      <rect x="27" y="36" width="10" height="22" rx="2" fill="#92400e" stroke={INK} strokeWidth="2.5" />
      <circle cx="32" cy="26" r="19" fill="#22c55e" stroke={INK} strokeWidth="2.5" />
      <circle cx="24" cy="22" r="3" fill="#15803d" />
      <circle cx="38" cy="30" r="3" fill="#15803d" />
    </>
  ),
  fleur: (
    <>
      <path
        d="M32 36 V60 M32 50 Q40 42 46 46 Q40 54 32 52"
        stroke="#16a34a"
        strokeWidth="3.5"
        fill="#4ade80"
        strokeLinecap="round"
      />
      <g fill="#f472b6" stroke={INK} strokeWidth="2.5">
        <circle cx="32" cy="10" r="8" />
        <circle cx="44" cy="20" r="8" />
        <circle cx="40" cy="34" r="8" />
        <circle cx="24" cy="34" r="8" />
        <circle cx="20" cy="20" r="8" />
      </g>
      <circle cx="32" cy="23" r="7" fill="#facc15" stroke={INK} strokeWidth="2.5" />
    </>
  ),
  poisson: (
    <>
      <path d="M46 32 L60 20 L60 44 Z" fill="#0ea5e9" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <ellipse cx="28" cy="32" rx="22" ry="14" fill="#38bdf8" stroke={INK} strokeWidth="2.5" />
      <circle cx="16" cy="29" r="3" fill={INK} />
      <path d="M30 22 Q36 32 30 42" stroke={INK} strokeWidth="2" fill="none" />
    </>
  ),
  oiseau: (
    <>
      <circle cx="30" cy="34" r="18" fill="#ef4444" stroke={INK} strokeWidth="2.5" />
      <ellipse
        cx="24"
        cy="38"
        rx="11"
        ry="6.5"
        transform="rotate(-25 24 38)"
        fill="#b91c1c"
        stroke={INK}
        strokeWidth="2"
      />
      <path d="M46 26 L58 30 L46 34 Z" fill="#f59e0b" stroke={INK} strokeWidth="2" strokeLinejoin="round" />
      <circle cx="38" cy="27" r="3" fill={INK} />
      <path d="M24 52 V58 M34 52 V58" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  pomme: (
    <>
      <path d="M32 18 Q30 10 34 5" stroke="#78350f" strokeWidth="3.5" fill="none" strokeLinecap="round" />
      <path d="M34 12 Q44 4 50 12 Q42 18 34 12 Z" fill="#22c55e" stroke={INK} strokeWidth="2" />
      <path
        d="M32 20 C22 12 8 18 9 34 C10 50 22 60 32 55 C42 60 54 50 55 34 C56 18 42 12 32 20 Z"
        fill="#dc2626"
        stroke={INK}
        strokeWidth="2.5"
      />
      <ellipse cx="21" cy="30" rx="3" ry="5" fill="#fca5a5" />
    </>
  ),
  maison: (
    <>
      <rect x="12" y="28" width="40" height="30" fill="#fde68a" stroke={INK} strokeWidth="2.5" />
      <path d="M6 30 L32 8 L58 30 Z" fill="#dc2626" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <rect x="27" y="40" width="10" height="18" fill="#92400e" stroke={INK} strokeWidth="2" />
      <rect x="16" y="34" width="8" height="8" fill="#7dd3fc" stroke={INK} strokeWidth="2" />
      <rect x="40" y="34" width="8" height="8" fill="#7dd3fc" stroke={INK} strokeWidth="2" />
    </>
  ),
  bateau: (
    <>
      <path d="M32 6 V40" stroke={INK} strokeWidth="3" />
      <path d="M34 8 L52 36 L34 36 Z" fill="#f8fafc" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M30 14 L16 36 L30 36 Z" fill="#fb923c" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M8 42 H56 L48 54 H16 Z" fill="#2563eb" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M4 60 Q12 55 20 60 T36 60 T52 60 T64 58" stroke="#0284c7" strokeWidth="2.5" fill="none" />
    </>
  ),
};

/** A picture's French name: its accessible name and what a card spells under it. */
export const pictureName = (index: number): string => CARD_PICTURES[index] ?? '';

type CardPictureProps = {
  /** The picture's number (0 … 11). */
  index: number;
  className?: string;
  /** True inside a control that names it (a button): the drawing is then hidden from assistive tech. */
  decorative?: boolean;
};

export function CardPicture({ index, className, decorative = false }: CardPictureProps) {
  const name = CARD_PICTURES[index];
  if (!name) return null;
  if (decorative) {
    return (
      <svg viewBox="0 0 64 64" className={cn('block', className)} aria-hidden="true" focusable="false">
        {drawings[name]}
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 64 64"
      className={cn('block', className)}
      role="img"
      aria-label={name}
      focusable="false"
    >
      {drawings[name]}
    </svg>
  );
}
