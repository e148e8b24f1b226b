// Confirmation before deleting a group: its progress goes with it.

import { learnerMessages } from '../../../../../common/messages/learner.js';
import type { GroupSummary } from '../../../../../common/schemas/learner.js';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { notify } from '../../../lib/notify';
import { useDeleteGroup } from '../api/delete-group';

type Props = { levelId: string; group: GroupSummary | null; onClose: () => void };

export function DeleteGroupDialog({ levelId, group, onClose }: Props) {
  const deleteGroup = useDeleteGroup(levelId);

  const confirm = async () => {
    if (!group) return;
    try {
      await deleteGroup.mutateAsync(group.id);
      notify.success(learnerMessages.groupDeleted);
      onClose();
    } catch {
      notify.error(learnerMessages.groupDeleteError);
    }
  };

  return (
    <Dialog open={group !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Supprimer le groupe</DialogTitle>
          <DialogDescription>
            Le groupe « {group?.title} » et toute sa progression seront supprimés. Cette action est
            irréversible.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button variant="destructive" loading={deleteGroup.isPending} onClick={() => void confirm()}>
            Supprimer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
