// A list as a table that renders only the rows in view (tens of thousands of rows stay smooth): the
// columns say how to draw a cell and, when they can, how to sort by it (a click on the heading sorts,
// a second click reverses); a click on a row, or on its title button, opens the row.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { uiMessages } from '@/common/messages/ui.js';
import { cn } from '../../lib/utils';
import { TableHead, TableHeader, TableRow } from './table';
import { VirtualTableBody } from './virtual-table-body';

export type DataColumn<T> = {
  header: string;
  /** Classes of the header cell: its width and when it shows. */
  headClassName: string;
  /** Classes added to the cell's padding: when it shows, truncation, alignment. */
  cellClassName?: string;
  cell: (row: T) => ReactNode;
  /** The heading is read out but not shown on a phone (a narrow column of buttons). */
  headerHiddenOnPhone?: boolean;
  /** What the column sorts by; a column without it does not sort. */
  sortValue?: (row: T) => string | number;
};

type Sort = { column: number; descending: boolean };

/** French order: accents and case aside, numbers by value ('École 2' before 'École 10'). */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function sortRows<T>(rows: T[], columns: DataColumn<T>[], sort: Sort | null): T[] {
  const value = sort ? columns[sort.column]?.sortValue : undefined;
  if (!sort || !value) return rows;
  const direction = sort.descending ? -1 : 1;
  return rows
    .map((row) => ({ row, key: value(row) }))
    .sort((a, b) =>
      typeof a.key === 'number' && typeof b.key === 'number'
        ? (a.key - b.key) * direction
        : collator.compare(String(a.key), String(b.key)) * direction,
    )
    .map((entry) => entry.row);
}

type DataTableProps<T> = {
  rows: T[];
  columns: DataColumn<T>[];
  onOpen: (row: T) => void;
  /** `data-testid` of the table and of each row. */
  testId: string;
  rowTestId: string;
  estimateRowHeight?: number;
};

export function DataTable<T>({
  rows,
  columns,
  onOpen,
  testId,
  rowTestId,
  estimateRowHeight = 61,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const sortBy = (column: number) =>
    setSort((current) => ({ column, descending: current?.column === column && !current.descending }));
  return (
    <div className="w-full overflow-x-auto rounded-xl border bg-surface shadow-card">
      <table className="w-full table-fixed text-sm" aria-rowcount={rows.length + 1} data-testid={testId}>
        <TableHeader>
          <TableRow aria-rowindex={1}>
            {columns.map((column, index) => {
              const sorted = sort?.column === index;
              const Icon = !sorted ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
              return (
                <TableHead
                  key={column.header}
                  className={column.headClassName}
                  aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      onClick={() => sortBy(index)}
                      title={uiMessages.sortBy(column.header)}
                      className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {column.header}
                      <Icon className={cn('size-3.5', !sorted && 'text-slate-400')} aria-hidden="true" />
                    </button>
                  ) : column.headerHiddenOnPhone ? (
                    <span className="sr-only md:not-sr-only">{column.header}</span>
                  ) : (
                    column.header
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        <VirtualTableBody
          count={sorted.length}
          estimateRowHeight={estimateRowHeight}
          columns={columns.length}
          renderRow={(index, rowProps) => {
            const row = sorted[index]!;
            return (
              <TableRow
                // Keyed by position: a search then updates the rows in view in place instead of
                // unmounting and mounting them (and their menus) on every keystroke.
                key={index}
                {...rowProps}
                className="cursor-pointer"
                data-testid={rowTestId}
                onClick={() => onOpen(row)}
              >
                {columns.map((column) => (
                  <td key={column.header} className={cn('px-4 py-3 align-middle', column.cellClassName)}>
                    {column.cell(row)}
                  </td>
                ))}
              </TableRow>
            );
          }}
        />
      </table>
    </div>
  );
}

type RowTitleButtonProps = { onClick: () => void; className?: string; title?: string; children: ReactNode };

/** The row's name as a button: the keyboard way to open the row (the row itself is not focusable). */
export function RowTitleButton({ onClick, className, title, children }: RowTitleButtonProps) {
  return (
    <button
      type="button"
      title={title}
      className={cn(
        'max-w-full cursor-pointer truncate rounded text-left font-medium text-slate-900 hover:text-primary',
        className,
      )}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {children}
    </button>
  );
}
