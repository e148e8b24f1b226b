// The classes the teacher's ENT sent that have no group yet in this level, and one button that makes
// their groups ("Créer les groupes de mes classes"). Nothing shows for a teacher without ENT classes.
import { School } from 'lucide-react';
import { entMessages } from '@/common/messages/ent.js';
import { Button } from '@/web/src/components/ui/button';
import { notify } from '@/web/src/lib/notify';
import { useClasses, useCreateClassGroups } from '../api/class-groups';

export function ClassGroupsPanel({ levelId }: { levelId: string }) {
  const classes = useClasses(levelId);
  const create = useCreateClassGroups(levelId);
  const missing = classes.data?.filter((c) => !c.hasGroup) ?? [];
  if (missing.length === 0) return null;

  const onCreate = async () => {
    try {
      const result = await create.mutateAsync();
      if (result.limitReached !== null) {
        notify.error(entMessages.classGroupsPartial(result.created.length, result.limitReached));
      } else {
        notify.success(entMessages.classGroupsCreated(result.created.length));
      }
    } catch {
      notify.error(entMessages.classGroupsFailed);
    }
  };

  return (
    <section
      aria-labelledby="class-groups-heading"
      className="flex flex-col gap-3 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <h2
          id="class-groups-heading"
          className="flex items-center gap-2 text-sm font-semibold text-slate-900"
        >
          <School className="size-4 text-indigo-700" aria-hidden="true" />
          {entMessages.classGroupsTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{entMessages.classGroupsHint(missing.length)}</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={entMessages.classGroupsTitle}>
          {missing.map((c) => (
            <li
              key={`${c.kind}:${c.code}`}
              className="rounded-full border border-indigo-200 bg-white px-2.5 py-0.5 text-xs font-medium text-indigo-900"
            >
              {c.label}
            </li>
          ))}
        </ul>
      </div>
      <Button onClick={onCreate} loading={create.isPending} className="shrink-0">
        {create.isPending ? entMessages.creatingClassGroups : entMessages.createClassGroups}
      </Button>
    </section>
  );
}
