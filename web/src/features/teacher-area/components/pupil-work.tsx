// The work given to the group's pupils, on the learning table (docs/pupils.md#le-travail-donné):
// a small menu on each activity, session and lesson (« Donner aux élèves », with an optional date
// « pour le … », and « Retirer » once given), and under each given activity a discreet line
// « 12/25 élèves · moyenne 74 % · pour le … ». The class mode is untouched: the teacher still plays
// the table with the class.
import { CalendarDays, UsersRound } from 'lucide-react';
import { createContext, type ReactNode, use, useId, useMemo, useState } from 'react';
import { assignmentMessages } from '@/common/messages/assignments.js';
import type { GivenActivity } from '@/common/schemas/assignments.js';
import { Button } from '@/web/src/components/ui/button';
import { Dialog, DialogContent } from '@/web/src/components/ui/dialog';
import { DialogFrame } from '@/web/src/components/ui/dialog-frame';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/src/components/ui/dropdown-menu';
import { Input } from '@/web/src/components/ui/input';
import { Label } from '@/web/src/components/ui/label';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { notify } from '@/web/src/lib/notify';
import { type AssignmentItem, useAssignments, useGiveWork } from '../api/assignments';

type Target = AssignmentItem & { title: string };

type PupilWork = {
  /** Given activities by the class's entry id (the table's activity id). */
  given: ReadonlyMap<number, GivenActivity>;
  openGive: (target: Target) => void;
  retire: (target: Target) => void;
};

const PupilWorkContext = createContext<PupilWork | null>(null);

export function PupilWorkProvider({ groupId, children }: { groupId: string; children: ReactNode }) {
  const assignments = useAssignments(groupId);
  const { give, retire } = useGiveWork(groupId);
  const [giving, setGiving] = useState<Target | null>(null);
  const given = useMemo(
    () => new Map((assignments.data ?? []).map((activity) => [activity.entryId, activity])),
    [assignments.data],
  );
  const value = useMemo<PupilWork>(
    () => ({
      given,
      openGive: setGiving,
      retire: ({ kind, id }) =>
        retire.mutate(
          { kind, id },
          {
            onSuccess: () => notify.success(assignmentMessages.retired),
            onError: (error) => notify.error(getErrorMessage(error, assignmentMessages.retireError)),
          },
        ),
    }),
    [given, retire.mutate],
  );
  return (
    <PupilWorkContext value={value}>
      {children}
      <GiveDialog
        target={giving}
        pending={give.isPending}
        onClose={() => setGiving(null)}
        onGive={(dueDate) => {
          if (!giving) return;
          give.mutate(
            { kind: giving.kind, id: giving.id, dueDate },
            {
              onSuccess: () => {
                setGiving(null);
                notify.success(assignmentMessages.given);
              },
              onError: (error) => notify.error(getErrorMessage(error, assignmentMessages.giveError)),
            },
          );
        }}
      />
    </PupilWorkContext>
  );
}

const usePupilWork = () => use(PupilWorkContext);

/** The menu of an activity, a session or a lesson; `entryIds`: the table's activities it holds. */
export function PupilWorkMenu({ target, entryIds }: { target: Target; entryIds: readonly number[] }) {
  const work = usePupilWork();
  if (!work || entryIds.length === 0) return null;
  const isGiven = entryIds.some((id) => work.given.has(id));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={assignmentMessages.menuLabel(target.title)}
        data-given={isGiven}
        className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-muted hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-ring data-[given=true]:text-sky-700"
      >
        <UsersRound className="size-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel
          className="truncate text-xs font-normal text-muted-foreground"
          title={target.title}
        >
          {target.title}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => work.openGive(target)}>{assignmentMessages.give}</DropdownMenuItem>
        {isGiven && (
          <DropdownMenuItem variant="destructive" onSelect={() => work.retire(target)}>
            {assignmentMessages.retire}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Under a given activity: how many pupils finished it, their mean score and the due date. */
export function GivenLine({ entryId }: { entryId: number }) {
  const activity = usePupilWork()?.given.get(entryId);
  if (!activity) return null;
  const parts = [assignmentMessages.progress(activity.finished, activity.pupils)];
  if (activity.meanScore !== null) parts.push(assignmentMessages.mean(activity.meanScore));
  return (
    <p className="flex flex-wrap items-center gap-x-2 pl-1 text-xs text-sky-800" data-testid="given-line">
      <UsersRound className="size-3" aria-hidden="true" />
      <span>{parts.join(' · ')}</span>
      {activity.dueDate && (
        <span className="inline-flex items-center gap-1 text-slate-600">
          <CalendarDays className="size-3" aria-hidden="true" />
          {assignmentMessages.dueOn(activity.dueDate)}
        </span>
      )}
    </p>
  );
}

function GiveDialog({
  target,
  pending,
  onClose,
  onGive,
}: {
  target: Target | null;
  pending: boolean;
  onClose: () => void;
  onGive: (dueDate: string | null) => void;
}) {
  const [dueDate, setDueDate] = useState('');
  const inputId = useId();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          setDueDate('');
        }
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onGive(dueDate || null);
          }}
        >
          <DialogFrame
            title={assignmentMessages.giveActivity(target?.title ?? '')}
            description={assignmentMessages.giveHelp}
            actions={
              <>
                <Button type="button" variant="outline" onClick={onClose}>
                  {assignmentMessages.cancel}
                </Button>
                <Button type="submit" loading={pending}>
                  {assignmentMessages.confirmGive}
                </Button>
              </>
            }
          >
            <div className="grid gap-2">
              <Label htmlFor={inputId}>{assignmentMessages.dueDateLabel}</Label>
              <Input
                id={inputId}
                type="date"
                value={dueDate}
                onChange={(event) => setDueDate(event.target.value)}
              />
            </div>
          </DialogFrame>
        </form>
      </DialogContent>
    </Dialog>
  );
}
