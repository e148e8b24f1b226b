// "Vue d'ensemble" of /usertable/{id}: the group's completion, its activities by lesson as a compact
// grid (completed / pending / locked, each told by an icon and words, not by colour alone), the
// date each was completed, completion over time as a small chart, and the CSV exports.

import { Check, Circle, Lock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { insightsMessages as m } from '@/common/messages/insights.js';
import type { OverviewActivity, OverviewLesson, OverviewStatus } from '@/common/schemas/insights.js';
import { Card } from '@/web/src/components/ui/card';
import { DownloadButton } from '@/web/src/components/ui/download-button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { LoadErrorBlock } from '@/web/src/components/ui/load-error';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { cn } from '@/web/src/lib/utils';
import { groupCsvUrl, levelCsvUrl, useGroupOverview } from '../api/get-group-overview';

const CompletionChart = lazy(() => import('./completion-chart'));

const statusText: Record<OverviewStatus, string> = {
  completed: 'terminée',
  pending: 'à faire',
  locked: 'verrouillée',
};
const statusStyle: Record<OverviewStatus, { icon: typeof Check; classes: string }> = {
  completed: { icon: Check, classes: 'border-emerald-600 bg-emerald-50 text-emerald-900' },
  pending: { icon: Circle, classes: 'border-dashed border-slate-400 bg-surface text-slate-700' },
  locked: { icon: Lock, classes: 'border-slate-200 bg-slate-100 text-slate-600' },
};

const scoreText = (score: number) => `${score.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { day: '2-digit', month: '2-digit', year: '2-digit' });

export default function GroupOverview({ groupId }: { groupId: string }) {
  const overview = useGroupOverview(groupId);

  if (overview.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true" data-testid="overview-skeleton">
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <LoadErrorBlock
        text={getErrorMessage(overview.error, m.overviewError)}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const { group, lessons, totals, timeline } = overview.data;
  const percent = totals.total === 0 ? 0 : Math.round((totals.completed / totals.total) * 100);

  return (
    <div className="flex flex-col gap-4" data-testid="group-overview">
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{m.groupProgress}</p>
          <p
            className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
            data-testid="overview-total"
          >
            {totals.completed} / {totals.total} activités terminées ({percent} %)
          </p>
          {totals.undated > 0 && (
            <p className="mt-1 text-xs text-muted-foreground">
              Dont {totals.undated} terminée{totals.undated > 1 ? 's' : ''} avant l’enregistrement des dates
              (—).
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <DownloadButton
            url={groupCsvUrl(group.id)}
            fallbackName="groupe.csv"
            label={m.groupCsv}
            errorText={m.exportFailed}
          />
          <DownloadButton
            url={levelCsvUrl(group.levelId)}
            fallbackName="niveau.csv"
            label={m.levelCsv}
            errorText={m.exportFailed}
          />
        </div>
      </Card>

      {lessons.length === 0 ? (
        <EmptyState title={m.overviewEmpty} />
      ) : (
        <>
          <Card className="p-5">
            <h2 className="mb-3 text-base font-semibold">{m.progressOverTime}</h2>
            {timeline.length === 0 ? (
              <p className="text-sm text-muted-foreground">{m.noDatedCompletion}</p>
            ) : (
              <Suspense fallback={<Skeleton className="h-56 w-full rounded-lg" />}>
                <CompletionChart points={timeline} total={totals.total} />
              </Suspense>
            )}
          </Card>
          <Card className="p-5">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold">{m.activitiesByLesson}</h2>
              <Legend />
            </div>
            <ol className="flex flex-col divide-y">
              {lessons.map((lesson) => (
                <LessonRow key={lesson.id} lesson={lesson} />
              ))}
            </ol>
          </Card>
        </>
      )}
    </div>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-3 text-xs text-slate-700" aria-label={m.legend}>
      {(Object.keys(statusText) as OverviewStatus[]).map((status) => {
        const Icon = statusStyle[status].icon;
        return (
          <li key={status} className="flex items-center gap-1">
            <span
              className={cn(
                'flex size-5 items-center justify-center rounded border',
                statusStyle[status].classes,
              )}
            >
              <Icon className="size-3" aria-hidden="true" />
            </span>
            {statusText[status].charAt(0).toUpperCase() + statusText[status].slice(1)}
          </li>
        );
      })}
    </ul>
  );
}

function LessonRow({ lesson }: { lesson: OverviewLesson }) {
  const done = lesson.activities.filter((a) => a.status === 'completed').length;
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4" data-testid="overview-lesson">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-slate-900">{lesson.title}</p>
        <p className="text-xs text-muted-foreground">
          {lesson.period} · {done}/{lesson.activities.length}
        </p>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={m.lessonActivities(lesson.title)}>
        {lesson.activities.map((activity, index) => (
          <ActivityCell key={activity.id} activity={activity} index={index + 1} />
        ))}
      </ul>
    </li>
  );
}

function ActivityCell({ activity, index }: { activity: OverviewActivity; index: number }) {
  const { icon: Icon, classes } = statusStyle[activity.status];
  const date =
    activity.status === 'completed' ? (activity.completedAt ? shortDate(activity.completedAt) : '—') : null;
  const description = [
    `${activity.title} (${activity.session})`,
    statusText[activity.status],
    date && `le ${date}`,
    activity.score !== null && `score ${scoreText(activity.score)}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li
      title={description}
      data-status={activity.status}
      className={cn('flex min-w-14 flex-col items-center rounded-md border px-1.5 py-1 text-xs', classes)}
    >
      <span className="flex items-center gap-0.5 font-semibold tabular-nums" aria-hidden="true">
        <Icon className="size-3" />
        {index}
      </span>
      {date && (
        <span className="text-[11px] tabular-nums" aria-hidden="true">
          {date}
        </span>
      )}
      {activity.score !== null && (
        <span className="text-[11px] font-medium tabular-nums" aria-hidden="true">
          {scoreText(activity.score)}
        </span>
      )}
      <span className="sr-only">{description}</span>
    </li>
  );
}
