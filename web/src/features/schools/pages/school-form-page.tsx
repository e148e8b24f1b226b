// School form: create at /schoolform, edit at /schoolformedit/:id (SPEC §2), then back to /schools.

import { useNavigate, useParams } from 'react-router';
import { schoolMessages } from '../../../../../common/messages/admin.js';
import { FormPage, FormPageMissing, FormPageSkeleton, parseIdParam } from '../../../components/ui/form-page';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateSchool } from '../api/create-school';
import { useEditSchool } from '../api/edit-school';
import { useSchools } from '../api/get-schools';
import { SchoolForm } from '../components/school-form';

const back = { backHref: paths.schools.getHref(), backLabel: schoolMessages.backToList };

function CreateSchool() {
  const navigate = useNavigate();
  const create = useCreateSchool();
  return (
    <FormPage {...back}>
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
    </FormPage>
  );
}

function EditSchool({ id }: { id: number }) {
  const navigate = useNavigate();
  const schools = useSchools();
  const edit = useEditSchool();
  const school = schools.data?.find((item) => item.id === id);

  if (schools.isPending) return <FormPageSkeleton {...back} />;
  if (!school) {
    return (
      <FormPageMissing
        title={schools.isError ? schoolMessages.loadOneFailed : schoolMessages.notFound}
        {...back}
      />
    );
  }
  return (
    <FormPage {...back}>
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
    </FormPage>
  );
}

export default function SchoolFormPage() {
  const { id } = useParams();
  if (id === undefined) return <CreateSchool />;
  const numericId = parseIdParam(id);
  if (numericId === null) return <FormPageMissing title={schoolMessages.notFound} {...back} />;
  return <EditSchool id={numericId} />;
}
