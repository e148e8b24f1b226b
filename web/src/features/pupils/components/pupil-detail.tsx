// One pupil's detail, opened from the grid: a side panel (a dialog: focus kept inside, Escape closes)
// listing each given activity by lesson with its status, score, launches and last time, and the
// pupil's answers where the standard reports them: SCORM interactions (question, answer, expected,
// result) and xAPI statements (verb, object, answer, score, success).
import { pupilResultsMessages as m } from '@/common/messages/pupil-results.js';
import type {
  AnswerStatement,
  Interaction,
  PupilActivityResult,
  PupilName,
} from '@/common/schemas/pupil-results.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/src/components/ui/dialog';
import { LoadErrorBlock } from '@/web/src/components/ui/load-error';
import { Spinner } from '@/web/src/components/ui/spinner';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { cn } from '@/web/src/lib/utils';
import { usePupilDetail } from '../api/get-pupil-results';
import { formatDay, formatTime, scoreText, statusStyle, statusText } from '../lib/result-status';
import { STATUS_SYMBOL } from './results-grid';

function resultWord(result: string | null): string | null {
  if (result === null) return null;
  return m.interactionResults[result.toLowerCase()] ?? result;
}

function InteractionItem({ interaction }: { interaction: Interaction }) {
  const result = resultWord(interaction.result);
  const right = interaction.result?.toLowerCase() === 'correct';
  const wrong = ['wrong', 'incorrect'].includes(interaction.result?.toLowerCase() ?? '');
  const type = interaction.type ? (m.interactionTypes[interaction.type] ?? interaction.type) : null;
  return (
    <li className="rounded-md border bg-slate-50/60 px-3 py-2" data-testid="interaction">
      <p className="text-sm font-medium break-words text-slate-900">
        {interaction.description ?? interaction.id}
        {type && <span className="ml-2 text-xs font-normal text-slate-600">({type})</span>}
      </p>
      {interaction.description && interaction.id && (
        <p className="text-xs break-all text-slate-500">{interaction.id}</p>
      )}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600">{m.response}</dt>
        <dd className="break-words text-slate-900">{interaction.response ?? m.noResponse}</dd>
        {interaction.correctResponses.length > 0 && (
          <>
            <dt className="text-slate-600">{m.expected}</dt>
            <dd className="break-words text-slate-900">{interaction.correctResponses.join(' · ')}</dd>
          </>
        )}
        {result && (
          <>
            <dt className="text-slate-600">{m.result}</dt>
            <dd
              className={cn(
                'font-medium',
                right ? 'text-emerald-800' : wrong ? 'text-red-800' : 'text-slate-900',
              )}
            >
              {right ? '✓ ' : wrong ? '✗ ' : ''}
              {result}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

function StatementItem({ statement }: { statement: AnswerStatement }) {
  const outcome =
    statement.success === null ? null : statement.success ? m.statementSuccess : m.statementFailure;
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 border-b py-1.5 text-sm last:border-b-0">
      <span className="font-medium text-slate-900" title={statement.verbId}>
        {statement.verb}
      </span>
      <span className="min-w-0 flex-1 break-words text-slate-700" title={statement.objectId}>
        {statement.objectName ?? statement.objectId}
      </span>
      {(statement.scorePercent !== null || outcome) && (
        <span className="text-slate-800 tabular-nums">
          {statement.scorePercent !== null && scoreText(statement.scorePercent)}
          {statement.scorePercent !== null && outcome && ' · '}
          {outcome}
        </span>
      )}
      {statement.response && (
        <span className="w-full break-words text-slate-800">
          {m.response} : {statement.response}
        </span>
      )}
      <time dateTime={statement.at} className="w-full text-xs text-slate-600 tabular-nums">
        {formatTime(statement.at)}
      </time>
    </li>
  );
}

function ActivityResult({ activity }: { activity: PupilActivityResult }) {
  const style = statusStyle[activity.status];
  const hasAnswers = activity.interactions.length > 0 || activity.statements.length > 0;
  return (
    <li className="flex flex-col gap-2 border-b py-3 last:border-b-0" data-testid="pupil-activity">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="text-sm font-semibold break-words text-slate-900">{activity.title}</h4>
          <p className="text-xs text-slate-600">
            {activity.sessionTitle}
            {activity.dueDate && ` · ${m.dueDate(formatDay(activity.dueDate))}`}
          </p>
        </div>
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
            style.classes,
          )}
        >
          <span aria-hidden="true">{STATUS_SYMBOL[activity.status]}</span>
          {statusText[activity.status]}
        </span>
      </div>
      {activity.status !== 'not-started' && (
        <dl className="grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-slate-600">{m.score}</dt>
            <dd className="text-sm font-semibold text-slate-900 tabular-nums">
              {activity.score === null ? m.noScore : scoreText(activity.score)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{m.attempts}</dt>
            <dd className="text-sm font-semibold text-slate-900 tabular-nums">{activity.attempts}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{m.lastAt}</dt>
            <dd className="text-sm text-slate-900 tabular-nums">
              {activity.lastAt ? formatTime(activity.lastAt) : m.never}
            </dd>
          </div>
        </dl>
      )}
      {activity.status !== 'not-started' && (
        <details className="group/answers" open={hasAnswers}>
          <summary className="cursor-pointer text-xs font-semibold text-slate-700">
            {m.answersTitle}
            {hasAnswers && ` (${activity.interactions.length + activity.statements.length})`}
          </summary>
          {!hasAnswers && <p className="mt-1 text-xs text-slate-600">{m.noAnswers}</p>}
          {activity.interactions.length > 0 && (
            <>
              <h5 className="mt-2 mb-1 text-xs font-semibold text-slate-700">{m.interactionsTitle}</h5>
              <ul className="flex flex-col gap-1.5">
                {activity.interactions
                  .map((interaction, position) => ({ interaction, position }))
                  .map(
                    // A list that never reorders: its positions are its keys (an id may repeat).
                    ({ interaction, position }) => (
                      <InteractionItem key={position} interaction={interaction} />
                    ),
                  )}
              </ul>
            </>
          )}
          {activity.statements.length > 0 && (
            <>
              <h5 className="mt-2 mb-1 text-xs font-semibold text-slate-700">{m.statementsTitle}</h5>
              <ul>
                {activity.statements.map((statement) => (
                  <StatementItem key={statement.id} statement={statement} />
                ))}
              </ul>
            </>
          )}
        </details>
      )}
    </li>
  );
}

/** Consecutive activities of one lesson. */
function byLesson(activities: PupilActivityResult[]) {
  const lessons: { id: number; title: string; activities: PupilActivityResult[] }[] = [];
  for (const activity of activities) {
    const last = lessons.at(-1);
    if (last && last.id === activity.lessonId) last.activities.push(activity);
    else lessons.push({ id: activity.lessonId, title: activity.lessonTitle, activities: [activity] });
  }
  return lessons;
}

function DetailBody({ groupId, pupil }: { groupId: string; pupil: PupilName }) {
  const detail = usePupilDetail(groupId, pupil.id);
  if (detail.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner label={null} className="size-4" />
        {m.detailLoading}
      </p>
    );
  }
  if (detail.isError) {
    return (
      <LoadErrorBlock
        text={getErrorMessage(detail.error, m.detailError)}
        onRetry={() => void detail.refetch()}
        retryLabel={m.retry}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="pupil-detail">
      {byLesson(detail.data.activities).map((lesson) => (
        <section key={lesson.id} aria-label={lesson.title}>
          <h3 className="border-b pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {lesson.title}
          </h3>
          <ul>
            {lesson.activities.map((activity) => (
              <ActivityResult key={activity.id} activity={activity} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function PupilDetail({
  groupId,
  pupil,
  onClose,
}: {
  groupId: string;
  pupil: PupilName | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={pupil !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        // A side panel: full height on the right, the whole screen on a phone.
        className="top-0 right-0 left-auto h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-r-0 sm:w-[36rem]"
      >
        {pupil && (
          <>
            <DialogHeader>
              <DialogTitle>{m.detailTitle(pupil.displayName)}</DialogTitle>
              <DialogDescription>{m.detailDescription}</DialogDescription>
            </DialogHeader>
            <DetailBody groupId={groupId} pupil={pupil} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
