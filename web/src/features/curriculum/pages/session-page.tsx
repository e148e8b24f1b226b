// A session (SPEC §2 /session/{id}): its activities, each with what its package was recognised as,
// with upload (progress bar, then the summary), rename and delete; a row opens the activity's preview. Back goes to the session's lesson.
import { Puzzle, Upload } from 'lucide-react';
import { useState } from 'react';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { activityTitleSchema } from '../../../../../common/schemas/curriculum.js';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/is-not-found';
import { notify } from '../../../lib/notify';
import { useActivities } from '../api/get-activities';
import { useDeleteActivity, useEditActivity } from '../api/item-mutations';
import { useUploadFile } from '../api/upload-file';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { PackageDetailsButton } from '../components/package-details-button';
import { CurriculumTrail } from '../components/trail';
import { UploadDialog } from '../components/upload-dialog';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function SessionPage() {
  const sessionId = useIdParam();
  const activities = useActivities(sessionId);
  const upload = useUploadFile();
  const edit = useEditActivity();
  const remove = useDeleteActivity();
  const [uploading, setUploading] = useState(false);
  const onReorder = useReorder('activities', sessionId);

  if (isNotFound(activities.error)) {
    return <CurriculumNotFound backTo={paths.levels.getHref()} backLabel={m.levelsTitle} />;
  }

  const addButton = (
    <Button onClick={() => setUploading(true)}>
      <Upload aria-hidden="true" />
      {m.addActivity}
    </Button>
  );

  return (
    <>
      <CurriculumTrail trail={activities.data?.trail} />
      <PageHeader
        title={activities.data ? activities.data.title : <Skeleton className="h-8 w-48" />}
        subtitle={m.activitiesTitle}
        tabTitle={activities.data && m.tabTitle(m.activitiesTitle, activities.data.title)}
        actions={addButton}
      />
      <ManagedList
        items={activities.data?.activities}
        isPending={sessionId !== null && activities.isPending}
        error={activities.isError ? m.activitiesLoadFailed : null}
        onRetry={() => void activities.refetch()}
        label={m.activityNameLabel}
        icon={Puzzle}
        hrefOf={(activity) => paths.activityPreview.getHref(activity.id)}
        testId="activities-list"
        onReorder={onReorder}
        aside={(activity) => <PackageDetailsButton activity={activity} />}
        empty={
          <EmptyState
            icon={Puzzle}
            title={m.activitiesEmptyTitle}
            description={m.activitiesEmptyDescription}
            action={addButton}
          />
        }
        edit={{
          heading: m.editActivityTitle,
          label: m.activityNameLabel,
          schema: activityTitleSchema,
          pending: edit.isPending,
          run: (activity, title) =>
            edit.mutateAsync({ id: activity.id, title }).then(
              () => notify.success(m.activityUpdated),
              (error: unknown) => {
                notify.error(getErrorMessage(error, m.activityUpdateFailed));
                throw error;
              },
            ),
        }}
        remove={{
          explanation: m.activityDeleteExplanation,
          pending: remove.isPending,
          run: (activity) =>
            remove.mutateAsync({ id: activity.id }).then(
              () => notify.success(m.activityDeleted),
              (error: unknown) => notify.error(getErrorMessage(error, m.activityDeleteFailed)),
            ),
        }}
      />
      <UploadDialog
        kind="zip"
        open={uploading}
        onOpenChange={setUploading}
        parentId={sessionId}
        pending={upload.isPending}
        onUpload={({ title, file, onProgress }) =>
          upload.mutateAsync({ kind: 'zip', parentId: sessionId ?? 0, title, file, onProgress }).then(
            (result) => {
              notify.success(m.activityAdded);
              return result.package;
            },
            (error: unknown) => {
              notify.error(m.activityAddFailed, getErrorMessage(error, ''));
              throw error;
            },
          )
        }
      />
    </>
  );
}
