// School form: create at /schoolform, edit at /schoolformedit/:id (docs/product.md#screens-and-routes), then back to /schools.

import { useNavigate } from 'react-router';
import { schoolMessages } from '@/common/messages/admin.js';
import {
  EntityFormPage,
  FormPageSkeleton,
  FormRoute,
  ListItemMissing,
} from '@/web/src/components/ui/form-page';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useCreateSchool } from '../api/create-school';
import { useEditSchool } from '../api/edit-school';
import { useSchools } from '../api/get-schools';
import { SchoolForm } from '../components/school-form';
import { SchoolPupils } from '../components/school-pupils';

const back = { backHref: paths.schools.getHref(), backLabel: schoolMessages.backToList };

function CreateSchool() {
  const navigate = useNavigate();
  const create = useCreateSchool();
  return (
    <EntityFormPage back={back} title={schoolMessages.addSchool} subtitle={schoolMessages.requiredHint}>
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
    </EntityFormPage>
  );
}

function EditSchool({ id }: { id: number }) {
  const navigate = useNavigate();
  const schools = useSchools();
  const edit = useEditSchool();
  const school = schools.data?.find((item) => item.id === id);

  if (schools.isPending) return <FormPageSkeleton {...back} />;
  if (!school) return <ListItemMissing back={back} listFailed={schools.isError} messages={schoolMessages} />;
  return (
    <EntityFormPage back={back} title={schoolMessages.editPageTitle} subtitle={school.schoolName}>
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
      <div className="mt-6">
        <SchoolPupils schoolId={school.id} />
      </div>
    </EntityFormPage>
  );
}

export default function SchoolFormPage() {
  return (
    <FormRoute back={back} notFoundTitle={schoolMessages.notFound} create={CreateSchool} edit={EditSchool} />
  );
}
