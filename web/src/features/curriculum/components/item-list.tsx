// The list every curriculum screen shows: items in the admin's order, each row a link to the level
// below, with a menu to rename or delete and an optional aside. Where the order matters (periods,
// lessons, sessions, activities) a handle moves a row: dragged with a mouse or a finger, or with
// the keyboard (Space, arrows, Space). Loading, error and empty states included.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ChevronRight,
  GripVertical,
  type LucideIcon,
  MoreHorizontal,
  Pencil,
  SearchX,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import type { Item } from '@/common/schemas/curriculum.js';
import { Button } from '@/web/src/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/src/components/ui/dropdown-menu';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { ListSkeleton } from '@/web/src/components/ui/list-states';
import { LoadError } from '@/web/src/components/ui/load-error';
import { cn } from '@/web/src/lib/utils';

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
  /** Given where the admin orders the items: called with the whole list in its new order. */
  onReorder?: (items: T[]) => void;
  testId?: string;
};

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export function ItemList<T extends Item>(props: ItemListProps<T>) {
  const { items, isPending, error, onRetry, label, empty, query, onReorder, testId } = props;
  /** The row just picked up: the drag's first "over" (itself) must not hide the pick-up's message. */
  const pickedUp = useRef<unknown>(null);
  const sensors = useSensors(
    // A short move starts a drag, so a tap on the handle alone does nothing (mouse and touch).
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (isPending) return <ListSkeleton rows={4} />;
  if (error) return <LoadError text={error} onRetry={onRetry} />;
  if (!items || items.length === 0) {
    return query?.trim() ? (
      <EmptyState icon={SearchX} title={m.noResults} description={`«\u00a0${query.trim()}\u00a0»`} />
    ) : (
      empty
    );
  }
  // Ordering a filtered list would say nothing about the hidden rows: only the whole list moves.
  const sortable = onReorder !== undefined && !query?.trim();
  const titleOf = (id: unknown) => items.find((item) => item.id === id)?.title ?? '';
  const positionOf = (id: unknown) => items.findIndex((item) => item.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!onReorder || !over || active.id === over.id) return;
    onReorder(arrayMove(items, positionOf(active.id) - 1, positionOf(over.id) - 1));
  };
  const rows = (
    <ul aria-label={label} data-testid={testId}>
      {items.map((item, index) => (
        <ItemRow key={item.id} {...props} item={item} index={index} sortable={sortable} />
      ))}
    </ul>
  );
  return (
    <div className="overflow-hidden rounded-xl border bg-surface shadow-card">
      <div className="flex items-center justify-between gap-3 border-b bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <span>{label}</span>
        {sortable && (
          <span className="hidden font-normal tracking-normal normal-case sm:inline">{m.reorderHint}</span>
        )}
      </div>
      {sortable ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: m.reorderInstructions },
            announcements: {
              onDragStart: ({ active }) => {
                pickedUp.current = active.id;
                return m.reorderPicked(titleOf(active.id), positionOf(active.id), items.length);
              },
              onDragOver: ({ active, over }) => {
                if (!over) return undefined;
                // Still where it was picked up: the pick-up's message stays.
                if (over.id === active.id && pickedUp.current === active.id) return undefined;
                pickedUp.current = null;
                return m.reorderMoved(titleOf(active.id), positionOf(over.id), items.length);
              },
              onDragEnd: ({ active, over }) =>
                over ? m.reorderDropped(titleOf(active.id), positionOf(over.id), items.length) : undefined,
              onDragCancel: ({ active }) => m.reorderCancelled(titleOf(active.id), positionOf(active.id)),
            },
          }}
        >
          <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            {rows}
          </SortableContext>
        </DndContext>
      ) : (
        rows
      )}
    </div>
  );
}

type RowProps<T extends Item> = ItemListProps<T> & { item: T; index: number; sortable: boolean };

function ItemRow<T extends Item>(props: RowProps<T>) {
  return props.sortable ? <SortableRow {...props} /> : <Row {...props} />;
}

function SortableRow<T extends Item>(props: RowProps<T>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.item.id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-roledescription={m.reorderRole}
      aria-label={m.reorderHandle(props.item.title)}
      title={m.reorderHandle(props.item.title)}
      // The page must not scroll while a finger drags the row.
      className="flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-muted hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
      data-testid="reorder-handle"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <Row
      {...props}
      rowRef={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      dragging={isDragging}
      handle={handle}
    />
  );
}

function Row<T extends Item>({
  item,
  index,
  icon: Icon,
  hrefOf,
  linkState,
  onEdit,
  onDelete,
  aside,
  rowRef,
  style,
  dragging,
  handle,
}: RowProps<T> & {
  rowRef?: (element: HTMLLIElement | null) => void;
  style?: React.CSSProperties;
  dragging?: boolean;
  handle?: ReactNode;
}) {
  return (
    <li
      ref={rowRef}
      style={style}
      data-testid="item-row"
      className={cn(
        'group relative flex items-center border-b bg-surface last:border-0 hover:bg-slate-50/80',
        handle && 'pl-1',
        dragging && 'z-10 shadow-lg ring-1 ring-primary/30',
      )}
    >
      {handle}
      <Link
        to={hrefOf(item)}
        state={linkState?.(item)}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-3 py-3 pr-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          handle ? 'pl-1' : 'pl-4',
        )}
      >
        {/* On a phone the name needs the room more than the icon. */}
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary sm:flex">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="w-6 shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          {index + 1}
        </span>
        {/* Names wrap rather than being cut: there is room for them on every width. */}
        <span className="min-w-0 flex-1 font-medium break-words text-slate-900">{item.title}</span>
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
            <Button variant="ghost" size="icon" className="size-9" aria-label={m.itemActions(item.title)}>
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
  );
}
