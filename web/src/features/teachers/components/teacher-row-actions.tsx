// Row menu of the teacher list (SPEC §2): view profile, edit, activate/deactivate, delete account.
import { Eye, MoreHorizontal, Pencil, Power, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Teacher } from '../../../../../common/schemas/teachers.js';
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
  teacher: Teacher;
  onProfile: (teacher: Teacher) => void;
  onToggle: (teacher: Teacher) => void;
  onDelete: (teacher: Teacher) => void;
};

export function TeacherRowActions({ teacher, onProfile, onToggle, onDelete }: Props) {
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Actions for ${teacher.name}`}
          onClick={(event) => event.stopPropagation()}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent onClick={(event) => event.stopPropagation()}>
        <DropdownMenuItem onSelect={() => onProfile(teacher)}>
          <Eye aria-hidden="true" />
          View profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.teacherFormEdit.getHref(teacher.id))}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onToggle(teacher)}>
          <Power aria-hidden="true" />
          {teacher.active ? 'Deactivate' : 'Activate'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(teacher)}>
          <Trash2 aria-hidden="true" />
          Delete account
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
