// Row menu of the school list (SPEC §2): see details, edit, activate/deactivate, delete.
import { Eye, MoreHorizontal, Pencil, Power, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { School } from '../../../../../common/schemas/schools.js';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
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
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Actions for ${school.schoolName}`}
          onClick={(event) => event.stopPropagation()}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      {/* Menu clicks bubble through the portal to the row: stop them there. */}
      <DropdownMenuContent onClick={(event) => event.stopPropagation()}>
        <DropdownMenuItem onSelect={() => onDetails(school)}>
          <Eye aria-hidden="true" />
          See details
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.schoolFormEdit.getHref(school.id))}>
          <Pencil aria-hidden="true" />
          Edit school
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onToggle(school)}>
          <Power aria-hidden="true" />
          {school.activelicense ? 'Deactivate' : 'Activate'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(school)}>
          <Trash2 aria-hidden="true" />
          Delete school
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
