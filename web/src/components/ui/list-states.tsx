// What a searchable list shows before and instead of its rows: a skeleton while loading, the error with
// a Retry, the empty state, or "nothing matches" for a search; the list itself otherwise.

import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-surface p-4 shadow-card" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <Skeleton key={i} className="h-11 w-full" />
      ))}
    </div>
  );
}

type ListStatesProps = {
  /** The query's status: `pending` until the first data, `error` when the last fetch failed. */
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  errorText: string;
  /** How many items exist, and how many the search keeps. */
  total: number;
  matches: number;
  empty: { title: string; description: string; action: ReactNode };
  noMatchTitle: string;
  query: string;
  children: ReactNode;
};

export function ListStates({
  status,
  onRetry,
  errorText,
  total,
  matches,
  empty,
  noMatchTitle,
  query,
  children,
}: ListStatesProps) {
  if (status === 'pending') return <ListSkeleton rows={6} />;
  if (status === 'error') return <LoadError text={errorText} onRetry={onRetry} />;
  if (total === 0) return <EmptyState {...empty} />;
  if (matches === 0)
    return <EmptyState icon={SearchX} title={noMatchTitle} description={`“${query.trim()}”`} />;
  return children;
}
