// The preview page's compact view of a package: kind, start page, files and size in one line, the
// full summary (warnings included) on demand.

import { ChevronDown } from 'lucide-react';
import { formatBytes } from '@/common/french.js';
import { curriculumMessages as m, packageCounts } from '@/common/messages/curriculum.js';
import type { PackageSummary } from '@/common/schemas/activity-package.js';
import { PackageKindBadge, PackageSummaryView } from './package-summary';

export function PackageStrip({ summary }: { summary: PackageSummary }) {
  const warnings = summary.warnings.length;
  return (
    <details className="group rounded-xl border bg-surface shadow-card" data-testid="package-strip">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <PackageKindBadge summary={summary} />
        <span className="min-w-0 truncate">
          {m.launchesWith} <code className="font-mono text-xs">{summary.launch}</code>
        </span>
        <span className="text-muted-foreground">
          {packageCounts.files(summary.files)} · {formatBytes(summary.unpackedBytes)}
        </span>
        {warnings > 0 && (
          <span className="font-medium text-amber-800">{packageCounts.warnings(warnings)}</span>
        )}
        <span className="ml-auto flex items-center gap-1 text-xs font-medium text-primary">
          {m.details}
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </span>
      </summary>
      <div className="border-t px-4 py-4">
        <PackageSummaryView summary={summary} />
      </div>
    </details>
  );
}
