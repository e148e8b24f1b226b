// Periods of a level (SPEC §2 /periode/:id). Placeholder until the feature lands.
import { PageHeader } from '../../../components/ui/page-header';

export default function PeriodsPage() {
  return <PageHeader title="Périodes" />;
}
