// Admin dashboard (docs/product.md#screens-and-routes): four KPI cards, with four skeletons until the numbers arrive. A failed
// fetch is logged and the skeletons stay (docs/product.md#error-catalogue). Below them, the report blocks, each with its own
// loading, empty and error state.
import { Activity, GraduationCap, School, Users } from 'lucide-react';
import { useEffect } from 'react';
import { dashboardMessages } from '@/common/messages/admin.js';
import { Card } from '@/web/src/components/ui/card';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { useKpi } from '../api/get-kpi';
import { ActivityReport, RankingReport } from '../components/activity-report';
import { KpiCard } from '../components/kpi-card';
import { LicencesReport } from '../components/licences-report';

const cards = [
  {
    key: 'totalteacher',
    label: dashboardMessages.totalTeachers,
    icon: GraduationCap,
    tone: 'bg-indigo-50 text-indigo-700',
  },
  {
    key: 'totalgroup',
    label: dashboardMessages.totalGroups,
    icon: Users,
    tone: 'bg-emerald-50 text-emerald-700',
  },
  {
    key: 'totalactivity',
    label: dashboardMessages.totalActivities,
    icon: Activity,
    tone: 'bg-amber-50 text-amber-800',
  },
  { key: 'totalschool', label: dashboardMessages.totalSchools, icon: School, tone: 'bg-sky-50 text-sky-800' },
] as const;

export default function DashboardPage() {
  const kpi = useKpi();

  useEffect(() => {
    if (kpi.error) console.error('Failed to load KPIs', kpi.error);
  }, [kpi.error]);

  return (
    <>
      <PageHeader title={dashboardMessages.title} subtitle={dashboardMessages.subtitle} />
      <section
        aria-label={dashboardMessages.statistics}
        aria-busy={!kpi.data}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        {kpi.data
          ? cards.map(({ key, ...card }) => <KpiCard key={key} {...card} value={kpi.data[key]} />)
          : cards.map(({ key }) => (
              <Card key={key} className="flex items-center gap-4 p-5" data-testid="kpi-skeleton">
                <Skeleton className="size-12 rounded-xl" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-7 w-16" />
                </div>
              </Card>
            ))}
      </section>
      <div className="mt-6 grid gap-4 xl:grid-cols-3">
        <ActivityReport />
        <LicencesReport />
        <RankingReport />
      </div>
    </>
  );
}
