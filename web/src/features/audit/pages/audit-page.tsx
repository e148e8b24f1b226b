// Audit log (/audit): who did what and when, newest first, filtered by actor, kind of object and
// dates (kept in the URL), loaded from the server a page at a time.
import { History, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { insightsMessages as m } from '../../../../../common/messages/insights.js';
import type { AuditEntry } from '../../../../../common/schemas/insights.js';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { getErrorMessage } from '../../../lib/api-client';
import { type AuditFilters as Filters, useAuditLog } from '../api/get-audit';
import { AuditFilters } from '../components/audit-filters';
import { actionLabel, detailLines, entityLabels } from '../lib/audit-labels';

const FILTER_KEYS = ['actor', 'entity', 'from', 'to'] as const;

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <>
      <PageHeader title={m.auditTitle} subtitle={m.auditSubtitle} />
      <AuditFilters
        key={params.toString()}
        value={filters}
        onChange={(next) =>
          setParams(
            Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as Record<string, string>,
          )
        }
      />
      {log.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" data-testid="audit-skeleton">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-12 w-full rounded-lg" />
          ))}
        </div>
      ) : log.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{getErrorMessage(log.error, m.auditError)}</p>
            <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void log.refetch()}>
              <RefreshCw aria-hidden="true" />
              {m.retry}
            </Button>
          </AlertDescription>
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState icon={History} title={m.auditEmpty} />
      ) : (
        <>
          <Table aria-label={m.auditTitle}>
            <TableHeader>
              <TableRow>
                <TableHead>{m.auditDate}</TableHead>
                <TableHead>{m.auditActorColumn}</TableHead>
                <TableHead>{m.auditAction}</TableHead>
                <TableHead>{m.auditObject}</TableHead>
                <TableHead>{m.auditDetails}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </TableBody>
          </Table>
          <div className="mt-4 flex justify-center">
            {log.hasNextPage ? (
              <Button
                variant="outline"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {m.auditOlder}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{m.auditStart}</p>
            )}
          </div>
        </>
      )}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const lines = detailLines(entry.details);
  return (
    <TableRow data-testid="audit-row">
      <TableCell className="whitespace-nowrap tabular-nums text-slate-700">
        {dateTime.format(new Date(entry.at))}
      </TableCell>
      <TableCell className="min-w-48">
        {entry.actor ? (
          <>
            <span className="block font-medium text-slate-900">{entry.actor.name}</span>
            <span className="block text-xs text-muted-foreground">{entry.actor.email}</span>
          </>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell className="min-w-40">{actionLabel(entry.action, entry.entity)}</TableCell>
      <TableCell className="whitespace-nowrap">
        {entityLabels[entry.entity] ?? entry.entity}
        {entry.entityId !== null && <span className="text-muted-foreground"> #{entry.entityId}</span>}
      </TableCell>
      <TableCell className="min-w-56 text-xs text-slate-700">
        {lines.length === 0
          ? '—'
          : lines.map((line) => (
              <span key={line} className="block break-words">
                {line}
              </span>
            ))}
      </TableCell>
    </TableRow>
  );
}
