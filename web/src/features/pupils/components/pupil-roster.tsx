// A group's pupils (docs/pupils.md#sans-ent--les-cartes-de-connexion): the list with how each signs
// in, « Ajouter des élèves » (one first name per line, or a column pasted from a spreadsheet),
// rename, remove from the group, and « Imprimer les cartes ». The pupils' page shows it.
import { Pencil, Printer, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pupilMessages } from '@/common/messages/pupils.js';
import type { RosterPupil } from '@/common/schemas/pupils.js';
import { Badge } from '@/web/src/components/ui/badge';
import { Button, buttonVariants } from '@/web/src/components/ui/button';
import { Card, CardContent } from '@/web/src/components/ui/card';
import { ConfirmDialog } from '@/web/src/components/ui/confirm-dialog';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { useRemovePupil, useRoster } from '../api/roster';
import { AddPupilsForm } from './add-pupils-form';
import { RenamePupilDialog } from './rename-pupil-dialog';

const signInLabels: Record<RosterPupil['signIn'], string> = {
  card: pupilMessages.signInCard,
  gar: pupilMessages.signInGar,
  cas: pupilMessages.signInCas,
};

export function PupilRoster({ groupId }: { groupId: number }) {
  const roster = useRoster(groupId);
  const remove = useRemovePupil(groupId);
  const [renaming, setRenaming] = useState<RosterPupil | null>(null);
  const [removing, setRemoving] = useState<RosterPupil | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify.success(pupilMessages.removed);
      setRemoving(null);
    } catch (failure) {
      notify.error(getErrorMessage(failure, pupilMessages.changeError));
    }
  };

  if (roster.isPending) {
    return (
      <section aria-busy="true" aria-label={pupilMessages.rosterTitle} className="flex flex-col gap-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </section>
    );
  }
  if (roster.isError) {
    return (
      <section aria-labelledby="roster-title" className="flex flex-col gap-3">
        <h2 id="roster-title" className="text-lg font-semibold">
          {pupilMessages.rosterTitle}
        </h2>
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(roster.error, pupilMessages.rosterLoadError)}
        </p>
        <Button variant="outline" className="self-start" onClick={() => void roster.refetch()}>
          {pupilMessages.retry}
        </Button>
      </section>
    );
  }

  const { pupils, classCode } = roster.data;
  const hasCardPupils = pupils.some((pupil) => pupil.signIn === 'card');
  return (
    <section aria-labelledby="roster-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id="roster-title" className="text-lg font-semibold text-slate-900">
            {pupilMessages.rosterTitle}
          </h2>
          <span className="text-sm text-muted-foreground">{pupilMessages.pupilsCount(pupils.length)}</span>
          {classCode && (
            <span className="text-sm text-slate-700">
              {pupilMessages.classCodeOnCard} :{' '}
              <strong className="font-mono tracking-wider">{classCode}</strong>
            </span>
          )}
        </div>
        {hasCardPupils && (
          <Link to={paths.groupCards.getHref(groupId)} className={buttonVariants({ variant: 'default' })}>
            <Printer aria-hidden="true" />
            {pupilMessages.printCards}
          </Link>
        )}
      </div>

      {pupils.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-8 text-center">
          <Users aria-hidden="true" className="size-8 text-slate-500" />
          <p className="max-w-prose text-sm text-slate-700">{pupilMessages.rosterEmpty}</p>
        </div>
      ) : (
        <Card>
          <ul className="divide-y divide-border">
            {pupils.map((pupil) => (
              <li key={pupil.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                  {pupil.displayName}
                </span>
                <Badge variant={pupil.signIn === 'card' ? 'default' : 'secondary'}>
                  {signInLabels[pupil.signIn]}
                </Badge>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${pupilMessages.rename} ${pupil.displayName}`}
                    title={pupilMessages.rename}
                    onClick={() => setRenaming(pupil)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`${pupilMessages.remove} : ${pupil.displayName}`}
                    title={pupilMessages.remove}
                    onClick={() => setRemoving(pupil)}
                    className="text-red-700 hover:bg-red-50"
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card>
        <CardContent className="p-4 pt-4 sm:p-5 sm:pt-5">
          <AddPupilsForm groupId={groupId} />
        </CardContent>
      </Card>

      <RenamePupilDialog groupId={groupId} pupil={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={pupilMessages.removeTitle(removing?.displayName ?? '')}
        description={
          removing?.signIn === 'card' ? pupilMessages.removeCardPupil : pupilMessages.removeEntPupil
        }
        confirmLabel={pupilMessages.remove}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      />
    </section>
  );
}
