// A list as a table that renders only the rows in view (tens of thousands of rows stay smooth): the
// columns say how to draw a cell; a click on a row, or on its title button, opens the row.
import type { ReactNode } from 'react';
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
};

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
  return (
    <div className="w-full overflow-x-auto rounded-xl border bg-surface shadow-card">
      <table className="w-full table-fixed text-sm" aria-rowcount={rows.length + 1} data-testid={testId}>
        <TableHeader>
          <TableRow aria-rowindex={1}>
            {columns.map((column) => (
              <TableHead key={column.header} className={column.headClassName}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <VirtualTableBody
          count={rows.length}
          estimateRowHeight={estimateRowHeight}
          columns={columns.length}
          renderRow={(index, rowProps) => {
            const row = rows[index]!;
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

type RowTitleButtonProps = { onClick: () => void; className?: string; children: ReactNode };

/** The row's name as a button: the keyboard way to open the row (the row itself is not focusable). */
export function RowTitleButton({ onClick, className, children }: RowTitleButtonProps) {
  return (
    <button
      type="button"
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
