// A collapsible period of the learning table, labelled 'Période N' with its completed/total
// activities. A period without lessons is shown locked and cannot be expanded (docs/product.md#states-and-transitions).
import { ChevronDown, Lock } from 'lucide-react';
import { useMemo } from 'react';
import { arrangeLessons, countActivities, isPeriodLocked } from '@/common/learning-rules.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { TableActivity, TablePeriod } from '@/common/schemas/teacher-area.js';
import { cn } from '@/web/src/lib/utils';
import { LessonCard } from './lesson-card';

type Props = {
  period: TablePeriod;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  busyActivityId: number | null;
  onOpenActivity: (activity: TableActivity, clickable: boolean) => void;
};

export function PeriodSection({ period, index, expanded, onToggle, busyActivityId, onOpenActivity }: Props) {
  const label = teacherAreaMessages.periodLabel(index + 1);
  const locked = isPeriodLocked({ lessons: period.groupslesson });
  const arranged = useMemo(() => arrangeLessons(period.groupslesson), [period.groupslesson]);
  const { completed, total } = countActivities(period.groupslesson);
  const open = expanded && !locked;
  const panelId = `period-panel-${period.periodsid}`;
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);

  return (
    <section className="rounded-xl border bg-surface shadow-card" data-period-locked={locked}>
      <h2>
        <button
          type="button"
          onClick={onToggle}
          disabled={locked}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          className={cn(
            'flex w-full cursor-pointer items-center gap-3 rounded-xl px-4 py-4 text-left sm:px-5',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            locked ? 'cursor-not-allowed text-slate-500' : 'hover:bg-muted/60',
          )}
        >
          {locked ? (
            <Lock className="size-5 shrink-0" aria-hidden="true" />
          ) : (
            <ChevronDown
              className={cn('size-5 shrink-0 text-slate-500 transition-transform', !open && '-rotate-90')}
              aria-hidden="true"
            />
          )}
          <span className="min-w-0 flex-1">
            <span className="block text-base font-semibold text-slate-900">{label}</span>
            {period.title && period.title !== label && (
              <span className="block text-sm font-normal break-words text-muted-foreground">
                {period.title}
              </span>
            )}
          </span>
          <span className="flex shrink-0 flex-col items-end gap-1">
            <span className="text-sm font-semibold text-slate-900 tabular-nums">
              {completed}/{total}
            </span>
            <span
              className="hidden h-1.5 w-24 overflow-hidden rounded-full bg-slate-100 sm:block"
              aria-hidden="true"
            >
              <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
            </span>
          </span>
        </button>
      </h2>
      {open && (
        <div id={panelId} className="flex flex-col gap-4 border-t px-3 py-4 sm:px-5">
          {arranged.map((item) => (
            <LessonCard
              key={item.lesson.id}
              arranged={item}
              busyActivityId={busyActivityId}
              onOpenActivity={onOpenActivity}
            />
          ))}
        </div>
      )}
    </section>
  );
}
