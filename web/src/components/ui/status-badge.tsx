// Active / inactive status of a list row: 'Actif' / 'Inactif' (docs/product.md#screens-and-routes).
import { uiMessages } from '@/common/messages/ui.js';
import { Badge } from './badge';

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'secondary'}>
      <span
        className={active ? 'size-1.5 rounded-full bg-emerald-600' : 'size-1.5 rounded-full bg-slate-500'}
      />
      {active ? uiMessages.active : uiMessages.inactive}
    </Badge>
  );
}
