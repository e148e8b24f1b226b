// A session (SPEC §2 /session/{id}): its activities, each with what its package was recognised as,
// with upload (progress bar, then the summary), rename and delete; a row opens the activity's preview. Back goes to the session's lesson.
import { Puzzle, Upload } from 'lucide-react';
import { useState } from 'react';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/is-not-found';
import { useActivities } from '../api/get-activities';
import { useUploadFile } from '../api/upload-file';
import { CurriculumHeader } from '../components/curriculum-header';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { PackageDetailsButton } from '../components/package-details-button';
import { UploadDialog } from '../components/upload-dialog';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function SessionPage() {
  const sessionId = useIdParam();
  const activities = useActivities(sessionId);
  const upload = useUploadFile();
  const actions = useCurriculumItemActions('activity');
  const [uploading, setUploading] = useState(false);
  const onReorder = useReorder('activities', sessionId);

  if (isNotFound(activities.error)) {
    return <CurriculumNotFound />;
  }

  const addButton = (
    <Button onClick={() => setUploading(true)}>
      <Upload aria-hidden="true" />
      {m.addActivity}
    </Button>
  );

  return (
    <>
      <CurriculumHeader
        query={activities}
        name={activities.data?.title}
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
        empty={{
          title: m.activitiesEmptyTitle,
          description: m.activitiesEmptyDescription,
          action: addButton,
        }}
        edit={actions.edit}
        remove={actions.remove}
      />
      <UploadDialog
        kind="zip"
        open={uploading}
        onOpenChange={setUploading}
        parentId={sessionId}
        pending={upload.isPending}
        onUpload={({ title, file, onProgress }) =>
          actions
            .upload(upload.mutateAsync({ kind: 'zip', parentId: sessionId ?? 0, title, file, onProgress }))
            .then((result) => result.package)
        }
      />
    </>
  );
}
