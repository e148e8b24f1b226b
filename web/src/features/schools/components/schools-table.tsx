// The school list as a table that renders only the rows in view (5,000 schools stay smooth).
import type { School } from '../../../../../common/schemas/schools.js';
import { TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { VirtualTableBody } from '../../../components/ui/virtual-table-body';
import { SchoolRowActions } from './school-row-actions';
import { SchoolStatusBadge } from './school-status-badge';

type Props = {
  schools: School[];
  onDetails: (school: School) => void;
  onToggle: (school: School) => void;
  onDelete: (school: School) => void;
};

const COLUMNS = 5;

export function SchoolsTable({ schools, onDetails, onToggle, onDelete }: Props) {
  return (
    <div className="w-full overflow-x-auto rounded-xl border bg-surface shadow-card">
      <table
        className="w-full table-fixed text-sm"
        aria-rowcount={schools.length + 1}
        data-testid="schools-table"
      >
        <TableHeader>
          <TableRow aria-rowindex={1}>
            <TableHead className="w-[38%] md:w-[28%]">School name</TableHead>
            <TableHead className="hidden md:table-cell md:w-[18%]">Location</TableHead>
            <TableHead className="hidden md:table-cell md:w-[30%]">Contact</TableHead>
            <TableHead className="w-[32%] md:w-[12%]">Status</TableHead>
            <TableHead className="w-[30%] text-right md:w-[12%]">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <VirtualTableBody
          count={schools.length}
          estimateRowHeight={61}
          columns={COLUMNS}
          renderRow={(index, rowProps) => {
            const school = schools[index]!;
            return (
              <TableRow
                // Keyed by position: a search then updates the rows in view in place instead of
                // unmounting and mounting them (and their menus) on every keystroke.
                key={index}
                {...rowProps}
                className="cursor-pointer"
                data-testid="school-row"
                onClick={() => onDetails(school)}
              >
                <td className="truncate px-4 py-3 align-middle">
                  <button
                    type="button"
                    className="max-w-full cursor-pointer truncate rounded text-left font-medium text-slate-900 hover:text-primary"
                    onClick={(event) => {
                      event.stopPropagation();
                      onDetails(school);
                    }}
                  >
                    {school.schoolName}
                  </button>
                  <div className="truncate text-xs text-muted-foreground md:hidden">{school.city}</div>
                </td>
                <td className="hidden truncate px-4 py-3 align-middle text-slate-700 md:table-cell">
                  {school.city}
                </td>
                <td className="hidden px-4 py-3 align-middle md:table-cell">
                  <div className="truncate text-slate-800">{school.email || '—'}</div>
                  <div className="truncate text-xs text-muted-foreground">{school.telephone}</div>
                </td>
                <td className="px-4 py-3 align-middle">
                  <SchoolStatusBadge active={school.activelicense} />
                </td>
                <td className="px-4 py-3 text-right align-middle">
                  <SchoolRowActions
                    school={school}
                    onDetails={onDetails}
                    onToggle={onToggle}
                    onDelete={onDelete}
                  />
                </td>
              </TableRow>
            );
          }}
        />
      </table>
    </div>
  );
}
