// Teacher list (SPEC §2 /teachers): search, virtualised table, profile modal, row menu.
import { FileUp, Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { signInLinkMessages } from '../../../../../common/messages/account-access.js';
import { teacherMessages } from '../../../../../common/messages/admin.js';
import { importMessages } from '../../../../../common/messages/imports.js';
import type { Teacher } from '../../../../../common/schemas/teachers.js';
import { Button } from '../../../components/ui/button';
import { ListSearch } from '../../../components/ui/list-search';
import { ListStates } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useTeachers } from '../api/get-teachers';
import { useIssueSignInLink } from '../api/issue-sign-in-link';
import { useRemoveTeacher } from '../api/remove-teacher';
import { useToggleTeacher } from '../api/toggle-teacher';
import { type ShownLink, SignInLinkDialog } from '../components/sign-in-link-dialog';
import { TeacherProfileDialog } from '../components/teacher-profile-dialog';
import { TeachersTable } from '../components/teachers-table';
import { useTeacherSearch } from '../lib/search-teachers';

export default function TeachersPage() {
  const teachers = useTeachers();
  const [query, setQuery] = useState('');
  const [profileId, setProfileId] = useState<number | null>(null);
  const toggle = useToggleTeacher();
  const remove = useRemoveTeacher();
  // The box shows each keystroke at once; the list follows in a render React may interrupt.
  const searched = useDeferredValue(query);
  const visible = useTeacherSearch(teachers.data, searched);
  const profile =
    profileId === null ? null : (teachers.data?.find((teacher) => teacher.id === profileId) ?? null);

  useEffect(() => {
    if (teachers.error) console.error('Failed to load teachers', teachers.error);
  }, [teachers.error]);

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

  const total = teachers.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title={teacherMessages.listTitle}
        subtitle={teachers.data ? teacherMessages.count(total) : undefined}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.teachersImport.getHref()}>
                <FileUp aria-hidden="true" />
                {importMessages.importButton}
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.teacherForm.getHref()}>
                <Plus aria-hidden="true" />
                {teacherMessages.addTeacher}
              </Link>
            </Button>
          </>
        }
      />

      <ListSearch
        placeholder={teacherMessages.search}
        value={query}
        onChange={setQuery}
        matches={searched.trim() && teachers.data ? visible.length : null}
        testIdPrefix="teachers"
      />

      <ListStates
        status={teachers.status}
        onRetry={() => void teachers.refetch()}
        errorText={teacherMessages.loadFailed}
        total={total}
        matches={visible.length}
        empty={{
          title: teacherMessages.emptyTitle,
          description: teacherMessages.emptyDescription,
          action: (
            <Button asChild>
              <Link to={paths.teacherForm.getHref()}>{teacherMessages.addTeacher}</Link>
            </Button>
          ),
        }}
        noMatchTitle={teacherMessages.noMatch}
        query={searched}
      >
        <TeachersTable
          teachers={visible}
          onProfile={onProfile}
          onToggle={onToggle}
          onResetLink={onResetLink}
          onDelete={onDelete}
        />
      </ListStates>

      <TeacherProfileDialog teacher={profile} onOpenChange={(open) => !open && setProfileId(null)} />
      <SignInLinkDialog shown={shownLink} onClose={() => setShownLink(null)} />
    </>
  );
}
