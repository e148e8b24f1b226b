// A session (docs/product.md#screens-and-routes /session/{id}): its activities, each with what its package was recognised as,
// with upload (progress bar, then the summary), rename and delete; a row opens the activity's preview. Back goes to the session's lesson.
import { Puzzle } from 'lucide-react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { paths } from '@/web/src/config/paths';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { useActivities } from '../api/get-activities';
import { CurriculumHeader } from '../components/curriculum-header';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { PackageDetailsButton } from '../components/package-details-button';
import { useUploadAction } from '../components/upload-action';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function SessionPage() {
  const sessionId = useIdParam();
  const activities = useActivities(sessionId);
  const actions = useCurriculumItemActions('activity');
  const upload = useUploadAction('zip', sessionId, actions.upload);
  const onReorder = useReorder('activities', sessionId);

  if (isNotFound(activities.error)) {
    return <CurriculumNotFound />;
  }

  return (
    <>
      <CurriculumHeader
        query={activities}
        name={activities.data?.title}
        subtitle={m.activitiesTitle}
        actions={upload.button}
      />
      <ManagedList
        items={activities.data?.activities}
        isPending={sessionId !== null && activities.isPending}
        error={activities.isError ? m.activitiesLoadFailed : null}
        onRetry={() => void activities.refetch()}
        {...actions.list}
        icon={Puzzle}
        hrefOf={(activity) => paths.activityPreview.getHref(activity.id)}
        testId="activities-list"
        onReorder={onReorder}
        aside={(activity) => <PackageDetailsButton activity={activity} />}
        empty={{
          title: m.activitiesEmptyTitle,
          description: m.activitiesEmptyDescription,
          action: upload.button,
        }}
      />
      {upload.dialog}
    </>
  );
}
