// Confirmation before deleting a group: its progress goes with it.
import { learnerMessages } from '../../../../../common/messages/learner.js';
import type { GroupSummary } from '../../../../../common/schemas/learner.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={group !== null}
      title={learnerMessages.deleteGroupTitle}
      description={learnerMessages.deleteGroupConfirm(group?.title ?? '')}
      pending={deleteGroup.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
