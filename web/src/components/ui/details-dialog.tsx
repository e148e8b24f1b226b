// The details modal of a list item: its title, a licence badge, a grid of labelled fields, and Close /
// Edit. It stays mounted while closed (null details) so Radix can animate and return focus.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { uiMessages } from '@/common/messages/ui.js';
import { cn } from '../../lib/utils';
import { Badge } from './badge';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';

export type Details = {
  title: ReactNode;
  status: { active: boolean; label: string };
  editHref: string;
  /** The fields, as `<Detail>` elements. */
  fields: ReactNode;
};

type DetailsDialogProps = {
  details: Details | null;
  onOpenChange: (open: boolean) => void;
  className?: string;
};

export function DetailsDialog({ details, onOpenChange, className }: DetailsDialogProps) {
  return (
    <Dialog open={details !== null} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {details && (
          <>
            <DialogHeader>
              <DialogTitle>{details.title}</DialogTitle>
              <DialogDescription asChild>
                <div>
                  <Badge variant={details.status.active ? 'success' : 'destructive'}>
                    {details.status.label}
                  </Badge>
                </div>
              </DialogDescription>
            </DialogHeader>
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">{details.fields}</dl>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{uiMessages.close}</Button>
              </DialogClose>
              <Button asChild>
                <Link to={details.editHref}>{uiMessages.edit}</Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

type DetailProps = { label: string; icon?: LucideIcon; children: ReactNode; className?: string };

/** One labelled field of a details modal. */
export function Detail({ label, icon: Icon, children, className }: DetailProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-600 uppercase">
        {Icon && <Icon className="size-3.5" aria-hidden="true" />}
        {label}
      </dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
