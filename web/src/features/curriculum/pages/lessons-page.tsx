// Lessons of a period (SPEC §2 /levels/{id}): search, add, rename, delete; a row opens the lesson.
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/is-not-found';
import { useCreateLesson } from '../api/create-lesson';
import { useLessons } from '../api/get-lessons';
import { AddItemButton } from '../components/add-item-button';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { CurriculumTrail, loadedTrail } from '../components/trail';
import { useTitleSearch } from '../lib/search-items';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function LessonsPage() {
  const periodId = useIdParam();
  const lessons = useLessons(periodId);
  const create = useCreateLesson();
  const actions = useCurriculumItemActions('lesson');
  const [query, setQuery] = useState('');
  const visible = useTitleSearch(lessons.data?.lessons, query);
  const onReorder = useReorder('lessons', periodId);

  if (periodId === null || isNotFound(lessons.error)) {
    return <CurriculumNotFound backTo={paths.levels.getHref()} backLabel={m.levelsTitle} />;
  }

  const addButton = (
    <AddItemButton
      pending={create.isPending}
      dialog={actions.addDialog((title) => create.mutateAsync({ title, levelid: periodId }))}
    />
  );

  return (
    <>
      <CurriculumTrail trail={loadedTrail(lessons)} />
      <PageHeader
        title={lessons.data ? lessons.data.levelname : <Skeleton className="h-8 w-48" />}
        subtitle={m.lessonsTitle}
        tabTitle={lessons.data && m.tabTitle(m.lessonsTitle, lessons.data.levelname)}
        actions={addButton}
      />
      <div className="mb-4">
        <SearchInput
          placeholder={m.searchLessons}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <ManagedList
        items={visible}
        isPending={lessons.isPending}
        error={lessons.isError ? m.lessonLoadFailed : null}
        onRetry={() => void lessons.refetch()}
        label={m.lessonNameLabel}
        icon={BookOpen}
        hrefOf={(lesson) => paths.lesson.getHref(lesson.id)}
        query={query}
        testId="lessons-list"
        onReorder={onReorder}
        empty={
          <EmptyState
            icon={BookOpen}
            title={m.lessonsEmptyTitle}
            description={m.lessonsEmptyDescription}
            action={addButton}
          />
        }
        edit={actions.edit}
        remove={actions.remove}
      />
    </>
  );
}
