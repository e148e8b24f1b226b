// Periods of a level (SPEC §2 /periode/{id}): add, rename, delete; a row opens the period's lessons.
import { CalendarRange, Plus } from 'lucide-react';
import { useState } from 'react';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { periodTitleSchema } from '../../../../../common/schemas/curriculum.js';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/is-not-found';
import { notify } from '../../../lib/notify';
import { useCreatePeriod } from '../api/create-period';
import { usePeriods } from '../api/get-periods';
import { useDeletePeriod, useEditPeriod } from '../api/item-mutations';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { TitleDialog } from '../components/title-dialog';
import { CurriculumTrail } from '../components/trail';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function PeriodsPage() {
  const levelId = useIdParam();
  const periods = usePeriods(levelId);
  const create = useCreatePeriod();
  const edit = useEditPeriod();
  const remove = useDeletePeriod();
  const [adding, setAdding] = useState(false);
  const onReorder = useReorder('periods', levelId);

  if (levelId === null || isNotFound(periods.error)) {
    return <CurriculumNotFound backTo={paths.levels.getHref()} backLabel={m.levelsTitle} />;
  }

  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      {m.addPeriod}
    </Button>
  );

  return (
    <>
      <CurriculumTrail trail={periods.data?.trail} />
      <PageHeader
        title={periods.data ? periods.data.levelname : <Skeleton className="h-8 w-48" />}
        subtitle={m.periodsTitle}
        tabTitle={periods.data && m.tabTitle(m.periodsTitle, periods.data.levelname)}
        actions={addButton}
      />
      <ManagedList
        items={periods.data?.periods}
        isPending={periods.isPending}
        error={periods.isError ? getErrorMessage(periods.error, m.periodsLoadFailed) : null}
        onRetry={() => void periods.refetch()}
        label={m.periodNameLabel}
        icon={CalendarRange}
        hrefOf={(period) => paths.lessons.getHref(period.id)}
        testId="periods-list"
        onReorder={onReorder}
        empty={
          <EmptyState
            icon={CalendarRange}
            title={m.periodsEmptyTitle}
            description={m.periodsEmptyDescription}
            action={addButton}
          />
        }
        edit={{
          heading: m.editPeriodTitle,
          label: m.periodNameLabel,
          schema: periodTitleSchema,
          pending: edit.isPending,
          run: (period, title) =>
            edit.mutateAsync({ id: period.id, title }).then(
              () => notify.success(m.periodUpdated),
              (error: unknown) => {
                notify.error(m.periodUpdateFailed);
                throw error;
              },
            ),
        }}
        remove={{
          explanation: m.periodDeleteExplanation,
          pending: remove.isPending,
          run: (period) =>
            remove.mutateAsync({ id: period.id }).then(
              () => notify.success(m.periodDeleted),
              () => notify.error(m.periodDeleteFailed),
            ),
        }}
      />
      <TitleDialog
        open={adding}
        onOpenChange={setAdding}
        heading={m.addPeriod}
        label={m.periodNameLabel}
        submitLabel={m.add}
        schema={periodTitleSchema}
        pending={create.isPending}
        onSubmit={(title) =>
          create.mutateAsync({ title, levelid: levelId }).then(
            () => notify.success(m.periodAdded),
            (error: unknown) => {
              notify.error(m.periodAddFailed);
              throw error;
            },
          )
        }
      />
    </>
  );
}
