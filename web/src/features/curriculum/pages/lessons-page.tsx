// Lessons of a period (docs/product.md#screens-and-routes /levels/{id}): search, add, rename, delete; a row opens the lesson.
import { BookOpen } from 'lucide-react';
import { curriculumMessages as m } from '@/common/messages/curriculum.js';
import { paths } from '@/web/src/config/paths';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { useCreateLesson } from '../api/create-lesson';
import { useLessons } from '../api/get-lessons';
import { AddItemButton } from '../components/add-item-button';
import { CurriculumHeader } from '../components/curriculum-header';
import { ManagedList } from '../components/managed-list';
import { CurriculumNotFound } from '../components/not-found';
import { useTitleSearch } from '../lib/search-items';
import { useCurriculumItemActions } from '../lib/use-curriculum-item-actions';
import { useIdParam } from '../lib/use-id-param';
import { useReorder } from '../lib/use-reorder';

export default function LessonsPage() {
  const periodId = useIdParam();
  const lessons = useLessons(periodId);
  const create = useCreateLesson();
  const actions = useCurriculumItemActions('lesson');
  const search = useTitleSearch(lessons.data?.lessons, m.searchLessons);
  const onReorder = useReorder('lessons', periodId);

  if (periodId === null || isNotFound(lessons.error)) {
    return <CurriculumNotFound />;
  }

  const addButton = (
    <AddItemButton
      pending={create.isPending}
      dialog={actions.addDialog((title) => create.mutateAsync({ title, levelid: periodId }))}
    />
  );

  return (
    <>
      <CurriculumHeader
        query={lessons}
        name={lessons.data?.levelname}
        subtitle={m.lessonsTitle}
        actions={addButton}
      />
      {search.box}
      <ManagedList
        items={search.visible}
        isPending={lessons.isPending}
        error={lessons.isError ? m.lessonLoadFailed : null}
        onRetry={() => void lessons.refetch()}
        {...actions.list}
        icon={BookOpen}
        hrefOf={(lesson) => paths.lesson.getHref(lesson.id)}
        query={search.query}
        testId="lessons-list"
        onReorder={onReorder}
        empty={{ title: m.lessonsEmptyTitle, description: m.lessonsEmptyDescription, action: addButton }}
      />
    </>
  );
}
