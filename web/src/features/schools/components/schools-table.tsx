// The school list (SPEC §2): name, location, contact, licence status and the row menu; only the rows
// in view are rendered, so 5,000 schools stay smooth.

import { memo } from 'react';
import { adminLabels, schoolMessages } from '../../../../../common/messages/admin.js';
import type { School } from '../../../../../common/schemas/schools.js';
import { type DataColumn, DataTable, RowTitleButton } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { SchoolRowActions } from './school-row-actions';

type Props = {
  schools: School[];
  onDetails: (school: School) => void;
  onToggle: (school: School) => void;
  onDelete: (school: School) => void;
};

export const SchoolsTable = memo(function SchoolsTable({ schools, onDetails, onToggle, onDelete }: Props) {
  const columns: DataColumn<School>[] = [
    {
      header: schoolMessages.nameLabel,
      headClassName: 'w-[38%] md:w-[28%]',
      cellClassName: 'truncate',
      cell: (school) => (
        <>
          <RowTitleButton onClick={() => onDetails(school)}>{school.schoolName}</RowTitleButton>
          <div className="truncate text-xs text-muted-foreground md:hidden">{school.city}</div>
        </>
      ),
    },
    {
      header: adminLabels.location,
      headClassName: 'hidden md:table-cell md:w-[18%]',
      cellClassName: 'hidden truncate text-slate-700 md:table-cell',
      cell: (school) => school.city,
    },
    {
      header: adminLabels.contact,
      headClassName: 'hidden md:table-cell md:w-[30%]',
      cellClassName: 'hidden md:table-cell',
      cell: (school) => (
        <>
          <div className="truncate text-slate-800">{school.email || '—'}</div>
          <div className="truncate text-xs text-muted-foreground">{school.telephone}</div>
        </>
      ),
    },
    {
      header: adminLabels.status,
      headClassName: 'w-[32%] md:w-[12%]',
      cell: (school) => <StatusBadge active={school.activelicense} />,
    },
    {
      header: adminLabels.actions,
      headClassName: 'w-[30%] text-right md:w-[12%]',
      cellClassName: 'text-right',
      cell: (school) => (
        <SchoolRowActions school={school} onDetails={onDetails} onToggle={onToggle} onDelete={onDelete} />
      ),
    },
  ];
  return (
    <DataTable
      rows={schools}
      columns={columns}
      onOpen={onDetails}
      testId="schools-table"
      rowTestId="school-row"
    />
  );
});
