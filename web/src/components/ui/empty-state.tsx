// Friendly placeholder for an empty list or a missing resource, with an optional action.
import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  /** The screen's own heading when the state is the whole screen (an unknown id). */
  asPageHeading?: boolean;
  className?: string;
};

export function EmptyState({
  title,
  description,
  icon: Icon = Inbox,
  action,
  asPageHeading,
  className,
}: EmptyStateProps) {
  const Title = asPageHeading ? 'h1' : 'p';
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-12 text-center',
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <div className="flex max-w-sm flex-col gap-1">
        <Title className="text-base font-semibold text-slate-900">{title}</Title>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
