// School form: create at /schoolform, edit at /schoolformedit/:id (SPEC §2), then back to /schools.

import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { schoolMessages } from '../../../../../common/messages/admin.js';
import { FormPage, FormPageMissing, FormPageSkeleton } from '../../../components/ui/form-page';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateSchool } from '../api/create-school';
import { useEditSchool } from '../api/edit-school';
import { useSchools } from '../api/get-schools';
import { SchoolForm } from '../components/school-form';

function SchoolFormFrame({ children }: { children: ReactNode }) {
  return (
    <FormPage backHref={paths.schools.getHref()} backLabel={schoolMessages.backToList}>
      {children}
    </FormPage>
  );
}

function CreateSchool() {
  const navigate = useNavigate();
  const create = useCreateSchool();
  return (
    <SchoolFormFrame>
      <PageHeader title={schoolMessages.addSchool} subtitle={schoolMessages.requiredHint} />
      <SchoolForm
        mode="create"
        submitting={create.isPending}
        onSubmit={(values) =>
          create.mutateAsync(values).then(
            () => {
              notify.success(schoolMessages.created);
              navigate(paths.schools.getHref());
            },
            (error) => notify.error(getErrorMessage(error, schoolMessages.createFailed)),
          )
        }
      />
    </SchoolFormFrame>
  );
}

function EditSchool({ id }: { id: number }) {
  const navigate = useNavigate();
  const schools = useSchools();
  const edit = useEditSchool();
  const school = schools.data?.find((item) => item.id === id);

  if (schools.isPending) {
    return (
      <SchoolFormFrame>
        <FormPageSkeleton />
      </SchoolFormFrame>
    );
  }
  if (!school) {
    return (
      <SchoolFormFrame>
        <FormPageMissing
          title={schools.isError ? schoolMessages.loadOneFailed : schoolMessages.notFound}
          backHref={paths.schools.getHref()}
          backLabel={schoolMessages.backToList}
        />
      </SchoolFormFrame>
    );
  }
  return (
    <SchoolFormFrame>
      <PageHeader title={schoolMessages.editPageTitle} subtitle={school.schoolName} />
      <SchoolForm
        key={school.id}
        mode="edit"
        school={school}
        submitting={edit.isPending}
        onSubmit={(values) =>
          edit.mutateAsync({ id, values }).then(
            () => {
              notify.success(schoolMessages.updated);
              navigate(paths.schools.getHref());
            },
            (error) => notify.error(getErrorMessage(error, schoolMessages.updateFailed)),
          )
        }
      />
    </SchoolFormFrame>
  );
}

export default function SchoolFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateSchool />;
  const numericId = Number(id);
  if (!Number.isInteger(numericId) || numericId <= 0) {
    return (
      <SchoolFormFrame>
        <FormPageMissing
          title={schoolMessages.notFound}
          backHref={paths.schools.getHref()}
          backLabel={schoolMessages.backToList}
        />
      </SchoolFormFrame>
    );
  }
  return <EditSchool id={numericId} />;
}
