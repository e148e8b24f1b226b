// Every row of the file with what the import would do, or its errors, and its line in the file;
// only the rows in view are rendered, so a 50,000-row file stays smooth.
import { importMessages as m } from '@/common/messages/imports.js';
import type { PreviewRow } from '@/common/schemas/imports.js';
import { Badge, type BadgeVariant } from '@/web/src/components/ui/badge';
import { TableHead, TableHeader, TableRow } from '@/web/src/components/ui/table';
import { VirtualTableBody } from '@/web/src/components/ui/virtual-table-body';

const actionBadge: Record<
  NonNullable<PreviewRow['action']> | 'error',
  { label: string; variant: BadgeVariant }
> = {
  create: { label: m.actionCreate, variant: 'default' },
  update: { label: m.actionUpdate, variant: 'warning' },
  unchanged: { label: m.actionUnchanged, variant: 'secondary' },
  error: { label: m.actionError, variant: 'destructive' },
};

export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{m.noRows}</p>;
  return (
    <div className="w-full overflow-x-auto rounded-xl border bg-surface shadow-card">
      <table
        className="w-full table-fixed text-sm"
        aria-rowcount={rows.length + 1}
        data-testid="import-preview"
      >
        <TableHeader>
          <TableRow aria-rowindex={1}>
            <TableHead className="w-16 sm:w-20">{m.columnLine}</TableHead>
            <TableHead className="w-28 sm:w-36">{m.columnAction}</TableHead>
            <TableHead className="w-[40%]">{m.columnRow}</TableHead>
            <TableHead className="hidden sm:table-cell">{m.columnErrors}</TableHead>
          </TableRow>
        </TableHeader>
        <VirtualTableBody
          count={rows.length}
          estimateRowHeight={49}
          columns={4}
          renderRow={(index, rowProps) => {
            const row = rows[index]!;
            const badge = actionBadge[row.action ?? 'error'];
            return (
              <TableRow key={index} {...rowProps} data-testid="import-row">
                <td className="px-4 py-3 align-top tabular-nums text-slate-700">
                  {row.line.toLocaleString('fr-FR')}
                </td>
                <td className="px-4 py-3 align-top">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                </td>
                <td className="px-4 py-3 align-top break-words text-slate-900">
                  {row.values.filter(Boolean).join(' · ')}
                  {row.action === 'update' && (
                    <span className="mt-0.5 block text-xs text-muted-foreground">
                      {m.changedFields(row.changed)}
                    </span>
                  )}
                  {/* On a phone the errors column is hidden: they follow the row's content. */}
                  <RowErrors errors={row.errors} className="mt-1 sm:hidden" />
                </td>
                <td className="hidden px-4 py-3 align-top sm:table-cell">
                  <RowErrors errors={row.errors} />
                </td>
              </TableRow>
            );
          }}
        />
      </table>
    </div>
  );
}

function RowErrors({ errors, className }: { errors: string[]; className?: string }) {
  if (errors.length === 0) return null;
  return (
    <ul className={`flex flex-col gap-0.5 text-xs font-medium text-red-700 ${className ?? ''}`}>
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
