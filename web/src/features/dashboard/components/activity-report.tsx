// Activity blocks of the dashboard: the 12-week chart (recharts loaded with it, lazily) and the ten
// most and least active schools over 30 days, by completions per group.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { insightsMessages as m } from '@/common/messages/insights.js';
import type { SchoolActivity } from '@/common/schemas/insights.js';
import { ReportCard } from '@/web/src/components/ui/report-card';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { useActivity } from '../api/get-reports';
import { schoolDetailsHref } from './licences-report';

const ActivityChart = lazy(() => import('./activity-chart'));

export function ActivityReport() {
  const activity = useActivity();
  const weeks = activity.data?.weeks ?? [];
  return (
    <ReportCard
      testId="activity-report"
      className="xl:col-span-2"
      title={m.activityTitle}
      description={m.activitySubtitle}
      status={activity.status}
      onRetry={() => void activity.refetch()}
      errorText={m.activityError}
      isEmpty={weeks.every((week) => week.completions === 0)}
      emptyText={m.activityEmpty}
      skeletonClassName="h-72"
    >
      <Suspense fallback={<Skeleton className="h-72 w-full rounded-lg" />}>
        <ActivityChart weeks={weeks} />
      </Suspense>
    </ReportCard>
  );
}

export function RankingReport() {
  const activity = useActivity();
  const most = activity.data?.mostActive ?? [];
  const least = activity.data?.leastActive ?? [];
  return (
    <ReportCard
      testId="ranking-report"
      className="xl:col-span-3"
      title={m.rankingTitle}
      description={m.rankingSubtitle}
      status={activity.status}
      onRetry={() => void activity.refetch()}
      errorText={m.activityError}
      isEmpty={most.length === 0}
      emptyText={m.rankingEmpty}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Ranking title={m.mostActive} schools={most} max={most[0]?.perGroup ?? 0} />
        {least.length > 0 && <Ranking title={m.leastActive} schools={least} max={most[0]?.perGroup ?? 0} />}
      </div>
    </ReportCard>
  );
}

const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** A ranked list; each school's rate also drawn as a bar (its number is written beside it). */
function Ranking({ title, schools, max }: { title: string; schools: SchoolActivity[]; max: number }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{title}</h3>
      <ol className="flex flex-col gap-2">
        {schools.map((school, index) => (
          <li key={school.id} className="grid grid-cols-[1.5rem_1fr_auto] items-center gap-x-2 text-sm">
            <span className="text-right text-xs font-medium text-muted-foreground tabular-nums">
              {index + 1}.
            </span>
            <div className="min-w-0">
              <Link
                to={schoolDetailsHref(school.id)}
                className="block truncate font-medium text-primary hover:underline"
                title={school.name}
              >
                {school.name}
              </Link>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-indigo-500"
                  style={{ width: `${max > 0 ? Math.max(2, (school.perGroup / max) * 100) : 2}%` }}
                />
              </div>
            </div>
            <span className="text-right text-xs text-slate-700 tabular-nums">
              <span className="font-semibold text-slate-900">{number.format(school.perGroup)}</span> / groupe
              <span className="block text-muted-foreground">
                {number.format(school.completions)} en {school.groups} gr.
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
