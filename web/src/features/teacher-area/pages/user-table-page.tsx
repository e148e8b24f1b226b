// Learning table of a group (docs/product.md#screens-and-routes /usertable/:id): counters, collapsible periods, lessons with
// session columns of activity buttons, PDFs; locking and clickability follow docs/product.md#states-and-transitions.

import { ArrowLeft, CalendarX, RefreshCw, UsersRound } from 'lucide-react';
import { type ComponentType, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { activityToDoFirst, arrangeLessons, isLessonComplete } from '@/common/learning-rules.js';
import { assignmentMessages } from '@/common/messages/assignments.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { TableActivity, TablePeriod } from '@/common/schemas/teacher-area.js';
import { Button, buttonVariants } from '@/web/src/components/ui/button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { LoadErrorBlock } from '@/web/src/components/ui/load-error';
import { OverviewToggle, useOverviewView } from '@/web/src/components/ui/overview-toggle';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { notify } from '@/web/src/lib/notify';
import { useUserTable } from '../api/get-user-table';
import { useUpdatePending } from '../api/update-pending';
import { PeriodSection } from '../components/period-section';
import { usePlayerHost } from '../components/player-frame-host';
import { PupilWorkProvider } from '../components/pupil-work';
import { TableCounters } from '../components/table-counters';
import { TeacherAreaNotFound } from '../components/teacher-area-not-found';
import type { PlayerLinkState } from './activity-player-page';

/** The name of the activity to do before this one (its period decides), for the locked toast. */
function nameToDoFirst(periods: TablePeriod[], entryId: number): string | undefined {
  for (const period of periods) {
    const first = activityToDoFirst(period.groupslesson, entryId);
    if (first) {
      return period.groupslesson
        .flatMap((lesson) => lesson.sessions.flatMap((session) => session.activities))
        .find((activity) => activity.id === first.id)?.name;
    }
  }
  return undefined;
}

/** The activity the learner may open next in the period shown first, if any. */
function nextToDo(periods: TablePeriod[], periodId: number | undefined): number | null {
  const period = periods.find((candidate) => candidate.periodsid === periodId);
  return period ? (arrangeLessons(period.groupslesson)[0]?.nextActivityId ?? null) : null;
}

/** The period to open first: the first one with unfinished lessons, else the first with lessons. */
function initialPeriod(periods: TablePeriod[]): number | undefined {
  const withLessons = periods.filter((period) => period.groupslesson.length > 0);
  const unfinished = withLessons.find((period) => !period.groupslesson.every(isLessonComplete));
  return (unfinished ?? withLessons[0])?.periodsid;
}

function TableSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-20 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * `Overview` is the group overview of the insights feature, handed in by the app's route (a feature
 * does not import another one).
 */
export default function UserTablePage({ Overview }: { Overview: ComponentType<{ groupId: string }> }) {
  const groupId = useParams().id ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const table = useUserTable(groupId);
  const updatePending = useUpdatePending(groupId);
  const [overview, setOverview] = useOverviewView();
  const [toggled, setToggled] = useState<Map<number, boolean>>(new Map());
  const [busyActivityId, setBusyActivityId] = useState<number | null>(null);

  const periods = table.data?.period ?? [];
  const firstOpen = initialPeriod(periods);
  const isExpanded = (periodId: number) => toggled.get(periodId) ?? periodId === firstOpen;
  const toggle = (periodId: number) =>
    setToggled((current) => new Map(current).set(periodId, !isExpanded(periodId)));

  const openActivity = useCallback(
    async (activity: TableActivity, clickable: boolean) => {
      if (!clickable) {
        const first = nameToDoFirst(periods, activity.id);
        notify.error(
          teacherAreaMessages.notAllowedTitle,
          first
            ? `${teacherAreaMessages.notAllowedDescription} ${teacherAreaMessages.doFirst(first)}`
            : teacherAreaMessages.notAllowedDescription,
        );
        return;
      }
      if (busyActivityId !== null) return;
      if (activity.status === 'pending') {
        setBusyActivityId(activity.id);
        try {
          await updatePending.mutateAsync(activity.id);
        } catch (error) {
          // The learner still goes to the activity (docs/product.md#states-and-transitions).
          notify.error(getErrorMessage(error, teacherAreaMessages.statusUpdateError));
        } finally {
          setBusyActivityId(null);
        }
      }
      navigate(paths.activityPlayer.getHref(activity.id), {
        state: { returnTo: location.pathname } satisfies PlayerLinkState,
      });
    },
    [busyActivityId, navigate, updatePending, location.pathname, periods],
  );

  // The player is one click away: fetch its code and have the player frame loaded now (on the
  // origin of the activity played last, else of the one to do next).
  const { warm: warmPlayer } = usePlayerHost();
  const likely = table.data ? nextToDo(periods, firstOpen) : undefined;
  useEffect(() => {
    void import('./activity-player-page');
    if (likely !== undefined) warmPlayer(likely);
  }, [warmPlayer, likely]);

  const group = table.data?.group;
  if (!overview && isNotFound(table.error)) {
    return (
      <TeacherAreaNotFound
        title={teacherAreaMessages.groupNotFoundTitle}
        description={teacherAreaMessages.groupNotFoundDescription}
      />
    );
  }
  return (
    <>
      <Link
        to={group ? paths.userGroups.getHref(group.levelid) : paths.userLevels.getHref()}
        state={group ? { levelTitle: group.leveltitle } : undefined}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        {teacherAreaMessages.groupsTitle}
      </Link>
      <PageHeader
        title={group ? group.title : teacherAreaMessages.tableTitle}
        tabTitle={group ? `${group.title} · ${teacherAreaMessages.tableTitle}` : undefined}
        subtitle={group ? teacherAreaMessages.tableSubtitle(group.leveltitle) : undefined}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={paths.groupPupils.getHref(groupId)}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <UsersRound aria-hidden="true" />
              {assignmentMessages.pupilsLink}
            </Link>
            <OverviewToggle overview={overview} onChange={setOverview} />
          </div>
        }
      />

      {overview ? (
        <Suspense fallback={<TableSkeleton />}>
          <Overview groupId={groupId} />
        </Suspense>
      ) : table.isPending ? (
        <TableSkeleton />
      ) : table.isError ? (
        <LoadErrorBlock
          title={teacherAreaMessages.tableLoadError}
          text={getErrorMessage(table.error, teacherAreaMessages.tableLoadFailed)}
          onRetry={() => void table.refetch()}
          retryLabel={teacherAreaMessages.tryAgain}
        />
      ) : periods.length === 0 ? (
        <EmptyState
          icon={CalendarX}
          title={teacherAreaMessages.noPeriod}
          description={teacherAreaMessages.tableEmptyDescription}
          action={
            <Button variant="outline" loading={table.isFetching} onClick={() => void table.refetch()}>
              {!table.isFetching && <RefreshCw aria-hidden="true" />}
              {teacherAreaMessages.refresh}
            </Button>
          }
        />
      ) : (
        <PupilWorkProvider groupId={groupId}>
          <div className="flex flex-col gap-6">
            <TableCounters periods={periods} />
            <div className="flex flex-col gap-3">
              {periods.map((period, index) => (
                <PeriodSection
                  key={period.periodsid}
                  period={period}
                  index={index}
                  expanded={isExpanded(period.periodsid)}
                  onToggle={() => toggle(period.periodsid)}
                  busyActivityId={busyActivityId}
                  onOpenActivity={(activity, clickable) => void openActivity(activity, clickable)}
                />
              ))}
            </div>
          </div>
        </PupilWorkProvider>
      )}
    </>
  );
}
