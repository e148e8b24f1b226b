// Periods of a level (docs/product.md#screens-and-routes /periode/{id}): add, rename, delete; a row opens the period's lessons.
import { CalendarRange } from 'lucide-react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { useCreatePeriod } from '../api/create-period';
import { usePeriods } from '../api/get-periods';
import { AddItemButton } from '../components/add-item-button';
import { CurriculumHeader } from '../components/curriculum-header';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function PeriodsPage() {
  const levelId = useIdParam();
  const periods = usePeriods(levelId);
  const create = useCreatePeriod();
  const actions = useCurriculumItemActions('period');
  const onReorder = useReorder('periods', levelId);

  if (levelId === null || isNotFound(periods.error)) {
    return <CurriculumNotFound />;
  }

  const addButton = (
    <AddItemButton
      pending={create.isPending}
      dialog={actions.addDialog((title) => create.mutateAsync({ title, levelid: levelId }))}
    />
  );

  return (
    <>
      <CurriculumHeader
        query={periods}
        name={periods.data?.levelname}
        subtitle={m.periodsTitle}
        actions={addButton}
      />
      <ManagedList
        items={periods.data?.periods}
        isPending={periods.isPending}
        error={periods.isError ? getErrorMessage(periods.error, m.periodsLoadFailed) : null}
        onRetry={() => void periods.refetch()}
        {...actions.list}
        icon={CalendarRange}
        hrefOf={(period) => paths.lessons.getHref(period.id)}
        testId="periods-list"
        onReorder={onReorder}
        empty={{ title: m.periodsEmptyTitle, description: m.periodsEmptyDescription, action: addButton }}
      />
    </>
  );
}
