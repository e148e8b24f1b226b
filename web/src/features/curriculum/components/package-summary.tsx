// What an activity package was recognised as, for admins: a kind badge (with a warning mark), and the
// full summary (start page, files, unpacked size, detail, warnings with examples).

import { TriangleAlert } from 'lucide-react';
import { formatBytes, formatNumber } from '@/common/french.js';
import {
  curriculumMessages as m,
  packageCounts,
  packageKindNames,
  xapiSummaryMessages as x,
} from '@/common/messages/curriculum.js';
import type { PackageKind, PackageSummary } from '@/common/schemas/activity-package.js';
import { Badge } from '@/web/src/components/ui/badge';
import { Detail } from '@/web/src/components/ui/details-dialog';

const detailLabels: Record<PackageKind, string | null> = {
  html5: null,
  scorm12: m.manifestTitle,
  scorm2004: m.manifestTitle,
  h5p: m.h5pContentType,
  cmi5: m.cmi5CourseTitle,
  tincan: m.tincanActivityTitle,
};

export function PackageKindBadge({ summary }: { summary: PackageSummary }) {
  const warnings = summary.warnings.length;
  return (
    <Badge variant={warnings > 0 ? 'warning' : 'secondary'} data-testid="package-kind">
      {warnings > 0 && <TriangleAlert className="size-3" aria-hidden="true" />}
      {packageKindNames[summary.kind]}
      {warnings > 0 && <span className="sr-only">, {packageCounts.warnings(warnings)}</span>}
    </Badge>
  );
}

export function PackageSummaryView({ summary }: { summary: PackageSummary }) {
  const detailLabel = detailLabels[summary.kind];
  return (
    <div className="grid gap-4" data-testid="package-summary">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
        <Detail label={m.summaryKind}>
          <PackageKindBadge summary={summary} />
        </Detail>
        <Detail label={m.summaryLaunch}>
          <code className="font-mono text-xs break-all">{summary.launch}</code>
        </Detail>
        <Detail label={m.summaryFiles}>{formatNumber(summary.files)}</Detail>
        <Detail label={m.summarySize}>{formatBytes(summary.unpackedBytes)}</Detail>
        {detailLabel && summary.detail && <Detail label={detailLabel}>{summary.detail}</Detail>}
        {summary.xapi && (
          <>
            <Detail label={x.units}>{x.unitsValue(summary.xapi.auCount)}</Detail>
            <Detail label={x.moveOn}>{x.moveOnLabels[summary.xapi.moveOn]}</Detail>
            <Detail label={x.masteryScore}>
              {summary.xapi.masteryScore === null
                ? x.noMasteryScore
                : `${Math.round(summary.xapi.masteryScore * 100)} %`}
            </Detail>
          </>
        )}
      </dl>
      {summary.warnings.length > 0 && (
        <ul className="grid gap-2" aria-label={m.summaryWarnings}>
          {summary.warnings.map((warning) => (
            <li
              key={warning.code}
              className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <div className="min-w-0">
                <p>{warning.message}</p>
                {warning.examples.length > 0 && (
                  <p className="mt-1 font-mono text-xs break-all text-amber-800">
                    {warning.examples.join(', ')}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
