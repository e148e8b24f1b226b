// The list every curriculum screen shows: items in creation order, each row a link to the level
// below, with a menu to rename or delete and an optional aside. Loading, error and empty states
// included.
import { ChevronRight, type LucideIcon, MoreHorizontal, Pencil, SearchX, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import type { Item } from '../../../../../common/schemas/curriculum.js';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';

export type ItemListProps<T extends Item> = {
  items: T[] | undefined;
  isPending: boolean;
  error: string | null;
  onRetry: () => void;
  /** Column heading and accessible name of the list. */
  label: string;
  icon: LucideIcon;
  hrefOf: (item: T) => string;
  linkState?: (item: T) => unknown;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  /** Shown at the end of a row, beside its menu (e.g. what an activity's package is). */
  aside?: (item: T) => ReactNode;
  empty: ReactNode;
  /** Set when a search filtered everything out. */
  query?: string;
  testId?: string;
};

export function ItemList<T extends Item>({
  items,
  isPending,
  error,
  onRetry,
  label,
  icon: Icon,
  hrefOf,
  linkState,
  onEdit,
  onDelete,
  empty,
  aside,
  query,
  testId,
}: ItemListProps<T>) {
  if (isPending) {
    return (
      <div className="flex flex-col gap-2 rounded-xl border bg-surface p-4 shadow-card" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          {error}
          <Button size="sm" variant="outline" onClick={onRetry}>
            {m.retry}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!items || items.length === 0) {
    return query?.trim() ? (
      <EmptyState icon={SearchX} title={m.noResults} description={`“${query.trim()}”`} />
    ) : (
      empty
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border bg-surface shadow-card">
      <div className="border-b bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </div>
      <ul aria-label={label} data-testid={testId}>
        {items.map((item, index) => (
          <li key={item.id} className="group flex items-center border-b last:border-0 hover:bg-slate-50/80">
            <Link
              to={hrefOf(item)}
              state={linkState?.(item)}
              className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="w-6 shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{item.title}</span>
              <ChevronRight
                className={cn(
                  'size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5',
                  // On a phone the aside takes the chevron's room: the title needs it more.
                  aside && 'hidden sm:block',
                )}
                aria-hidden="true"
              />
            </Link>
            {aside && <div className="flex shrink-0 items-center pl-1">{aside(item)}</div>}
            <div className="pr-2">
              <DropdownMenu modal={false}>
                <DropdownMenuTrigger asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    aria-label={m.itemActions(item.title)}
                  >
                    <MoreHorizontal aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem onSelect={() => onEdit(item)}>
                    <Pencil aria-hidden="true" />
                    {m.edit}
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem variant="destructive" onSelect={() => onDelete(item)}>
                    <Trash2 aria-hidden="true" />
                    {m.delete}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
