// A group card: opens the group's learning table; shows its progress; the delete button appears
// on hover or keyboard focus (always on touch screens, which have no hover).

import { ChevronRight, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { GroupSummary } from '@/common/schemas/teacher-area.js';
import { paths } from '@/web/src/config/paths';

export function GroupCard({
  group,
  onDelete,
}: {
  group: GroupSummary;
  onDelete: (group: GroupSummary) => void;
}) {
  const percent = group.total === 0 ? 0 : Math.round((group.count / group.total) * 100);
  return (
    <div className="group relative h-full rounded-xl border bg-surface shadow-card transition hover:-translate-y-0.5 hover:border-indigo-200 hover:shadow-md focus-within:border-indigo-200">
      <Link
        to={paths.userTable.getHref(group.id)}
        className="flex h-full flex-col gap-4 rounded-xl p-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="flex items-center gap-3 pr-10">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Users className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 text-base font-semibold break-words text-slate-900">{group.title}</span>
        </span>
        <span className="mt-auto flex flex-col gap-2">
          <span className="flex items-center justify-between text-sm text-muted-foreground">
            <span>
              <span className="font-semibold text-slate-900">{group.count}</span>
              {teacherAreaMessages.groupDone(group.total)}
            </span>
            <ChevronRight className="size-4 text-slate-400 group-hover:text-primary" aria-hidden="true" />
          </span>
          <span className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
          </span>
        </span>
      </Link>
      <button
        type="button"
        onClick={() => onDelete(group)}
        aria-label={teacherAreaMessages.deleteGroupNamed(group.title)}
        className="absolute top-3 right-3 flex size-9 cursor-pointer items-center justify-center rounded-lg text-slate-500 transition hover:bg-red-50 hover:text-red-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:hover)]:opacity-0"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
