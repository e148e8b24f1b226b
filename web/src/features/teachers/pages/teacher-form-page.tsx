// Teacher form: create at /teachersform, edit at /teacherformedit/:id (SPEC §2), then back to /teachers.
// Create and edit errors are logged (SPEC §8) and also shown above the form so the admin knows why.
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { teacherMessages } from '../../../../../common/messages/admin.js';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useCreateTeacher } from '../api/create-teacher';
import { useEditTeacher } from '../api/edit-teacher';
import { useLevelsAndSchools } from '../api/get-levels-and-schools';
import { useTeachers } from '../api/get-teachers';
import { TeacherForm } from '../components/teacher-form';

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 mb-2 w-fit">
      <Link to={paths.teachers.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Teachers
      </Link>
    </Button>
  );
}

function Loading() {
  return (
    <>
      <BackLink />
      <Skeleton className="mb-6 h-9 w-64" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </>
  );
}

function Missing({ title }: { title: string }) {
  return (
    <>
      <BackLink />
      <EmptyState
        title={title}
        action={
          <Button asChild>
            <Link to={paths.teachers.getHref()}>Back to the teachers</Link>
          </Button>
        }
      />
    </>
  );
}

function useSubmitHandler(successMessage: string) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const handle = <T,>(promise: Promise<T>) =>
    promise.then(
      () => {
        toast.success(successMessage);
        navigate(paths.teachers.getHref());
      },
      (error: unknown) => {
        console.error(error);
        setServerError(getErrorMessage(error, teacherMessages.saveFailed));
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
    );
  return { serverError, handle, clear: () => setServerError(null) };
}

function CreateTeacher() {
  const options = useLevelsAndSchools();
  const create = useCreateTeacher();
  const submit = useSubmitHandler(teacherMessages.created);
  if (options.isPending) return <Loading />;
  if (!options.data) return <Missing title="The form options could not be loaded" />;
  return (
    <>
      <BackLink />
      <PageHeader title="Ajouter un enseignant" subtitle="Fields marked * are required." />
      <TeacherForm
        mode="create"
        options={options.data}
        submitting={create.isPending}
        serverError={submit.serverError}
        onSubmit={(body) => {
          submit.clear();
          return submit.handle(create.mutateAsync(body));
        }}
      />
    </>
  );
}

function EditTeacher({ id }: { id: number }) {
  const options = useLevelsAndSchools();
  const teachers = useTeachers();
  const edit = useEditTeacher();
  const submit = useSubmitHandler(teacherMessages.updated);
  const teacher = teachers.data?.find((item) => item.id === id);
  if (options.isPending || teachers.isPending) return <Loading />;
  if (!options.data) return <Missing title="The form options could not be loaded" />;
  if (!teacher)
    return (
      <Missing title={teachers.isError ? 'The teacher could not be loaded' : teacherMessages.notFound} />
    );
  return (
    <>
      <BackLink />
      <PageHeader title="Modifier l’enseignant" subtitle={`${teacher.firstname} ${teacher.name}`} />
      <TeacherForm
        key={teacher.id}
        mode="edit"
        teacher={teacher}
        options={options.data}
        submitting={edit.isPending}
        serverError={submit.serverError}
        onSubmit={(body) => {
          submit.clear();
          return submit.handle(edit.mutateAsync({ id, body }));
        }}
      />
    </>
  );
}

export default function TeacherFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateTeacher />;
  const numericId = Number(id);
  if (!Number.isInteger(numericId) || numericId <= 0) return <Missing title={teacherMessages.notFound} />;
  return <EditTeacher id={numericId} />;
}
