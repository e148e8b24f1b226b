// Teacher/learner layout: the same top bar with the brand on the left, no sidebar.
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { shellMessages } from '../../../../common/messages/ui.js';
import { paths } from '../../config/paths';
import { LogoMark, PRODUCT_NAME } from '../ui/logo';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** `children` stands for the routed page (the 404 page shows inside the layout this way). */
export function LearnerLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <TopBar
        leading={
          <Link
            to={paths.userLevels.getHref()}
            className="flex items-center gap-2.5 rounded-lg text-slate-900"
            aria-label={shellMessages.homeLink}
          >
            <LogoMark className="size-8" />
            <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
          </Link>
        }
      />
      <main
        id="main-content"
        tabIndex={-1}
        className="flex-1 px-4 py-6 outline-none sm:px-6 md:px-8 md:py-10"
      >
        <div className="mx-auto w-full max-w-6xl">{children ?? <Outlet />}</div>
      </main>
    </div>
  );
}

export default LearnerLayout;
