// Delete confirmation modal (SPEC §2): the spec's sentence, Annuler and Supprimer.
import { schoolMessages } from '../../../../../common/messages/admin.js';
import type { School } from '../../../../../common/schemas/schools.js';
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
  school: School | null;
  deleting: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (school: School) => void;
};

export function DeleteSchoolDialog({ school, deleting, onOpenChange, onConfirm }: Props) {
  return (
    <Dialog open={school !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" hideCloseButton>
        <DialogHeader>
          <DialogTitle>{school ? school.schoolName : 'Delete school'}</DialogTitle>
          <DialogDescription>{schoolMessages.deleteConfirm}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Annuler
            </Button>
          </DialogClose>
          <Button variant="destructive" loading={deleting} onClick={() => school && onConfirm(school)}>
            Supprimer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
