// Account status of a teacher in the list.
import { Badge } from '../../../components/ui/badge';

export function TeacherStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'secondary'}>
      <span
        className={active ? 'size-1.5 rounded-full bg-emerald-600' : 'size-1.5 rounded-full bg-slate-500'}
      />
      {active ? 'Actif' : 'Inactif'}
    </Badge>
  );
}
