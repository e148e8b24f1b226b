// /eleve: a pupil's space (docs/pupils.md#lespace-de-lélève). Their groups, and in each what their
// teacher gave them in the learning table's order: « À faire » (the one they may open now, then
// those that wait their turn, shown locked), then « Terminé » (replayable, with their own score).
import { CalendarDays, Check, Lock, Play, RotateCcw, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { assignmentMessages, pupilSpaceMessages } from '@/common/messages/assignments.js';
import type { PupilActivity, PupilGroup } from '@/common/schemas/pupil-space.js';
import { Badge } from '@/web/src/components/ui/badge';
import { Button } from '@/web/src/components/ui/button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { LoadError } from '@/web/src/components/ui/load-error';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { cn } from '@/web/src/lib/utils';
import { usePupilGroupActivities, usePupilGroups } from '../api/pupil-space';

export default function PupilHomePage() {
  useTabTitle(pupilSpaceMessages.title);
  const groups = usePupilGroups();
  const groupIds = groups.data?.groups.map((group) => group.id) ?? [];
  const details = usePupilGroupActivities(groupIds);

  if (groups.isPending) return <HomeSkeleton />;
  if (groups.isError)
    return <LoadError text={pupilSpaceMessages.loadError} onRetry={() => void groups.refetch()} />;

  const { pupil } = groups.data;
  const given = groups.data.groups.some((group) => group.toDo + group.done > 0);
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {pupilSpaceMessages.hello(pupil.name)}
      </h1>
      {!given && (
        <EmptyState icon={Sparkles} title={pupilSpaceMessages.nothingGiven} className="bg-white/70 py-16" />
      )}
      {given &&
        groups.data.groups.map((group, index) => {
          const detail = details[index];
          if (group.toDo + group.done === 0) return null;
          return (
            <GroupSection
              key={group.id}
              group={group}
              activities={detail?.data?.activities}
              failed={detail?.isError ?? false}
              onRetry={() => void detail?.refetch()}
            />
          );
        })}
    </div>
  );
}

function GroupSection({
  group,
  activities,
  failed,
  onRetry,
}: {
  group: PupilGroup;
  activities: PupilActivity[] | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const toDo = activities?.filter((activity) => activity.state !== 'done') ?? [];
  const done = activities?.filter((activity) => activity.state === 'done') ?? [];
  const headingId = `groupe-${group.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {group.title}
        </h2>
        <p className="text-sm text-muted-foreground">
          {group.teacher && `${pupilSpaceMessages.teacher(group.teacher)} · `}
          {pupilSpaceMessages.counts(group.toDo, group.done)}
        </p>
      </div>
      {failed && <LoadError text={pupilSpaceMessages.loadError} onRetry={onRetry} />}
      {!activities && !failed && <Skeleton className="h-24 w-full rounded-2xl" />}
      {activities && (
        <>
          <ActivityList
            title={pupilSpaceMessages.toDo}
            activities={toDo}
            empty={pupilSpaceMessages.nothingToDo}
          />
          {done.length > 0 && <ActivityList title={pupilSpaceMessages.done} activities={done} />}
        </>
      )}
    </section>
  );
}

function ActivityList({
  title,
  activities,
  empty,
}: {
  title: string;
  activities: PupilActivity[];
  empty?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {activities.length === 0 && empty && (
        <p className="rounded-2xl bg-emerald-50 px-4 py-3 text-emerald-900">{empty}</p>
      )}
      <ul className="flex flex-col gap-2">
        {activities.map((activity) => (
          <ActivityItem key={activity.entryId} activity={activity} />
        ))}
      </ul>
    </div>
  );
}

function ActivityItem({ activity }: { activity: PupilActivity }) {
  const locked = activity.state === 'locked';
  const done = activity.state === 'done';
  const Icon = done ? Check : locked ? Lock : Play;
  return (
    <li
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-2xl border bg-white p-3 shadow-xs sm:flex-nowrap sm:gap-4 sm:p-4',
        locked ? 'border-slate-200 bg-slate-50/80' : done ? 'border-emerald-100' : 'border-sky-200',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-full',
          locked
            ? 'bg-slate-200 text-slate-500'
            : done
              ? 'bg-emerald-100 text-emerald-700'
              : 'bg-sky-100 text-sky-700',
        )}
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-0.5">
        <p className={cn('font-semibold break-words', locked ? 'text-slate-500' : 'text-slate-900')}>
          {activity.title}
        </p>
        <p className="truncate text-sm text-muted-foreground">{activity.lessonTitle}</p>
        <div className="flex flex-wrap items-center gap-2">
          {activity.dueDate && !done && (
            <span className="inline-flex items-center gap-1 text-sm text-amber-800">
              <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
              {assignmentMessages.dueOn(activity.dueDate)}
            </span>
          )}
          {locked && <span className="text-sm text-slate-500">{pupilSpaceMessages.lockedHint}</span>}
          {done && activity.score !== null && (
            <Badge variant="success">{pupilSpaceMessages.score(activity.score)}</Badge>
          )}
        </div>
      </div>
      {locked ? (
        <span className="ml-14 shrink-0 text-sm font-medium text-slate-500 sm:ml-0">
          {pupilSpaceMessages.locked}
        </span>
      ) : (
        <Button
          asChild
          size={done ? 'default' : 'lg'}
          variant={done ? 'outline' : 'default'}
          // On a phone the next activity's button takes its own full-width line: a big target for a
          // child's finger. From sm up it sits at the end of the row.
          className={cn('shrink-0', !done && 'w-full sm:w-auto')}
        >
          <Link
            to={paths.pupilActivity.getHref(String(activity.entryId))}
            state={{ returnTo: paths.pupilHome.getHref() }}
            aria-label={`${done ? pupilSpaceMessages.replay : pupilSpaceMessages.play} : ${activity.title}`}
          >
            {done ? <RotateCcw aria-hidden="true" /> : <Play aria-hidden="true" />}
            {done ? pupilSpaceMessages.replay : pupilSpaceMessages.play}
          </Link>
        </Button>
      )}
    </li>
  );
}

function HomeSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-20 w-full rounded-2xl" />
      <Skeleton className="h-20 w-full rounded-2xl" />
    </div>
  );
}
