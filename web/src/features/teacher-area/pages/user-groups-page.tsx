// Groups of a level (docs/product.md#screens-and-routes /usergroups/:id): create a group, open one's learning table, delete one.

import { ArrowLeft, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { plural } from '@/common/french.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { GroupSummary } from '@/common/schemas/teacher-area.js';
import { buttonVariants } from '@/web/src/components/ui/button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { useGroups } from '../api/get-groups';
import { useUserLevels } from '../api/get-user-levels';
import { ClassGroupsPanel } from '../components/class-groups-panel';
import { CreateGroupForm } from '../components/create-group-form';
import { DeleteGroupDialog } from '../components/delete-group-dialog';
import { GroupCard } from '../components/group-card';
import { QueryError } from '../components/query-error';
import { TeacherAreaNotFound } from '../components/teacher-area-not-found';
import type { LevelLinkState } from './user-levels-page';

/** The level's title: passed by the level card, else looked up (after a reload or a shared link). */
function useLevelTitle(levelId: string): string | undefined {
  const state = useLocation().state as Partial<LevelLinkState> | null;
  const levels = useUserLevels();
  if (state?.levelTitle) return state.levelTitle;
  return levels.data?.find((level) => String(level.id) === levelId)?.title;
}

export default function UserGroupsPage() {
  const levelId = useParams().id ?? '';
  const levelTitle = useLevelTitle(levelId);
  const groups = useGroups(levelId);
  const [toDelete, setToDelete] = useState<GroupSummary | null>(null);

  if (isNotFound(groups.error)) {
    return (
      <TeacherAreaNotFound
        title={teacherAreaMessages.levelNotFoundTitle}
        description={teacherAreaMessages.levelNotFoundDescription}
      />
    );
  }

  return (
    <>
      <Link
        to={paths.userLevels.getHref()}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        {teacherAreaMessages.levelsBack}
      </Link>
      <PageHeader
        title={levelTitle ? teacherAreaMessages.groupsOfLevel(levelTitle) : teacherAreaMessages.groupsTitle}
        tabTitle={levelTitle ? teacherAreaMessages.groupsOfLevel(levelTitle) : undefined}
        subtitle={teacherAreaMessages.groupsSubtitle}
      />

      <div className="flex flex-col gap-6">
        <ClassGroupsPanel levelId={levelId} />
        <CreateGroupForm levelId={levelId} />

        {groups.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-36 rounded-xl" />
            ))}
          </div>
        ) : groups.isError ? (
          <QueryError title={teacherAreaMessages.groupsLoadError} onRetry={() => void groups.refetch()} />
        ) : groups.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title={teacherAreaMessages.groupsEmptyTitle}
            description={teacherAreaMessages.groupsEmptyDescription}
          />
        ) : (
          <section aria-labelledby="groups-heading">
            <h2 id="groups-heading" className="mb-3 text-sm font-medium text-muted-foreground">
              {plural(groups.data.length, 'groupe', 'groupes')}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {groups.data.map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} onDelete={setToDelete} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <DeleteGroupDialog levelId={levelId} group={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
