// The audit log's filters: actor (email), kind of object and a date range; applied on submit.
import { Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { insightsMessages as m } from '@/common/messages/insights.js';
import { AUDIT_ENTITIES } from '@/common/schemas/insights.js';
import { Button } from '@/web/src/components/ui/button';
import { Input } from '@/web/src/components/ui/input';
import { Label } from '@/web/src/components/ui/label';
import { Select } from '@/web/src/components/ui/select';
import type { AuditFilters as Filters } from '../api/query-keys';
import { entityLabels } from '../lib/audit-labels';

type Props = { value: Filters; onChange: (filters: Filters) => void };

export function AuditFilters({ value, onChange }: Props) {
  const [draft, setDraft] = useState<Filters>(value);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...draft, actor: draft.actor?.trim() });
  };
  const reset = () => {
    setDraft({});
    onChange({});
  };
  const active = Object.values(value).some(Boolean);

  return (
    <form
      onSubmit={submit}
      aria-label={m.auditFilters}
      className="mb-4 grid gap-3 rounded-xl border bg-surface p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[2fr_1.3fr_1fr_1fr_auto]"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-actor">{m.auditActor}</Label>
        <Input
          id="audit-actor"
          type="email"
          placeholder={m.auditActorPlaceholder}
          value={draft.actor ?? ''}
          onChange={set('actor')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-entity">{m.auditEntity}</Label>
        <Select id="audit-entity" value={draft.entity ?? ''} onChange={set('entity')}>
          <option value="">{m.auditAllEntities}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {entityLabels[entity] ?? entity}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-from">{m.auditFrom}</Label>
        <Input id="audit-from" type="date" value={draft.from ?? ''} onChange={set('from')} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-to">{m.auditTo}</Label>
        <Input id="audit-to" type="date" value={draft.to ?? ''} onChange={set('to')} />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit">
          <Search aria-hidden="true" />
          {m.auditFilter}
        </Button>
        {active && (
          <Button type="button" variant="ghost" onClick={reset}>
            <X aria-hidden="true" />
            {m.auditClear}
          </Button>
        )}
      </div>
    </form>
  );
}
