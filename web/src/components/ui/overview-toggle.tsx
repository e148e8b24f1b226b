// The "Vue d'ensemble" switch of /usertable/{id}: the spec's table or the group's overview, kept in
// the URL (?vue=ensemble) so that coming back from an activity returns to the same view.
import { LayoutGrid, Table2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { insightsMessages as m } from '@/common/messages/insights.js';
import { cn } from '../../lib/utils';

export function useOverviewView(): [boolean, (overview: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const overview = params.get('vue') === 'ensemble';
  return [overview, (next) => setParams(next ? { vue: 'ensemble' } : {}, { replace: true })];
}

export function OverviewToggle({
  overview,
  onChange,
}: {
  overview: boolean;
  onChange: (overview: boolean) => void;
}) {
  const options = [
    { value: false, label: m.table, icon: Table2 },
    { value: true, label: m.overview, icon: LayoutGrid },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border bg-surface p-1 shadow-card">
      <legend className="sr-only">{m.display}</legend>
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={label}
          type="button"
          aria-pressed={overview === value}
          onClick={() => onChange(value)}
          className={cn(
            'flex h-8 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            overview === value ? 'bg-primary text-primary-foreground' : 'text-slate-700 hover:bg-muted',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
