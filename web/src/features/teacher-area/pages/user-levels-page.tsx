// Level picker of the teacher area (docs/product.md#screens-and-routes /user): a card per level assigned to the teacher
// (admins see every level); a card opens the level's groups and passes the level title along.
import { ChevronRight, GraduationCap, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { useUserLevels } from '../api/get-user-levels';
import { QueryError } from '../components/query-error';

export type LevelLinkState = { levelTitle: string };

export default function UserLevelsPage() {
  const levels = useUserLevels();

  return (
    <>
      <PageHeader title={teacherAreaMessages.chooseLevel} subtitle={teacherAreaMessages.levelsSubtitle} />
      {levels.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : levels.isError ? (
        <QueryError title={teacherAreaMessages.levelsLoadError} onRetry={() => void levels.refetch()} />
      ) : levels.data.length === 0 ? (
        <EmptyState
          icon={Layers}
          title={teacherAreaMessages.levelsEmptyTitle}
          description={teacherAreaMessages.levelsEmptyDescription}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {levels.data.map((level) => (
            <li key={level.id}>
              <Link
                to={paths.userGroups.getHref(level.id)}
                state={{ levelTitle: level.title } satisfies LevelLinkState}
                className="group flex h-full items-center gap-4 rounded-xl border bg-surface p-5 shadow-card transition hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <GraduationCap className="size-6" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-base font-semibold break-words text-slate-900">
                    {level.title}
                  </span>
                  <span className="text-sm text-muted-foreground">{teacherAreaMessages.seeGroups}</span>
                </span>
                <ChevronRight
                  className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-primary"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
