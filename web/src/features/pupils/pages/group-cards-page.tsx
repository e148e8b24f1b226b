// /usertable/:id/eleves/cartes: a group's sign-in cards to print (docs/pupils.md): 8 per A4 page,
// none split across pages, without the app's chrome; « Imprimer » and « Nouvelles cartes » (old
// cards stop working, after a confirmation).
import { ArrowLeft, Printer, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pupilMessages } from '@/common/messages/pupils.js';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { Button, buttonVariants } from '@/web/src/components/ui/button';
import { ConfirmDialog } from '@/web/src/components/ui/confirm-dialog';
import { EmptyState } from '@/web/src/components/ui/empty-state';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { isNotFound } from '@/web/src/lib/is-not-found';
import { notify } from '@/web/src/lib/notify';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { useCards, useRenewCards } from '../api/roster';
import { SignInCard } from '../components/sign-in-card';

const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
@media print {
  html, body { background: #fff !important; }
  .cards-sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
  .sign-in-card { break-inside: avoid; page-break-inside: avoid; height: 64mm; box-sizing: border-box; }
  .sign-in-card:nth-child(8n) { break-after: page; }
}`;

export default function GroupCardsPage() {
  const groupId = Number(useParams().id);
  const cards = useCards(groupId);
  const renew = useRenewCards(groupId);
  const [confirming, setConfirming] = useState(false);
  useTabTitle(cards.data ? pupilMessages.cardsTitle(cards.data.groupTitle) : pupilMessages.printCards);
  const origin = window.location.origin;

  const confirmRenew = async () => {
    try {
      await renew.mutateAsync();
      notify.success(pupilMessages.renewed);
      setConfirming(false);
    } catch (failure) {
      notify.error(getErrorMessage(failure, pupilMessages.changeError));
    }
  };

  const back = (
    <Link to={paths.groupPupils.getHref(groupId)} className={buttonVariants({ variant: 'ghost' })}>
      <ArrowLeft aria-hidden="true" />
      {pupilMessages.back}
    </Link>
  );

  if (cards.isError) {
    return (
      <main className="mx-auto max-w-3xl p-6">
        {isNotFound(cards.error) ? (
          <EmptyState
            asPageHeading
            title={teacherAreaMessages.groupNotFoundTitle}
            description={teacherAreaMessages.groupNotFoundDescription}
            action={
              <Link to={paths.userLevels.getHref()} className={buttonVariants({ variant: 'outline' })}>
                {pupilMessages.back}
              </Link>
            }
          />
        ) : (
          <EmptyState
            asPageHeading
            title={pupilMessages.printCards}
            description={getErrorMessage(cards.error, pupilMessages.rosterLoadError)}
            action={<Button onClick={() => void cards.refetch()}>{pupilMessages.retry}</Button>}
          />
        )}
      </main>
    );
  }

  return (
    <main className="min-h-dvh bg-slate-100 print:bg-white">
      <style>{PRINT_CSS}</style>
      <header className="border-b border-border bg-white print:hidden">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          {back}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => setConfirming(true)}
              disabled={!cards.data || cards.data.cards.length === 0}
            >
              <RefreshCw aria-hidden="true" />
              {pupilMessages.renewCards}
            </Button>
            <Button onClick={() => window.print()} disabled={!cards.data || cards.data.cards.length === 0}>
              <Printer aria-hidden="true" />
              {pupilMessages.print}
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6 print:max-w-none print:p-0">
        <div className="flex flex-col gap-1 print:hidden">
          <h1 className="text-2xl font-semibold text-slate-900">
            {cards.data ? pupilMessages.cardsTitle(cards.data.groupTitle) : pupilMessages.printCards}
          </h1>
          {cards.data && (
            <p className="text-sm text-slate-700">
              {pupilMessages.classCodeOnCard} :{' '}
              <strong className="font-mono text-base tracking-widest text-slate-900">
                {cards.data.classCode}
              </strong>
              {' · '}
              {pupilMessages.pupilsCount(cards.data.cards.length)}
            </p>
          )}
          <p className="max-w-prose text-sm text-muted-foreground">{pupilMessages.cardsIntro}</p>
        </div>
        {cards.isPending ? (
          <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
            <Skeleton className="h-52" />
            <Skeleton className="h-52" />
          </div>
        ) : cards.data.cards.length === 0 ? (
          <EmptyState title={pupilMessages.noCards} action={back} />
        ) : (
          <div className="cards-sheet grid gap-4 md:grid-cols-2">
            {cards.data.cards.map((card) => (
              <SignInCard key={card.pupilId} card={card} classCode={cards.data.classCode} origin={origin} />
            ))}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={pupilMessages.renewTitle}
        description={pupilMessages.renewDescription}
        confirmLabel={pupilMessages.renewCards}
        pending={renew.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmRenew()}
      />
    </main>
  );
}
