// Row menu of the teacher list (docs/product.md#screens-and-routes): view profile, edit, activate/deactivate, delete account; and
// "Mot de passe oublié", a one-time link for the teacher to choose a new password.

import { Eye, KeyRound, Pencil, Power, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { signInLinkMessages } from '@/common/messages/account-access.js';
import { adminLabels, teacherMessages } from '@/common/messages/admin.js';
import { uiMessages } from '@/common/messages/ui.js';
import type { Teacher } from '@/common/schemas/teachers.js';
import { RowActionsMenu } from '@/web/src/components/ui/row-actions-menu';
import { paths } from '@/web/src/config/paths';

type Props = {
  teacher: Teacher;
  onProfile: (teacher: Teacher) => void;
  onToggle: (teacher: Teacher) => void;
  onResetLink: (teacher: Teacher) => void;
  onDelete: (teacher: Teacher) => void;
};

export function TeacherRowActions({ teacher, onProfile, onToggle, onResetLink, onDelete }: Props) {
  const navigate = useNavigate();
  return (
    <RowActionsMenu
      label={uiMessages.rowActions(teacher.name)}
      actions={[
        { label: teacherMessages.viewProfile, icon: Eye, onSelect: () => onProfile(teacher) },
        {
          label: uiMessages.edit,
          icon: Pencil,
          onSelect: () => navigate(paths.teacherFormEdit.getHref(teacher.id)),
        },
        {
          label: teacher.active ? adminLabels.deactivate : adminLabels.activate,
          icon: Power,
          onSelect: () => onToggle(teacher),
        },
        { label: signInLinkMessages.forgotPassword, icon: KeyRound, onSelect: () => onResetLink(teacher) },
        {
          label: teacherMessages.deleteAction,
          icon: Trash2,
          onSelect: () => onDelete(teacher),
          destructive: true,
        },
      ]}
    />
  );
}
