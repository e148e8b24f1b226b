// Licence status of a school: 'Actif' / 'Inactif' in the list (SPEC §2).
import { Badge } from '../../../components/ui/badge';

export function SchoolStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'secondary'}>
      <span
        className={active ? 'size-1.5 rounded-full bg-emerald-600' : 'size-1.5 rounded-full bg-slate-500'}
      />
      {active ? 'Actif' : 'Inactif'}
    </Badge>
  );
}
