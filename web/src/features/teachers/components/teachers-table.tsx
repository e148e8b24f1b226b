// The teacher list as a table that renders only the rows in view (50,000 teachers stay smooth).
import type { Teacher } from '../../../../../common/schemas/teachers.js';
import { TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { VirtualTableBody } from '../../../components/ui/virtual-table-body';
import { getInitials } from '../../../lib/utils';
import { TeacherRowActions } from './teacher-row-actions';
import { TeacherStatusBadge } from './teacher-status-badge';

type Props = {
  teachers: Teacher[];
  onProfile: (teacher: Teacher) => void;
  onToggle: (teacher: Teacher) => void;
  onDelete: (teacher: Teacher) => void;
};

const COLUMNS = 5;

export function TeachersTable({ teachers, onProfile, onToggle, onDelete }: Props) {
  return (
    <div className="w-full overflow-x-auto rounded-xl border bg-surface shadow-card">
      <table
        className="w-full table-fixed text-sm"
        aria-rowcount={teachers.length + 1}
        data-testid="teachers-table"
      >
        <TableHeader>
          <TableRow aria-rowindex={1}>
            <TableHead className="w-[48%] md:w-[32%]">Teacher</TableHead>
            <TableHead className="hidden md:table-cell md:w-[22%]">School</TableHead>
            <TableHead className="hidden md:table-cell md:w-[20%]">Levels</TableHead>
            <TableHead className="w-[28%] md:w-[13%]">Status</TableHead>
            <TableHead className="w-[24%] text-right md:w-[13%]">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <VirtualTableBody
          count={teachers.length}
          estimateRowHeight={61}
          columns={COLUMNS}
          renderRow={(index, rowProps) => {
            const teacher = teachers[index]!;
            return (
              <TableRow
                // Keyed by position: a search then updates the rows in view in place instead of
                // unmounting and mounting them (and their menus) on every keystroke.
                key={index}
                {...rowProps}
                className="cursor-pointer"
                data-testid="teacher-row"
                onClick={() => onProfile(teacher)}
              >
                <td className="px-4 py-3 align-middle">
                  <div className="flex min-w-0 items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-indigo-800 sm:flex"
                    >
                      {getInitials(`${teacher.firstname} ${teacher.name}`)}
                    </span>
                    <div className="min-w-0">
                      <button
                        type="button"
                        className="block max-w-full cursor-pointer truncate rounded text-left font-medium text-slate-900 hover:text-primary"
                        onClick={(event) => {
                          event.stopPropagation();
                          onProfile(teacher);
                        }}
                      >
                        {teacher.name}
                      </button>
                      <div className="truncate text-xs text-muted-foreground">{teacher.email}</div>
                    </div>
                  </div>
                </td>
                <td className="hidden truncate px-4 py-3 align-middle text-slate-700 md:table-cell">
                  {teacher.school || '—'}
                </td>
                <td className="hidden truncate px-4 py-3 align-middle text-slate-700 md:table-cell">
                  {teacher.level || '—'}
                </td>
                <td className="px-4 py-3 align-middle">
                  <TeacherStatusBadge active={teacher.active} />
                </td>
                <td className="px-4 py-3 text-right align-middle">
                  <TeacherRowActions
                    teacher={teacher}
                    onProfile={onProfile}
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
