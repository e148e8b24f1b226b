// Teacher form: create at /teachersform, edit at /teacherformedit/:id (docs/product.md#screens-and-routes), then back to /teachers.
// Create and edit errors are logged (docs/product.md#error-catalogue) and also shown above the form so the admin knows why.

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInLinkMessages } from '@/common/messages/account-access.js';
import { teacherMessages } from '@/common/messages/admin.js';
import {
  EntityFormPage,
  FormPageMissing,
  FormPageSkeleton,
  FormRoute,
  ListItemMissing,
} from '@/web/src/components/ui/form-page';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useCreateTeacher } from '../api/create-teacher';
import { useEditTeacher } from '../api/edit-teacher';
import { useLevelsAndSchools } from '../api/get-levels-and-schools';
import { useTeachers } from '../api/get-teachers';
import { useInviteTeacher } from '../api/invite-teacher';
import { type ShownLink, SignInLinkDialog } from '../components/sign-in-link-dialog';
import { TeacherForm } from '../components/teacher-form';

const back = { backHref: paths.teachers.getHref(), backLabel: teacherMessages.backToList };

function useSubmitHandler(successMessage: string) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const fail = (error: unknown) => {
    console.error(error);
    setServerError(getErrorMessage(error, teacherMessages.saveFailed));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const handle = <T,>(promise: Promise<T>) =>
    promise.then(() => {
      notify.success(successMessage);
      navigate(paths.teachers.getHref());
    }, fail);
  return { serverError, handle, fail, clear: () => setServerError(null) };
}

function CreateTeacher() {
  const navigate = useNavigate();
  const options = useLevelsAndSchools();
  const create = useCreateTeacher();
  const invite = useInviteTeacher();
  const submit = useSubmitHandler(teacherMessages.created);
  // The new teacher's sign-in link, shown once; closing it goes back to the list.
  const [shown, setShown] = useState<ShownLink | null>(null);
  if (options.isPending) return <FormPageSkeleton {...back} />;
  if (!options.data) return <FormPageMissing title={teacherMessages.formOptionsFailed} {...back} />;
  return (
    <EntityFormPage back={back} title={teacherMessages.addTeacher} subtitle={teacherMessages.requiredHint}>
      <TeacherForm
        mode="create"
        options={options.data}
        submitting={create.isPending || invite.isPending}
        serverError={submit.serverError}
        onSubmit={(body) => {
          submit.clear();
          return submit.handle(create.mutateAsync(body));
        }}
        onInvite={(body) => {
          submit.clear();
          return invite.mutateAsync(body).then(({ teacher, link }) => {
            notify.success(signInLinkMessages.invited);
            setShown({ name: `${teacher.firstname} ${teacher.name}`.trim(), link });
          }, submit.fail);
        }}
      />
      <SignInLinkDialog shown={shown} onClose={() => navigate(paths.teachers.getHref())} />
    </EntityFormPage>
  );
}

function EditTeacher({ id }: { id: number }) {
  const options = useLevelsAndSchools();
  const teachers = useTeachers();
  const edit = useEditTeacher();
  const submit = useSubmitHandler(teacherMessages.updated);
  const teacher = teachers.data?.find((item) => item.id === id);
  if (options.isPending || teachers.isPending) return <FormPageSkeleton {...back} />;
  if (!options.data) return <FormPageMissing title={teacherMessages.formOptionsFailed} {...back} />;
  if (!teacher)
    return <ListItemMissing back={back} listFailed={teachers.isError} messages={teacherMessages} />;
  return (
    <EntityFormPage
      back={back}
      title={teacherMessages.editPageTitle}
      subtitle={`${teacher.firstname} ${teacher.name}`}
    >
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
    </EntityFormPage>
  );
}

export default function TeacherFormPage() {
  return (
    <FormRoute
      back={back}
      notFoundTitle={teacherMessages.notFound}
      create={CreateTeacher}
      edit={EditTeacher}
    />
  );
}
