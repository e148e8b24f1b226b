// Teacher list (docs/product.md#screens-and-routes /teachers): search, virtualised table, profile modal, row menu.
import { useCallback, useState } from 'react';
import { signInLinkMessages } from '@/common/messages/account-access.js';
import { teacherMessages } from '@/common/messages/admin.js';
import type { Teacher } from '@/common/schemas/teachers.js';
import { SearchableListPage, useListSearch } from '@/web/src/components/ui/list-page';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useTeachers } from '../api/get-teachers';
import { useIssueSignInLink } from '../api/issue-sign-in-link';
import { useRemoveTeacher } from '../api/remove-teacher';
import { useToggleTeacher } from '../api/toggle-teacher';
import { type ShownLink, SignInLinkDialog } from '../components/sign-in-link-dialog';
import { TeacherProfileDialog } from '../components/teacher-profile-dialog';
import { TeachersTable } from '../components/teachers-table';
import { teacherSearchText } from '../lib/search-teachers';

export default function TeachersPage() {
  const teachers = useTeachers();
  const search = useListSearch(teachers.data, teacherSearchText);
  const [profileId, setProfileId] = useState<number | null>(null);
  const toggle = useToggleTeacher();
  const remove = useRemoveTeacher();
  const profile =
    profileId === null ? null : (teachers.data?.find((teacher) => teacher.id === profileId) ?? null);

  // Stable row handlers: the table is memoised, so a keystroke does not re-render its rows.
  const { mutate: toggleTeacher } = toggle;
  const onToggle = useCallback(
    (teacher: Teacher) =>
      toggleTeacher(teacher.id, {
        onSuccess: () => notify.success(teacherMessages.statusUpdated),
        onError: (error) => {
          console.error(error);
          notify.error(teacherMessages.statusFailed);
        },
      }),
    [toggleTeacher],
  );

  const { mutate: removeTeacher } = remove;
  const onDelete = useCallback(
    (teacher: Teacher) => {
      if (!window.confirm(teacherMessages.deleteConfirm(teacher.name))) return;
      removeTeacher(teacher.id, {
        onSuccess: () => {
          setProfileId((id) => (id === teacher.id ? null : id));
          notify.success(teacherMessages.deleted);
        },
        onError: (error) => {
          console.error(error);
          notify.error(teacherMessages.deleteFailed);
        },
      });
    },
    [removeTeacher],
  );
  const onProfile = useCallback((teacher: Teacher) => setProfileId(teacher.id), []);

  // "Mot de passe oublié": the new link is shown once, in a dialog.
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const { mutate: issueLink } = useIssueSignInLink();
  const onResetLink = useCallback(
    (teacher: Teacher) =>
      issueLink(teacher.id, {
        onSuccess: (link) => setShownLink({ name: `${teacher.firstname} ${teacher.name}`.trim(), link }),
        onError: (error) => notify.error(getErrorMessage(error, signInLinkMessages.resetFailed)),
      }),
    [issueLink],
  );

  return (
    <>
      <SearchableListPage
        list={teachers}
        search={search}
        messages={teacherMessages}
        importHref={paths.teachersImport.getHref()}
        add={{ href: paths.teacherForm.getHref(), label: teacherMessages.addTeacher }}
        loadErrorLog="Failed to load teachers"
        testIdPrefix="teachers"
      >
        <TeachersTable
          teachers={search.visible}
          onProfile={onProfile}
          onToggle={onToggle}
          onResetLink={onResetLink}
          onDelete={onDelete}
        />
      </SearchableListPage>

      <TeacherProfileDialog teacher={profile} onOpenChange={(open) => !open && setProfileId(null)} />
      <SignInLinkDialog shown={shownLink} onClose={() => setShownLink(null)} />
    </>
  );
}
