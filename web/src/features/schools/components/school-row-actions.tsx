// Row menu of the school list (SPEC §2): see details, edit, activate/deactivate, delete.
import { Eye, Pencil, Power, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { School } from '../../../../../common/schemas/schools.js';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu';
import { paths } from '../../../config/paths';

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
      label={`Actions for ${school.schoolName}`}
      actions={[
        { label: 'See details', icon: Eye, onSelect: () => onDetails(school) },
        {
          label: 'Edit school',
          icon: Pencil,
          onSelect: () => navigate(paths.schoolFormEdit.getHref(school.id)),
        },
        {
          label: school.activelicense ? 'Deactivate' : 'Activate',
          icon: Power,
          onSelect: () => onToggle(school),
        },
        { label: 'Delete school', icon: Trash2, onSelect: () => onDelete(school), destructive: true },
      ]}
    />
  );
}
