// « Ajouter des élèves »: first names, one per line, or a column pasted from a spreadsheet (the
// server takes each line's first cell). The server's refusal shows under the field.
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { pupilMessages } from '@/common/messages/pupils.js';
import { Button } from '@/web/src/components/ui/button';
import { FormField } from '@/web/src/components/ui/form-field';
import { Textarea } from '@/web/src/components/ui/textarea';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useAddPupils } from '../api/roster';

export function AddPupilsForm({ groupId }: { groupId: number }) {
  const add = useAddPupils(groupId);
  const [names, setNames] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const before = add.data?.pupils.length;
      const roster = await add.mutateAsync(names);
      const count = names.split(/\r?\n/).filter((line) => line.split('\t')[0]?.trim()).length;
      notify.success(pupilMessages.pupilsAdded(count || roster.pupils.length - (before ?? 0)));
      setNames('');
    } catch (failure) {
      setError(getErrorMessage(failure, pupilMessages.changeError));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
      <h3 className="font-semibold text-slate-900">{pupilMessages.addPupils}</h3>
      <FormField label={pupilMessages.addPupilsLabel} hint={pupilMessages.addPupilsHint} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={names}
            onChange={(event) => setNames(event.target.value)}
            placeholder={'Léa\nNoé\nInès'}
          />
        )}
      </FormField>
      <Button type="submit" loading={add.isPending} disabled={!names.trim()} className="self-start">
        <UserPlus aria-hidden="true" />
        {pupilMessages.addPupilsSubmit}
      </Button>
    </form>
  );
}
