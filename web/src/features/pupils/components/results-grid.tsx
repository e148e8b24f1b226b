// The grid of a group's pupils' results: pupils (rows) × given activities (columns, grouped by
// lesson, in the table's order). Readable at 35 × 200: it scrolls both ways inside its frame with the
// pupils' names and the activities' titles sticky, titles rotated and cut with the full title on
// hover and focus, each cell a symbol and words beside its colour. A pupil's name opens their detail.
import { useMemo } from 'react';
import { pupilResultsMessages as m } from '@/common/messages/pupil-results.js';
import type {
  GivenActivity,
  PupilName,
  PupilResultsResponse,
  ResultCell,
} from '@/common/schemas/pupil-results.js';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/src/components/ui/tooltip';
import { cn } from '@/web/src/lib/utils';
import {
  formatDay,
  formatTime,
  type ResultStatus,
  STATUSES,
  scoreText,
  statusStyle,
  statusText,
} from '../lib/result-status';

/** The symbol each status shows in a cell (text: 7,000 cells stay light). */
export const STATUS_SYMBOL: Record<ResultStatus, string> = {
  'not-started': '–',
  pending: '○',
  completed: '✓',
};

type LessonRun = { id: number; firstActivityId: number; title: string; span: number };

/** Consecutive activities of one lesson, for the header's lesson row. */
function lessonRuns(activities: GivenActivity[]): LessonRun[] {
  const runs: LessonRun[] = [];
  for (const activity of activities) {
    const last = runs.at(-1);
    if (last && last.id === activity.lessonId) last.span += 1;
    else
      runs.push({
        id: activity.lessonId,
        firstActivityId: activity.id,
        title: activity.lessonTitle,
        span: 1,
      });
  }
  return runs;
}

/** A cell in words: status, score, launches, last time. */
export function describeCell(cell: ResultCell): string {
  if (!cell) return statusText['not-started'];
  const [status, score, attempts, lastAt] = cell;
  return [
    statusText[status],
    score !== null && `${m.score.toLowerCase()} ${scoreText(score)}`,
    attempts > 0 && m.attemptsCount(attempts),
    lastAt && `${m.lastAt.toLowerCase()} le ${formatTime(lastAt)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

export function ResultsLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={m.legend}>
      {STATUSES.map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn(
              'flex size-5 items-center justify-center rounded border font-semibold',
              statusStyle[status].classes,
            )}
          >
            {STATUS_SYMBOL[status]}
          </span>
          {statusText[status]}
          {status === 'completed' && <span className="text-slate-500">(avec le score en %)</span>}
        </li>
      ))}
    </ul>
  );
}

function ActivityHeader({ activity }: { activity: GivenActivity }) {
  return (
    <th
      scope="col"
      className="sticky top-8 z-20 h-36 w-12 min-w-12 border-r border-b bg-surface px-0 pb-2 align-bottom font-medium text-slate-700"
    >
      <Tooltip>
        <TooltipTrigger asChild>
          <span
            // Focusable so the full title shows from the keyboard too.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip's trigger
            tabIndex={0}
            className="mx-auto block max-h-32 cursor-default truncate rounded-sm text-left [writing-mode:vertical-rl] rotate-180 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {activity.title}
          </span>
        </TooltipTrigger>
        <TooltipContent side="bottom" className="max-w-xs">
          <span className="block font-semibold">{activity.title}</span>
          <span className="block font-normal text-slate-200">
            {activity.lessonTitle} · {activity.sessionTitle}
            {activity.dueDate && ` · ${m.dueDate(formatDay(activity.dueDate))}`}
          </span>
        </TooltipContent>
      </Tooltip>
    </th>
  );
}

function Cell({ cell, pupil, activity }: { cell: ResultCell; pupil: PupilName; activity: GivenActivity }) {
  const status: ResultStatus = cell ? cell[0] : 'not-started';
  const score = cell?.[1] ?? null;
  const description = describeCell(cell);
  return (
    <td className="border-r border-b p-0.5" data-status={status}>
      <span
        title={`${pupil.displayName} · ${activity.title} : ${description}`}
        className={cn(
          'flex h-8 min-w-11 items-center justify-center gap-0.5 rounded border px-0.5 font-semibold tabular-nums',
          statusStyle[status].classes,
        )}
      >
        <span aria-hidden="true">{STATUS_SYMBOL[status]}</span>
        {score !== null && (
          <span aria-hidden="true" className="text-[11px]">
            {Math.round(score)}
          </span>
        )}
        <span className="sr-only">{description}</span>
      </span>
    </td>
  );
}

export function ResultsGrid({
  results,
  onOpenPupil,
}: {
  results: PupilResultsResponse;
  onOpenPupil: (pupil: PupilName) => void;
}) {
  const { pupils, activities, cells } = results;
  const lessons = useMemo(() => lessonRuns(activities), [activities]);
  return (
    <section
      aria-label={m.gridLabel}
      // Focusable: its content scrolls both ways with the keyboard too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region
      tabIndex={0}
      data-testid="results-grid"
      className="relative max-h-[70vh] w-fit max-w-full overflow-auto rounded-lg border bg-surface focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className="border-separate border-spacing-0 text-xs">
        <caption className="sr-only">{m.gridLabel}</caption>
        <thead>
          <tr>
            <th
              scope="col"
              rowSpan={2}
              className="sticky top-0 left-0 z-30 w-32 max-w-32 min-w-32 border-r border-b bg-surface px-3 pb-2 text-left align-bottom text-sm font-semibold text-slate-900 sm:w-52 sm:max-w-52 sm:min-w-52"
            >
              {m.pupilColumn}
            </th>
            {lessons.map((lesson) => (
              <th
                key={lesson.firstActivityId}
                scope="colgroup"
                colSpan={lesson.span}
                title={lesson.title}
                className="sticky top-0 z-20 h-8 max-w-0 border-r border-b bg-slate-50 px-2 text-left font-semibold text-slate-800"
              >
                {/* Kept beside the names while its lesson's columns scroll by. */}
                <span className="sticky left-[8.5rem] inline-block max-w-full truncate align-middle sm:left-[13.5rem]">
                  {lesson.title}
                </span>
              </th>
            ))}
          </tr>
          <tr>
            {activities.map((activity) => (
              <ActivityHeader key={activity.id} activity={activity} />
            ))}
          </tr>
        </thead>
        <tbody>
          {pupils.map((pupil, p) => (
            <tr key={pupil.id} className="group">
              <th
                scope="row"
                className="sticky left-0 z-10 w-32 max-w-32 min-w-32 border-r border-b bg-surface p-0 text-left font-normal group-hover:bg-slate-50 sm:w-52 sm:max-w-52 sm:min-w-52"
              >
                <button
                  type="button"
                  onClick={() => onOpenPupil(pupil)}
                  aria-label={m.openPupil(pupil.displayName)}
                  title={pupil.displayName}
                  className="flex h-9 w-full cursor-pointer items-center truncate px-3 text-left text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
                >
                  <span className="truncate">{pupil.displayName}</span>
                </button>
              </th>
              {activities.map((activity, a) => (
                <Cell key={activity.id} cell={cells[p]?.[a] ?? null} pupil={pupil} activity={activity} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
