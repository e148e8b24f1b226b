// School list (docs/product.md#screens-and-routes /schools): search, virtualised table, details modal, row menu, delete modal.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { schoolMessages } from '@/common/messages/admin.js';
import type { School } from '@/common/schemas/schools.js';
import { ConfirmDialog } from '@/web/src/components/ui/confirm-dialog';
import { SearchableListPage, useListSearch } from '@/web/src/components/ui/list-page';
import { paths } from '@/web/src/config/paths';
import { notify } from '@/web/src/lib/notify';
import { useDeleteSchool } from '../api/delete-school';
import { useSchools } from '../api/get-schools';
import { useToggleSchool } from '../api/toggle-school';
import { SchoolDetailsDialog } from '../components/school-details-dialog';
import { SchoolsTable } from '../components/schools-table';
import { schoolSearchText } from '../lib/search-schools';

export default function SchoolsPage() {
  const schools = useSchools();
  const search = useListSearch(schools.data, schoolSearchText);
  // `?details=ID` (a link from the dashboard) opens that school's details.
  const [searchParams] = useSearchParams();
  const [detailsId, setDetailsId] = useState<number | null>(
    () => Number(searchParams.get('details')) || null,
  );
  const [toDelete, setToDelete] = useState<School | null>(null);
  const toggle = useToggleSchool();
  const remove = useDeleteSchool();
  // The modal follows the list, so a toggle made from the menu shows in an open modal too.
  const details =
    detailsId === null ? null : (schools.data?.find((school) => school.id === detailsId) ?? null);

  // Stable row handlers: the table is memoised, so a keystroke does not re-render its rows.
  const { mutate: toggleSchool } = toggle;
  const onToggle = useCallback(
    (school: School) =>
      toggleSchool(school.id, {
        onSuccess: (active) => notify.success(active ? schoolMessages.activated : schoolMessages.deactivated),
        onError: (error) => {
          console.error(error);
          window.alert(schoolMessages.toggleFailed);
        },
      }),
    [toggleSchool],
  );
  const onDetails = useCallback((school: School) => setDetailsId(school.id), []);

  const onConfirmDelete = (school: School) =>
    remove.mutate(school.id, {
      onSuccess: () => {
        setToDelete(null);
        if (detailsId === school.id) setDetailsId(null);
        notify.success(schoolMessages.deleted);
      },
      onError: (error) => {
        console.error(error);
        window.alert(schoolMessages.deleteFailed);
      },
    });

  return (
    <>
      <SearchableListPage
        list={schools}
        search={search}
        messages={schoolMessages}
        importHref={paths.schoolsImport.getHref()}
        add={{ href: paths.schoolForm.getHref(), label: schoolMessages.addSchool }}
        loadErrorLog="Failed to load schools"
        testIdPrefix="schools"
      >
        <SchoolsTable
          schools={search.visible}
          onDetails={onDetails}
          onToggle={onToggle}
          onDelete={setToDelete}
        />
      </SearchableListPage>

      <SchoolDetailsDialog school={details} onOpenChange={(open) => !open && setDetailsId(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete?.schoolName}
        description={schoolMessages.deleteConfirm}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && onConfirmDelete(toDelete)}
      />
    </>
  );
}
