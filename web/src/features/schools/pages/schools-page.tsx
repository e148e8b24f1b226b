// School list (SPEC §2 /schools): search, virtualised table, details modal, row menu, delete modal.
import { FileUp, Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { schoolMessages } from '../../../../../common/messages/admin.js';
import { importMessages } from '../../../../../common/messages/imports.js';
import type { School } from '../../../../../common/schemas/schools.js';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSearch } from '../../../components/ui/list-search';
import { ListStates } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useDeleteSchool } from '../api/delete-school';
import { useSchools } from '../api/get-schools';
import { useToggleSchool } from '../api/toggle-school';
import { SchoolDetailsDialog } from '../components/school-details-dialog';
import { SchoolsTable } from '../components/schools-table';
import { useSchoolSearch } from '../lib/search-schools';

export default function SchoolsPage() {
  const schools = useSchools();
  const [query, setQuery] = useState('');
  // `?details=ID` (a link from the dashboard) opens that school's details.
  const [searchParams] = useSearchParams();
  const [detailsId, setDetailsId] = useState<number | null>(
    () => Number(searchParams.get('details')) || null,
  );
  const [toDelete, setToDelete] = useState<School | null>(null);
  const toggle = useToggleSchool();
  const remove = useDeleteSchool();
  // The box shows each keystroke at once; the list follows in a render React may interrupt.
  const searched = useDeferredValue(query);
  const visible = useSchoolSearch(schools.data, searched);
  // The modal follows the list, so a toggle made from the menu shows in an open modal too.
  const details =
    detailsId === null ? null : (schools.data?.find((school) => school.id === detailsId) ?? null);

  useEffect(() => {
    if (schools.error) console.error('Failed to load schools', schools.error);
  }, [schools.error]);

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

  const total = schools.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title={schoolMessages.listTitle}
        subtitle={schools.data ? schoolMessages.count(total) : undefined}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.schoolsImport.getHref()}>
                <FileUp aria-hidden="true" />
                {importMessages.importButton}
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.schoolForm.getHref()}>
                <Plus aria-hidden="true" />
                {schoolMessages.addSchool}
              </Link>
            </Button>
          </>
        }
      />

      <ListSearch
        placeholder={schoolMessages.search}
        value={query}
        onChange={setQuery}
        matches={searched.trim() && schools.data ? visible.length : null}
        testIdPrefix="schools"
      />

      <ListStates
        status={schools.status}
        onRetry={() => void schools.refetch()}
        errorText={schoolMessages.loadFailed}
        total={total}
        matches={visible.length}
        empty={{
          title: schoolMessages.emptyTitle,
          description: schoolMessages.emptyDescription,
          action: (
            <Button asChild>
              <Link to={paths.schoolForm.getHref()}>{schoolMessages.addSchool}</Link>
            </Button>
          ),
        }}
        noMatchTitle={schoolMessages.noMatch}
        query={searched}
      >
        <SchoolsTable schools={visible} onDetails={onDetails} onToggle={onToggle} onDelete={setToDelete} />
      </ListStates>

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
