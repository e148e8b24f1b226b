// A lesson of the learning table: its sessions as columns of activity buttons, its PDFs, and the
// locking label when an earlier lesson is not finished yet (docs/product.md#states-and-transitions).
import { CheckCircle2, FileText, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { type ArrangedLesson, countActivities, isActivityClickable } from '@/common/learning-rules.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { TableActivity, TableLesson } from '@/common/schemas/teacher-area.js';
import { sendsStatements } from '@/common/standards/kinds.js';
import { Badge } from '@/web/src/components/ui/badge';
import { paths } from '@/web/src/config/paths';
import { cn } from '@/web/src/lib/utils';
import { ActivityButton } from './activity-button';
import { GivenLine, PupilWorkMenu } from './pupil-work';
import { StatementsButton } from './statements-dialog';

type Props = {
  arranged: ArrangedLesson<TableLesson>;
  busyActivityId: number | null;
  onOpenActivity: (activity: TableActivity, clickable: boolean) => void;
};

export function LessonCard({ arranged, busyActivityId, onOpenActivity }: Props) {
  const { lesson, locked, complete } = arranged;
  const { completed, total } = countActivities([lesson]);
  const headingId = `lesson-${lesson.id}`;
  const entryIdsOf = (sessions: TableLesson['sessions']) =>
    sessions.flatMap((session) => session.activities.map((activity) => activity.id));

  return (
    <article
      aria-labelledby={headingId}
      className={cn('rounded-xl border bg-surface p-4 shadow-card sm:p-5', locked && 'bg-slate-50/80')}
      data-locked={locked}
    >
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
            {locked ? (
              <Lock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            ) : complete ? (
              <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            ) : null}
            <span className="min-w-0 break-words">{lesson.title}</span>
          </h3>
          {locked && <p className="mt-1 text-sm text-slate-600">{teacherAreaMessages.lessonLocked}</p>}
        </div>
        <div className="flex items-center gap-1">
          <Badge variant={complete ? 'success' : 'secondary'}>
            {completed}/{total}
          </Badge>
          <PupilWorkMenu
            target={{ kind: 'lesson', id: lesson.id, title: lesson.title }}
            entryIds={entryIdsOf(lesson.sessions)}
          />
        </div>
      </header>

      {lesson.sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{teacherAreaMessages.noSessionInLesson}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:grid sm:auto-cols-[minmax(13rem,1fr)] sm:grid-flow-col sm:overflow-x-auto sm:pb-1">
          {lesson.sessions.map((session) => (
            <section
              key={session.id}
              aria-label={session.name}
              className="flex min-w-0 flex-col gap-2 rounded-lg bg-muted/60 p-3"
            >
              <div className="flex min-h-8 items-center justify-between gap-1">
                <h4 className="text-xs font-semibold tracking-wide break-words text-slate-600 uppercase">
                  {session.name}
                </h4>
                <PupilWorkMenu
                  target={{ kind: 'session', id: session.id, title: session.name }}
                  entryIds={entryIdsOf([session])}
                />
              </div>
              {session.activities.length === 0 ? (
                <p className="text-xs text-muted-foreground">{teacherAreaMessages.noActivity}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {session.activities.map((activity) => {
                    const clickable = isActivityClickable(arranged, activity);
                    return (
                      <li key={activity.id} className="flex flex-col gap-1">
                        <div className="flex items-center gap-1">
                          <ActivityButton
                            activity={activity}
                            clickable={clickable}
                            busy={busyActivityId === activity.id}
                            onOpen={onOpenActivity}
                          />
                          {/* A locked activity has not been played: it has sent nothing. */}
                          {sendsStatements(activity.kind) &&
                            (clickable || activity.status === 'completed') && (
                              <StatementsButton entryId={activity.id} activityName={activity.name} />
                            )}
                          <PupilWorkMenu
                            target={{ kind: 'activity', id: activity.id, title: activity.name }}
                            entryIds={[activity.id]}
                          />
                        </div>
                        <GivenLine entryId={activity.id} />
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}

      {lesson.pdfgroups.length > 0 && (
        <ul
          className="mt-4 flex flex-wrap gap-2"
          aria-label={teacherAreaMessages.lessonDocuments(lesson.title)}
        >
          {lesson.pdfgroups.map((pdf) => (
            <li key={pdf.id}>
              <Link
                to={paths.pdfViewer.getHref(pdf.id)}
                className="inline-flex items-center gap-1.5 rounded-full border bg-surface px-3 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:border-indigo-200 hover:bg-primary-soft hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <FileText className="size-4 text-red-600" aria-hidden="true" />
                {pdf.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
