// Renames a pupil of the group (an ENT pupil too: the teacher may replace the pseudonym by a name).
import { type FormEvent, useEffect, useState } from 'react';
import { pupilMessages } from '@/common/messages/pupils.js';
import type { RosterPupil } from '@/common/schemas/pupils.js';
import { Button } from '@/web/src/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/src/components/ui/dialog';
import { FormField } from '@/web/src/components/ui/form-field';
import { Input } from '@/web/src/components/ui/input';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useRenamePupil } from '../api/roster';

type Props = { groupId: number; pupil: RosterPupil | null; onClose: () => void };

export function RenamePupilDialog({ groupId, pupil, onClose }: Props) {
  const rename = useRenamePupil(groupId);
  const [firstname, setFirstname] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    setFirstname(pupil?.firstname ?? '');
    setName(pupil?.name ?? '');
    setError(undefined);
  }, [pupil]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pupil) return;
    try {
      await rename.mutateAsync({ pupilId: pupil.id, firstname, name });
      notify.success(pupilMessages.renamed);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure, pupilMessages.changeError));
    }
  };

  return (
    <Dialog open={pupil !== null} onOpenChange={(open) => !open && !rename.isPending && onClose()}>
      <DialogContent className="max-w-md" aria-describedby={undefined}>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{pupilMessages.renameTitle}</DialogTitle>
          </DialogHeader>
          <FormField label={pupilMessages.firstnameLabel} error={error}>
            {(control) => (
              <Input
                {...control}
                value={firstname}
                onChange={(event) => setFirstname(event.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label={pupilMessages.nameLabel}>
            {(control) => (
              <Input
                {...control}
                value={name}
                onChange={(event) => setName(event.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={rename.isPending} onClick={onClose}>
              {pupilMessages.cancel}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {pupilMessages.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
