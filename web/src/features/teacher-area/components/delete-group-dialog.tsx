// Confirmation before deleting a group: its progress goes with it.
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import type { GroupSummary } from '@/common/schemas/teacher-area.js';
import { ConfirmDialog } from '@/web/src/components/ui/confirm-dialog';
import { notify } from '@/web/src/lib/notify';
import { useDeleteGroup } from '../api/delete-group';

type Props = { levelId: string; group: GroupSummary | null; onClose: () => void };

export function DeleteGroupDialog({ levelId, group, onClose }: Props) {
  const deleteGroup = useDeleteGroup(levelId);

  const confirm = async () => {
    if (!group) return;
    try {
      await deleteGroup.mutateAsync(group.id);
      notify.success(teacherAreaMessages.groupDeleted);
      onClose();
    } catch {
      notify.error(teacherAreaMessages.groupDeleteError);
    }
  };

  return (
    <ConfirmDialog
      open={group !== null}
      title={teacherAreaMessages.deleteGroupTitle}
      description={teacherAreaMessages.deleteGroupConfirm(group?.title ?? '')}
      pending={deleteGroup.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
