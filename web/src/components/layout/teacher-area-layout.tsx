// Teacher/learner layout: the same top bar with the brand on the left, no sidebar.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shellMessages } from '@/common/messages/ui.js';
import { paths } from '../../config/paths';
import { LogoMark, PRODUCT_NAME } from '../ui/logo';
import { MainContent, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** `children` stands for the routed page (the 404 page shows inside the layout this way). */
export function TeacherAreaLayout({ children }: { children?: ReactNode }) {
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
      <MainContent page={children} className="md:py-10" widthClassName="max-w-6xl" />
    </div>
  );
}

export default TeacherAreaLayout;
