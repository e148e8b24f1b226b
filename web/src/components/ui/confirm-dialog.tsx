// The confirmation asked before a destructive action (deleting a school, a curriculum item, a group):
// what goes, Annuler and a red confirm button. It cannot be closed while the action runs.
import type { ReactNode } from 'react';
import { uiMessages } from '@/common/messages/ui.js';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel?: string;
};

export function ConfirmDialog({
  open,
  title,
  description,
  pending,
  onCancel,
  onConfirm,
  confirmLabel = uiMessages.delete,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="max-w-md" hideCloseButton>
        <DialogHeader>
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            {uiMessages.cancel}
          </Button>
          <Button variant="destructive" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
