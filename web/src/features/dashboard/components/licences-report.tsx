// Licences to renew: four counts (past their end but still active, then ending within 30, 60 and 90
// days), each a toggle that lists its schools, every school a link to its details; a CSV download.
import { useState } from 'react';
import { Link } from 'react-router';
import { daysLeftText } from '@/common/licence.js';
import { insightsMessages as m } from '@/common/messages/insights.js';
import type { Licence } from '@/common/schemas/insights.js';
import { Badge } from '@/web/src/components/ui/badge';
import { Button } from '@/web/src/components/ui/button';
import { DownloadButton } from '@/web/src/components/ui/download-button';
import { ReportCard } from '@/web/src/components/ui/report-card';
import { paths } from '@/web/src/config/paths';
import { formatDate } from '@/web/src/lib/format-date';
import { cn } from '@/web/src/lib/utils';
import { LICENCES_CSV_URL, useLicences } from '../api/get-reports';

const buckets = [
  { key: 'past', label: m.expiredActive, test: (d: number) => d < 0 },
  { key: 'd30', label: m.within30, test: (d: number) => d >= 0 && d <= 30 },
  { key: 'd60', label: m.within60, test: (d: number) => d > 30 && d <= 60 },
  { key: 'd90', label: m.within90, test: (d: number) => d > 60 && d <= 90 },
] as const;
type BucketKey = (typeof buckets)[number]['key'];

/** Rows shown before "show all": the list stays short on a platform with thousands of schools. */
const FIRST_ROWS = 8;

export function schoolDetailsHref(id: number): string {
  return `${paths.schools.getHref()}?details=${id}`;
}

export function LicencesReport() {
  const licences = useLicences();
  const all = licences.data?.licences ?? [];
  const groups = buckets.map((bucket) => ({ ...bucket, rows: all.filter((l) => bucket.test(l.daysLeft)) }));
  const [selected, setSelected] = useState<BucketKey | null>(null);
  const [showAll, setShowAll] = useState(false);
  // Opens on the most urgent bucket that has schools.
  const current =
    groups.find((g) => g.key === selected) ?? groups.find((g) => g.rows.length > 0) ?? groups[1]!;
  const rows = showAll ? current.rows : current.rows.slice(0, FIRST_ROWS);

  return (
    <ReportCard
      testId="licences-report"
      title={m.licencesTitle}
      description={m.licencesSubtitle}
      status={licences.status}
      onRetry={() => void licences.refetch()}
      errorText={m.licencesError}
      isEmpty={all.length === 0}
      emptyText={m.licencesEmpty}
      action={
        <DownloadButton
          url={LICENCES_CSV_URL}
          fallbackName="licences.csv"
          label={m.licencesExport}
          errorText={m.exportFailed}
        />
      }
    >
      <div className="grid grid-cols-2 gap-2">
        {groups.map((group) => (
          <button
            key={group.key}
            type="button"
            aria-pressed={group.key === current.key}
            onClick={() => {
              setSelected(group.key);
              setShowAll(false);
            }}
            className={cn(
              'flex cursor-pointer flex-col items-start gap-0.5 rounded-lg border px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              group.key === current.key ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
            )}
          >
            <span className="text-xl font-semibold tabular-nums text-slate-900">{group.rows.length}</span>
            <span className="text-xs font-medium text-slate-700">{group.label}</span>
          </button>
        ))}
      </div>
      {current.rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{m.noSchoolInBand}</p>
      ) : (
        <ul className="mt-4 divide-y rounded-lg border" aria-label={current.label}>
          {rows.map((licence) => (
            <LicenceRow key={licence.id} licence={licence} />
          ))}
        </ul>
      )}
      {current.rows.length > FIRST_ROWS && (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll(!showAll)}>
          {showAll ? m.showLess : m.showMore(current.rows.length - FIRST_ROWS)}
        </Button>
      )}
    </ReportCard>
  );
}

function LicenceRow({ licence }: { licence: Licence }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm">
      <div className="min-w-0">
        <Link to={schoolDetailsHref(licence.id)} className="font-medium text-primary hover:underline">
          {licence.name}
        </Link>
        {licence.city && <span className="text-muted-foreground"> · {licence.city}</span>}
      </div>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">{formatDate(licence.endDate)}</span>
        <Badge
          variant={licence.daysLeft < 0 ? 'destructive' : licence.daysLeft <= 30 ? 'warning' : 'secondary'}
        >
          {daysLeftText(licence.daysLeft)}
        </Badge>
      </div>
    </li>
  );
}
