// Page title with an optional subtitle and an actions slot (buttons on the right, stacked on phones).
// It also names the browser tab: `tabTitle`, else the title when it is text.
import type { ReactNode } from 'react';
import { useTabTitle } from '../../lib/use-tab-title';
import { cn } from '../../lib/utils';

type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The tab's title when the heading alone would not tell this screen from others. */
  tabTitle?: string;
  className?: string;
};

export function PageHeader({ title, subtitle, actions, tabTitle, className }: PageHeaderProps) {
  useTabTitle(tabTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-[1.75rem]">
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-muted-foreground sm:text-base">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
