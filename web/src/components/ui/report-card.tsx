// A report block: a card with a heading, an optional action, and its own loading skeleton, error
// (with a retry) and empty state, so one failing report never hides the rest of the page.

import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Card, CardContent, CardDescription, CardHeader } from './card';
import { LoadErrorBlock } from './load-error';
import { Skeleton } from './skeleton';

type ReportCardProps = {
  title: string;
  description?: string;
  action?: ReactNode;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  errorText: string;
  isEmpty: boolean;
  emptyText: string;
  /** The skeleton's height, close to the loaded block's. */
  skeletonClassName?: string;
  className?: string;
  testId: string;
  children: ReactNode;
};

export function ReportCard(props: ReportCardProps) {
  const { title, description, action, status, isEmpty, className, testId } = props;
  return (
    <Card
      className={cn('flex min-w-0 flex-col', className)}
      data-testid={testId}
      aria-busy={status === 'pending'}
    >
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 className="text-base leading-tight font-semibold tracking-tight">{title}</h2>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {status === 'success' && !isEmpty && action}
      </CardHeader>
      <CardContent className="flex-1">
        {status === 'pending' ? (
          <Skeleton
            className={cn('h-48 w-full rounded-lg', props.skeletonClassName)}
            data-testid={`${testId}-skeleton`}
          />
        ) : status === 'error' ? (
          <LoadErrorBlock text={props.errorText} onRetry={props.onRetry} />
        ) : isEmpty ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            {props.emptyText}
          </p>
        ) : (
          props.children
        )}
      </CardContent>
    </Card>
  );
}
