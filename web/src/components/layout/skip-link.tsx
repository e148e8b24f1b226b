// Keyboard users jump past the navigation straight to the page: the link, and the page's region it
// lands on.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { shellMessages } from '@/common/messages/ui.js';
import { cn } from '../../lib/utils';

const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[60] rounded-md bg-surface px-4 py-2 text-sm font-medium text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {shellMessages.skipToContent}
    </a>
  );
}

type MainContentProps = {
  /** The page to show; the routed page when absent. */
  page?: ReactNode;
  /** The desktop padding top and bottom. */
  className: string;
  /** The page's column, centred. */
  widthClassName: string;
};

/** A signed-in layout's page region, which the skip link lands on. */
export function MainContent({ page, className, widthClassName }: MainContentProps) {
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={cn('flex-1 px-4 py-6 outline-none sm:px-6 md:px-8', className)}
    >
      <div className={cn('mx-auto w-full', widthClassName)}>{page ?? <Outlet />}</div>
    </main>
  );
}
