// One activity of the learning table: completed, next to do, or not allowed yet, with the score the
// content reported when there is one (a badge in text, not colour alone). A button that is not
// allowed stays focusable (aria-disabled) so that a click or Enter explains why with a toast.
import { CheckCircle2, Lock, PlayCircle } from 'lucide-react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { TableActivity } from '@/common/schemas/teacher-area.js';
import { cn } from '@/web/src/lib/utils';

type Props = {
  activity: TableActivity;
  clickable: boolean;
  busy: boolean;
  onOpen: (activity: TableActivity, clickable: boolean) => void;
};

export function ActivityButton({ activity, clickable, busy, onOpen }: Props) {
  const completed = activity.status === 'completed';
  const Icon = completed ? CheckCircle2 : clickable ? PlayCircle : Lock;
  const state = completed ? 'terminée' : clickable ? 'à faire' : 'verrouillée';
  return (
    <button
      type="button"
      onClick={() => onOpen(activity, clickable)}
      aria-disabled={!clickable || undefined}
      aria-busy={busy || undefined}
      data-status={activity.status}
      data-clickable={clickable}
      className={cn(
        'flex w-full cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        completed && 'border-emerald-200 bg-emerald-50 text-emerald-900 hover:bg-emerald-100',
        !completed &&
          clickable &&
          'border-transparent bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        !clickable && 'cursor-not-allowed border-dashed border-slate-300 bg-slate-50 text-slate-600',
        busy && 'opacity-70',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1 break-words">{activity.name}</span>
      {activity.score != null && (
        <span
          aria-hidden="true"
          data-testid="score-badge"
          className={cn(
            'shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums',
            completed ? 'border-emerald-300 bg-white text-emerald-900' : 'border-current/30 bg-white/15',
          )}
        >
          {teacherAreaMessages.scoreBadge(activity.score)}
        </span>
      )}
      <span className="sr-only">
        ({state}
        {activity.score != null && `, ${teacherAreaMessages.scoreLabel(activity.score)}`})
      </span>
    </button>
  );
}
