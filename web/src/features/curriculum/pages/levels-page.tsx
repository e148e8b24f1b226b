// Educational levels (docs/product.md#screens-and-routes /levels): search, add, rename, delete; a row opens the level's periods.
import { GraduationCap } from 'lucide-react';
import { useEffect } from 'react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { paths } from '@/web/src/config/paths';
import { useCreateLevel } from '../api/create-level';
import { useLevels } from '../api/get-levels';
import { AddItemButton } from '../components/add-item-button';
import { ManagedList } from '../components/managed-list';
import { useTitleSearch } from '../lib/search-items';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';

export default function LevelsPage() {
  const levels = useLevels();
  const create = useCreateLevel();
  const actions = useCurriculumItemActions('level');
  // A failed load is only logged (docs/product.md#error-catalogue): the list then shows as empty.
  const search = useTitleSearch(levels.isError ? [] : levels.data?.levels, m.searchLevels);

  useEffect(() => {
    if (levels.error) console.error('Failed to load levels', levels.error);
  }, [levels.error]);

  const addButton = (
    <AddItemButton
      pending={create.isPending}
      dialog={actions.addDialog((title) => create.mutateAsync({ title }))}
    />
  );

  return (
    <>
      <PageHeader title={m.levelsTitle} actions={addButton} />
      {search.box}
      <ManagedList
        items={search.visible}
        isPending={levels.isPending}
        error={null}
        onRetry={() => void levels.refetch()}
        {...actions.list}
        icon={GraduationCap}
        hrefOf={(level) => paths.periods.getHref(level.id)}
        query={search.query}
        testId="levels-list"
        empty={{ title: m.levelsEmptyTitle, description: m.levelsEmptyDescription, action: addButton }}
      />
    </>
  );
}
