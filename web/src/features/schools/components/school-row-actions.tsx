// Row menu of the school list (docs/product.md#screens-and-routes): see details, edit, activate/deactivate, delete.

import { Eye, Pencil, Power, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { adminLabels, schoolMessages } from '@/common/messages/admin.js';
import { uiMessages } from '@/common/messages/ui.js';
import type { School } from '@/common/schemas/schools.js';
import { RowActionsMenu } from '@/web/src/components/ui/row-actions-menu';
import { paths } from '@/web/src/config/paths';

type Props = {
  school: School;
  onDetails: (school: School) => void;
  onToggle: (school: School) => void;
  onDelete: (school: School) => void;
};

export function SchoolRowActions({ school, onDetails, onToggle, onDelete }: Props) {
  const navigate = useNavigate();
  return (
    <RowActionsMenu
      label={uiMessages.rowActions(school.schoolName)}
      actions={[
        { label: schoolMessages.seeDetails, icon: Eye, onSelect: () => onDetails(school) },
        {
          label: schoolMessages.editTitle,
          icon: Pencil,
          onSelect: () => navigate(paths.schoolFormEdit.getHref(school.id)),
        },
        {
          label: school.activelicense ? adminLabels.deactivate : adminLabels.activate,
          icon: Power,
          onSelect: () => onToggle(school),
        },
        {
          label: schoolMessages.deleteAction,
          icon: Trash2,
          onSelect: () => onDelete(school),
          destructive: true,
        },
      ]}
    />
  );
}
