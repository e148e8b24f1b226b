// The teacher list (docs/product.md#screens-and-routes): name and email, school, levels, status and the row menu; only the rows
// in view are rendered, so 50,000 teachers stay smooth.

import { memo } from 'react';
import { adminLabels, teacherMessages } from '@/common/messages/admin.js';
import type { Teacher } from '@/common/schemas/teachers.js';
import { type DataColumn, DataTable, RowTitleButton } from '@/web/src/components/ui/data-table';
import { StatusBadge } from '@/web/src/components/ui/status-badge';
import { getInitials } from '@/web/src/lib/utils';
import { signInLabel } from '../lib/sign-in-label';
import { TeacherRowActions } from './teacher-row-actions';

type Props = {
  teachers: Teacher[];
  onProfile: (teacher: Teacher) => void;
  onToggle: (teacher: Teacher) => void;
  onResetLink: (teacher: Teacher) => void;
  onDelete: (teacher: Teacher) => void;
};

export const TeachersTable = memo(function TeachersTable({
  teachers,
  onProfile,
  onToggle,
  onResetLink,
  onDelete,
}: Props) {
  const columns: DataColumn<Teacher>[] = [
    {
      header: adminLabels.teacher,
      headClassName: 'w-[48%] md:w-[32%]',
      sortValue: (teacher) => teacher.name,
      cell: (teacher) => (
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-indigo-800 sm:flex"
          >
            {getInitials(teacher.firstname, teacher.name)}
          </span>
          <div className="min-w-0">
            <RowTitleButton className="block" onClick={() => onProfile(teacher)} title={teacher.name}>
              {teacher.name}
            </RowTitleButton>
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
              {teacher.email && (
                <span className="max-w-full truncate" title={teacher.email}>
                  {teacher.email}
                </span>
              )}
              {teacher.signIn.some((method) => method !== 'password') && (
                <span
                  className="shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800"
                  data-testid="teacher-sign-in"
                >
                  {signInLabel(teacher)}
                </span>
              )}
            </div>
          </div>
        </div>
      ),
    },
    {
      header: adminLabels.school,
      headClassName: 'hidden md:table-cell md:w-[22%]',
      cellClassName: 'hidden truncate text-slate-700 md:table-cell',
      sortValue: (teacher) => teacher.school,
      cell: (teacher) => <span title={teacher.school}>{teacher.school || '—'}</span>,
    },
    {
      header: teacherMessages.levelsLabel,
      headClassName: 'hidden md:table-cell md:w-[20%]',
      cellClassName: 'hidden truncate text-slate-700 md:table-cell',
      sortValue: (teacher) => teacher.level,
      cell: (teacher) => <span title={teacher.level}>{teacher.level || '—'}</span>,
    },
    {
      header: adminLabels.status,
      headClassName: 'w-[28%] md:w-[13%]',
      sortValue: (teacher) => (teacher.active ? 0 : 1),
      cell: (teacher) => <StatusBadge active={teacher.active} />,
    },
    {
      header: adminLabels.actions,
      headerHiddenOnPhone: true,
      headClassName: 'w-[24%] text-right md:w-[13%]',
      cellClassName: 'text-right',
      cell: (teacher) => (
        <TeacherRowActions
          teacher={teacher}
          onProfile={onProfile}
          onToggle={onToggle}
          onResetLink={onResetLink}
          onDelete={onDelete}
        />
      ),
    },
  ];
  return (
    <DataTable
      rows={teachers}
      columns={columns}
      onOpen={onProfile}
      testId="teachers-table"
      rowTestId="teacher-row"
    />
  );
});
