// A school's licence status in the list, by the rule the dashboard and the sign-in check use
// (common/licence.ts): Actif / Inactif as the spec says, and a switched-on licence that still keeps
// teachers out says why ("Échue depuis 8 j", "Commence dans 3 j").
import { type LicenceState, licenceState, licenceStatusText } from '@/common/licence.js';
import type { School } from '@/common/schemas/schools.js';
import { Badge, type BadgeVariant } from '@/web/src/components/ui/badge';

const variants: Record<LicenceState, BadgeVariant> = {
  active: 'success',
  inactive: 'secondary',
  expired: 'destructive',
  notStarted: 'warning',
};

/** A school's licence as the rule reads it. */
export const licenceOf = (school: School) => ({
  active: school.activelicense,
  start: school.licensestartdate || null,
  end: school.licensesddate || null,
});

/** Sorts the list by status: the licences that need a look first. */
export const statusRank: Record<LicenceState, number> = { expired: 0, notStarted: 1, active: 2, inactive: 3 };

export function LicenceBadge({ school, today }: { school: School; today: string }) {
  const state = licenceState(licenceOf(school), today);
  return (
    <Badge variant={variants[state]} data-testid="licence-status" data-state={state}>
      <span
        className={
          state === 'active'
            ? 'size-1.5 shrink-0 rounded-full bg-emerald-600'
            : state === 'inactive'
              ? 'size-1.5 shrink-0 rounded-full bg-slate-500'
              : 'size-1.5 shrink-0 rounded-full bg-current'
        }
      />
      {licenceStatusText(licenceOf(school), today)}
    </Badge>
  );
}
