// The learning table's three counters: total lessons, completed lessons, pending lessons.

import { BookOpen, CheckCircle2, Clock } from 'lucide-react';
import { isLessonComplete } from '@/common/learning-rules.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { TablePeriod } from '@/common/schemas/teacher-area.js';

export function TableCounters({ periods }: { periods: TablePeriod[] }) {
  const lessons = periods.flatMap((period) => period.groupslesson);
  const completed = lessons.filter(isLessonComplete).length;
  const counters = [
    {
      label: teacherAreaMessages.totalLessons,
      value: lessons.length,
      Icon: BookOpen,
      tone: 'bg-primary-soft text-primary',
    },
    {
      label: teacherAreaMessages.completedLessons,
      value: completed,
      Icon: CheckCircle2,
      tone: 'bg-emerald-50 text-emerald-700',
    },
    {
      label: teacherAreaMessages.pendingLessons,
      value: lessons.length - completed,
      Icon: Clock,
      tone: 'bg-amber-50 text-amber-700',
    },
  ];
  return (
    <ul className="grid grid-cols-3 gap-3 sm:gap-4">
      {counters.map(({ label, value, Icon, tone }) => (
        <li
          key={label}
          className="flex flex-col gap-2 rounded-xl border bg-surface p-3 shadow-card sm:flex-row sm:items-center sm:gap-4 sm:p-5"
        >
          <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
            <p className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
