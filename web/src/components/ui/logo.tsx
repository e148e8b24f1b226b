// The Ardoise mark (a slate with an "A"), used by the sign-in page, the sidebar and the learner top bar.
import { cn } from '../../lib/utils';

export const PRODUCT_NAME = 'Ardoise';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-indigo-700 text-white shadow-sm ring-1 ring-indigo-700/20',
        className,
      )}
      aria-hidden="true"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-[60%]"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
      >
        <path d="M5.5 19 12 5l6.5 14M8 14h8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
