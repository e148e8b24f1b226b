// Teacher list (SPEC §2 /teachers): search, virtualised table, profile modal, row menu.
import { Plus, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { teacherMessages } from '../../../../../common/messages/admin.js';
import type { Teacher } from '../../../../../common/schemas/teachers.js';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useTeachers } from '../api/get-teachers';
import { useRemoveTeacher } from '../api/remove-teacher';
import { useToggleTeacher } from '../api/toggle-teacher';
import { useTeacherSearch } from '../components/search-teachers';
import { TeacherProfileDialog } from '../components/teacher-profile-dialog';
import { TeachersTable } from '../components/teachers-table';

export default function TeachersPage() {
  const teachers = useTeachers();
  const [query, setQuery] = useState('');
  const [profileId, setProfileId] = useState<number | null>(null);
  const toggle = useToggleTeacher();
  const remove = useRemoveTeacher();
  const visible = useTeacherSearch(teachers.data, query);
  const profile = teachers.data?.find((teacher) => teacher.id === profileId) ?? null;

  useEffect(() => {
    if (teachers.error) console.error('Failed to load teachers', teachers.error);
  }, [teachers.error]);

  const onToggle = (teacher: Teacher) =>
    toggle.mutate(teacher.id, {
      onSuccess: () => toast.success(teacherMessages.statusUpdated),
      onError: (error) => {
        console.error(error);
        toast.error(teacherMessages.statusFailed);
      },
    });

  const onDelete = (teacher: Teacher) => {
    if (!window.confirm(teacherMessages.deleteConfirm(teacher.name))) return;
    remove.mutate(teacher.id, {
      onSuccess: () => {
        if (profileId === teacher.id) setProfileId(null);
        toast.success(teacherMessages.deleted);
      },
      onError: (error) => {
        console.error(error);
        toast.error(teacherMessages.deleteFailed);
      },
    });
  };

  const total = teachers.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title="Gestion des enseignants"
        subtitle={
          teachers.data ? `${total.toLocaleString('fr-FR')} enseignant${total === 1 ? '' : 's'}` : undefined
        }
        actions={
          <Button asChild>
            <Link to={paths.teacherForm.getHref()}>
              <Plus aria-hidden="true" />
              Ajouter un enseignant
            </Link>
          </Button>
        }
      />

      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          placeholder="Search teachers..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="teachers-search"
        />
        {query.trim() && teachers.data && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="teachers-result-count">
            {visible.length.toLocaleString('fr-FR')} result{visible.length === 1 ? '' : 's'}
          </p>
        )}
      </div>

      {teachers.isPending ? (
        <div className="flex flex-col gap-2 rounded-xl border bg-surface p-4 shadow-card" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : teachers.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            The teachers could not be loaded.
            <Button size="sm" variant="outline" onClick={() => void teachers.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : total === 0 ? (
        <EmptyState
          title="No teachers yet"
          description="Add a teacher and link them to a school and levels."
          action={
            <Button asChild>
              <Link to={paths.teacherForm.getHref()}>Ajouter un enseignant</Link>
            </Button>
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState icon={SearchX} title="No teacher matches your search" description={`“${query.trim()}”`} />
      ) : (
        <TeachersTable
          teachers={visible}
          onProfile={(teacher) => setProfileId(teacher.id)}
          onToggle={onToggle}
          onDelete={onDelete}
        />
      )}

      <TeacherProfileDialog teacher={profile} onOpenChange={(open) => !open && setProfileId(null)} />
    </>
  );
}
