// The school list (docs/product.md#screens-and-routes): name, location, contact, licence status (by the dashboard's rule), the
// licence's end date and the row menu, sortable by any column; only the rows in view are rendered,
// so 5,000 schools stay smooth.

import { memo } from 'react';
import { isoDay, licenceState } from '@/common/licence.js';
import { adminLabels, schoolMessages } from '@/common/messages/admin.js';
import type { School } from '@/common/schemas/schools.js';
import { type DataColumn, DataTable, RowTitleButton } from '@/web/src/components/ui/data-table';
import { formatDate } from '@/web/src/lib/format-date';
import { LicenceBadge, licenceOf, statusRank } from './licence-badge';
import { SchoolRowActions } from './school-row-actions';

type Props = {
  schools: School[];
  onDetails: (school: School) => void;
  onToggle: (school: School) => void;
  onDelete: (school: School) => void;
};

export const SchoolsTable = memo(function SchoolsTable({ schools, onDetails, onToggle, onDelete }: Props) {
  const today = isoDay(new Date());
  const columns: DataColumn<School>[] = [
    {
      header: schoolMessages.nameLabel,
      headClassName: 'w-[44%] md:w-[24%]',
      cellClassName: 'truncate',
      sortValue: (school) => school.schoolName,
      cell: (school) => (
        <>
          <RowTitleButton onClick={() => onDetails(school)} title={school.schoolName}>
            {school.schoolName}
          </RowTitleButton>
          <div className="truncate text-xs text-muted-foreground md:hidden" title={school.city}>
            {school.city}
          </div>
        </>
      ),
    },
    {
      header: adminLabels.location,
      headClassName: 'hidden md:table-cell md:w-[15%]',
      cellClassName: 'hidden truncate text-slate-700 md:table-cell',
      sortValue: (school) => school.city,
      cell: (school) => <span title={school.city}>{school.city}</span>,
    },
    {
      header: adminLabels.contact,
      headClassName: 'hidden md:table-cell md:w-[23%]',
      cellClassName: 'hidden md:table-cell',
      sortValue: (school) => school.email,
      cell: (school) => (
        <>
          <div className="truncate text-slate-800" title={school.email}>
            {school.email || '—'}
          </div>
          <div className="truncate text-xs text-muted-foreground">{school.telephone}</div>
        </>
      ),
    },
    {
      header: adminLabels.status,
      headClassName: 'w-[36%] md:w-[15%]',
      sortValue: (school) => statusRank[licenceState(licenceOf(school), today)],
      cell: (school) => (
        <>
          <LicenceBadge school={school} today={today} />
          <div className="mt-1 text-xs text-muted-foreground tabular-nums md:hidden">
            {formatDate(school.licensesddate)}
          </div>
        </>
      ),
    },
    {
      header: schoolMessages.endDateColumn,
      headClassName: 'hidden md:table-cell md:w-[12%]',
      cellClassName: 'hidden text-slate-700 tabular-nums md:table-cell',
      sortValue: (school) => school.licensesddate,
      cell: (school) => formatDate(school.licensesddate),
    },
    {
      header: adminLabels.actions,
      headerHiddenOnPhone: true,
      headClassName: 'w-[20%] text-right md:w-[11%]',
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
