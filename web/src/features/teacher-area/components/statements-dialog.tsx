// What an activity sent for this group (its xAPI statements: verb, time, score), opened from the
// learning table by a small button beside the activity: a dialog that loads them when opened, with
// loading, error (retry) and empty states. Readable at 390 px: one line per statement that wraps.
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { teacherAreaMessages as m } from '@/common/messages/teacher-area.js';
import type { StatementSummary } from '@/common/schemas/xapi.js';
import { Button } from '@/web/src/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/src/components/ui/dialog';
import { Spinner } from '@/web/src/components/ui/spinner';
import { useActivityStatements } from '../api/get-activity-statements';
import { QueryError } from './query-error';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

function formatAt(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : when.format(date);
}

function StatementRow({ statement }: { statement: StatementSummary }) {
  const outcome =
    statement.success === null ? null : statement.success ? m.statementSuccess : m.statementFailure;
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b py-2 last:border-b-0">
      <span className="min-w-0 flex-1 font-medium break-words text-slate-900" title={statement.verbId}>
        {statement.verb}
      </span>
      <span className="text-sm font-semibold text-slate-800 tabular-nums">
        {statement.scorePercent === null ? (
          <span className="font-normal text-slate-600">{m.statementNoScore}</span>
        ) : (
          m.statementScore(statement.scorePercent)
        )}
        {outcome && <span className="font-normal text-slate-600"> · {outcome}</span>}
      </span>
      <time dateTime={statement.at} className="w-full text-xs text-slate-600 tabular-nums">
        {formatAt(statement.at)}
      </time>
    </li>
  );
}

function StatementsBody({ entryId }: { entryId: number }) {
  const query = useActivityStatements(entryId, true);
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner label={null} className="size-4" />
        {m.statementsLoading}
      </p>
    );
  }
  if (query.isError) return <QueryError title={m.statementsError} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="text-sm text-slate-600">{m.statementsEmpty}</p>;
  return (
    <section aria-label={m.statementsCount(query.data.length)}>
      <p className="mb-1 text-xs text-slate-600">{m.statementsCount(query.data.length)}</p>
      <ol className="grid">
        {query.data.map((statement) => (
          <StatementRow key={statement.id} statement={statement} />
        ))}
      </ol>
    </section>
  );
}

export function StatementsButton({ entryId, activityName }: { entryId: number; activityName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 shrink-0"
          aria-label={m.statementsOpen(activityName)}
          title={m.statementsOpen(activityName)}
        >
          <ScrollText aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{m.statementsTitle}</DialogTitle>
          <DialogDescription>{activityName}</DialogDescription>
        </DialogHeader>
        {open && <StatementsBody entryId={entryId} />}
      </DialogContent>
    </Dialog>
  );
}
