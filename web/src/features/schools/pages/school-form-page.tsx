// School form: create at /schoolform, edit at /schoolformedit/:id (SPEC §2), then back to /schools.
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { schoolMessages } from '../../../../../common/messages/admin.js';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useCreateSchool } from '../api/create-school';
import { useEditSchool } from '../api/edit-school';
import { useSchools } from '../api/get-schools';
import { SchoolForm } from '../components/school-form';

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 mb-2 w-fit">
      <Link to={paths.schools.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Schools
      </Link>
    </Button>
  );
}

function CreateSchool() {
  const navigate = useNavigate();
  const create = useCreateSchool();
  return (
    <>
      <BackLink />
      <PageHeader title="Ajouter une école" subtitle="Fields marked * are required." />
      <SchoolForm
        mode="create"
        submitting={create.isPending}
        onSubmit={(values) =>
          create.mutateAsync(values).then(
            () => {
              toast.success(schoolMessages.created);
              navigate(paths.schools.getHref());
            },
            (error) => toast.error(getErrorMessage(error, schoolMessages.createFailed)),
          )
        }
      />
    </>
  );
}

function EditSchool({ id }: { id: number }) {
  const navigate = useNavigate();
  const schools = useSchools();
  const edit = useEditSchool();
  const school = schools.data?.find((item) => item.id === id);

  if (schools.isPending) {
    return (
      <>
        <BackLink />
        <Skeleton className="mb-6 h-9 w-64" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </>
    );
  }
  if (!school) {
    return (
      <>
        <BackLink />
        <EmptyState
          title={schools.isError ? 'The school could not be loaded' : schoolMessages.notFound}
          action={
            <Button asChild>
              <Link to={paths.schools.getHref()}>Back to the schools</Link>
            </Button>
          }
        />
      </>
    );
  }
  return (
    <>
      <BackLink />
      <PageHeader title="Modifier l’école" subtitle={school.schoolName} />
      <SchoolForm
        key={school.id}
        mode="edit"
        school={school}
        submitting={edit.isPending}
        onSubmit={(values) =>
          edit.mutateAsync({ id, values }).then(
            () => {
              toast.success(schoolMessages.updated);
              navigate(paths.schools.getHref());
            },
            (error) => toast.error(getErrorMessage(error, schoolMessages.updateFailed)),
          )
        }
      />
    </>
  );
}

export default function SchoolFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateSchool />;
  const numericId = Number(id);
  if (!Number.isInteger(numericId) || numericId <= 0) {
    return <EmptyState title={schoolMessages.notFound} />;
  }
  return <EditSchool id={numericId} />;
}
