// Delete confirmation for any curriculum item: shows its title and what goes with it.
import { curriculumMessages as m } from '../../../../../common/messages/curriculum.js';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

type Props = {
  title: string | null;
  explanation: string;
  deleting: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
};

export function DeleteDialog({ title, explanation, deleting, onOpenChange, onConfirm }: Props) {
  return (
    <Dialog open={title !== null} onOpenChange={(open) => !deleting && onOpenChange(open)}>
      <DialogContent className="max-w-md" hideCloseButton>
        <DialogHeader>
          <DialogTitle className="break-words">{title}</DialogTitle>
          <DialogDescription>{explanation}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              {m.cancel}
            </Button>
          </DialogClose>
          <Button variant="destructive" loading={deleting} onClick={onConfirm}>
            {m.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
