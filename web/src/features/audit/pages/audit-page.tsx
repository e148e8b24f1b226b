// Audit log (/audit): who did what and when, newest first, filtered by actor, kind of object and
// dates (kept in the URL), loaded from the server a page at a time. Each entry reads as a French
// sentence with what changed below it; a table on wide screens, a card per entry on a phone.
import { History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { insightsMessages as m } from '@/common/messages/insights.js';
import type { AuditEntry } from '@/common/schemas/insights.js';
import { Button } from '@/web/src/components/ui/button';
import { CopyButton } from '@/web/src/components/ui/copy-button';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { LoadErrorBlock } from '@/web/src/components/ui/load-error';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/src/components/ui/table';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { useAuditLog } from '../api/get-audit';
import type { AuditFilters as Filters } from '../api/query-keys';
import { AuditFilters } from '../components/audit-filters';
import { auditSentence, type DetailLine, detailLines, shortHash } from '../lib/audit-labels';

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
        <LoadErrorBlock text={getErrorMessage(log.error, m.auditError)} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={History} title={m.auditEmpty} />
      ) : (
        <>
          <div className="hidden md:block">
            <Table aria-label={m.auditTitle} className="table-fixed">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-40">{m.auditDate}</TableHead>
                  <TableHead className="w-56">{m.auditActorColumn}</TableHead>
                  <TableHead>{m.auditAction}</TableHead>
                  <TableHead className="w-72">{m.auditDetails}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden" aria-label={m.auditTitle}>
            {entries.map((entry) => (
              <AuditCard key={entry.id} entry={entry} />
            ))}
          </ul>
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

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <span className="text-muted-foreground">{m.auditSystem}</span>;
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{entry.actor.name}</span>
      <span className="block text-xs break-all text-muted-foreground">{entry.actor.email}</span>
    </>
  );
}

function Details({ lines }: { lines: DetailLine[] }) {
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid gap-0.5 text-xs text-slate-700">
      {lines.map((line) => (
        <div key={line.label} className="flex min-w-0 flex-wrap items-center gap-x-1">
          <dt className="text-muted-foreground">{line.label} :</dt>
          {'hash' in line ? (
            <dd className="flex items-center gap-0.5">
              <code className="font-mono" title={line.hash} translate="no">
                {shortHash(line.hash)}
              </code>
              <CopyButton text={line.hash} label={m.auditCopyHash(shortHash(line.hash))} />
            </dd>
          ) : (
            <dd className="min-w-0 break-words">{line.value}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <TableRow data-testid="audit-row">
      <TableCell className="align-top whitespace-nowrap tabular-nums text-slate-700">
        {dateTime.format(new Date(entry.at))}
      </TableCell>
      <TableCell className="align-top">
        <Actor entry={entry} />
      </TableCell>
      <TableCell className="align-top break-words text-slate-900">{auditSentence(entry)}</TableCell>
      <TableCell className="align-top">
        <Details lines={detailLines(entry)} />
      </TableCell>
    </TableRow>
  );
}

function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <li className="rounded-xl border bg-surface p-4 text-sm shadow-card" data-testid="audit-card">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <Actor entry={entry} />
        </div>
        <time className="text-xs text-muted-foreground tabular-nums" dateTime={entry.at}>
          {dateTime.format(new Date(entry.at))}
        </time>
      </div>
      <p className="mt-2 break-words text-slate-900">{auditSentence(entry)}</p>
      {detailLines(entry).length > 0 && (
        <div className="mt-2 border-t pt-2">
          <Details lines={detailLines(entry)} />
        </div>
      )}
    </li>
  );
}
